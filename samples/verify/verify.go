// Verify X-Signature with Go's standard library. Read the raw body once and keep it.
package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

func VerifySignature(rawBody []byte, signatureHeader, secret string) bool {
	received, err := hex.DecodeString(strings.ToLower(signatureHeader))
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(rawBody)
	return hmac.Equal(mac.Sum(nil), received) // constant time
}
