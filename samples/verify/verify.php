<?php
// Verify X-Signature with hash_hmac. Read the raw body from php://input.
function verifySignature(string $rawBody, ?string $signatureHeader, string $secret): bool {
    $expected = hash_hmac('sha256', $rawBody, $secret);
    return hash_equals($expected, strtolower($signatureHeader ?? ''));
}

$rawBody = file_get_contents('php://input');
if (!verifySignature($rawBody, $_SERVER['HTTP_X_SIGNATURE'] ?? null, getenv('WEBHOOK_SECRET'))) {
    http_response_code(401);
    exit;
}
header('Content-Type: application/json');
echo json_encode(['status' => 200, 'message' => 'received']);
// Process json_decode($rawBody, true) after answering.
