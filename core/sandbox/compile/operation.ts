/**
 * One operation's part of the scenarios: its test partner answers, the settings of its entry (lookup,
 * tracking, idempotency, carry), its scenarios in the order the engine tries them, the answers the
 * engine derives (an invalid field, a repeat), and a check that every code it lists is answered.
 */
import {closest} from '../../util/closest';
import {text} from '../body';
import type {ScenarioRow} from '../../contract/types';
import type {
  CarryRule,
  ExpiryModel,
  JsonObject,
  OperationModel,
  OverdueModel,
  SignatureRule,
  UpdateModel,
} from '../model';
import {
  errorLines,
  httpStatusOf,
  invalidRequest,
  isInput,
  isRecord,
  renamedFields,
  requestErrors,
  type OpInfo,
} from './contract';
import {nameOf, type ScenarioContext} from './context';
import {compileExpiry} from './expiry';
import {compileUpdates} from './updates';
import {compileOverdue} from './overdue';
import {familyFileOf, type FamilyFile, type FamilySide, type SandboxSide} from './files';
import type {OperationSpec} from './format';
import {renderBody} from './render';
import {engineRow} from './rows';
import {addScenario, type OperationDraft} from './scenario';
import {addSecurityRows, deprecatedQuery, signatureRule} from './signing';
import type {YamlPath} from './yaml';

/** What an operation is compiled from besides the contract: both sides of the scenarios and its family. */
export interface OperationSources {
  readonly sandbox: SandboxSide;
  readonly families: FamilySide;
  /** The family's scenario file, when there is one. */
  readonly familyFile?: FamilyFile;
}

/** Test partner ids first: they answer before validation, on every request. */
function addPartnerScenarios(ctx: ScenarioContext, d: OperationDraft, sandbox: SandboxSide): void {
  const {partners} = sandbox.spec;
  for (const p of partners) {
    if (p.scope === 'listed' && !d.o.codes.includes(p.code)) continue;
    const body = renderBody(
      ctx,
      d.o,
      {code: p.code, ...(p.message !== undefined ? {message: p.message} : {})},
      sandbox.file.at(['partners', partners.indexOf(p)]),
      `partner ${p.partnerId}`,
    );
    if (!body) continue;
    d.reachable.add(p.code);
    d.scenarios.push({
      id: `${sandbox.file.file}#${p.partnerId}`,
      label: p.label,
      partnerId: p.partnerId,
      when: [],
      code: p.code,
      httpStatus: httpStatusOf(p.code),
      ...(p.headers ? {headers: p.headers} : {}),
      body,
      then: [],
    });
  }
}

/** A status call named by tracking: (`path` is where), with its lookup, or undefined after a problem. */
function trackedStatusOp(
  ctx: ScenarioContext,
  d: OperationDraft,
  families: FamilySide,
  id: string,
  path: YamlPath,
): {op: OpInfo; lookup: string} | undefined {
  const {o, at} = d;
  const statusOp = ctx.ops.get(id);
  const statusSpec = families.entries.get(id)?.spec;
  if (!statusOp) {
    const near = closest(id, ctx.ops.keys());
    ctx.problems.add(
      at(path),
      `${o.id}: tracking names "${id}", which is not an operation of the contract.${near.length ? ` Did you mean "${near[0]}"?` : ''}`,
    );
    return undefined;
  }
  if (!statusSpec?.lookup) {
    ctx.problems.add(
      at(path),
      `${o.id}: tracking names ${statusOp.id}, whose scenario entry has no lookup. Add lookup: <the field that names the transaction> under operations.${statusOp.id} in ${familyFileOf(families, statusOp.family)}.`,
    );
    return undefined;
  }
  return {op: statusOp, lookup: statusSpec.lookup};
}

/**
 * `tracking.from`: the states a call acting on another call's transaction may act from. Each field is
 * one of `data` in the status call's documented answers, and each state a value its 200 schema takes
 * there (a misspelt state would leave every request answered as "already acted on").
 */
