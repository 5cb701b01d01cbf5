/**
 * The browser's side of plugins/mdx-hot (dev server only): a docs page whose MDX module was edited
 * takes the module's new exports and renders again, instead of Docusaurus remounting the whole app.
 *
 * The module's hot-update code (plugins/mdx-hot/loader.cjs) records which module a page's content
 * came from in `__rrDocModules` and, after an edit, calls `__rrDocHot` with the new exports; this
 * answers whether an open page took them (if not, the update goes up as usual).
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
  // Kept even when no open page takes it: the update then goes up to the module's importers, and
  // Docusaurus may load the route's content again, but only once that second update has been
  // applied. A page opened before then would show the content it loaded first (a test that opened
  // it as soon as this module had run saw the old text, once in about five runs).
  newest.set(id, contentOf(exports));
  const taking = listeners.get(id);
  if (!taking?.size) return false;
  for (const render of taking) render();
  return true;
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
 * Renders again (`render`) when module `id` is edited; returns the unsubscribe. Installs the hand-over
 * the module's hot-update code calls.
 */
export function onDocUpdate(id: ModuleId, render: () => void): () => void {
  globalThis.__rrDocHot ??= handOver;
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
