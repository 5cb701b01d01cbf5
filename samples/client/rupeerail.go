// The RupeeRail client wrapper for Go 1.19+, standard library only: every operation's sample calls
// it. Save it as rupeerail.go beside your main.go (same package). It reads from the environment:
//
//	PARTNER_ID, PARTNER_KEY_ID, PARTNER_SECRET   the request token (every call)
//	WEBHOOK_SECRET                              the proof of the webhook secret (calls that take X-Webhook-Secret-Proof)
//	PARTNER_SIGNING_KEY_ID, PARTNER_SIGNING_KEY  the request signature (calls marked signed): the
//	  key id you registered and the private key, PKCS#8 as base64 (the PEM's lines, joined);
//	  PARTNER_SIGNING_ALG is ed25519 (the default) or ecdsa-p256-sha256.
package main

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/asn1"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
)

// The environment the token is for; production: "api.rupeerail.example".
const audience = "sandbox.rupeerail.example"

var client = &http.Client{Timeout: 30 * time.Second}

// Request is one call: Body is the exact JSON text sent ("" for none).
type Request struct {
	Method      string
	URL         string
	Body        string
	Signed      bool
	SecretProof bool
}

func env(name string) (string, error) {
	value := os.Getenv(name)
	if value == "" {
		return "", fmt.Errorf("set %s in the environment (see /HeaderMarkdown)", name)
	}
	return value, nil
}

func hmacSHA256(secret, text string) []byte {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(text))
	return mac.Sum(nil)
}

func newReqID() (string, error) {
	id := make([]byte, 16)
	if _, err := rand.Read(id); err != nil {
		return "", err
	}
	return hex.EncodeToString(id), nil
}

func makeToken(reqID string) (string, error) {
	var partnerID, keyID, secret string
	for name, value := range map[string]*string{"PARTNER_ID": &partnerID, "PARTNER_KEY_ID": &keyID, "PARTNER_SECRET": &secret} {
		v, err := env(name)
		if err != nil {
			return "", err
		}
		*value = v
	}
	header, err := json.Marshal(map[string]string{"alg": "HS256", "typ": "JWT", "kid": keyID})
	if err != nil {
		return "", err
	}
	iat := time.Now().Unix()
	// exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
	claims, err := json.Marshal(map[string]any{"partnerId": partnerID, "iat": iat, "exp": iat + 60, "aud": audience, "reqId": reqID})
	if err != nil {
		return "", err
	}
	b64 := base64.RawURLEncoding.EncodeToString
	signingInput := b64(header) + "." + b64(claims)
	return signingInput + "." + b64(hmacSHA256(secret, signingInput)), nil
}

// SignatureHeaders is the RFC 9421 signature of a money-moving call: method, path, body digest and
// token, bound to reqId.
func SignatureHeaders(method, rawURL, body, authorization, nonce string, created int64) (map[string]string, error) {
	alg := os.Getenv("PARTNER_SIGNING_ALG")
	if alg == "" {
		alg = "ed25519"
	}
	keyID, err := env("PARTNER_SIGNING_KEY_ID")
	if err != nil {
		return nil, err
	}
	encoded, err := env("PARTNER_SIGNING_KEY")
	if err != nil {
		return nil, err
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte(body))
	digest := "sha-256=:" + base64.StdEncoding.EncodeToString(sum[:]) + ":"
	params := `("@method" "@path" "content-digest" "authorization")` +
		fmt.Sprintf(`;created=%d;keyid="%s";alg="%s";nonce="%s"`, created, keyID, alg, nonce)
	base := strings.Join([]string{
		`"@method": ` + method,
		`"@path": ` + u.EscapedPath(),
		`"content-digest": ` + digest,
		`"authorization": ` + authorization,
		`"@signature-params": ` + params,
	}, "\n")
	der, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil {
		return nil, fmt.Errorf("PARTNER_SIGNING_KEY is not base64: %w", err)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, err
	}
	var signature []byte
	switch key := parsed.(type) {
	case ed25519.PrivateKey:
		signature = ed25519.Sign(key, []byte(base))
	case *ecdsa.PrivateKey:
		hash := sha256.Sum256([]byte(base))
		asn, err := ecdsa.SignASN1(rand.Reader, key, hash[:])
		if err != nil {
			return nil, err
		}
		// SignASN1 gives DER; the header carries the raw 64 bytes r || s.
		var rs struct{ R, S *big.Int }
		if _, err := asn1.Unmarshal(asn, &rs); err != nil {
			return nil, err
		}
		signature = make([]byte, 64)
		rs.R.FillBytes(signature[:32])
		rs.S.FillBytes(signature[32:])
	default:
		return nil, fmt.Errorf("PARTNER_SIGNING_KEY holds a %T: use an Ed25519 or P-256 key", parsed)
	}
	return map[string]string{
		"Content-Digest":  digest,
		"Signature-Input": "sig1=" + params,
		"Signature":       "sig1=:" + base64.StdEncoding.EncodeToString(signature) + ":",
	}, nil
}

