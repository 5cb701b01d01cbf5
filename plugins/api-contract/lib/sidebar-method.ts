/**
 * The sidebar shows an operation's HTTP method after its title, as Scalar's does (issue 34). The
 * docs plugin gives a sidebar entry the class its page's front matter names (`sidebar_class_name`),
 * so the site's front matter hook (docusaurus.site.ts `markdown.parseFrontMatter`) adds one to
 * every page that shows one operation: `op-post` (short: each byte of it ships in the sidebar's data
to every docs page). The method itself is
 * drawn by CSS (src/css/custom.css) as text, so a screen reader reads it with the title and no
 * script or data ships for it; the method comes from the contract, never from the page.
 */
import {cachedPageUses} from '#node/contract/load';

/** The prefix of an entry's class; the method follows in lower case (`op-get`). */
export const SIDEBAR_METHOD_CLASS = 'op-';

/**
 * The class for a page's sidebar entry: the method of the one operation its `<Endpoint>` shows,
 * or undefined for a page that shows none or several (an overview), or that names its own class.
 * `file` is relative to the site, for the messages of a page that is not valid MDX.
 */
export function sidebarMethodClass(
  source: string,
  file: string,
  methods: ReadonlyMap<string, string>,
  frontMatter: Readonly<Record<string, unknown>>,
): string | undefined {
  // Most pages have no <Endpoint>: they are not parsed a second time.
  if (frontMatter.sidebar_class_name !== undefined || !source.includes('<Endpoint')) return undefined;
  const ops = new Set(cachedPageUses(source, file).flatMap((u) => (u.component === 'Endpoint' ? [u.id] : [])));
  const [op] = ops;
  const method = ops.size === 1 && op ? methods.get(op) : undefined;
  return method ? `${SIDEBAR_METHOD_CLASS}${method.toLowerCase()}` : undefined;
}