function fromProblem(
  ctx: ScenarioContext,
  o: OpInfo,
  status: OpInfo,
  from: Record<string, string[]>,
): string | undefined {
  const schema = status.responseSchemas['200'];
  for (const [field, states] of Object.entries(from)) {
    const example = (status.examples['200'] ?? []).find((e) => {
      const data = e.value['data'];
      return typeof data === 'object' && data !== null && !Array.isArray(data) && field in data;
    });
    if (!example)
      return `${o.id}: tracking.from names "${field}", which no documented answer of ${status.id} has in data. Name a field of its data (the state field the behaviour model names).`;
    for (const state of states) {
      const body = {...example.value, data: {...(example.value['data'] as JsonObject), [field]: state}};
      const errors = schema ? ctx.check(schema, body) : [];
      if (errors.length)
        return `${o.id}: tracking.from gives ${field} "${state}", which is not a value ${status.id}'s answer takes:\n${errorLines(errors)}\nName a state of the behaviour model.`;
    }
  }
  return undefined;
}

/** The status call that follows a transaction, when the entry's tracking: names a usable one. */
function resolveTracking(
  ctx: ScenarioContext,
  d: OperationDraft,
  spec: OperationSpec,
  families: FamilySide,
): OperationModel['tracking'] {
  if (!spec.tracking) return undefined;
  const main = trackedStatusOp(ctx, d, families, spec.tracking.status, ['tracking', 'status']);
  if (!main) return undefined;
  d.statusOp = main.op;
  // Each other status call finds the transaction by its own field: kept under that field's value too.
  const also = (spec.tracking.also ?? []).flatMap((a, i) =>
    trackedStatusOp(ctx, d, families, a.status, ['tracking', 'also', i, 'status']) ? [a] : [],
  );
  const fromWrong = spec.tracking.from && fromProblem(ctx, d.o, main.op, spec.tracking.from);
  if (fromWrong) ctx.problems.add(d.at(['tracking', 'from']), fromWrong);
  return {
    status: main.op.id,
    key: main.lookup,
    field: spec.tracking.field ?? main.lookup,
    ...(also.length ? {also} : {}),
    ...(spec.tracking.from ? {from: spec.tracking.from} : {}),
  };
}

interface EntrySettings {
  lookup?: string;
  tracking?: OperationModel['tracking'];
  idempotencyKey?: string;
  carry: CarryRule[];
}

/** The entry's lookup, tracking, idempotency key and carry rules, each checked against the request. */
function resolveSettings(
  ctx: ScenarioContext,
  d: OperationDraft,
  spec: OperationSpec,
  sources: OperationSources,
): EntrySettings {
  const {o, at} = d;
  const {lookup} = spec;
  if (lookup !== undefined && !isInput(o, lookup))
    ctx.problems.add(
      at(['lookup']),
      `${o.id}: lookup names "${lookup}", which is not a field of its request. Name the field that identifies the transaction.`,
    );
  const tracking = resolveTracking(ctx, d, spec, sources.families);
  const idempotencyKey =
    spec.idempotency ?? (o.codes.includes(4) && isInput(o, 'referenceid') ? 'referenceid' : undefined);
  if (idempotencyKey !== undefined && !isInput(o, idempotencyKey))
    ctx.problems.add(
      at(['idempotency']),
      `${o.id}: idempotency names "${idempotencyKey}", which is not a field of its request. Name the field a repeat is recognised by.`,
    );
  if (o.codes.includes(4) && idempotencyKey === undefined)
    ctx.problems.add(
      at([]),
      `${o.id}: lists code 4 (${nameOf(ctx, 4)}) but its request has no referenceid. Add idempotency: <the field a repeat is recognised by> under operations.${o.id}.`,
    );
  const carry = (spec.carry ?? sources.familyFile?.spec.carry ?? []).map((c) =>
    typeof c === 'string' ? {to: c, from: c} : c,
  );
  // An operation's own carry list must name its request fields; the file's list applies where they exist.
  if (spec.carry)
    carry.forEach((c, i) => {
      if (!isInput(o, c.from))
        ctx.problems.add(
          at(['carry', i]),
          `${o.id}: carry copies "${c.from}", which is not a field of its request. Name a request field.`,
        );
    });
  return {
    ...(lookup !== undefined ? {lookup} : {}),
    ...(tracking ? {tracking} : {}),
    ...(idempotencyKey !== undefined ? {idempotencyKey} : {}),
    carry: carry.filter((c) => isInput(o, c.from)),
  };
}

