/**
 * What the behaviour model promises is in the schemas (issue 32, 2): every field the model names
 * (the status field, the fields a repeat answers with, the fields that confirm money back) must be a
 * field of the schema that carries it: the operation's 200 answer (`data`), its status call's 200
 * answer (`data`), its webhook's payload. A promise the schema does not make is dropped by every
 * generated client, so the build fails, naming the model's file and line and the schema. Pure.
 */
import type {Located} from '../contract/openapi';
import type {FamilyBehaviour, OperationBehaviour} from './model';

type Schema = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schemas a schema stands for: itself and, through allOf/oneOf/anyOf, its parts. */
function parts(schema: Schema): Schema[] {
  const nested = ['allOf', 'oneOf', 'anyOf'].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : []));
  return [schema, ...nested.filter(isObj).flatMap(parts)];
}

/** The schema of a property of `schema` (in any of its parts), or undefined. */
function property(schema: Schema, name: string): Schema | undefined {
  for (const p of parts(schema)) {
    const props = p.properties;
    if (isObj(props) && isObj(props[name])) return props[name];
  }
  return undefined;
}

/**
 * Whether `schema` has the field at `path` (`status`, or `transfers[].status`: a field of each item
 * of the array `transfers`).
 */
export function hasField(schema: Schema, path: string): boolean {
  let at: Schema | undefined = schema;
  for (const step of path.split('.')) {
    const list = step.endsWith('[]');
    at = at && property(at, list ? step.slice(0, -2) : step);
    if (list)
      at =
        at &&
        parts(at)
          .map((p) => p.items)
          .find(isObj);
    if (!at) return false;
  }
  return true;
}

/** The JSON schema of a 200 answer's `data`, or of a webhook's payload. */
export function carriedSchema(l: Located): Schema | undefined {
  const json = (content: unknown): Schema | undefined => {
    const media = isObj(content) ? content['application/json'] : undefined;
    return isObj(media) && isObj(media.schema) ? media.schema : undefined;
  };
  if (l.kind === 'webhook') return json((l.op.requestBody as {content?: unknown} | undefined)?.content);
  const answer = json((l.op.responses?.['200'] as {content?: unknown} | undefined)?.content);
  return answer && property(answer, 'data');
}

/**
 * Where a promise is held: the operation (or webhook), how the message names its schema, and
 * whether it carries one transaction where the model's path names a list (`transfers[].status`):
 * a webhook reports one transfer, and so does the answer of a call on one transfer (a refund).
 */
interface Carrier {
  readonly id: string;
  readonly what: string;
  readonly one?: true;
}

const answerOf = (id: string, one?: true): Carrier => ({
  id,
  what: `the \`data\` of ${id}'s 200 answer`,
  ...(one ? {one} : {}),
});
const payloadOf = (id: string): Carrier => ({id, what: `the payload of webhook ${id}`, one: true});

/** `transfers[].status` read in a schema of one transfer: `status`. */
const oneOf = (field: string): string => field.slice(field.lastIndexOf('[].') + 1).replace(/^\]?\./, '');

/** Each promise of one operation: the model's path (for its line), the field, why, and where it must be. */
function promises(op: OperationBehaviour): {path: (string | number)[]; field: string; why: string; in: Carrier[]}[] {
  const base = ['operations', op.id];
  const answers = op.modes.some((m) => m.first.size);
  const status = [
    ...(answers ? [answerOf(op.id, true)] : []),
    ...(op.statusCall !== 'none' ? [answerOf(op.statusCall)] : []),
    ...(op.webhook !== 'none' ? [payloadOf(op.webhook)] : []),
  ];
  return [
    {path: [...base, 'status-field'], field: op.statusField, why: 'its status field', in: status},
    ...op.repeat.fields.map((field, i) => ({
      path: [...base, 'repeat', 'fields', i],
      field,
      why: 'a field a repeat answers with',
      in: [answerOf(op.id)],
    })),
    ...op.moneyBack.flatMap((m, i) =>
      m.fields.map((field, j) => ({
        path: [...base, 'money-back', i, 'fields', j],
        field,
        why: `a field that confirms the money back on ${m.state}`,
        // The money can come back long after the change the webhook reported (a DMT refund at the
        // counter, days after FAILED), so the status call is where its confirmation must be.
        in: op.statusCall !== 'none' ? [answerOf(op.statusCall)] : [],
      })),
    ),
  ];
}

/**
 * Every field the model names that the schema carrying it lacks. `located` is the dereferenced
 * contract's operations and webhooks; `locate` gives an operation's `file:line` in openapi/families/.
 */
export function schemaFieldProblems(
  families: readonly FamilyBehaviour[],
  located: readonly Located[],
  locate: (id: string, key: string) => string,
): string[] {
  const byId = new Map(located.map((l) => [l.op.operationId, l]));
  return families.flatMap((family) =>
    family.operations.flatMap((op) =>
      promises(op).flatMap((p) =>
        p.in.flatMap((carrier) => {
          const l = byId.get(carrier.id);
          const schema = l && carriedSchema(l);
          const field = carrier.one ? oneOf(p.field) : p.field;
          if (!l || (schema && hasField(schema, field))) return [];
          const key = l.kind === 'webhook' ? 'requestBody' : 'responses';
          return [
            `${family.at(p.path)}: ${op.id} promises "${field}" (${p.why}), but ${carrier.what} (${locate(carrier.id, key)}) has no such field. Fix: add it to that schema (a wire change: a line in the 1.4.0 notes), or correct the model.`,
          ];
        }),
      ),
    ),
  );
}
