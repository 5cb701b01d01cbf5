/**
 * The rows of the "Sandbox scenarios" tables: one per way an operation can answer in the sandbox, each
 * saying what to send and what comes back (and what follows: status calls, webhooks).
 */
import type {ScenarioRow} from '../../contract/types';
import {text} from '../body';
import type {JsonObject, ScenarioModel} from '../model';
import {isRecord} from './contract';
import {nameOf, type ScenarioContext} from './context';
import type {ScenarioSpec, SandboxSpec} from './format';

/** A row the engine itself answers (validation, repeats, the token), not an scenario entry. */
export const engineRow = (
  ctx: Pick<ScenarioContext, 'codeNames'>,
  input: string,
  code: number,
  label: string,
): ScenarioRow => ({
  input,
  code,
  codeName: nameOf(ctx, code),
  label,
  follows: '',
  source: 'engine',
});

/** The row of a scenario file scenario: its inputs, code and label, and what follows it when it compiled. */
export const scenarioRow = (
  ctx: Pick<ScenarioContext, 'codeNames'>,
  s: ScenarioSpec,
  model: ScenarioModel | undefined,
  source: ScenarioRow['source'],
): ScenarioRow => ({
  input: Object.keys(s.when ?? {}).length
    ? Object.entries(s.when ?? {})
        .map(([k, v]) => `\`${k}\` \`${typeof v === 'string' ? v : JSON.stringify(v)}\``)
        .join(', ')
    : 'Any other valid request',
  code: s.code,
  codeName: nameOf(ctx, s.code),
  label: s.label,
  follows: model ? followsText(model) : '',
  source,
});

/** The rows every operation shares: token, test partner ids, validation, repeats. */
export function anyOperationRows(ctx: Pick<ScenarioContext, 'codeNames'>, sandbox: SandboxSpec): ScenarioRow[] {
  const accepted = [sandbox.credentials.partnerId, ...sandbox.partners.map((p) => p.partnerId)];
  return [
    engineRow(
      ctx,
      `A token signed with another secret, an \`iat\` more than 5 minutes off, a \`reqId\` used before, or a \`partnerId\` other than ${accepted.map((p) => `\`${p}\``).join(', ')}`,
      11,
      'HTTP 401, the message says which check failed',
    ),
    ...sandbox.partners.map((p) => ({
      input: `\`partnerId\` \`${p.partnerId}\` in the token`,
      code: p.code,
      codeName: nameOf(ctx, p.code),
      label: `${p.label}${p.scope === 'listed' ? ` (operations that list code ${p.code}; the others answer as usual)` : ''}`,
      follows: '',
      source: 'sandbox' as const,
    })),
    engineRow(
      ctx,
      'A field that breaks its rule, a missing required field, or an unknown body field or query parameter',
      10,
      'HTTP 400, `data.errors` lists each field with its rule',
    ),
    engineRow(
      ctx,
      'The same `referenceid` again on a call that lists code 4',
      4,
      // The engine answers a repeat from the transaction as it stands now (repeatAnswer reads its
      // current data), as the behaviour model's `repeat.answers` says for every family (issue 32, 6).
      'The original transaction in data as it stands now (its current state), not its first answer; nothing runs twice',
    ),
  ];
}

/** A state word of a status answer (`SUCCESS`), for the rows: the first `...status` field of data. */
function stateOf(body: JsonObject | undefined): string | undefined {
  const data = body?.data;
  if (!isRecord(data)) return undefined;
  const key = Object.keys(data).find(
    (k) => /status$/.test(k) && typeof data[k] === 'string' && /^[A-Z_]+$/.test(text(data[k])),
  );
  return key ? text(data[key]) : undefined;
}

/** `Status call: PENDING. After 20 s: SUCCESS, webhook aeps-transaction.` */
export function followsText(s: ScenarioModel): string {
  const parts: string[] = [];
  const first = stateOf(s.status);
  if (first) parts.push(`Status call: ${first}.`);
  const times = [...new Set(s.then.flatMap((st) => [st.after, ...st.webhooks.map((w) => st.after + w.after)]))].sort(
    (a, b) => a - b,
  );
  for (const t of times) {
    const stage = s.then.find((st) => st.after === t && st.status);
    const hooks = s.then.flatMap((st) =>
      st.webhooks.filter((w) => st.after + w.after === t).map((w) => `\`${w.webhook}\``),
    );
    const bits = [
      ...(stage && stateOf(stage.status) ? [`status ${stateOf(stage.status)}`] : []),
      ...(hooks.length ? [`webhook ${hooks.join(', ')}`] : []),
    ];
    if (bits.length) parts.push(`After ${t} s: ${bits.join(', ')}.`);
  }
  return parts.join(' ');
}
