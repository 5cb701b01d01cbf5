#!/usr/bin/env bash
# Sign a request token with openssl. Needs PARTNER_ID, PARTNER_KEY_ID and PARTNER_SECRET in the environment.
# The environment the token is for; production: api.rupeerail.example.
AUDIENCE=sandbox.rupeerail.example
b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }

iat=$(date +%s)
header=$(printf '{"alg":"HS256","typ":"JWT","kid":"%s"}' "$PARTNER_KEY_ID" | b64url)
# exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
payload=$(printf '{"partnerId":"%s","iat":%d,"exp":%d,"aud":"%s","reqId":"%s"}' \
  "$PARTNER_ID" "$iat" "$((iat + 60))" "$AUDIENCE" "$(cat /proc/sys/kernel/random/uuid)" | b64url)
signature=$(printf '%s.%s' "$header" "$payload" \
  | openssl dgst -sha256 -hmac "$PARTNER_SECRET" -binary | b64url)

TOKEN="$header.$payload.$signature"
echo "$TOKEN"
# curl ... --header "Authorization: Bearer $TOKEN"
