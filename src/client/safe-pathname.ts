/**
 * A pathname with a malformed percent-encoding (`/docs/%E0%A4%A`) makes the
 * router's decodeURI throw during hydration, leaving a dead page. Before the
 * app starts, re-encode the stray `%` signs so the router sees a valid path,
 * which matches no route and renders the not-found page like any other typo.
 */
export function safePathname(pathname: string): string | undefined {
  try {
    decodeURI(pathname);
    return undefined;
  } catch {
    return pathname.replace(/%(?![0-9A-Fa-f]{2})/g, '%25').replace(/%([0-9A-Fa-f]{2})/g, (m) => {
      try {
        decodeURIComponent(m);
        return m;
      } catch {
        return `%25${m.slice(1)}`;
      }
    });
  }
}

if (typeof window !== 'undefined') {
  const fixed = safePathname(window.location.pathname);
  if (fixed !== undefined) {
    window.history.replaceState(window.history.state, '', fixed + window.location.search + window.location.hash);
  }
}
