#!/usr/bin/env bash
# Check a saved delivery by hand: verify.sh body.json "<X-Signature header>"
# Needs WEBHOOK_SECRET in the environment. Hash the file byte for byte: no reformatting.
expected=$(openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" -hex < "$1" | awk '{print $NF}')
if [ "$expected" = "$2" ]; then echo "valid"; else echo "INVALID"; exit 1; fi
