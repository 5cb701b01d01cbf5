/**
 * Loads the contract: lint (strict, redocly.yaml), bundle, cross-checks, the sandbox scenarios, the
 * API changelog; then, with the routes Docusaurus gave the pages, the views.
 * Every failure names the file and the fix; the build stops on any of them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {Document} from '@redocly/openapi-core';
import {nativeRequire} from '#node/native-require';
import type * as Redocly from '@redocly/openapi-core';
import {
  buildViews,
  listOperations,
  type ContractViews,
  type OpenApiDocument,
  type OperationCode,
} from '#core/contract/view-model';
import {ruleText, type CodeRule} from '#core/behaviour/codes';
import {crossCheck, type ContractProblem} from '#core/contract/checks';
import {withResponseCodeEnums} from '#core/contract/response-enums';
import {untypedBranches, withTypedBranches} from '#core/contract/typed-branches';
import {addressPairs, addressProblems, envelopeProblems} from '#core/contract/envelope';
import {bodySchemas, type BodySchemas} from '#core/contract/fences';
import {contractDeprecations} from '#core/contract/deprecations';
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';
import {API_COMPONENTS, unknownIdMessage, type IdKind} from './components';
import {isMdxJsxElement, literalAttrValue, parseMdx} from '../mdx-ast';
import type {ResponseCodeView} from '#core/contract/types';
import {rateLimitRows, retryAfterText, type RateLimitTable} from '#core/contract/rate-limits';
import {changeBadges, linkRelease, type Release} from '#core/changelog/changelog';
import type {ReleaseNote} from '#core/changelog/notes';
import {scenarioRows, type CompiledSandbox} from '#core/sandbox/compile';
import {site} from '../../site.config';
import {CONTENT_DIRS, CONTRACT_ROOT, REDOCLY_CONFIG, RESPONSE_CODES_FILE, SITE_DIR} from './paths';
import {compileSandbox, readScenarioFiles} from './sandbox';
import {behaviourUseProblems, loadBehaviour, readJourneys, type Behaviour} from './behaviour';
import {journeyUseProblems, journeyViews} from './journeys';
import type {JourneyFile} from '#core/journeys/view';
import {statusCalls} from '#core/behaviour/model';
import {loadChangelog, startChangelog, type ChangelogThread} from './changelog';
import {readReleaseNotes} from './release-notes';
import {mdxFiles} from './pages';
import {createReloadMemo, type Memo} from '#core/util/memo';
import {createDiskMemo} from './disk-memo';
import {contractDocument, contractYamlProblems, ContractResolver, readContractYaml} from './yaml';
import {WriterError} from '#core/util/writer-error';

// Loaded by Node, not compiled by jiti with the config (node/native-require.ts).
const {bundle, getLineColLocation, lintDocument, loadConfig} = nativeRequire('@redocly/openapi-core') as typeof Redocly;

export class ContractLoadError extends WriterError {}

/**
 * Checks of one file or one operation kept by their input for the next load: the dev server loads
 * the contract again on every edit, and an edit changes one file.
 */
const memo = createReloadMemo();

const rel = (file: string | undefined): string => (file ? path.relative(SITE_DIR, file) : '<unknown>');

/**
 * The composed root refers to `families/<file>` relative to itself, so the families folder is always
 * the root's sibling; deriving it lets a test lint a contract in a temporary folder.
 */
const familiesOf = (root: string): string => path.join(path.dirname(root), 'families');

/** JSON Pointer escaping of one reference token (RFC 6901). */
const pointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The root document with `paths` and `webhooks` composed from every file in
 * openapi/families/: each family file holds `paths` keyed by the full API path
 * and `webhooks` keyed by event id. The root gets a `$ref` per entry, so lint
 * and bundle read the family files themselves and report their real lines.
 */
