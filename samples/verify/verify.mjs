// Verify X-Signature with Node's built-in crypto. Hash the raw body bytes,
// not a re-serialised object: JSON.stringify can reorder or re-space fields.
import {createHmac, timingSafeEqual} from 'node:crypto';

export function verifySignature(rawBody, signatureHeader, secret) {
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const received = Buffer.from(String(signatureHeader ?? ''), 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

// With Express: keep the raw body for this route.
// app.post('/webhooks/rupeerail', express.raw({type: 'application/json'}), (req, res) => {
//   if (!verifySignature(req.body, req.get('X-Signature'), process.env.WEBHOOK_SECRET)) {
//     return res.status(401).end();
//   }
//   res.status(200).json({status: 200, message: 'received'}); // answer first, then process
//   queue.push(JSON.parse(req.body));
// });
