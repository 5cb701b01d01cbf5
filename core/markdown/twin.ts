/**
 * Where the Markdown copy of a page lives: next to its HTML, at the page's path plus `.md`
 * (`/docs/v1/service/aeps/withdrawal` -> `/docs/v1/service/aeps/withdrawal.md`). A path that
 * ends in `/` is a folder index, so its copy is `index.md` inside it (`/docs/v1/` ->
 * `/docs/v1/index.md`), never `/docs/v1.md` or `/docs/v1/.md`.
 *
 * Kept apart from ./markdown.ts because the page's "Copy page as Markdown" button imports it:
 * the browser gets these few lines, not the renderers.
 */
export function markdownTwinPath(permalink: string): string {
  const path = permalink.replace(/[?#].*$/, '');
  return path.endsWith('/') ? `${path}index.md` : `${path}.md`;
}
