/**
 * What the single-file tool carries, and the pure functions that derive it from the contract when
 * it is bundled (./bundle.ts): the sandbox's index and compiled families (answered by the engine in
 * client mode), the client checks' model, two sample events, and the test values to print.
 */
import type {CommonBehaviour, FamilyBehaviour} from '#core/behaviour/model';
import type {CodeRule} from '#core/behaviour/codes';
import type {FamilyModel, JsonObject, OperationModel, SandboxIndex, ScenarioModel} from '#core/sandbox/model';
import {IAT_TOLERANCE_SECONDS} from '#core/sandbox/engine';
import {withJourneys, type JourneyRepeat} from '#core/certify/client-rules';
import type {ClientModel} from './client-model';
import type {SampleEvents} from './webhook';

export interface CertifyData {
  readonly site: {readonly name: string; readonly url: string; readonly apiVersion: string};
  readonly index: SandboxIndex;
  readonly families: readonly FamilyModel[];
  readonly client: ClientModel;
  readonly events: SampleEvents;
  readonly testValues: readonly string[];
}

/** The money-moving operations (behaviour model: moves money, makes its own transactions) and their identity keys. */
function moneyOperations(families: readonly FamilyBehaviour[]): Record<string, readonly string[]> {
  return Object.fromEntries(
    families.flatMap((f) =>
      f.operations.filter((o) => o.movesMoney && !o.madeIn && o.identity.length).map((o) => [o.id, o.identity]),
    ),
  );
}

/** Each status call: the field it looks a transaction up by (sandbox model), its state field and final states. */
function statusOperations(families: readonly FamilyBehaviour[], models: readonly FamilyModel[]): ClientModel['status'] {
  const lookups = new Map(
    models.flatMap((m) => m.operations.flatMap((o) => (o.lookup ? [[o.id, o.lookup] as const] : []))),
  );
  const entries = families.flatMap((f) => {
    const final = Object.entries(f.states).flatMap(([name, s]) => (s.final ? [name] : []));
    return f.operations.flatMap((o) => {
      const lookup = lookups.get(o.statusCall);
      return lookup && !o.statusField.includes('[')
        ? [[o.statusCall, {lookup, field: o.statusField, final}] as const]
        : [];
    });
  });
  return Object.fromEntries(entries);
}

/**
 * The client checks' model. `repeats` (core/certify/client-rules.ts `journeyRepeats`) fill what the
 * code table is silent on: an operation a journey sends again with the same identity is checked too.
 */
export function clientModel(
  families: readonly FamilyBehaviour[],
  common: CommonBehaviour,
  models: readonly FamilyModel[],
  rules: readonly CodeRule[],
  repeats: readonly JourneyRepeat[] = [],
): ClientModel {
  const money: Record<string, readonly string[]> = {...moneyOperations(families)};
  const derived: Record<string, Record<string, CodeRule['retry']>> = {};
  for (const r of rules) if (money[r.operation]) (derived[r.operation] ??= {})[String(r.code)] = r.retry;
  const retry = withJourneys(derived, repeats).table;
  for (const op of families.flatMap((f) => f.operations))
    if (retry[op.id] && !money[op.id] && op.identity.length) money[op.id] = op.identity;
  return {
    money,
    status: statusOperations(families, models),
    retry,
    polling: common.polling,
    iatToleranceSeconds: IAT_TOLERANCE_SECONDS,
  };
}

const allOps = (models: readonly FamilyModel[]): OperationModel[] => models.flatMap((m) => m.operations);

/** The state a scenario ends in, read from its last status answer. */
function endState(s: ScenarioModel, field: string): unknown {
  const last = [...s.then].reverse().find((t) => t.status)?.status ?? s.status;
  const data = last?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as JsonObject)[field] : undefined;
}

/** A final event and the same transaction's pending event before it, from the first scenario that has both. */
export function sampleEvents(models: readonly FamilyModel[], families: readonly FamilyBehaviour[]): SampleEvents {
  for (const f of families) {
    const pending = Object.entries(f.states).find(([, s]) => !s.final)?.[0];
    for (const op of f.operations) {
      const model = allOps(models).find((o) => o.id === op.id);
      const hook = model?.scenarios
        .flatMap((s) => s.then.flatMap((t) => t.webhooks))
        .find((w) => {
          const state = w.body[op.statusField];
          return typeof state === 'string' && f.states[state]?.final;
        });
      if (hook && pending) {
        const older = {...hook.body, [op.statusField]: pending, response_code: 2};
        return {final: JSON.stringify(hook.body), pending: JSON.stringify(older)};
      }
    }
  }
  throw new Error(
    'certify: no scenario of the sandbox sends a webhook with a final state; the webhook checks need one.',
  );
}

const whenText = (s: ScenarioModel): string => s.when.map((c) => `${c.input}=${JSON.stringify(c.value)}`).join(', ');

/** The values a partner's test run should use, one line each, from the sandbox scenarios. */
export function testValues(
  models: readonly FamilyModel[],
  families: readonly FamilyBehaviour[],
  index: SandboxIndex,
): string[] {
  const lines: string[] = [];
  for (const f of families) {
    for (const op of f.operations.filter((o) => o.movesMoney && !o.madeIn)) {
      const scenarios =
        allOps(models)
          .find((o) => o.id === op.id)
          ?.scenarios.filter((s) => !s.partnerId && s.when.length) ?? [];
      const pick = (code: number, end?: string): ScenarioModel | undefined =>
        scenarios.find((s) => s.code === code && (end === undefined || endState(s, op.statusField) === end));
      const [ok, failed, timeout] = [pick(2, 'SUCCESS'), pick(2, 'FAILED'), pick(5)];
      if (!ok || !failed || !timeout) continue;
      lines.push(
        `pending, then success: ${op.id} with ${whenText(ok)} (code 2; poll its status call)`,
        `pending, then failure: ${op.id} with ${whenText(failed)} (code 2)`,
        `timeout (code 5): ${op.id} with ${whenText(timeout)}; never resend, ask the status call`,
        `duplicate: send any of these twice with the same referenceid; the second answers code 4 with the original`,
      );
      return [...lines, ...commonValues(models, index)];
    }
  }
  return commonValues(models, index);
}

function commonValues(models: readonly FamilyModel[], index: SandboxIndex): string[] {
  const limited = allOps(models)
    .flatMap((o) => o.scenarios)
    .find((s) => s.partnerId && s.httpStatus === 429);
  return [
    ...(limited?.partnerId
      ? [
          `429 with Retry-After: sign the token with partnerId ${limited.partnerId}; every call answers 429 with Retry-After: ${limited.headers?.['Retry-After'] ?? '?'}`,
        ]
      : []),
    `expired token: sign one token with iat 10 minutes ago (partnerId ${index.credentials.partnerId}); it answers 401, code 11; then sign a fresh one`,
  ];
}
