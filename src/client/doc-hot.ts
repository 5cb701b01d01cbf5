/**
 * The browser's side of plugins/mdx-hot (dev server only): a docs page whose MDX module was edited
 * takes the module's new exports and renders again, instead of Docusaurus remounting the whole app.
 *
 * The module's hot-update code (plugins/mdx-hot/loader.cjs) records which module a page's content
 * came from in `__rrDocModules` and, after an edit, calls `__rrDocHot` with the new exports; this
 * answers whether the update was taken: by an open page, or kept for the page opened next (if not,
 * a partial's, the update goes up as usual).
 */
import {useEffect, useState} from 'react';

type ModuleId = string | number;
type ModuleExports = {readonly default: unknown} & Record<string, unknown>;

declare global {
  var __rrDocModules: WeakMap<object, ModuleId> | undefined;
  var __rrDocHot: ((id: ModuleId, exports: ModuleExports) => boolean) | undefined;
  /** How many times each docs module ran again after an edit (plugins/mdx-hot/loader.cjs). */
  var __rrDocRuns: Record<string, number> | undefined;
}

/** The part of the bundler's hot-update API used here (`import.meta.webpackHot`, dev server only). */
interface HotStatusApi {
  addStatusHandler(handler: (status: string) => void): void;
}

/**
 * Dev server only: `<html data-hot-updates="N">` counts the hot updates applied since the page
 * loaded, and `data-hot-status` is the bundler's hot-update status (`idle` when none is under way).
 * An update can change nothing on screen (an edit of a doc the page does not show), and this is
 * how a test (tests/dev/hot-update.spec.ts) waits for it instead of sleeping. Applying ends in the
 * status `idle` after `apply`; a check that found nothing goes `check` -> `idle`.
 */
function countAppliedUpdates(hot: HotStatusApi | undefined): void {
  if (!hot || typeof document === 'undefined') return;
  let last = 'idle';
  hot.addStatusHandler((status) => {
    const root = document.documentElement;
    if (status === 'idle' && last === 'apply')
      root.dataset.hotUpdates = String(Number(root.dataset.hotUpdates ?? '0') + 1);
    root.dataset.hotStatus = status;
    last = status;
  });
}
if (process.env.NODE_ENV !== 'production') countAppliedUpdates((import.meta as {webpackHot?: HotStatusApi}).webpackHot);

const listeners = new Map<ModuleId, Set<() => void>>();
/**
 * Each module's content as of its last edit taken in place. Docusaurus keeps the content it loaded
 * first for the route, so a page opened again later (after a visit elsewhere) reads it from here.
 */
const newest = new Map<ModuleId, unknown>();

function handOver(id: ModuleId, exports: ModuleExports): boolean {
  newest.set(id, contentOf(exports));
  const taking = listeners.get(id);
  for (const render of taking ?? []) render();
  // A doc's page module (its exports carry the doc's metadata; a partial's do not) takes its update
  // even when no open page shows it: the page opened next reads its content from `newest`. Passed
  // up, the update re-ran Docusaurus' client entry, which made every route anew and rendered the
  // app again once the open page's route had loaded. A page opened in between was rendered again by
  // its new route, not loaded yet, and stayed empty: react-loadable drops a load that ends before its
  // component mounts, and React mounts that render late (test:dev failed so once in CI and in 2 of
  // about 30 local runs, issue 35). A partial still passes its update up, to the docs importing it.
  return Boolean(taking?.size) || 'metadata' in exports;
}

/**
 * A page's content as Docusaurus makes it from a loaded module (ComponentCreator): the default
 * export (the MDX component) with the named exports (front matter, TOC, metadata) set on it.
 */
export function contentOf<T>(exports: ModuleExports): T {
  const content = exports.default as Record<string, unknown>;
  for (const key of Object.keys(exports)) if (key !== 'default') content[key] = exports[key];
  return content as T;
}

/**
 * Installs the hand-over the docs modules' hot-update code calls (plugins/mdx-hot/loader.cjs). Done
 * when this module loads, with the docs' route component (src/theme/DocItem), not when a doc first
 * shows: an edit of a doc loaded but not shown (a hovered link preloads it) is taken all the same.
 */
export function installHandOver(): void {
  globalThis.__rrDocHot ??= handOver;
}
if (process.env.NODE_ENV !== 'production') installHandOver();

/** Renders again (`render`) when module `id` is edited; returns the unsubscribe. */
export function onDocUpdate(id: ModuleId, render: () => void): () => void {
  const taking = listeners.get(id) ?? new Set();
  listeners.set(id, taking.add(render));
  return () => {
    taking.delete(render);
    if (!taking.size) listeners.delete(id);
  };
}

/** The content of module `id` as of its last edit taken in place, if any. */
export function newestContent<T>(id: ModuleId | undefined): T | undefined {
  return id === undefined ? undefined : (newest.get(id) as T | undefined);
}

function useDevHotContent<T extends object>(content: T): T {
  const [, setEdits] = useState(0);
  const id = globalThis.__rrDocModules?.get(content);
  useEffect(() => (id === undefined ? undefined : onDocUpdate(id, () => setEdits((n) => n + 1))), [id]);
  return newestContent<T>(id) ?? content;
}

const asIs = <T>(content: T): T => content;

/** The page's content, or its newer version after an edit in the dev server; in a build, as it is. */
export const useHotContent: <T extends object>(content: T) => T =
  process.env.NODE_ENV === 'production' ? asIs : useDevHotContent;
