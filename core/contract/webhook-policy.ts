/**
 * How we deliver webhooks: one place for the facts the page (WebhookEvent, the deliveries guide),
 * the Markdown twin and the samples' tests state, so they cannot say different things.
 * Our own policy for a fictional API; recorded with the reasons in openapi/facts/webhooks.yaml.
 */

/** Seconds a partner's endpoint has to answer a delivery (the default of `x-ack-timeout-seconds`). */
export const ACK_TIMEOUT_SECONDS = 10;

/** Minutes after the first attempt at which a failed delivery is tried again. */
export const RETRY_AFTER_MINUTES = [1, 5, 15, 60, 180, 360, 540, 720, 900, 1080, 1260, 1440] as const;

/** How far `X-Webhook-Timestamp` may be from the partner's clock before they should reject it. */
export const TIMESTAMP_TOLERANCE_SECONDS = 300;

/** How long the previous secret keeps signing deliveries after a rotation. */
export const ROTATION_OVERLAP_HOURS = 24;

/**
 * The forms `X-Signature` has had, named by the release that published them: 1.0.0 signed the raw
 * body alone (bare hex); 1.1.0 signs `<id>.<timestamp>.<body>` after `v1=`. One header cannot carry
 * both (a 1.0.0 client compares the whole value with its hex), so each webhook endpoint has a form:
 * 1.1.0 unless the partner sets 1.0.0 (`webhook-signature-form`), on offer until the sunset (/docs/v1/versioning).
 */
export const SIGNATURE_FORMS = ['1.0.0', '1.1.0'] as const;
export type SignatureForm = (typeof SIGNATURE_FORMS)[number];
export const DEFAULT_SIGNATURE_FORM: SignatureForm = '1.1.0';
/** Last day an endpoint can be set to the 1.0.0 form; 2.0.0 removes it (at least 90 days after 1.2.0). */
export const LEGACY_SIGNATURE_SUNSET = '2027-03-31';

/** The operation an endpoint's signature form is set by (openapi/families/webhooks.yaml). */
export const SIGNATURE_FORM_OPERATION = 'webhook-signature-form';

/** The 1.0.0 signature form as the deprecations table lists it (core/contract/component-sections.ts `deprecationBlocks`). */
export const LEGACY_SIGNATURE_DEPRECATION = {
  old: 'webhook signature in the 1.0.0 form (`X-Signature` the bare hex HMAC of the body alone)',
  replacement: 'the 1.1.0 form: `X-Signature: v1=<HMAC of id.timestamp.body>`',
  sunset: LEGACY_SIGNATURE_SUNSET,
} as const;

/** How long a delivery can be listed and redelivered. */
export const DELIVERY_LOG_DAYS = 30;

/** The addresses deliveries come from, per environment (documentation ranges: the API is fictional). */
export const SOURCE_IPS = {
  sandbox: ['203.0.113.10', '203.0.113.11'],
  production: ['198.51.100.20', '198.51.100.21', '198.51.100.22'],
} as const;

/** "1, 5, 15 and 60 minutes, then every 3 hours until 24 hours after the first attempt". */
export function retryScheduleText(): string {
  return 'after 1, 5, 15 and 60 minutes, then every 3 hours until 24 hours after the first attempt';
}

/** The acknowledgement rule, as the page and the Markdown twin both state it. */
export function ackRule(seconds: number): string {
  return `Answer with any 2xx status within ${seconds} seconds, before doing slow work; the body of your answer is ignored. Anything else (another status, no answer in time, a connection or TLS error) is a failed attempt, tried again ${retryScheduleText()}. After the last attempt the delivery is marked failed; list and redeliver it from the webhook deliveries calls for ${DELIVERY_LOG_DAYS} days. Deliveries can repeat: skip an X-Webhook-Id you have already processed.`;
}

export interface PolicyRow {
  readonly rule: string;
  readonly value: string;
}

/** The delivery rules as a table, for the deliveries guide and its Markdown twin alike. */
export function deliveryPolicyRows(): PolicyRow[] {
  return [
    {rule: 'Request', value: 'JSON `POST` to the webhook URL you registered for the environment'},
    {
      rule: 'Headers',
      value: '`X-Webhook-Id`, `X-Webhook-Timestamp`, `X-Signature`, `Content-Type: application/json`',
    },
    {
      rule: 'Signed content',
      value:
        '`<X-Webhook-Id>.<X-Webhook-Timestamp>.<raw body>`, HMAC-SHA256 with your webhook secret, lower-case hex after `v1=`',
    },
    {
      rule: 'Signature form',
      value: `Per endpoint, set by \`PUT /webhooks/signature-form\`: \`1.1.0\` (the default, above) or, until ${LEGACY_SIGNATURE_SUNSET}, \`1.0.0\`: \`X-Signature\` is then the bare lower-case hex HMAC-SHA256 of the raw body alone, for clients built on 1.0.0`,
    },
    {
      rule: 'Timestamp window',
      value: `Reject a delivery whose \`X-Webhook-Timestamp\` is more than ${TIMESTAMP_TOLERANCE_SECONDS} seconds from your clock`,
    },
    {
      rule: 'Acknowledge',
      value: `Any 2xx status within ${ACK_TIMEOUT_SECONDS} seconds (a webhook page may state another time); the body is ignored`,
    },
    {rule: 'Retries', value: `${retryScheduleText()}, with the same \`X-Webhook-Id\``},
    {rule: 'Deduplicate on', value: '`X-Webhook-Id`: the same on every retry and redelivery of an event'},
    {rule: 'Order', value: 'Not guaranteed: a retried older event can arrive after a newer one'},
    {
      rule: 'Secret rotation',
      value: `Both secrets sign (two \`v1=\` values) for ${ROTATION_OVERLAP_HOURS} hours after a rotation`,
    },
    {rule: 'Kept for redelivery', value: `${DELIVERY_LOG_DAYS} days`},
    {rule: 'Source IPs, sandbox', value: SOURCE_IPS.sandbox.map((ip) => `\`${ip}\``).join(', ')},
    {rule: 'Source IPs, production', value: SOURCE_IPS.production.map((ip) => `\`${ip}\``).join(', ')},
  ];
}