/**
 * The scenarios in the order the engine tries them: the entry's own with when:, the family file's
 * shared ones, the sandbox file's shared ones, then the one default.
 */
function addScenarios(
  ctx: ScenarioContext,
  d: OperationDraft,
  spec: OperationSpec,
  sources: OperationSources,
  tracking: OperationModel['tracking'],
): void {
  const {o, at, familyFile} = d;
  const own = (spec.scenarios ?? []).map((s, i) => [s, i] as const);
  const ownSource = (i: number) =>
    ({where: at(['scenarios', i]), id: `${familyFile}#${o.id}/${i}`, source: 'operation'}) as const;
  for (const [s, i] of own) if (s.when !== undefined) addScenario(ctx, d, s, ownSource(i));
  const familySide = sources.familyFile;
  (familySide?.spec.shared ?? []).forEach((s, i) =>
    addScenario(ctx, d, s, {
      where: familySide ? familySide.file.at(['shared', i]) : familyFile,
      id: `${familyFile}#shared/${i}`,
      source: 'family',
    }),
  );
  const {sandbox} = sources;
  (sandbox.spec.shared ?? []).forEach((s, i) =>
    addScenario(ctx, d, s, {
      where: sandbox.file.at(['shared', i]),
      id: `${sandbox.file.file}#shared/${i}`,
      source: 'sandbox',
    }),
  );
  const defaults = own.filter(([s]) => s.when === undefined);
  for (const [s, i] of defaults.slice(1))
    ctx.problems.add(
      at(['scenarios', i]),
      `${o.id}: scenario "${s.label}" has no when:, like "${defaults[0]?.[0].label}" before it: an operation has one default. Add when: to one of them.`,
    );
  const [explicit] = defaults;
  if (explicit) addScenario(ctx, d, explicit[0], ownSource(explicit[1]));
  else if (tracking)
    ctx.problems.add(
      at(['scenarios']),
      `${o.id}: has tracking but no default scenario, so a plain request would not be followed by its status call. Add a scenario without when: that gives status:.`,
    );
  else addDocumentedDefault(ctx, d);
}

/** Without a default scenario, a plain request is answered with the contract's success example. */
function addDocumentedDefault(ctx: ScenarioContext, d: OperationDraft): void {
  const {o} = d;
  const success = (o.examples['200'] ?? []).find((e) => e.value.response_code === 1);
  if (success) {
    d.scenarios.push({
      id: `${o.id}#default`,
      label: 'Any other valid request',
      when: [],
      code: 1,
      httpStatus: 200,
      body: success.value,
      then: [],
    });
    d.reachable.add(1);
    d.rows.push(engineRow(ctx, 'Any other valid request', 1, 'The documented example answer'));
  } else if (o.codes.includes(1))
    ctx.problems.add(
      d.at([]),
      `${o.id}: the contract has no 200 example with response_code 1 to answer a plain request with. Add a default scenario (a scenario without when:) with message: and data:.`,
    );
}

/**
 * Code 10 from the validators: a row naming a field that breaks its rule, when one is found. A call
 * that takes no input still refuses a query parameter it does not declare (engine/validate.ts), so
 * code 10 is reachable there too (issue 33's fuzz: eight such calls did not list it).
 */
function addInvalidRequestRow(ctx: ScenarioContext, d: OperationDraft): void {
  const {o} = d;
  if (!o.paramsSchema && !o.bodySchema) {
    d.reachable.add(10);
    if (!d.rows.some((r) => r.code === 10))
      d.rows.push(
        engineRow(
          ctx,
          'Any query parameter, such as `?page=2`: the call takes none',
          10,
          'Validation error naming the parameter',
        ),
      );
    return;
  }
  const invalid = invalidRequest(o);
  if (!invalid || !requestErrors(ctx.check, o, invalid.request).length) return;
  d.reachable.add(10);
  if (!d.rows.some((r) => r.code === 10))
    d.rows.push(engineRow(ctx, invalid.description, 10, 'Validation error listing the field'));
}

