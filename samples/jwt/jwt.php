<?php
// Sign a request token with PHP's built-in hash_hmac (PHP 7.4+).
// The environment the token is for; production: 'api.rupeerail.example'.
const AUDIENCE = 'sandbox.rupeerail.example';

function b64url(string $data): string {
    return rtrim(strtr(base64_encode($data), '+/', '-_'), '=');
}

function makeToken(string $partnerId, string $keyId, string $secret): string {
    $iat = time();
    $header = b64url(json_encode(['alg' => 'HS256', 'typ' => 'JWT', 'kid' => $keyId]));
    // exp: the token is used once, at once, so a minute is plenty (300 seconds at most).
    $payload = b64url(json_encode([
        'partnerId' => $partnerId,
        'iat' => $iat,
        'exp' => $iat + 60,
        'aud' => AUDIENCE,
        'reqId' => bin2hex(random_bytes(16)),
    ]));
    $signature = b64url(hash_hmac('sha256', "$header.$payload", $secret, true));
    return "$header.$payload.$signature";
}

// A fresh token for every request: reqId must never repeat.
echo makeToken(getenv('PARTNER_ID'), getenv('PARTNER_KEY_ID'), getenv('PARTNER_SECRET')), PHP_EOL;
