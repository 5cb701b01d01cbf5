# The RupeeRail client wrapper for bash with curl and openssl: every operation's sample sources it.
# Save it as rupeerail.sh beside your script. It reads from the environment:
#   PARTNER_ID, PARTNER_KEY_ID, PARTNER_SECRET   the request token (every call)
#   WEBHOOK_SECRET                              the proof of the webhook secret (calls that take X-Webhook-Secret-Proof)
#   PARTNER_SIGNING_KEY_ID, PARTNER_SIGNING_KEY  the request signature (calls marked signed): the
#     key id you registered and the private key, PKCS#8 as base64 (the PEM's lines, joined);
#     PARTNER_SIGNING_ALG is ed25519 (the default) or ecdsa-p256-sha256.
# The environment the token is for; production: api.rupeerail.example.
RR_AUDIENCE=sandbox.rupeerail.example
RR_TIMEOUT=30

rr_b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }

# rr_token REQ_ID: a fresh HS256 token.
rr_token() {
  local iat header claims signature
  iat=$(date +%s)
  header=$(printf '{"alg":"HS256","typ":"JWT","kid":"%s"}' "${PARTNER_KEY_ID:?Set PARTNER_KEY_ID}" | rr_b64url)
  # exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
  claims=$(printf '{"partnerId":"%s","iat":%d,"exp":%d,"aud":"%s","reqId":"%s"}' \
    "${PARTNER_ID:?Set PARTNER_ID}" "$iat" "$((iat + 60))" "$RR_AUDIENCE" "$1" | rr_b64url)
  signature=$(printf '%s.%s' "$header" "$claims" \
    | openssl dgst -sha256 -hmac "${PARTNER_SECRET:?Set PARTNER_SECRET}" -binary | rr_b64url)
  printf '%s.%s.%s' "$header" "$claims" "$signature"
}

# rr_signature_headers METHOD URL BODY AUTHORIZATION NONCE [CREATED]: the RFC 9421 headers of a
# money-moving call (method, path, body digest and token, bound to reqId), one per line.
rr_signature_headers() {
  local alg=${PARTNER_SIGNING_ALG:-ed25519} created=${6:-$(date +%s)} path digest params dir hex
  path=${2#*://*/}
  path=/${path%%\?*}
  digest="sha-256=:$(printf '%s' "$3" | openssl dgst -sha256 -binary | openssl base64 -A):"
  params="(\"@method\" \"@path\" \"content-digest\" \"authorization\");created=$created;keyid=\"${PARTNER_SIGNING_KEY_ID:?Set PARTNER_SIGNING_KEY_ID}\";alg=\"$alg\";nonce=\"$5\""
  dir=$(mktemp -d)
  printf -- '-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----\n' \
    "${PARTNER_SIGNING_KEY:?Set PARTNER_SIGNING_KEY}" | fold -w 64 >"$dir/key.pem"
  printf '"@method": %s\n"@path": %s\n"content-digest": %s\n"authorization": %s\n"@signature-params": %s' \
    "$1" "$path" "$digest" "$4" "$params" >"$dir/base"
  if [[ $alg == ed25519 ]]; then
    openssl pkeyutl -sign -inkey "$dir/key.pem" -rawin -in "$dir/base" >"$dir/sig"
  else
    # openssl gives ECDSA as DER; the header carries the raw 64 bytes r || s, each padded to 32.
    hex=$(openssl dgst -sha256 -sign "$dir/key.pem" "$dir/base" | openssl asn1parse -inform DER \
      | awk -F: '/INTEGER/ {h = $NF; while (length(h) > 64) h = substr(h, 3); printf "%64s", h}' | tr ' ' 0)
    printf '%s' "$hex" | xxd -r -p >"$dir/sig"
  fi
  printf 'Content-Digest: %s\nSignature-Input: sig1=%s\nSignature: sig1=:%s:\n' \
    "$digest" "$params" "$(openssl base64 -A <"$dir/sig")"
  rm -rf "$dir"
}

# rr_send METHOD URL [BODY]: one request with a fresh token; prints the answer, fails on no answer.
# RR_SIGNED=1 signs it; RR_SECRET_PROOF=1 adds the proof of the webhook secret.
rr_send() {
  local req_id token args=() line
  req_id=$(cat /proc/sys/kernel/random/uuid)
  token=$(rr_token "$req_id")
  args=(--silent --show-error --max-time "$RR_TIMEOUT" --request "$1" --url "$2"
    --header "Authorization: Bearer $token" --header 'Accept: application/json')
  # An empty BODY is none: a status call by GET sends no body.
  if [[ -n ${3:-} ]]; then args+=(--header 'Content-Type: application/json' --data-binary "$3"); fi
  if [[ ${RR_SECRET_PROOF:-} == 1 ]]; then
    # The current webhook secret's HMAC over "<reqId>.<raw body>", as a delivery's X-Signature.
    args+=(--header "X-Webhook-Secret-Proof: v1=$(printf '%s.%s' "$req_id" "${3:-}" \
      | openssl dgst -sha256 -hmac "${WEBHOOK_SECRET:?Set WEBHOOK_SECRET}" -r | cut -d' ' -f1)")
  fi
  if [[ ${RR_SIGNED:-} == 1 ]]; then
    while IFS= read -r line; do args+=(--header "$line"); done \
      < <(rr_signature_headers "$1" "$2" "${3:-}" "Bearer $token" "$req_id")
  fi
  # 400, 401 and 429 carry the envelope too: curl prints it (no --fail).
  curl "${args[@]}"
}

# rr_call METHOD URL BODY [STATUS_METHOD STATUS_URL STATUS_BODY]: sends the call and branches on
# response_code. On no answer or code 5 the outcome is unknown: it asks the status call, never
# sends the call again (the money may have moved). BODY is empty for a call without one.
rr_call() {
  local answer code
  answer=$(rr_send "$1" "$2" "$3") || answer=''
  code=$(printf '%s' "$answer" | sed -n 's/.*"response_code" *: *\([0-9]*\).*/\1/p' | head -n 1)
  if [[ -z $answer || $code == 5 ]]; then
    if [[ $# -lt 6 ]]; then
      echo "Outcome unknown for $1 $2: do not resend; look it up." >&2
      return 1
    fi
    RR_SIGNED='' RR_SECRET_PROOF='' rr_send "$4" "$5" "$6"
    return
  fi
  case $code in
    1 | 3 | 4) ;; # an answer about the transaction: what it means for this call is in its code table (/ResponseCode)
    2) echo 'Pending: the webhook or the status call tells the outcome.' >&2 ;;
    *) echo "Refused, response_code $code (/ResponseCode)" >&2 ;;
  esac
  printf '%s\n' "$answer"
}
