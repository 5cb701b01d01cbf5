<?php
// The RupeeRail client wrapper for PHP 8.1+ (its sodium and openssl extensions, no curl needed):
// every operation's sample requires it. Save it as rupeerail.php beside your code. It reads from
// the environment:
//   PARTNER_ID, PARTNER_KEY_ID, PARTNER_SECRET   the request token (every call)
//   WEBHOOK_SECRET                              the proof of the webhook secret (calls that take X-Webhook-Secret-Proof)
//   PARTNER_SIGNING_KEY_ID, PARTNER_SIGNING_KEY  the request signature (calls marked signed): the
//     key id you registered and the private key, PKCS#8 as base64 (the PEM's lines, joined);
//     PARTNER_SIGNING_ALG is ed25519 (the default) or ecdsa-p256-sha256.

// The environment the token is for; production: 'api.rupeerail.example'.
const RUPEERAIL_AUDIENCE = 'sandbox.rupeerail.example';
const RUPEERAIL_TIMEOUT = 30;

function rupeerail_env(string $name): string
{
    $value = getenv($name);
    if ($value === false || $value === '') {
        throw new RuntimeException("Set $name in the environment (see /HeaderMarkdown).");
    }
    return $value;
}

function rupeerail_b64url(string $data): string
{
    return rtrim(strtr(base64_encode($data), '+/', '-_'), '=');
}

function rupeerail_token(string $reqId): string
{
    $iat = time();
    $header = rupeerail_b64url(json_encode(['alg' => 'HS256', 'typ' => 'JWT', 'kid' => rupeerail_env('PARTNER_KEY_ID')]));
    // exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
    $claims = rupeerail_b64url(json_encode([
        'partnerId' => rupeerail_env('PARTNER_ID'),
        'iat' => $iat,
        'exp' => $iat + 60,
        'aud' => RUPEERAIL_AUDIENCE,
        'reqId' => $reqId,
    ]));
    $signature = rupeerail_b64url(hash_hmac('sha256', "$header.$claims", rupeerail_env('PARTNER_SECRET'), true));
    return "$header.$claims.$signature";
}

/** openssl_sign gives ECDSA as DER (SEQUENCE of two INTEGERs); the header carries the raw r || s. */
function rupeerail_der_to_raw(string $der): string
{
    $at = ord($der[1]) & 0x80 ? 2 + (ord($der[1]) & 0x7f) : 2;
    $raw = '';
    for ($half = 0; $half < 2; $half++) {
        $length = ord($der[$at + 1]);
        $value = ltrim(substr($der, $at + 2, $length), "\0"); // a leading 0x00 keeps a DER INTEGER positive
        $raw .= str_pad($value, 32, "\0", STR_PAD_LEFT);
        $at += 2 + $length;
    }
    return $raw;
}

/** RFC 9421 signature of a money-moving call: method, path, body digest and token, bound to reqId. */
function rupeerail_signature_headers(string $method, string $url, string $body, string $authorization, string $nonce, ?int $created = null): array
{
    $alg = getenv('PARTNER_SIGNING_ALG') ?: 'ed25519';
    $created ??= time();
    $digest = 'sha-256=:' . base64_encode(hash('sha256', $body, true)) . ':';
    $params = '("@method" "@path" "content-digest" "authorization")'
        . ";created=$created;keyid=\"" . rupeerail_env('PARTNER_SIGNING_KEY_ID') . "\";alg=\"$alg\";nonce=\"$nonce\"";
    $base = implode("\n", [
        "\"@method\": $method",
        '"@path": ' . parse_url($url, PHP_URL_PATH),
        "\"content-digest\": $digest",
        "\"authorization\": $authorization",
        "\"@signature-params\": $params",
    ]);
    $der = base64_decode(rupeerail_env('PARTNER_SIGNING_KEY'), true);
    if ($alg === 'ed25519') {
        // An Ed25519 PKCS#8 key ends with its 32-byte seed; sodium signs with the key pair made from it.
        $pair = sodium_crypto_sign_seed_keypair(substr($der, -32));
        $signature = sodium_crypto_sign_detached($base, sodium_crypto_sign_secretkey($pair));
    } else {
        $pem = "-----BEGIN PRIVATE KEY-----\n" . chunk_split(base64_encode($der), 64, "\n") . "-----END PRIVATE KEY-----\n";
        if (!openssl_sign($base, $signature, $pem, OPENSSL_ALGO_SHA256)) {
            throw new RuntimeException('PARTNER_SIGNING_KEY is not a P-256 private key: ' . openssl_error_string());
        }
        $signature = rupeerail_der_to_raw($signature);
    }
    return [
        'Content-Digest' => $digest,
        'Signature-Input' => "sig1=$params",
        'Signature' => 'sig1=:' . base64_encode($signature) . ':',
    ];
}

/** One request with a fresh token; null when no answer came (a timeout, a dropped connection). */
function rupeerail_send(array $request): ?object
{
    $body = $request['body'] ?? null;
    $raw = $body ?? '';
    $reqId = bin2hex(random_bytes(16));
    $authorization = 'Bearer ' . rupeerail_token($reqId);
    $headers = ['Authorization' => $authorization, 'Accept' => 'application/json'];
    if ($body !== null) {
        $headers['Content-Type'] = 'application/json';
    }
    if ($request['secret_proof'] ?? false) {
        // The current webhook secret's HMAC over "<reqId>.<raw body>", as a delivery's X-Signature.
        $headers['X-Webhook-Secret-Proof'] = 'v1=' . hash_hmac('sha256', "$reqId.$raw", rupeerail_env('WEBHOOK_SECRET'));
    }
    if ($request['signed'] ?? false) {
        $headers += rupeerail_signature_headers($request['method'], $request['url'], $raw, $authorization, $reqId);
    }
    $lines = [];
    foreach ($headers as $name => $value) {
        $lines[] = "$name: $value";
    }
    $context = stream_context_create(['http' => [
        'method' => $request['method'],
        'header' => $lines,
        'content' => $raw,
        'timeout' => RUPEERAIL_TIMEOUT,
        'ignore_errors' => true, // 400, 401 and 429 carry the envelope too: an answer to read
    ]]);
    $answer = @file_get_contents($request['url'], false, $context);
    if ($answer === false) {
        fwrite(STDERR, "No answer from {$request['method']} {$request['url']}\n");
        return null;
    }
    // Decoded as objects, so that an empty {} stays an object when the answer is printed again.
    return json_decode($answer, false, 512, JSON_THROW_ON_ERROR);
}

/**
 * Sends the call and branches on response_code. On no answer or code 5 the outcome is unknown: it
 * asks the status call (null when the operation has none), never sends the call again.
 */
function rupeerail_call(array $request, ?array $status = null): ?object
{
    $answer = rupeerail_send($request);
    if ($answer === null || $answer->response_code === 5) {
        if ($status === null) {
            throw new RuntimeException("Outcome unknown for {$request['method']} {$request['url']}: do not resend; look it up.");
        }
        return rupeerail_send($status);
    }
    switch ($answer->response_code) {
        // 1, 3, 4: an answer about the transaction: what it means for this call is in its code table (/ResponseCode).
        case 1:
        case 3:
        case 4:
            break;
        case 2:
            fwrite(STDERR, "Pending: the webhook or the status call tells the outcome.\n");
            break;
        default:
            fwrite(STDERR, "Refused, response_code {$answer->response_code}: {$answer->message} (/ResponseCode)\n");
    }
    return $answer;
}
