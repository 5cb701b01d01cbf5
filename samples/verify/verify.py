# Verify X-Signature with the standard library. Hash the raw body bytes,
# not json.dumps() of the parsed payload.
import hashlib
import hmac


def verify_signature(raw_body: bytes, signature_header: str, secret: str) -> bool:
    expected = hmac.new(secret.encode(), raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, (signature_header or "").lower())


# With Flask:
# @app.post("/webhooks/rupeerail")
# def rupeerail_webhook():
#     if not verify_signature(request.get_data(), request.headers.get("X-Signature"), WEBHOOK_SECRET):
#         abort(401)
#     queue.put(request.get_json())  # process after answering
#     return {"status": 200, "message": "received"}
