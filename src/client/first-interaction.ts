/**
 * The reader's first interaction with the page (pointer moved or pressed, a key, a scroll, a
 * touch). Work that no reader needs before then waits for it, so it stays out of the page load
 * that Lighthouse and a reader's first seconds measure: link prefetches (idle-prefetch.ts) and
 * the phone menu's docs sidebar (src/theme/DocSidebar/Mobile, through use-interacted.ts: a module
 * of its own, so the hook stays out of the bundle every page loads, where this file is).
 */
const INTERACTIONS = ['pointermove', 'pointerdown', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;

let interacted: Promise<void> | undefined;
/** Set once the reader has interacted (read by use-interacted.ts). */
export let hasInteracted = false;

/** Resolves on the reader's first interaction with the page (listening starts on the first call). */
export function firstInteraction(): Promise<void> {
  interacted ??= new Promise((resolve) => {
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      hasInteracted = true;
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, done, {capture: true, passive: true});
  });
  return interacted;
}
