#!/usr/bin/env bash
# Check a saved delivery by hand:
#   verify.sh body.json <X-Webhook-Id> <X-Webhook-Timestamp> "<X-Signature header>"
# Needs WEBHOOK_SECRET (and WEBHOOK_SECRET_PREVIOUS while a rotation overlaps) in the environment.
# Hash the file byte for byte: no reformatting. Set TOLERANCE=0 to skip the clock check on an old file.
set -euo pipefail
body="$1" id="$2" ts="$3" header="$4"
tolerance="${TOLERANCE:-300}"
skew=$(( $(date +%s) - ts )); skew=${skew#-}
if [ "$tolerance" != 0 ] && [ "$skew" -gt "$tolerance" ]; then echo "INVALID: timestamp outside ${tolerance}s"; exit 1; fi
for secret in "${WEBHOOK_SECRET:-}" "${WEBHOOK_SECRET_PREVIOUS:-}"; do
  [ -n "$secret" ] || continue
  expected=$( { printf '%s.%s.' "$id" "$ts"; cat "$body"; } | openssl dgst -sha256 -hmac "$secret" -hex | awk '{print $NF}')
  for part in $header; do
    if [ "$part" = "v1=$expected" ]; then echo "valid"; exit 0; fi
  done
done
echo "INVALID: no signature matches"; exit 1
