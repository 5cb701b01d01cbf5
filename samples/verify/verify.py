# Verify a RupeeRail webhook with the standard library. The signature covers the X-Webhook-Id,
# the X-Webhook-Timestamp and the raw body bytes: hash the bytes as they arrived, not
# json.dumps() of the parsed payload.
import hashlib
import hmac
import time

TOLERANCE_SECONDS = 300  # reject deliveries signed more than 5 minutes from your clock


def verify_webhook(raw_body: bytes, webhook_id: str, timestamp: str, signature_header: str,
                   secrets: list[str], now: float | None = None) -> bool:
    """secrets: the webhook secrets you hold now, one normally, two while a rotation overlaps."""
    if not webhook_id or not signature_header or not (timestamp or "").isdigit() or len(timestamp) != 10:
        return False
    if abs((time.time() if now is None else now) - int(timestamp)) > TOLERANCE_SECONDS:
        return False  # a replay or a skewed clock
    signed = f"{webhook_id}.{timestamp}.".encode() + raw_body
    received = [part[3:] for part in signature_header.split(" ") if part.startswith("v1=")]
    for secret in secrets:
        expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
        if any(hmac.compare_digest(expected, sig) for sig in received):
            return True
    return False


# With Flask: answer first, process afterwards.
# @app.post("/webhooks/rupeerail")
# def rupeerail_webhook():
#     h = request.headers
#     if not verify_webhook(request.get_data(), h.get("X-Webhook-Id"), h.get("X-Webhook-Timestamp"),
#                           h.get("X-Signature"), SECRETS):
#         abort(401)
#     queue.put((h["X-Webhook-Id"], request.get_json()))  # skip ids already processed
#     return "", 204  # any 2xx acknowledges
