/**
 * The API changelog as RSS 2.0 and Atom feeds, one entry per release, for readers who follow API
 * changes in a feed reader. Written by plugins/api-contract in postBuild and announced on every page
 * with <link rel="alternate">, as the blog announces its own. Pure: strings in, strings out.
 *
 * Our own feeds, not items in the blog's: Docusaurus runs every plugin's postBuild at once, so
 * editing the blog plugin's feed files would race with it; and a subscriber to API changes wants
 * those, not every blog post.
 */
import {changeAnchor, CHANGELOG_PATH, releaseAnchor, releaseSummary, type Release} from './changelog';

export const CHANGELOG_FEEDS = {
  rss: `${CHANGELOG_PATH}/rss.xml`,
  atom: `${CHANGELOG_PATH}/atom.xml`,
} as const;

export interface FeedSite {
  /** Absolute URL of the site root, without a trailing slash: `https://docs.example`. */
  readonly origin: string;
  readonly productName: string;
  /** The feed's author (Atom requires one): the API's provider. */
  readonly author: string;
  readonly copyright: string;
}

/** Text for XML: the five predefined entities. */
export function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export {releaseAnchor};

/** Backticks in the tool's words become <code> in the feed's HTML. */
const inline = (text: string): string => xml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The entry's HTML: the summary, then every breaking change with a link to its entry. */
export function releaseHtml(release: Release, origin: string): string {
  const page = `${origin}${CHANGELOG_PATH}`;
  const breaking = [
    ...release.everyOperation
      .filter((l) => l.type === 'breaking')
      .map((l) => `Every operation: ${inline(l.text)}${l.reason ? ` (${inline(l.reason)})` : ''}`),
    ...release.items
      .filter((i) => i.breaking)
      .map((i) => {
        const lines = i.changes
          .filter((l) => l.type === 'breaking')
          .map((l) => `${inline(l.text)}${l.reason ? ` (${inline(l.reason)})` : ''}`);
        const what = i.status === 'removed' ? 'Removed' : lines.join('; ');
        return `<a href="${xml(`${page}#${changeAnchor(release.version, i.id)}`)}">${xml(i.summary)}</a> (<code>${xml(i.id)}</code>): ${what}`;
      }),
  ];
  return [
    `<p>${xml(releaseSummary(release))}</p>`,
    breaking.length ? `<p>Breaking changes:</p><ul>${breaking.map((b) => `<li>${b}</li>`).join('')}</ul>` : '',
    `<p><a href="${xml(`${page}#${releaseAnchor(release.version)}`)}">Every change of ${xml(release.version)}</a></p>`,
  ].join('');
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** RFC 822 date of an ISO day at midnight UTC, as RSS wants it: `Tue, 24 Nov 2026 00:00:00 GMT`. */
export function rfc822(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new Error(`"${isoDay}" is not a date (YYYY-MM-DD).`);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} 00:00:00 GMT`;
}

/** Both feeds, newest release first. */
export function changelogFeeds(releases: readonly Release[], site: FeedSite): {rss: string; atom: string} {
  const page = `${site.origin}${CHANGELOG_PATH}`;
  const title = `${site.productName} API changelog`;
  const description = `Every change to the ${site.productName} API contract, release by release, with breaking changes flagged.`;
  const latest = releases[0]?.date ?? '1970-01-01';
  const link = (r: Release): string => `${page}#${releaseAnchor(r.version)}`;
  const rss = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(title)}</title>`,
    `    <link>${xml(page)}</link>`,
    `    <description>${xml(description)}</description>`,
    '    <language>en</language>',
    `    <copyright>${xml(site.copyright)}</copyright>`,
    `    <lastBuildDate>${rfc822(latest)}</lastBuildDate>`,
    `    <atom:link href="${xml(`${site.origin}${CHANGELOG_FEEDS.rss}`)}" rel="self" type="application/rss+xml"/>`,
    ...releases.flatMap((r) => [
      '    <item>',
      `      <title>${xml(`${site.productName} API ${r.version}`)}</title>`,
      `      <link>${xml(link(r))}</link>`,
      `      <guid isPermaLink="true">${xml(link(r))}</guid>`,
      `      <pubDate>${rfc822(r.date)}</pubDate>`,
      `      <description>${xml(releaseHtml(r, site.origin))}</description>`,
      '    </item>',
    ]),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
  const atom = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(page)}</id>`,
    `  <title>${xml(title)}</title>`,
    `  <subtitle>${xml(description)}</subtitle>`,
    `  <updated>${latest}T00:00:00Z</updated>`,
    `  <link rel="alternate" href="${xml(page)}"/>`,
    `  <link rel="self" href="${xml(`${site.origin}${CHANGELOG_FEEDS.atom}`)}"/>`,
    `  <author><name>${xml(site.author)}</name></author>`,
    `  <rights>${xml(site.copyright)}</rights>`,
    ...releases.flatMap((r) => [
      '  <entry>',
      `    <title>${xml(`${site.productName} API ${r.version}`)}</title>`,
      `    <id>${xml(link(r))}</id>`,
      `    <link rel="alternate" href="${xml(link(r))}"/>`,
      `    <updated>${r.date}T00:00:00Z</updated>`,
      `    <summary>${xml(releaseSummary(r))}</summary>`,
      `    <content type="html">${xml(releaseHtml(r, site.origin))}</content>`,
      '  </entry>',
    ]),
    '</feed>',
    '',
  ].join('\n');
  return {rss, atom};
}
