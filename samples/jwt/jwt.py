# Sign a request token with the standard library only (Python 3.8+).
import base64, hashlib, hmac, json, os, time, uuid

# The environment the token is for; production: "api.rupeerail.example".
AUDIENCE = "sandbox.rupeerail.example"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def make_token(partner_id: str, key_id: str, secret: str) -> str:
    header = {"alg": "HS256", "typ": "JWT", "kid": key_id}
    iat = int(time.time())
    # exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
    claims = {"partnerId": partner_id, "iat": iat, "exp": iat + 60, "aud": AUDIENCE, "reqId": str(uuid.uuid4())}
    encode = lambda value: b64url(json.dumps(value, separators=(",", ":")).encode())
    signing_input = f"{encode(header)}.{encode(claims)}"
    signature = b64url(hmac.new(secret.encode(), signing_input.encode(), hashlib.sha256).digest())
    return f"{signing_input}.{signature}"


if __name__ == "__main__":
    # A fresh token for every request: reqId must never repeat.
    print(make_token(os.environ["PARTNER_ID"], os.environ["PARTNER_KEY_ID"], os.environ["PARTNER_SECRET"]))
