# Sign a request token with the standard library only (Python 3.8+).
import base64, hashlib, hmac, json, os, time, uuid


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def make_token(partner_id: str, secret: str) -> str:
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    claims = {"partnerId": partner_id, "iat": int(time.time()), "reqId": str(uuid.uuid4())}
    payload = b64url(json.dumps(claims, separators=(",", ":")).encode())
    signing_input = f"{header}.{payload}".encode()
    signature = b64url(hmac.new(secret.encode(), signing_input, hashlib.sha256).digest())
    return f"{header}.{payload}.{signature}"


if __name__ == "__main__":
    # A fresh token for every request: reqId must never repeat.
    print(make_token(os.environ["PARTNER_ID"], os.environ["PARTNER_SECRET"]))
