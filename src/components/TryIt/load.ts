/**
 * Loads the sandbox in the browser on first use, from the files the build serves as they are under
 * /sandbox/ (node/generated.ts `sandboxFiles`): the engine's index, then per family its
 * compiled model, its ajv standalone validators (an ES module with no imports) and its example
 * requests. Fetched rather than bundled on purpose: every chunk the bundler knows adds an entry to
 * the runtime that every page loads, and first visits must not grow (tests/e2e/budget.spec.ts).
 * The validators are code compiled at build time, imported as a module: no eval, no `new Function`,
 * so the site's CSP (script-src 'self') allows them.
 *
 * One sandbox per tab, kept in memory across client-side navigation: a transaction started on one
 * page (pending) answers its status call on the status page, as the real sandbox would.
 */
import siteConfig from '@generated/docusaurus.config';
import {createSandbox, memoryStore, type LoadedFamily, type Sandbox} from '#core/sandbox/engine';
import type {FamilyModel, FamilyValidators, SandboxIndex} from '#core/sandbox/model';
import {
  SANDBOX_URL_DIR,
  TRY_IT_FILE,
  WEBHOOK_EXAMPLES,
  type FamilyRequests,
  type TryItSettings,
} from '#core/sandbox/try-it';

export interface Loaded {
  readonly sandbox: Sandbox;
  readonly index: SandboxIndex;
  readonly model: FamilyModel;
  /** The family's validators, the engine's own: the panel checks the draft with them before it is sent. */
  readonly validators: FamilyValidators;
  readonly requests: FamilyRequests;
  /** What the panel reads from the contract beyond the requests (the token's `kid` transition). */
  readonly settings: TryItSettings;
}

const url = (file: string): string => `${siteConfig.baseUrl}${SANDBOX_URL_DIR}/${file}`;

/** A file the build serves under /sandbox/ (the engine's, a family's, a journey's). */
export async function json<T>(file: string): Promise<T> {
  const res = await fetch(url(file));
  if (!res.ok) throw new Error(`${url(file)} answered ${res.status}: the site was built without its sandbox files.`);
  return (await res.json()) as T;
}

const cache = new Map<string, Promise<unknown>>();
const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
  let found = cache.get(key) as Promise<T> | undefined;
  if (!found) {
    found = load();
    // A failed load (offline for a moment) is tried again on the next use.
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
};

export const loadIndex = (): Promise<SandboxIndex> => once('index', () => json<SandboxIndex>('index.json'));

export const loadWebhookExamples = (): Promise<Readonly<Record<string, string>>> =>
  once('webhooks', () => json<Readonly<Record<string, string>>>(WEBHOOK_EXAMPLES));

/** A family's compiled model and validators, once per tab (the journey runner's engine loads them too). */
export function loadFamily(family: string): Promise<LoadedFamily> {
  return once(`family:${family}`, async () => {
    const [model, validators] = await Promise.all([
      json<FamilyModel>(`${family}.json`),
      import(/* webpackIgnore: true */ url(`${family}.validators.js`)) as Promise<FamilyValidators>,
    ]);
    return {model, validators};
  });
}

const tabSandbox = (): Promise<Sandbox> =>
  once('sandbox', async () =>
    createSandbox({index: await loadIndex(), loadFamily, clock: {now: () => Date.now()}, store: memoryStore()}),
  );

/** The tab's sandbox and what the panel of one operation shows from its family. */
export async function loadPanel(family: string): Promise<Loaded> {
  const [sandbox, index, loaded, requests, settings] = await Promise.all([
    tabSandbox(),
    loadIndex(),
    loadFamily(family),
    once(`requests:${family}`, () => json<FamilyRequests>(`${family}.requests.json`)),
    once('try-it', () => json<TryItSettings>(TRY_IT_FILE)),
  ]);
  return {sandbox, index, model: loaded.model, validators: loaded.validators, requests, settings};
}
