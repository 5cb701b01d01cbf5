#!/usr/bin/env bash
# Sign a request token with openssl. Needs PARTNER_ID and PARTNER_SECRET in the environment.
b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }

header=$(printf '{"alg":"HS256","typ":"JWT"}' | b64url)
payload=$(printf '{"partnerId":"%s","iat":%d,"reqId":"%s"}' \
  "$PARTNER_ID" "$(date +%s)" "$(cat /proc/sys/kernel/random/uuid)" | b64url)
signature=$(printf '%s.%s' "$header" "$payload" \
  | openssl dgst -sha256 -hmac "$PARTNER_SECRET" -binary | b64url)

TOKEN="$header.$payload.$signature"
echo "$TOKEN"
# curl ... --header "Authorization: Bearer $TOKEN"
