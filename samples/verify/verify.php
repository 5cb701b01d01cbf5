<?php
// Verify a RupeeRail webhook with hash_hmac. The signature covers the X-Webhook-Id, the
// X-Webhook-Timestamp and the raw body from php://input, byte for byte.
const TOLERANCE_SECONDS = 300; // reject deliveries signed more than 5 minutes from your clock

/**
 * $secrets: the webhook secrets you hold now, one normally, two while a rotation overlaps.
 * $now: Unix seconds to check the timestamp against; your clock when left out (a test passes a fixed one).
 */
function verifyWebhook(string $rawBody, ?string $id, ?string $timestamp, ?string $signatureHeader, array $secrets,
                       ?int $now = null): bool {
    if (!$id || !$signatureHeader || !preg_match('/^\d{10}$/', $timestamp ?? '')) return false;
    if (abs(($now ?? time()) - (int) $timestamp) > TOLERANCE_SECONDS) return false; // a replay or a skewed clock
    $signed = $id . '.' . $timestamp . '.' . $rawBody;
    foreach ($secrets as $secret) {
        $expected = 'v1=' . hash_hmac('sha256', $signed, $secret);
        foreach (explode(' ', $signatureHeader) as $received) {
            if (hash_equals($expected, $received)) return true;
        }
    }
    return false;
}

$rawBody = file_get_contents('php://input');
$secrets = array_filter([getenv('WEBHOOK_SECRET'), getenv('WEBHOOK_SECRET_PREVIOUS')]);
if (!verifyWebhook($rawBody, $_SERVER['HTTP_X_WEBHOOK_ID'] ?? null, $_SERVER['HTTP_X_WEBHOOK_TIMESTAMP'] ?? null,
        $_SERVER['HTTP_X_SIGNATURE'] ?? null, $secrets)) {
    http_response_code(401);
    exit;
}
http_response_code(204); // any 2xx acknowledges; process json_decode($rawBody, true) afterwards
