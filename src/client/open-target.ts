/**
 * A link to a field folded under its parent (src/components/ParamTable, issue 34) opens the folds
 * around it. Chromium opens a closed `<details>` itself when a page load or a same-page link targets
 * something inside; a client-side navigation from another page scrolls by script, which does not,
 * and other browsers may not at all. So after each route update and hash change: open the folds
 * around the target, then bring it into view again (it had no box while folded).
 */
export function openFoldsAround(target: Element | null): boolean {
  let opened = false;
  for (let fold = target?.parentElement?.closest('details'); fold; fold = fold.parentElement?.closest('details')) {
    if (!fold.open) {
      fold.open = true;
      opened = true;
    }
  }
  return opened;
}

function openHashTarget(hash: string): void {
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return; // a malformed escape names no element
  }
  const target = id ? document.getElementById(id) : null;
  if (openFoldsAround(target)) target?.scrollIntoView();
}

export function onRouteDidUpdate({location}: {readonly location: {readonly hash: string}}): void {
  openHashTarget(location.hash);
}

if (typeof window !== 'undefined') {
  window.addEventListener('hashchange', () => openHashTarget(window.location.hash));
}
