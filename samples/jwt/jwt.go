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

func b64url(data []byte) string { return base64.RawURLEncoding.EncodeToString(data) }

func makeToken(partnerID, secret string) (string, error) {
	id := make([]byte, 16)
	if _, err := rand.Read(id); err != nil {
		return "", err
	}
	claims, err := json.Marshal(map[string]any{
		"partnerId": partnerID,
		"iat":       time.Now().Unix(),
		"reqId":     hex.EncodeToString(id),
	})
	if err != nil {
		return "", err
	}
	header := b64url([]byte(`{"alg":"HS256","typ":"JWT"}`))
	payload := b64url(claims)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(header + "." + payload))
	return header + "." + payload + "." + b64url(mac.Sum(nil)), nil
}

func main() {
	// A fresh token for every request: reqId must never repeat.
	token, err := makeToken(os.Getenv("PARTNER_ID"), os.Getenv("PARTNER_SECRET"))
	if err != nil {
		panic(err)
	}
	fmt.Println(token)
}