/**
 * Code 4 for a repeat of the idempotency key: the original answer's data under the documented
 * duplicate message, which must be a valid 200 answer for every scenario. The message it uses.
 */
function addRepeat(ctx: ScenarioContext, d: OperationDraft, idempotencyKey: string): string {
  const {o} = d;
  d.reachable.add(4);
  const duplicate = (o.examples['200'] ?? []).find((e) => e.value.response_code === 4);
  const message = duplicate
    ? text(duplicate.value.message)
    : `A request with this ${idempotencyKey} was already received; data is its result`;
  const schema = o.responseSchemas['200'];
  for (const s of d.scenarios.filter((x) => !x.partnerId)) {
    const body: JsonObject = {
      status: false,
      response_code: 4,
      message,
      ...(s.body.data !== undefined ? {data: s.body.data} : {}),
    };
    const errors = schema ? ctx.check(schema, body) : [];
    if (errors.length)
      ctx.problems.add(
        d.at([]),
        `${o.id}: the answer to a repeat of scenario "${s.label}" (code 4 with its data) is not a valid 200 response:\n${errorLines(errors)}`,
      );
  }
  d.rows.push(
    engineRow(ctx, `The same \`${idempotencyKey}\` again`, 4, 'The original answer in data; nothing runs twice'),
  );
  return message;
}

/**
 * `repeat: 1`: a repeat of the key answers the original answer as it was (code 1), and starts nothing
 * again (no webhook is queued twice): what exists is returned, as for a UPI id built from its reference.
 */
function addOriginalRepeat(ctx: ScenarioContext, d: OperationDraft, key: string): Repeat {
  d.rows.push(engineRow(ctx, `The same \`${key}\` again`, 1, 'The original answer; nothing is created or sent twice'));
  return {key, message: '', code: 1};
}

/** Each unique: field must be a text field of data in the success answer, for the engine to vary. */
function checkUnique(ctx: ScenarioContext, d: OperationDraft, unique: readonly string[]): void {
  for (const field of unique) {
    const data = d.scenarios.find((s) => !s.partnerId && s.code === 1)?.body.data;
    if (!isRecord(data) || typeof data[field] !== 'string')
      ctx.problems.add(
        d.at(['unique']),
        `${d.o.id}: unique names "${field}", which is not a text field of data in its success answer. Name a field of data.`,
      );
  }
}

/** Each deadlines: field must be a date-time text field of data in the success answer, for the engine to set. */
function checkDeadlines(ctx: ScenarioContext, d: OperationDraft, fields: readonly string[]): void {
  const data = d.scenarios.find((s) => !s.partnerId && s.code === 1)?.body.data;
  for (const field of fields) {
    const value = isRecord(data) ? data[field] : undefined;
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      ctx.problems.add(
        d.at(['deadlines', field]),
        `${d.o.id}: deadlines names "${field}", which is not a date-time field of data in its success answer. Name a field of data that holds a time.`,
      );
  }
}

/** Every code of x-response-codes is answered by some scenario or engine step. */
function checkCoverage(ctx: ScenarioContext, d: OperationDraft, where: string): void {
  for (const code of d.o.codes.filter((c) => !d.reachable.has(c))) {
    ctx.problems.add(
      where,
      `${d.o.id}: code ${code} (${nameOf(ctx, code)}) is in its x-response-codes, but no scenario answers it. Add one under operations.${d.o.id}.scenarios in ${d.familyFile}: - {label: ..., when: {<field>: <sandbox scenario>}, code: ${code}}.`,
    );
  }
}

/** A repeat's key and the message its answer gives. */
interface Repeat {
  readonly key: string;
  readonly message: string;
  /** 1: the original answer as it was (`repeat: 1`); else code 4 with `message`. */
  readonly code?: 1;
}

