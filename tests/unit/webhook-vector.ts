/**
 * One signed delivery, used by every test of the webhook signature (the samples in each language,
 * core/sandbox/signature.ts): the same vector, so they are held to the same answer.
 */
export const WEBHOOK_ID = 'evt_01JCZ5V8Q2M4K7T9W3X6Y1B5D8';
export const WEBHOOK_TS = '1763097127';
export const WEBHOOK_BODY = '{"event":"AEPS_TRANSACTION_UPDATE","referenceid":"RR-20251114-000187","status":"SUCCESS"}';
/** The sandbox test secret (openapi/scenarios/sandbox.yaml). */
export const WEBHOOK_SECRET = 'whsec_test_4f1d2c';
/** HMAC-SHA256 of `<id>.<ts>.<body>` with WEBHOOK_SECRET. */
export const WEBHOOK_SIGNATURE = 'v1=9bd474ec7059de6a0d7d71dc4e48005ee927fd392baae7ab870d27a92f468ba4';