// send makes one request with a fresh token. A nil answer with a nil error: no answer came (a
// timeout, a dropped connection).
func send(r Request) ([]byte, error) {
	reqID, err := newReqID()
	if err != nil {
		return nil, err
	}
	token, err := makeToken(reqID)
	if err != nil {
		return nil, err
	}
	var body io.Reader
	if r.Body != "" {
		body = strings.NewReader(r.Body)
	}
	req, err := http.NewRequest(r.Method, r.URL, body)
	if err != nil {
		return nil, err
	}
	authorization := "Bearer " + token
	req.Header.Set("Authorization", authorization)
	req.Header.Set("Accept", "application/json")
	if r.Body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.SecretProof {
		secret, err := env("WEBHOOK_SECRET")
		if err != nil {
			return nil, err
		}
		// The current webhook secret's HMAC over "<reqId>.<raw body>", as a delivery's X-Signature.
		req.Header.Set("X-Webhook-Secret-Proof", "v1="+hex.EncodeToString(hmacSHA256(secret, reqID+"."+r.Body)))
	}
	if r.Signed {
		headers, err := SignatureHeaders(r.Method, r.URL, r.Body, authorization, reqID, time.Now().Unix())
		if err != nil {
			return nil, err
		}
		for name, value := range headers {
			req.Header.Set(name, value)
		}
	}
	res, err := client.Do(req)
	if err != nil {
		fmt.Fprintf(os.Stderr, "No answer from %s %s: %v\n", r.Method, r.URL, err)
		return nil, nil
	}
	defer res.Body.Close()
	// 400, 401 and 429 carry the envelope too: an answer to read.
	answer, err := io.ReadAll(res.Body)
	if err != nil {
		fmt.Fprintf(os.Stderr, "No whole answer from %s %s: %v\n", r.Method, r.URL, err)
		return nil, nil
	}
	return answer, nil
}

// Call sends the call and branches on response_code. On no answer or code 5 the outcome is
// unknown: it asks the status call (nil when the operation has none), never sends the call again.
func Call(r Request, status *Request) (string, error) {
	answer, err := send(r)
	if err != nil {
		return "", err
	}
	var envelope struct {
		ResponseCode int    `json:"response_code"`
		Message      string `json:"message"`
	}
	if answer != nil {
		if err := json.Unmarshal(answer, &envelope); err != nil {
			return "", fmt.Errorf("%s %s answered with no JSON envelope: %w", r.Method, r.URL, err)
		}
	}
	if answer == nil || envelope.ResponseCode == 5 {
		if status == nil {
			return "", fmt.Errorf("outcome unknown for %s %s: do not resend; look it up", r.Method, r.URL)
		}
		answer, err = send(*status)
		if err != nil {
			return "", err
		}
		if answer == nil {
			return "", fmt.Errorf("no answer from the status call %s %s either: ask it again later", status.Method, status.URL)
		}
		return string(bytes.TrimSpace(answer)), nil
	}
	switch envelope.ResponseCode {
	case 1, 3, 4: // an answer about the transaction: what it means for this call is in its code table (/ResponseCode)
	case 2:
		fmt.Fprintln(os.Stderr, "Pending: the webhook or the status call tells the outcome.")
	default:
		fmt.Fprintf(os.Stderr, "Refused, response_code %d: %s (/ResponseCode)\n", envelope.ResponseCode, envelope.Message)
	}
	return string(bytes.TrimSpace(answer)), nil
}
