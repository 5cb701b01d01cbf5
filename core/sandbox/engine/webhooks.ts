/**
 * Step 6, queue webhooks: a scenario's webhooks wait in the store with their delays and are signed
 * when taken, as /docs/v1/webhooks says.
 */
import {applyCarried} from '../body';
import type {Json, OperationModel, ScenarioModel} from '../model';
import {liven, withFacts, type LiveTable, type TransactionFacts} from './live';
import {nextSeq, type QueuedWebhook, type SandboxStore, type Session} from './types';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `evt_` and 26 characters: the time in ten, then the sequence number in sixteen (ULID-like, sortable). */
export function webhookId(ms: number, seq: number): string {
  let time = '';
  let t = Math.max(0, Math.floor(ms));
  for (let i = 0; i < 10; i++) {
    time = (CROCKFORD[t % 32] as string) + time;
    t = Math.floor(t / 32);
  }
  return `evt_${time}${String(seq).padStart(16, '0').slice(-16)}`;
}

/** Every queued webhook, due or not, in due order. */
export const pendingWebhooks = (store: SandboxStore): QueuedWebhook[] => [
  ...((store.get('webhooks') as QueuedWebhook[] | undefined) ?? []),
];

/**
 * Queues the webhooks of each stage of a scenario, due `after` seconds from now, with the carried
 * values and the transaction's live values and facts.
 */
export function queueWebhooks(
  session: Session,
  op: OperationModel,
  scenario: ScenarioModel,
  carried: Readonly<Record<string, Json>>,
  live?: LiveTable,
  facts?: TransactionFacts,
): void {
  const now = session.clock.now();
  const added: QueuedWebhook[] = [];
  for (const stage of scenario.then) {
    for (const hook of stage.webhooks) {
      const dueAt = now + (stage.after + hook.after) * 1000;
      added.push({
        id: webhookId(dueAt, nextSeq(session.store)),
        webhook: hook.webhook,
        dueAt,
        body: JSON.stringify(withFacts(applyCarried(liven(hook.body, live), carried), facts)),
        operationId: op.id,
        scenario: scenario.label,
      });
    }
  }
  if (!added.length) return;
  const queue = [...pendingWebhooks(session.store), ...added].sort((a, b) => a.dueAt - b.dueAt);
  session.store.set('webhooks', queue as unknown as Json);
}

/** Removes the webhooks due by now from the queue and returns them, unsigned. */
export function takeDue(session: Session): QueuedWebhook[] {
  const queue = pendingWebhooks(session.store);
  const now = session.clock.now();
  const due = queue.filter((w) => w.dueAt <= now);
  if (due.length) session.store.set('webhooks', queue.filter((w) => w.dueAt > now) as unknown as Json);
  return due;
}