export function composeRoot(root = CONTRACT_ROOT, familiesDir = familiesOf(root)): Document {
  const rootText = fs.readFileSync(root, 'utf8');
  const rootParsed = contractDocument(root, rootText).parsed as Record<string, unknown>;
  for (const key of ['paths', 'webhooks']) {
    if (key in rootParsed) {
      throw new ContractLoadError(
        `${rel(root)}: remove the "${key}" section; ${key} are composed from openapi/families/*.yaml.`,
      );
    }
  }
  const owners = new Map<string, string>();
  const sections: Record<'paths' | 'webhooks', string[]> = {paths: [], webhooks: []};
  const files = fs
    .readdirSync(familiesDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  for (const name of files) {
    const file = path.join(familiesDir, name);
    const family = (readContractYaml(file) ?? {}) as Record<string, Record<string, unknown> | undefined>;
    for (const section of ['paths', 'webhooks'] as const) {
      for (const key of Object.keys(family[section] ?? {})) {
        const owner = owners.get(`${section}:${key}`);
        if (owner)
          throw new ContractLoadError(
            `${rel(file)}: ${section} entry "${key}" is also defined in ${owner}. Keep it in one family file.`,
          );
        owners.set(`${section}:${key}`, rel(file));
        sections[section].push(
          `  ${JSON.stringify(key)}:\n    $ref: ${JSON.stringify(`families/${name}#/${section}/${pointer(key)}`)}`,
        );
      }
    }
  }
  const text = `${rootText.trimEnd()}\npaths:\n${sections.paths.join('\n') || '  {}'}\nwebhooks:\n${sections.webhooks.join('\n') || '  {}'}\n`;
  return contractDocument(root, text);
}

/**
 * Every YAML file of the contract parses, or the load stops here with each syntax error alone
 * (file:line:column, the reason, the lines around it): nothing that follows from it is reported.
 */
export function assertContractYamlParses(dir = path.dirname(CONTRACT_ROOT)): void {
  const problems = contractYamlProblems(dir);
  if (problems) throw new ContractLoadError(problems);
}

async function redoclyConfig() {
  return loadConfig({configPath: REDOCLY_CONFIG});
}

export async function lintContract(root = CONTRACT_ROOT): Promise<string[]> {
  const config = await redoclyConfig();
  const problems = await lintDocument({
    document: composeRoot(root),
    config,
    externalRefResolver: new ContractResolver(config.resolve),
  });
  return problems.map((p) => {
    const loc = p.location[0];
    // Lint problems carry a JSON pointer; Redocly works out the line and column from the YAML on demand.
    const at = loc ? getLineColLocation(loc).start : undefined;
    const start = at ? `:${at.line}:${at.col}` : '';
    const file = rel(loc?.source?.absoluteRef);
    return `${file}${start} ${p.severity} [${p.ruleId}] ${p.message}${loc?.pointer ? ` (at ${loc.pointer})` : ''}`;
  });
}

/**
 * The contract as published: bundled (refs kept, for the downloads) or dereferenced (for the views
 * and the sandbox), with each operation's `response_code` narrowed to the codes it answers
 * (core/contract/response-enums.ts), from the catalogue beside `root`.
 */
export async function bundleContract(dereference: boolean, root = CONTRACT_ROOT): Promise<OpenApiDocument> {
  const config = await redoclyConfig();
  const res = await bundle({
    doc: composeRoot(root),
    config,
    dereference,
    externalRefResolver: new ContractResolver(config.resolve),
  });
  if (res.problems.length) {
    throw new ContractLoadError(
      `The API contract could not be bundled:\n${res.problems.map((p) => `  ${rel(p.location[0]?.source?.absoluteRef)}: ${p.message}`).join('\n')}`,
    );
  }
  const catalogue = loadResponseCodes(path.join(path.dirname(root), path.basename(RESPONSE_CODES_FILE)));
  const narrowed = withResponseCodeEnums(res.bundle.parsed as OpenApiDocument, catalogue);
  return dereference ? narrowed : publishable(narrowed);
}

/**
 * The bundled document as the downloads publish it: every oneOf/anyOf branch typed
 * (core/contract/typed-branches.ts), so generated clients get unions, not `unknown`. A branch the
 * short forms cannot type fails here, naming where it is.
 */
function publishable(doc: OpenApiDocument): OpenApiDocument {
  const typed = withTypedBranches(doc);
  const untyped = untypedBranches(typed);
  if (untyped.length) {
    throw new ContractLoadError(
      `These oneOf/anyOf branches have no type, so code generators would type them \`unknown\`:\n${untyped.map((p) => `  ${p}`).join('\n')}\nGive each branch a \`type\` (or a \`$ref\`), or write it in a short form the build types for you: only \`required\` (fields of the parent object) or only \`format\` (of the parent's type), with a \`title\` and \`description\`.`,
    );
  }
  return typed;
}

export function loadResponseCodes(file = RESPONSE_CODES_FILE): ResponseCodeView[] {
  const codes = readContractYaml(file) as ResponseCodeView[];
  const seen = new Set<number>();
  for (const c of codes) {
    if (seen.has(c.code)) throw new ContractLoadError(`${rel(file)}: response code ${c.code} is defined twice.`);
    seen.add(c.code);
    // `retry` may be absent: where the rule differs by operation, the derived code table states it
    // (core/behaviour/codes.ts), and the catalogue keeps only what holds for every operation.
    for (const key of ['name', 'meaning', 'action'] as const) {
      if (!c[key]) throw new ContractLoadError(`${rel(file)}: response code ${c.code} has no "${key}".`);
    }
  }
  return codes;
}

export interface PageUse {
  readonly id: string;
  readonly kind: IdKind;
  readonly component: string;
  readonly attr: string;
  /** Relative to the site: `docs/v1/service/aeps/withdrawal.mdx`. */
  readonly file: string;
  readonly line: number;
}

/**
 * The API components of one MDX source that name a contract id (`<Endpoint op="x" />`), read from
 * its syntax tree: the id attribute may stand anywhere among the attributes, and a component
 * written inside a code fence or inline code is text, not a use. `file` is relative to the site.
 */
export function pageUses(source: string, file: string): PageUse[] {
  const uses: PageUse[] = [];
  visit(parsePage(source, file), (node) => {
    if (!isMdxJsxElement(node) || !node.name) return;
    const spec = API_COMPONENTS[node.name]?.id;
    const id = spec && literalAttrValue(node, spec.attr);
    if (!spec || !id) return;
    uses.push({id, kind: spec.kind, component: node.name, attr: spec.attr, file, line: node.position?.start.line ?? 0});
  });
  return uses;
}

/** The page's syntax tree; a page that is not MDX fails with its file, line and column. */
function parsePage(source: string, file: string): Root {
  try {
    return parseMdx(source);
  } catch (e) {
    const {message, line, column} = e as {message: string; line?: number; column?: number};
    throw new ContractLoadError(`${file}${line ? `:${line}:${column ?? 1}` : ''}: not valid MDX: ${message}`);
  }
}

/**
 * The last scan of each file, by its text: the dev server scans the pages on every reload, and
 * only the edited page needs parsing again.
 */
const scanned = new Map<string, {readonly source: string; readonly uses: PageUse[]}>();

/**
 * The files a page's scan depends on besides the page, by their paths in the site: this module
 * (`pageUses`), the parser and the components' table; the parser's version is the lock file's.
 */
export const PAGE_SCAN_CODE = [
  'node/contract/load.ts',
  'node/mdx-ast.ts',
  'node/contract/components.ts',
  'package-lock.json',
] as const;

/**
 * The key of the page scans kept on disk: the hash of Node's version and of each file of `files`,
 * read from the site by its path (not by this module's own name, which a bundle changes). A file
 * that is missing is an error naming it: a key made without its content would serve scans that
 * other code made.
 */
export function pageScanCodeKey(siteDir = SITE_DIR, files: readonly string[] = PAGE_SCAN_CODE): string {
  const hash = crypto.createHash('sha256').update(process.version);
  for (const file of files) {
    const full = path.join(siteDir, file);
    if (!fs.existsSync(full))
      throw new Error(
        `The page scans kept in .cache/page-uses are keyed by the code that scans the pages, and ${file} is missing in ${siteDir}: scan the pages from a checkout of the site (npm start, npm run build, the scripts), not from a bundle.`,
      );
    hash.update('\0').update(file).update('\0').update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

/**
 * Each page's scan also kept on disk by its text (disk-memo.ts), for the next process: parsing
 * every page was 2 to 2.6 s of each dev server start (issue 35), for pages mostly unchanged since
 * the last. Made on the first scan, so a process that imports this module and never scans reads
 * none of the files.
 */
let pageUsesMemo: Memo | undefined;

/**
 * `pageUses` of a page by its text, kept in process and on disk: the page scan and the sidebar's
 * method class (plugins/api-contract/lib/sidebar-method.ts) read the same pages once between them.
 */
export function cachedPageUses(source: string, relative: string): PageUse[] {
  const hit = scanned.get(relative);
  if (hit?.source === source) return hit.uses;
  pageUsesMemo ??= createDiskMemo({dir: path.join(SITE_DIR, '.cache', 'page-uses'), codeKey: pageScanCodeKey()});
  const uses = pageUsesMemo([relative, source], () => pageUses(source, relative));
  scanned.set(relative, {source, uses});
  return uses;
}

/** Every API component that names a contract id in the content folders, with its file and line. */
export function scanPages(dirs = CONTENT_DIRS, siteDir = SITE_DIR): PageUse[] {
  return dirs.flatMap((dir) =>
    [...mdxFiles(dir)].flatMap((file) => cachedPageUses(fs.readFileSync(file, 'utf8'), path.relative(siteDir, file))),
  );
}

/**
 * The ids the contract defines, read straight from the YAML (no lint or bundle), so that a
 * mistyped id on a page is reported before anything that follows from it: `check:content` and
 * `lint:contract` use it as the build does.
 */
export function contractIds(root = CONTRACT_ROOT): Record<IdKind, Set<string>> {
  const ids: Record<IdKind, Set<string>> = {operation: new Set(), webhook: new Set(), tag: new Set()};
  const rootDoc = readContractYaml(root) as {tags?: {name: string}[]};
  for (const t of rootDoc.tags ?? []) ids.tag.add(t.name);
  const dir = familiesOf(root);
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const family = (readContractYaml(path.join(dir, name)) ?? {}) as Record<
      string,
      Record<string, Record<string, {operationId?: string}>> | undefined
    >;
    for (const [section, kind] of [
      ['paths', 'operation'],
      ['webhooks', 'webhook'],
    ] as const) {
      for (const item of Object.values(family[section] ?? {})) {
        for (const op of Object.values(item ?? {})) if (op?.operationId) ids[kind].add(op.operationId);
      }
    }
  }
  return ids;
}

/**
 * Each operation's HTTP method (`POST`) by its id, read straight from the YAML as contractIds reads
 * the ids: docusaurus.site.ts marks each operation page's sidebar entry with it before any plugin
 * has loaded the contract (plugins/api-contract/lib/sidebar-method.ts).
 */
export function operationMethods(root = CONTRACT_ROOT): Map<string, string> {
  const methods = new Map<string, string>();
  const dir = familiesOf(root);
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const family = (readContractYaml(path.join(dir, name)) ?? {}) as {
      paths?: Record<string, Record<string, {operationId?: string}> | undefined>;
    };
    for (const item of Object.values(family.paths ?? {}))
      for (const [method, op] of Object.entries(item ?? {}))
        if (op?.operationId) methods.set(op.operationId, method.toUpperCase());
  }
  return methods;
}

/** One message per component whose id the contract does not define, in file order. */
export function unknownIds(uses: readonly PageUse[], ids: Record<IdKind, Set<string>>): string[] {
  return uses
    .filter((u) => !ids[u.kind].has(u.id))
    .map((u) => unknownIdMessage({...u, where: `${u.file}:${u.line}`}, ids[u.kind]));
}

/**
 * `file:line` of `key` in the operation or webhook `id`: the family file that holds it, and the key's
 * line inside that operation (the operationId line when the key is not written there).
 */
export function locate(id: string, key: string, familiesDir = familiesOf(CONTRACT_ROOT)): string {
  for (const name of fs
    .readdirSync(familiesDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const file = path.join(familiesDir, name);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const at = lines.findIndex((l) => new RegExp(`^\\s*operationId:\\s*['"]?${id}['"]?\\s*$`).test(l));
    if (at < 0) continue;
    const isOpStart = (l: string): boolean => /^\s*operationId:/.test(l);
    const keyRe = new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:`);
    let found = -1;
    for (let i = at + 1; i < lines.length && !isOpStart(lines[i] as string); i++)
      if (keyRe.test(lines[i] as string)) {
        found = i;
        break;
      }
    for (
      let i = at - 1;
      found < 0 && i >= 0 && !isOpStart(lines[i] as string) && !/^ {2}\S/.test(lines[i] as string);
      i--
    )
      if (keyRe.test(lines[i] as string)) found = i;
    return `${rel(file)}:${(found < 0 ? at : found) + 1}`;
  }
  return rel(CONTRACT_ROOT);
}

/**
 * The rules checked on the YAML text, with lines, on every file of the contract (families and shared
 * components): the envelope rule, and state and district ids that agree with the district list.
 */
export function envelopeCheck(root = CONTRACT_ROOT): string[] {
  const dir = path.dirname(root);
  const files = [
    ...fs
      .readdirSync(familiesOf(root))
      .filter((f) => f.endsWith('.yaml'))
      .sort()
      .map((f) => path.join(familiesOf(root), f)),
    path.join(dir, 'components', 'common.yaml'),
  ].filter((f) => fs.existsSync(f));
  // The district list's example is the reference for every (stateid, districtid) pair elsewhere.
  const reference = path.join(familiesOf(root), 'common.yaml');
  const known = new Map(
    fs.existsSync(reference)
      ? addressPairs(fs.readFileSync(reference, 'utf8'), rel(reference)).map((p) => [p.district, p.state] as const)
      : [],
  );
  const pairs = [...known];
  return files.flatMap((f) => {
    const text = fs.readFileSync(f, 'utf8');
    return memo(['envelopeCheck', f, text, f === reference ? [] : pairs], () => [
      ...envelopeProblems(text, rel(f)),
      ...(known.size && f !== reference ? addressProblems(text, rel(f), known, rel(reference)) : []),
    ]);
  });
}

/** `openapi/openapi.yaml:N` of the tag `name` (its `- name:` line), for problems of a family rather than an operation. */
export function locateTag(name: string, root = CONTRACT_ROOT): string {
  const lines = fs.readFileSync(root, 'utf8').split('\n');
  const at = lines.findIndex((l) => new RegExp(`^\\s*-\\s*name:\\s*['"]?${name}['"]?\\s*$`).test(l));
  return `${rel(root)}${at < 0 ? '' : `:${at + 1}`}`;
}

const describeProblem = (p: ContractProblem, familiesDir?: string): string =>
  `${p.id.startsWith('tag ') ? locateTag(p.id.slice('tag '.length)) : locate(p.id, p.key, familiesDir)}: ${p.id}: ${p.message}`;

/** What the contract files alone say: lint-clean, bundled, checked. No page is read for it. */
export interface ContractSource {
  /**
   * With its `$ref`s kept: what the downloads and llms.txt are made from, in the build's postBuild.
   * The dev server, which has no postBuild, does not make it (`SourceOptions.bundled`).
   */
  readonly bundled?: OpenApiDocument;
  /** Dereferenced: what the views are built from. */
  readonly deref: OpenApiDocument;
  /** Every operation's and webhook's body schemas, for checking JSON written in prose. */
  readonly bodies: Record<string, BodySchemas>;
  readonly responseCodes: ResponseCodeView[];
  /** What Retry-After means, in the contract's words (the shared 429 response), for /ResponseCode. */
  readonly retryAfter: string;
  /** Every release since the first published one, newest (the current version) first; entries not yet linked to pages. */
  readonly releases: readonly Release[];
  /** The written part of each release (openapi/releases/notes.yaml), newest first, checked against `releases`. */
  readonly notes: readonly ReleaseNote[];
  /**
   * Set while the changelog is not made yet (`releases` and `notes` empty until then): only in the
   * dev server's first start, which shows the first page before the changelog (`withChangelog`).
   */
  readonly changelogPending?: true;
  /** The sandbox scenarios compiled against the contract. */
  readonly sandbox: CompiledSandbox;
  /** The behaviour model (openapi/behaviour/), checked against the scenarios, examples and pages. */
  readonly behaviour: Behaviour;
  /** The journeys (openapi/journeys/) as the family pages show them. */
  readonly journeys: readonly JourneyFile[];
}

/** The contract with the pages that show it. */
export interface LoadedContract extends ContractSource {
  /** Operation or webhook id -> the file that shows it (`docs/v1/...mdx`). */
  readonly shownIn: ReadonlyMap<string, string>;
  /** Every API component on a page that names a contract id (for the prose checks of the build). */
  readonly uses: readonly PageUse[];
  readonly orphans: string[];
  readonly duplicates: string[];
}

export interface SourceOptions {
  /**
   * The lint, run separately (the dev server runs it beside the reload and prints its problems, so
   * an edit shows at once; the build and `lint:contract` wait for it and stop on a problem).
   */
  readonly lint?: 'wait' | 'skip';
  /** Whether to make `bundled` too (a second bundle: a tenth of a second of every reload). */
  readonly bundled?: boolean;
}

export const lintError = (problems: readonly string[]): ContractLoadError =>
  new ContractLoadError(
    `The API contract has ${problems.length} lint problem(s) (rules in redocly.yaml):\n${problems.map((p) => `  ${p}`).join('\n')}\n  Fix each one in the file and line named; \`npm run lint:contract\` re-checks without a full build.`,
  );

/** Lints the contract; a problem fails with every file and line and the fix. */
export async function assertLintClean(): Promise<void> {
  const problems = await lintContract();
  if (problems.length) throw lintError(problems);
}

/**
 * The contract's compiled form: bundled, its response codes, and the sandbox compiled against it.
 * Data only (no functions or classes), so ./cache.ts can keep it for every tool of a run.
 */
export interface CompiledContract {
  readonly bundled?: OpenApiDocument;
  readonly deref: OpenApiDocument;
  readonly responseCodes: ResponseCodeView[];
  readonly sandbox: CompiledSandbox;
  /**
   * The envelope and address problems of the contract's files (`envelopeCheck`): a third of a
   * second of YAML parsing that depends on those files alone, so the contract cache keeps it with
   * the compile and a compile thread makes it (issue 35).
   */
  readonly envelope: readonly string[];
}

/** Bundle the contract and compile the sandbox: the expensive half of a load, with no checks. */
export async function compileContract({
  bundled: withBundled = true,
}: Pick<SourceOptions, 'bundled'> = {}): Promise<CompiledContract> {
  const [bundled, deref] = await Promise.all([withBundled ? bundleContract(false) : undefined, bundleContract(true)]);
  const responseCodes = loadResponseCodes();
  return {
    ...(bundled ? {bundled} : {}),
    deref,
    responseCodes,
    sandbox: compileSandbox(deref, responseCodes),
    envelope: envelopeCheck(),
  };
}

/** Lint, bundle and check the contract files: everything that does not depend on the pages. */
export async function loadContractSource({lint = 'wait', bundled = true}: SourceOptions = {}): Promise<ContractSource> {
  assertContractYamlParses();
  if (lint === 'wait') await assertLintClean();
  return checkContract(await compileContract({bundled}));
}

const changelogOfSite = {siteVersion: site.apiVersion, date: site.apiReleaseDate} as const;

/**
 * Every release compared with the one before, the current contract last (`loadChangelog`): the
 * dearest part of a load (seconds: each published release bundled, each pair diffed), which
 * node/contract/cache.ts keeps in its entry.
 */
export const contractReleases = (deref: OpenApiDocument): Promise<Release[]> =>
  loadChangelog({current: deref, pages: new Map(), ...changelogOfSite});

/**
 * `contractReleases` in a worker thread, started before the contract is compiled (`startChangelog`),
 * or after the dev server's first compile, in the background.
 */
export const startContractReleases = (background = false): ChangelogThread =>
  startChangelog({...changelogOfSite, background});

/**
 * `source` with its changelog: `releases` made from it, and the release notes checked against them
 * (a problem throws ChangelogError, naming notes.yaml and the fix).
 */
export function withChangelog<T extends ContractSource>(
  source: T,
  releases: readonly Release[],
): Omit<T, 'changelogPending'> {
  const notes = readReleaseNotes({releases, sunsets: new Set(contractDeprecations(source.deref).map((d) => d.sunset))});
  const {changelogPending: _pending, ...made} = source;
  return {...made, releases, notes};
}

/**
 * The checks of a compiled contract (envelope, scenarios, behaviour, changelog, release notes) and
 * what they derive. `releasesOf` makes the changelog (the cache hands in the one it keeps); when it
 * answers `undefined` (the dev server's first start), the source comes without one, marked
 * `changelogPending`, for `withChangelog` later.
 */
export async function checkContract(
  {bundled, deref, responseCodes, sandbox, envelope}: CompiledContract,
  releasesOf: (deref: OpenApiDocument) => Promise<Release[] | undefined> = contractReleases,
): Promise<ContractSource> {
  // Read once: the behaviour check walks them, the pages show them.
  const journeyFiles = readJourneys();
  const {behaviour, problems: behaviourProblems} = loadBehaviour({
    deref,
    sandbox,
    responseCodes,
    scenarioTexts: new Map(readScenarioFiles().families.map((f) => [f.file, f.text])),
    locate: (id, key) => locate(id, key),
    journeys: journeyFiles,
  });
  const {journeys, problems: journeyProblems} = journeyViews(deref, journeyFiles);
  const checks = [...envelope, ...sandbox.problems, ...behaviourProblems, ...journeyProblems];
  if (checks.length) throw checkError(checks);
  const retryAfter = retryAfterText(deref);
  if (!retryAfter) {
    throw new ContractLoadError(
      'openapi/components/common.yaml: responses.TooManyRequests must declare the Retry-After header with a description; /ResponseCode shows that description as what Retry-After means.',
    );
  }
  // Compared here, so that `npm run lint:contract` stops on a changelog that cannot be made; its
  // entries are linked to their pages once Docusaurus has routed them (contractSite).
  const releases = await releasesOf(deref);
  const source: ContractSource = {
    ...(bundled ? {bundled} : {}),
    deref,
    bodies: bodySchemas(deref),
    responseCodes,
    retryAfter,
    releases: [],
    notes: [],
    changelogPending: true,
    sandbox,
    behaviour,
    journeys,
  };
  return releases ? withChangelog(source, releases) : source;
}

const checkError = (checks: readonly string[]): ContractLoadError =>
  new ContractLoadError(
    `The API contract has ${checks.length} problem(s) the lint cannot see:\n${checks.map((p) => `  ${p}`).join('\n')}`,
  );

/** The ids a loaded contract defines, by kind (what `contractIds` reads from the YAML). */
function sourceIds(deref: OpenApiDocument): Record<IdKind, Set<string>> {
  const ids: Record<IdKind, Set<string>> = {operation: new Set(), webhook: new Set(), tag: new Set()};
  for (const t of deref.tags ?? []) ids.tag.add(t.name);
  for (const {kind, op} of listOperations(deref)) ids[kind].add(op.operationId);
  return ids;
}

/**
 * The contract with the pages that show it (`uses`, from `scanPages`, their ids already checked:
 * `assertUsesKnown`): the checks that need the pages (x-related naming an operation no page
 * shows) fail here, each problem with its file and line. The one cross-check of a load:
 * `contractSite` builds the views on what it checked.
 */
export function withPages(source: ContractSource, uses: readonly PageUse[]): LoadedContract {
  const ids = new Set(listOperations(source.deref).map((l) => l.op.operationId));
  const shownIn = new Map<string, string>();
  const duplicates: string[] = [];
  for (const use of uses) {
    if (!ids.has(use.id)) continue; // tags
    const previous = shownIn.get(use.id);
    if (previous && previous !== use.file)
      duplicates.push(`${use.id} is shown on both ${previous} and ${use.file}:${use.line}`);
    else shownIn.set(use.id, use.file);
  }
  const checks = [
    ...crossCheck(source.deref, source.responseCodes, shownIn).map((p) => describeProblem(p)),
    ...behaviourUseProblems(uses, source.behaviour),
    ...journeyUseProblems(uses, source.journeys),
  ];
  if (checks.length) throw checkError(checks);
  const orphans = [...ids].filter((id) => !shownIn.has(id)).sort();
  return {...source, shownIn, uses, orphans, duplicates};
}

const unknownIdsError = (unknown: readonly string[]): ContractLoadError =>
  new ContractLoadError(
    `${unknown.length} page(s) name an id that the API contract does not define:\n${unknown.join('\n')}`,
  );

/** `uses`, after checking each id against `ids`: an id the contract does not define fails, every one at once. */
export function assertUsesKnown(uses: PageUse[], ids: Record<IdKind, Set<string>>): PageUse[] {
  const unknown = unknownIds(uses, ids);
  if (unknown.length) throw unknownIdsError(unknown);
  return uses;
}

/** The pages' API components, their ids checked against a loaded contract (the dev server's reloads). */
export const knownPageUses = (source: ContractSource): PageUse[] =>
  assertUsesKnown(scanPages(), sourceIds(source.deref));

/**
 * Lint, bundle and cross-check the contract, and find the file that shows each operation. Where
 * that file is served is Docusaurus' business: the plugin asks the docs and pages plugins
 * (`contractViews` with their permalinks), so no route is worked out here.
 */
export async function loadContract(): Promise<LoadedContract> {
  const uses = assertPageIdsKnown();
  return withPages(await loadContractSource(), uses);
}

/**
 * The pages' API components, after checking each id against the YAML as written (no lint or
 * bundle): a mistyped id on a page comes first, as the orphan and x-related messages it causes are noise.
 */
export function assertPageIdsKnown(): PageUse[] {
  assertContractYamlParses();
  return assertUsesKnown(scanPages(), contractIds());
}

/** The contract's data that links pages: each at the route Docusaurus gave the file that shows it. */
export interface ContractSite {
  /** Operation or webhook id -> its page's route. */
  readonly pages: ReadonlyMap<string, string>;
  readonly views: ContractViews;
  /** The changelog, newest release first, each entry linked to its page. */
  readonly releases: readonly Release[];
  readonly rateLimits: RateLimitTable;
}

/**
 * The views (with the changelog's badges and each operation's sandbox scenarios), the linked changelog and the
 * rate-limit table, with each operation's page at the route Docusaurus gave the file that shows it.
 * `permalinkOf` maps a file (`docs/v1/...mdx`) to its route; a file it does not know fails with
 * the operation, the file and the fix.
 */
/** The derived code table by operation and code, as the views take it. */
function operationCodeRules(rules: readonly CodeRule[]): Map<string, Map<number, OperationCode>> {
  const out = new Map<string, Map<number, OperationCode>>();
  for (const r of rules) {
    const codes = out.get(r.operation) ?? new Map<number, OperationCode>();
    codes.set(r.code, {meaning: ruleText(r), retry: r.retry});
    out.set(r.operation, codes);
  }
  return out;
}

export function contractSite(loaded: LoadedContract, permalinkOf: (file: string) => string | undefined): ContractSite {
  const pages = new Map<string, string>();
  for (const [id, file] of loaded.shownIn) {
    const permalink = permalinkOf(file);
    if (!permalink)
      throw new ContractLoadError(
        `${file}: shows ${id}, but no plugin built a page from it (is it a draft, or outside docs/ and src/pages/?). Show ${id} on a published page.`,
      );
    pages.set(id, permalink);
  }
  const located = listOperations(loaded.deref);
  const views = buildViews(loaded.deref, loaded.responseCodes, pages, {
    changes: changeBadges(loaded.releases),
    scenarios: new Map(located.map((l) => [l.op.operationId, scenarioRows(loaded.sandbox, l.op.operationId)])),
    codeRules: operationCodeRules(loaded.behaviour.codes),
    statusCalls: statusCalls(loaded.behaviour.families),
  });
  return {
    pages,
    views,
    releases: loaded.releases.map((r) => linkRelease(r, pages)),
    rateLimits: {retryAfter: loaded.retryAfter, rows: rateLimitRows(loaded.deref, located, pages)},
  };
}
