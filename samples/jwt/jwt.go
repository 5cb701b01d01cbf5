// Sign a request token with Go's standard library only.
package main

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"time"
)

// The environment the token is for; production: "api.rupeerail.example".
const audience = "sandbox.rupeerail.example"

func b64url(data []byte) string { return base64.RawURLEncoding.EncodeToString(data) }

func makeToken(partnerID, keyID, secret string) (string, error) {
	id := make([]byte, 16)
	if _, err := rand.Read(id); err != nil {
		return "", err
	}
	header, err := json.Marshal(map[string]string{"alg": "HS256", "typ": "JWT", "kid": keyID})
	if err != nil {
		return "", err
	}
	iat := time.Now().Unix()
	// exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
	claims, err := json.Marshal(map[string]any{
		"partnerId": partnerID,
		"iat":       iat,
		"exp":       iat + 60,
		"aud":       audience,
		"reqId":     hex.EncodeToString(id),
	})
	if err != nil {
		return "", err
	}
	signingInput := b64url(header) + "." + b64url(claims)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(signingInput))
	return signingInput + "." + b64url(mac.Sum(nil)), nil
}

func main() {
	// A fresh token for every request: reqId must never repeat.
	token, err := makeToken(os.Getenv("PARTNER_ID"), os.Getenv("PARTNER_KEY_ID"), os.Getenv("PARTNER_SECRET"))
	if err != nil {
		panic(err)
	}
	fmt.Println(token)
}
