/**
 * "Ask the status call" must lead somewhere. Wherever prose (a docs page, a blog post, an
 * operation's description in the contract) speaks of *the* status call, status page or status
 * endpoint, in the singular and definite, it must link the page of an operation that reports an outcome (an
 * operation whose id ends in `-status`) in the same paragraph or table cell; a contract
 * description must name one in its operation's `x-related`, which the page links. Status calls in
 * the plural are the general idea and need no link.
 *
 * Pure: node/contract/prose.ts parses the pages and resolves their links.
 */

/**
 * A singular claim: "the status call", "its status page", "the transfer status endpoint". After an
 * indefinite word ("a status call made early", "make one status call for each") it is the general
 * idea, like the plural.
 */
export const STATUS_CLAIM = /(?<!\b(?:a|an|one|any|no) )\bstatus (?:call|page|endpoint|operation)\b(?!s)/i;

/** True for the id of an operation that reports a transaction's outcome. */
export const isStatusOperation = (id: string): boolean => id.endsWith('-status');

/** A paragraph, heading or table cell of a page: its text (code left out), line and link targets. */
export interface ProseBlock {
  readonly line: number;
  readonly text: string;
  readonly links: readonly string[];
}

export interface PageProse {
  /** Repository path, for messages. */
  readonly file: string;
  readonly blocks: readonly ProseBlock[];
  /** The operations this page itself shows: a claim on a status page may mean its own call. */
  readonly shows: readonly string[];
  /** Status operations a writer most likely means here (see suggestStatusPages), as `route (id)`. */
  readonly suggestions: readonly string[];
}

/**
 * One message per block that claims a status call but links no page showing one. `opsAt` gives the
 * operations the page behind a link target shows (empty for a link that leads elsewhere).
 */
export function statusClaimProblems(page: PageProse, opsAt: (link: string) => readonly string[]): string[] {
  if (page.shows.some(isStatusOperation)) return [];
  return page.blocks.flatMap((block) => {
    const claim = STATUS_CLAIM.exec(block.text)?.[0];
    if (!claim) return [];
    if (block.links.some((link) => opsAt(link).some(isStatusOperation))) return [];
    const hint = page.suggestions.length ? ` (here most likely ${page.suggestions.join(' or ')})` : '';
    return [
      `${page.file}:${block.line}: "${claim}" links no status operation. Link the page of the operation that reports this outcome, an id ending in -status${hint}, in the same paragraph; or speak of status calls in general, in the plural.`,
    ];
  });
}

/**
 * The status operations a page most likely means: those its own operations name in `x-related`,
 * else those whose pages share the longest folder with it. As `route (id)`, at most three.
 */
export function suggestStatusPages(
  route: string,
  shows: readonly string[],
  related: ReadonlyMap<string, readonly string[]>,
  pages: ReadonlyMap<string, string>,
): string[] {
  const label = (id: string): string => `${pages.get(id) ?? '?'} (${id})`;
  const named = [...new Set(shows.flatMap((id) => related.get(id) ?? []))].filter(
    (id) => isStatusOperation(id) && pages.has(id),
  );
  if (named.length) return named.slice(0, 3).map(label);
  const folders = route.split('/').filter(Boolean);
  const shared = (other: string): number => {
    const parts = other.split('/').filter(Boolean);
    let n = 0;
    while (n < parts.length && n < folders.length && parts[n] === folders[n]) n++;
    return n;
  };
  const candidates = [...pages].filter(([id]) => isStatusOperation(id));
  const best = Math.max(0, ...candidates.map(([, r]) => shared(r)));
  // Sharing only /docs/v1 says nothing about which family is meant.
  if (best < 3) return [];
  return candidates
    .filter(([, r]) => shared(r) === best)
    .map(([id]) => id)
    .sort()
    .slice(0, 3)
    .map(label);
}

/**
 * Contract descriptions: an operation or webhook whose description claims a status call must name
 * a status operation in `x-related`, so that its page links it. A status operation is exempt.
 */
export function describedStatusClaim(
  id: string,
  description: string | undefined,
  related: readonly string[],
): string | undefined {
  if (isStatusOperation(id)) return undefined;
  const claim = STATUS_CLAIM.exec(description ?? '')?.[0];
  if (!claim || related.some(isStatusOperation)) return undefined;
  return `the description speaks of "${claim}", but x-related names no status operation. Add the operation it means (an id ending in -status) to x-related, so the page links it.`;
}
