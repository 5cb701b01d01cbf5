/**
 * The behaviour model at build time: reads openapi/behaviour/*.yaml and openapi/facts/*.yaml, parses
 * them (core/behaviour/model.ts) and holds the rest of the contract to them (core/behaviour/checks.ts):
 * the sandbox scenarios, the contract's examples, the webhook policy, the overview pages. Used by
 * the contract loader (./load.ts), so the build and `npm run lint:contract` stop on the same problems.
 */
import fs from 'node:fs';
import path from 'node:path';
import {listOperations, type ContractProblem, type OpenApiDocument} from '#core/contract/openapi';
import {ACK_TIMEOUT_SECONDS, DELIVERY_LOG_DAYS, RETRY_AFTER_MINUTES} from '#core/contract/webhook-policy';
import {
  parseCommon,
  parseFamily,
  type BehaviourContext,
  type CommonBehaviour,
  type FamilyBehaviour,
} from '#core/behaviour/model';
import {
  exampleProblems,
  exampleRequest,
  notFoundProblems,
  overdueProblems,
  overviewProblems,
  policyProblems,
  scenarioLocator,
  scenarioProblems,
} from '#core/behaviour/checks';
import {factTexts, type DomainFact} from '#core/behaviour/facts';
import {catalogueProblems, codeFacts, deriveCodeRules, type CodeRule} from '#core/behaviour/codes';
import {ScenarioYaml} from '#core/sandbox/compile/yaml';
import {schemaFieldProblems} from '#core/behaviour/schema-fields';
import type {ResponseCodeView} from '#core/contract/types';
import type {CompiledSandbox} from '#core/sandbox/compile';
import {closest} from '#core/util/closest';
import {journeyProblems} from '#core/journeys/checks';
import {parseJourneyFile, type JourneyFile} from '#core/journeys/model';
import {CONTRACT_DIR, SITE_DIR} from './paths';
import {readContractYaml} from './yaml';

export const BEHAVIOUR_DIR = path.join(CONTRACT_DIR, 'behaviour');
export const FACTS_DIR = path.join(CONTRACT_DIR, 'facts');
/** One Arazzo file per money-moving family (openapi/DECISIONS.md, "Where journeys live"). */
export const JOURNEYS_DIR = path.join(CONTRACT_DIR, 'journeys');
const SHARED = 'shared.yaml';

/** The behaviour model as the build uses it: the parsed files, every `<Fact>` text, each fact's source URL. */
export interface Behaviour {
  readonly families: readonly FamilyBehaviour[];
  readonly common?: CommonBehaviour;
  /** `<Fact id>` -> its words (core/behaviour/facts.ts). */
  readonly facts: Readonly<Record<string, string>>;
  /** Domain fact id -> the first URL of its source. */
  readonly sources: Readonly<Record<string, string>>;
  /** What each code means for each operation (core/behaviour/codes.ts): the one table every page and tool reads. */
  readonly codes: readonly CodeRule[];
  /** The families with a journey file (openapi/journeys/<family>.arazzo.yaml), published under /downloads/journeys/. */
  readonly journeys?: readonly string[];
}

const rel = (file: string): string => path.relative(SITE_DIR, file);
const yamlFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .sort()
    : [];

/** Every journey file of openapi/journeys/, parsed. */
export function readJourneys(dir = JOURNEYS_DIR): JourneyFile[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.arazzo.yaml'))
        .sort()
        .map((name) => parseJourneyFile(rel(path.join(dir, name)), fs.readFileSync(path.join(dir, name), 'utf8')))
    : [];
}

