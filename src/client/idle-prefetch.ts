/**
 * Docusaurus prefetches the chunks of the route behind every link as soon as the link scrolls
 * into view. On a first visit that is every visible link at once, right after hydration: route
 * matching plus one `<link rel=prefetch>` per chunk, all in one task, the longest of the load on a
 * slow phone. This queues those prefetches and
 * runs them once the reader first does something on the page (moves the pointer, scrolls, touches,
 * types), a few at a time in idle periods, so they never compete with loading the page or with
 * input. Hover and touch still preload the link under the finger at once
 * (`window.docusaurus.preload`, untouched).
 */

import {firstInteraction} from './first-interaction';

type Prefetch = Window['docusaurus']['prefetch'];

/**
 * Work per idle callback, in milliseconds. Short enough that even at Lighthouse's 4x CPU
 * slowdown a slice stays well under the 50 ms that makes a task "long".
 */
const SLICE_MS = 6;
/** Milliseconds of an idle period to leave unused. */
const RESERVE_MS = 2;

/**
 * Wraps `prefetch` so that calls are queued (each path once) and drained by `scheduleIdle`,
 * at least one per idle callback so the queue always moves.
 */
export function deferPrefetch(
  prefetch: (path: string) => unknown,
  scheduleIdle: (run: (deadline: {timeRemaining(): number}) => void) => void,
  now: () => number = () => performance.now(),
): Prefetch {
  const queue: string[] = [];
  const seen = new Set<string>();
  let scheduled = false;
  const drain = (deadline: {timeRemaining(): number}) => {
    scheduled = false;
    const start = now();
    do {
      const next = queue.shift();
      if (next !== undefined) prefetch(next);
    } while (queue.length && deadline.timeRemaining() > RESERVE_MS && now() - start < SLICE_MS);
    if (queue.length) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    scheduleIdle(drain);
  };
  return (path) => {
    if (!seen.has(path)) {
      seen.add(path);
      queue.push(path);
      schedule();
    }
    return false;
  };
}

function browserIdle(run: (deadline: {timeRemaining(): number}) => void): void {
  void firstInteraction().then(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, {timeout: 3000});
    else setTimeout(() => run({timeRemaining: () => 0}), 200);
  });
}

/** The `window.docusaurus` objects this module made, so it wraps each API object once. */
const wrapped = new WeakSet<object>();

/**
 * Puts a deferred `prefetch` into `holder.docusaurus` unless it is already one of ours. Docusaurus
 * freezes `window.docusaurus`, so it is replaced by a frozen copy (links read
 * `window.docusaurus.prefetch` when they call it). Checked on every route update, not once: in the
 * dev server a hot update re-runs Docusaurus' client entry, which puts its own object back and
 * remounts every link, and each visible link would then prefetch at once, in the hot update's task.
 */
export function deferPrefetchOf(holder: {docusaurus?: Window['docusaurus']}, scheduleIdle = browserIdle): boolean {
  const api = holder.docusaurus;
  if (!api || wrapped.has(api)) return false;
  const lean = Object.freeze({...api, prefetch: deferPrefetch(api.prefetch.bind(api), scheduleIdle)});
  wrapped.add(lean);
  holder.docusaurus = lean;
  return true;
}

/** Runs in the first render's layout effects, before any link's IntersectionObserver reports. */
export function onRouteDidUpdate(): void {
  if (typeof window !== 'undefined') deferPrefetchOf(window);
}
