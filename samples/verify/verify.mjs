// Verify a RupeeRail webhook with Node's built-in crypto (Node 18+). The signature covers the
// X-Webhook-Id, the X-Webhook-Timestamp and the raw body bytes: hash the body exactly as it
// arrived, never a re-serialised object (JSON.stringify can reorder or re-space fields).
import {createHmac, timingSafeEqual} from 'node:crypto';

const TOLERANCE_SECONDS = 300; // reject deliveries signed more than 5 minutes from your clock

// secrets: the webhook secrets you hold now, one normally, two while a rotation overlaps.
export function verifyWebhook(rawBody, webhookId, timestamp, signatureHeader, secrets, nowSeconds = Date.now() / 1000) {
  if (!webhookId || !/^\d{10}$/.test(timestamp ?? '') || !signatureHeader) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false; // a replay or a skewed clock
  const signed = Buffer.concat([Buffer.from(`${webhookId}.${timestamp}.`), Buffer.from(rawBody)]);
  const received = signatureHeader
    .split(' ')
    .filter((part) => part.startsWith('v1='))
    .map((part) => Buffer.from(part.slice(3), 'hex'));
  return secrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(signed).digest();
    return received.some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected));
  });
}

// With Express: keep the raw body for this route, answer first, process afterwards.
// app.post('/webhooks/rupeerail', express.raw({type: 'application/json'}), (req, res) => {
//   const ok = verifyWebhook(req.body, req.get('X-Webhook-Id'), req.get('X-Webhook-Timestamp'),
//     req.get('X-Signature'), [process.env.WEBHOOK_SECRET, process.env.WEBHOOK_SECRET_PREVIOUS].filter(Boolean));
//   if (!ok) return res.status(401).end();
//   res.status(204).end(); // any 2xx acknowledges
//   queue.push({id: req.get('X-Webhook-Id'), event: JSON.parse(req.body)}); // skip ids already processed
// });