/** Every domain fact of openapi/facts/*.yaml, with the first URL of its source. */
export function readDomainFacts(dir = FACTS_DIR): (DomainFact & {readonly url?: string})[] {
  return yamlFiles(dir).flatMap((name) => {
    const list = readContractYaml(path.join(dir, name));
    return (Array.isArray(list) ? (list as {id?: unknown; fact?: unknown; source?: unknown}[]) : []).flatMap((f) => {
      if (typeof f.id !== 'string' || typeof f.fact !== 'string') return [];
      const url = typeof f.source === 'string' ? /https?:\/\/[^\s,;'")]+/.exec(f.source)?.[0] : undefined;
      return [{id: f.id, fact: f.fact.trim(), ...(url ? {url} : {})}];
    });
  });
}

/** The reasons the escalation API accepts: the `EscalationReason` enum of openapi/families/common.yaml. */
export function escalationReasons(doc: OpenApiDocument): string[] {
  const schemas = (doc as unknown as {components?: {schemas?: Record<string, {enum?: unknown[]}>}}).components?.schemas;
  return (schemas?.EscalationReason?.enum ?? []).filter((v): v is string => typeof v === 'string');
}

/** What the parser checks names against: the contract's operations (with their codes), webhooks, tags; the fact ids. */
export function behaviourContext(doc: OpenApiDocument, factIds: Iterable<string>): BehaviourContext {
  const located = listOperations(doc);
  return {
    operations: new Map(
      located.filter((l) => l.kind === 'operation').map((l) => [l.op.operationId, l.op['x-response-codes'] ?? []]),
    ),
    webhooks: new Set(located.filter((l) => l.kind === 'webhook').map((l) => l.op.operationId)),
    tags: new Set((doc.tags ?? []).map((t) => t.name)),
    facts: new Set(factIds),
    escalationReasons: new Set(escalationReasons(doc)),
  };
}

/** Parses every file of openapi/behaviour/: the families and shared.yaml. */
function parseFiles(
  dir: string,
  ctx: BehaviourContext,
): {families: FamilyBehaviour[]; common?: CommonBehaviour; problems: string[]} {
  const problems: string[] = [];
  const families: FamilyBehaviour[] = [];
  let common: CommonBehaviour | undefined;
  for (const name of yamlFiles(dir)) {
    const file = path.join(dir, name);
    const text = fs.readFileSync(file, 'utf8');
    if (name === SHARED) {
      const parsed = parseCommon(rel(file), text);
      problems.push(...parsed.problems);
      common = parsed.common;
      continue;
    }
    const parsed = parseFamily(rel(file), text, ctx);
    problems.push(...parsed.problems);
    if (parsed.family) families.push(parsed.family);
    if (parsed.family && parsed.family.family !== name.replace(/\.yaml$/, ''))
      problems.push(
        `${rel(file)}:1: the file of family ${parsed.family.family} must be named ${parsed.family.family}.yaml (like openapi/families/).`,
      );
  }
  problems.push(...missingFamilies(dir, families, ctx.tags));
  return {families, ...(common ? {common} : {}), problems};
}

/** Every tag of the contract needs a model file, one that says so when the family moves no money. */
export function missingFamilies(
  dir: string,
  families: readonly FamilyBehaviour[],
  tags: ReadonlySet<string>,
): string[] {
  const have = new Set(families.map((f) => f.family));
  return [...tags]
    .filter((tag) => !have.has(tag))
    .map(
      (tag) =>
        `${rel(path.join(dir, `${tag}.yaml`))}: missing: family ${tag} (a tag of openapi/openapi.yaml) has no behaviour model. Fix: add the file (format: openapi/behaviour/README.md); a family that moves no money says moves-money: false and its reason.`,
    );
}

export interface BehaviourInput {
  readonly deref: OpenApiDocument;
  readonly sandbox: CompiledSandbox;
  /** The scenario files' texts, by their path relative to the site (for lines). */
  readonly scenarioTexts: ReadonlyMap<string, string>;
  /** `file:line` of a key of an operation in openapi/families/ (./load.ts `locate`). */
  readonly locate: (id: string, key: string) => string;
  /** The `response_code` catalogue (openapi/response-codes.yaml) and its file, for lines. */
  readonly responseCodes: readonly ResponseCodeView[];
  readonly responseCodesFile?: string;
  readonly dir?: string;
  readonly factsDir?: string;
  readonly journeysDir?: string;
  /** The journey files, when the caller has read them (./load.ts reads them once for this and the pages). */
  readonly journeys?: readonly JourneyFile[];
}

/** Every (operation, code) rule of the contract, and the catalogue's disagreements with them. */
export function codeTable(
  deref: OpenApiDocument,
  families: readonly FamilyBehaviour[],
  responseCodes: readonly ResponseCodeView[],
  file = path.join(CONTRACT_DIR, 'response-codes.yaml'),
): {codes: CodeRule[]; problems: string[]} {
  const operations = listOperations(deref)
    .filter((l) => l.kind === 'operation')
    .map((l) => ({id: l.op.operationId, family: l.op.tags[0] ?? 'untagged', codes: l.op['x-response-codes'] ?? []}));
  const codes = deriveCodeRules(families, responseCodes, operations);
  const yaml = fs.existsSync(file) ? new ScenarioYaml(rel(file), fs.readFileSync(file, 'utf8')) : undefined;
  const at = (code: number): string => {
    const i = responseCodes.findIndex((c) => c.code === code);
    return yaml ? yaml.at([i, 'retry']) : `${rel(file)}`;
  };
  return {codes, problems: catalogueProblems(codes, responseCodes, at)};
}

/** The behaviour model, parsed and checked; `problems` holds every disagreement with its file, line and fix. */
export function loadBehaviour(input: BehaviourInput): {behaviour: Behaviour; problems: string[]} {
  const domain = readDomainFacts(input.factsDir);
  const ctx = behaviourContext(
    input.deref,
    domain.map((f) => f.id),
  );
  const {families, common, problems} = parseFiles(input.dir ?? BEHAVIOUR_DIR, ctx);
  const located = listOperations(input.deref);
  const moving = families.filter((f) => f.movesMoney);
  const table = codeTable(input.deref, moving, input.responseCodes, input.responseCodesFile);
  const describe = (p: ContractProblem): string => `${input.locate(p.id, p.key)}: ${p.id}: ${p.message}`;
  const journeys = input.journeys ?? readJourneys(input.journeysDir);
  const checks = [
    ...scenarioProblems({
      families: moving,
      sandbox: input.sandbox.families,
      requests: new Map(located.map((l) => [l.op.operationId, exampleRequest(l.op)])),
      locate: scenarioLocator(input.scenarioTexts),
    }),
    ...exampleProblems(moving, located).map(describe),
    ...journeyProblems(journeys, {
      families: moving,
      operations: new Set(located.filter((l) => l.kind === 'operation').map((l) => l.op.operationId)),
      webhooks: new Set(located.filter((l) => l.kind === 'webhook').map((l) => l.op.operationId)),
      tags: new Set((input.deref.tags ?? []).map((t) => t.name)),
    }),
    ...schemaFieldProblems(moving, located, input.locate),
    ...notFoundProblems(moving),
    ...overdueProblems(moving, input.sandbox.families),
    ...(common
      ? policyProblems(common, {
          retryAfterMinutes: RETRY_AFTER_MINUTES,
          ackTimeoutSeconds: ACK_TIMEOUT_SECONDS,
          deliveryLogDays: DELIVERY_LOG_DAYS,
        })
      : []),
    // A family that moves no money has no table to show.
    ...moving.flatMap((f) => {
      const page = f.overview && path.join(SITE_DIR, f.overview);
      return overviewProblems(f, page && fs.existsSync(page) ? fs.readFileSync(page, 'utf8') : undefined);
    }),
  ];
  return {
    behaviour: {
      families: moving,
      ...(common ? {common} : {}),
      facts: {...factTexts(moving, common, domain), ...codeFacts(table.codes, moving)},
      sources: Object.fromEntries(domain.flatMap((f) => (f.url ? [[f.id, f.url]] : []))),
      codes: table.codes,
      journeys: journeys.map((j) => j.family),
    },
    problems: [...problems, ...checks, ...table.problems],
  };
}

/** A component use on a page, as ./load.ts `pageUses` reads it. */
interface Use {
  readonly component: string;
  readonly id: string;
  readonly file: string;
  readonly line: number;
}

/** Every `<BehaviourTable family>` whose family has no model file, with its page, line and fix. */
export function behaviourUseProblems(uses: readonly Use[], behaviour: Behaviour): string[] {
  const known = behaviour.families.map((f) => f.family);
  return uses
    .filter((u) => u.component === 'BehaviourTable' && !known.includes(u.id))
    .map((u) => {
      const near = closest(u.id, known);
      return `${u.file}:${u.line}: <BehaviourTable family="${u.id}" /> names a family without a behaviour model. Fix: ${near.length ? `use ${near.join(', ')}, or ` : ''}add openapi/behaviour/${u.id}.yaml.`;
    });
}
