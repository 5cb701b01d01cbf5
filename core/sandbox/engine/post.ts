/**
 * Sends one signed webhook delivery to a partner's URL: the local sandbox server (scripts/lib/
 * sandbox-server.ts) and the MCP server's `deliver` option (mcp/src/tools.ts) both post this way,
 * so a delivery looks the same on the wire whichever of them sent it.
 */
import type {WebhookDelivery} from './types';

/** How long a partner's endpoint may take before the delivery counts as not delivered. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** POSTs a signed webhook: the HTTP status, or the reason it could not be sent. */
export async function postDelivery(url: string, delivery: WebhookDelivery): Promise<number | string> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    return res.status;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
