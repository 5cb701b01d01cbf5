// Verify a RupeeRail webhook with Go's standard library. The signature covers the
// X-Webhook-Id, the X-Webhook-Timestamp and the raw body: read the body once and keep it.
package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"
	"time"
)

const toleranceSeconds = 300 // reject deliveries signed more than 5 minutes from your clock

var tenDigits = regexp.MustCompile(`^\d{10}$`)

// VerifyWebhook: secrets are the webhook secrets you hold now, one normally, two while a rotation overlaps.
func VerifyWebhook(rawBody []byte, id, timestamp, signatureHeader string, secrets []string) bool {
	return VerifyWebhookAt(rawBody, id, timestamp, signatureHeader, secrets, time.Now())
}

// VerifyWebhookAt checks the timestamp against now instead of your clock (a test passes a fixed time).
func VerifyWebhookAt(rawBody []byte, id, timestamp, signatureHeader string, secrets []string, now time.Time) bool {
	if id == "" || signatureHeader == "" || !tenDigits.MatchString(timestamp) {
		return false
	}
	ts, _ := strconv.ParseInt(timestamp, 10, 64)
	if skew := now.Unix() - ts; skew > toleranceSeconds || skew < -toleranceSeconds {
		return false // a replay or a skewed clock
	}
	for _, secret := range secrets {
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write([]byte(id + "." + timestamp + "."))
		mac.Write(rawBody)
		expected := mac.Sum(nil)
		for _, part := range strings.Split(signatureHeader, " ") {
			received, err := hex.DecodeString(strings.TrimPrefix(part, "v1="))
			if err == nil && strings.HasPrefix(part, "v1=") && hmac.Equal(expected, received) { // constant time
				return true
			}
		}
	}
	return false
}