function operationModel(
  o: OpInfo,
  d: OperationDraft,
  settings: EntrySettings,
  extra: {
    readonly unique: readonly string[];
    readonly deadlines?: Readonly<Record<string, number>>;
    readonly repeat: Repeat | undefined;
    readonly expiry?: ExpiryModel;
    readonly updates?: UpdateModel;
    readonly overdue?: readonly OverdueModel[];
    readonly signature?: SignatureRule;
  },
): OperationModel {
  const {carry, tracking, lookup} = settings;
  const {repeat} = extra;
  const renamed = renamedFields(o.bodySchema);
  const dropped = deprecatedQuery(o);
  return {
    id: o.id,
    family: o.family,
    method: o.located.method,
    path: o.located.path,
    pathParams: o.params.filter((p) => p.in === 'path').map((p) => p.name),
    queryParams: o.params.filter((p) => p.in === 'query').map((p) => p.name),
    hasBody: o.bodySchema !== undefined,
    codes: o.codes,
    ...(repeat?.code === 1
      ? {idempotencyKey: repeat.key, repeatCode: 1 as const}
      : repeat
        ? {idempotencyKey: repeat.key, duplicateMessage: repeat.message}
        : {}),
    carry,
    ...(renamed.length ? {renamed} : {}),
    unique: extra.unique,
    ...(extra.deadlines ? {deadlines: extra.deadlines} : {}),
    ...(tracking ? {tracking} : {}),
    ...(lookup !== undefined ? {lookup} : {}),
    ...(extra.expiry ? {expiry: extra.expiry} : {}),
    ...(extra.updates ? {updates: extra.updates} : {}),
    ...(extra.overdue ? {overdue: extra.overdue} : {}),
    ...(extra.signature ? {signature: extra.signature} : {}),
    ...(dropped.length ? {deprecatedQuery: dropped} : {}),
    scenarios: d.scenarios,
  };
}

/** One operation's model and rows, from its entry (or none) and the shared scenarios. */
export function compileOperation(
  ctx: ScenarioContext,
  o: OpInfo,
  sources: OperationSources,
): {model: OperationModel; rows: ScenarioRow[]} {
  const entry = sources.families.entries.get(o.id);
  const file = entry?.file ?? sources.familyFile?.file;
  const familyFile = familyFileOf(sources.families, o.family);
  const d: OperationDraft = {
    o,
    at: (path) => (file ? file.at(['operations', o.id, ...path]) : familyFile),
    familyFile,
    scenarios: [],
    reachable: new Set(),
    rows: [],
  };
  const spec = entry?.spec ?? {};
  const problemsBefore = ctx.problems.count();
  addPartnerScenarios(ctx, d, sources.sandbox);
  const settings = resolveSettings(ctx, d, spec, sources);
  addScenarios(ctx, d, spec, sources, settings.tracking);
  addInvalidRequestRow(ctx, d);
  const key = settings.idempotencyKey;
  const repeat =
    key === undefined || !isInput(o, key)
      ? undefined
      : spec.repeat === 1
        ? addOriginalRepeat(ctx, d, key)
        : {key, message: addRepeat(ctx, d, key)};
  const unique = spec.unique ?? [];
  const expiry = compileExpiry(ctx, d, spec.expires);
  const updates = compileUpdates(ctx, d, spec.updates);
  const overdue = compileOverdue(ctx, d, spec.overdue);
  const deadlines = spec.deadlines;
  addSecurityRows(ctx, d);
  const signature = signatureRule(ctx, d);
  const model = operationModel(o, d, settings, {
    unique,
    repeat,
    ...(deadlines ? {deadlines} : {}),
    ...(expiry ? {expiry} : {}),
    ...(updates ? {updates} : {}),
    ...(overdue.length ? {overdue} : {}),
    ...(signature ? {signature} : {}),
  });
  checkUnique(ctx, d, unique);
  checkDeadlines(ctx, d, Object.keys(deadlines ?? {}));
  // Codes left unreachable by a broken entry follow from the problem above it: report that one alone.
  if (ctx.problems.count() === problemsBefore)
    checkCoverage(ctx, d, entry ? d.at(['scenarios']) : file ? file.at(['operations']) : familyFile);
  return {model, rows: d.rows};
}
