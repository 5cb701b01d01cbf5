# The RupeeRail client wrapper for Python 3.8+: every operation's sample calls it. Save it as
# rupeerail.py beside your code. Standard library only, except the request signature, which needs
# the `cryptography` package. It reads from the environment:
#   PARTNER_ID, PARTNER_KEY_ID, PARTNER_SECRET   the request token (every call)
#   WEBHOOK_SECRET                              the proof of the webhook secret (calls that take X-Webhook-Secret-Proof)
#   PARTNER_SIGNING_KEY_ID, PARTNER_SIGNING_KEY  the request signature (calls marked signed): the
#     key id you registered and the private key, PKCS#8 as base64 (the PEM's lines, joined);
#     PARTNER_SIGNING_ALG is ed25519 (the default) or ecdsa-p256-sha256.
import base64, hashlib, hmac, http.client, json, os, sys, time, urllib.error, urllib.parse, urllib.request, uuid

# The environment the token is for; production: "api.rupeerail.example".
AUDIENCE = "sandbox.rupeerail.example"
TIMEOUT_SECONDS = 30


def env(name):
    value = os.environ.get(name)
    if not value:
        raise RuntimeError(f"Set {name} in the environment (see /HeaderMarkdown).")
    return value


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def make_token(req_id):
    iat = int(time.time())
    encode = lambda value: b64url(json.dumps(value, separators=(",", ":")).encode())
    header = encode({"alg": "HS256", "typ": "JWT", "kid": env("PARTNER_KEY_ID")})
    # exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
    claims = encode({"partnerId": env("PARTNER_ID"), "iat": iat, "exp": iat + 60, "aud": AUDIENCE, "reqId": req_id})
    signature = hmac.new(env("PARTNER_SECRET").encode(), f"{header}.{claims}".encode(), hashlib.sha256).digest()
    return f"{header}.{claims}.{b64url(signature)}"


def signature_headers(method, url, body, authorization, nonce, created=None):
    """RFC 9421 signature of a money-moving call: method, path, body digest and token, bound to reqId."""
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

    alg = os.environ.get("PARTNER_SIGNING_ALG") or "ed25519"
    created = int(time.time()) if created is None else created
    digest = "sha-256=:" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + ":"
    params = (
        '("@method" "@path" "content-digest" "authorization")'
        f';created={created};keyid="{env("PARTNER_SIGNING_KEY_ID")}";alg="{alg}";nonce="{nonce}"'
    )
    base = "\n".join([
        f'"@method": {method}',
        f'"@path": {urllib.parse.urlsplit(url).path}',
        f'"content-digest": {digest}',
        f'"authorization": {authorization}',
        f'"@signature-params": {params}',
    ]).encode()
    key = serialization.load_der_private_key(base64.b64decode(env("PARTNER_SIGNING_KEY")), password=None)
    if alg == "ed25519":
        signature = key.sign(base)
    else:
        # cryptography gives ECDSA as DER; the header carries the raw 64 bytes r || s.
        r, s = decode_dss_signature(key.sign(base, ec.ECDSA(hashes.SHA256())))
        signature = r.to_bytes(32, "big") + s.to_bytes(32, "big")
    return {
        "Content-Digest": digest,
        "Signature-Input": f"sig1={params}",
        "Signature": f"sig1=:{base64.b64encode(signature).decode()}:",
    }


def send(request):
    """One request with a fresh token; None when no answer came (a timeout, a dropped connection)."""
    method, url, body = request["method"], request["url"], request.get("body")
    raw = body if isinstance(body, str) else "" if body is None else json.dumps(body)
    req_id = str(uuid.uuid4())
    authorization = f"Bearer {make_token(req_id)}"
    headers = {"Authorization": authorization, "Accept": "application/json"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if request.get("secret_proof"):
        # The current webhook secret's HMAC over "<reqId>.<raw body>", as a delivery's X-Signature.
        proof = hmac.new(env("WEBHOOK_SECRET").encode(), f"{req_id}.{raw}".encode(), hashlib.sha256).hexdigest()
        headers["X-Webhook-Secret-Proof"] = f"v1={proof}"
    if request.get("signed"):
        headers.update(signature_headers(method, url, raw, authorization, req_id))
    data = raw.encode() if body is not None else None
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data, headers, method=method), timeout=TIMEOUT_SECONDS) as res:
            return json.load(res)
    except urllib.error.HTTPError as error:
        return json.load(error)  # 400, 401 and 429 carry the envelope too: an answer to read
    except (OSError, http.client.HTTPException) as error:
        # URLError, a timeout (socket.timeout before Python 3.10) and a dropped connection alike.
        print(f"No answer from {method} {url}: {error}", file=sys.stderr)
        return None


def call(request, status=None):
    """Sends the call and branches on response_code. On no answer or code 5 the outcome is unknown:
    ask the status call, never send the call again (the money may have moved)."""
    answer = send(request)
    if answer is None or answer.get("response_code") == 5:
        if status is None:
            raise RuntimeError(f"Outcome unknown for {request['method']} {request['url']}: do not resend; look it up.")
        return send(status)
    code = answer.get("response_code")
    if code in (1, 3, 4):
        # An answer about the transaction: what it means for this call is in its code table (/ResponseCode).
        return answer
    if code == 2:
        print("Pending: the webhook or the status call tells the outcome.", file=sys.stderr)
    else:
        print(f"Refused, response_code {code}: {answer.get('message')} (/ResponseCode)", file=sys.stderr)
    return answer
