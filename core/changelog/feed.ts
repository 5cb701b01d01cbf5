/**
 * The API changelog as RSS 2.0 and Atom feeds, one entry per release, for readers who follow API
 * changes in a feed reader. Written by plugins/api-contract in postBuild and announced on every page
 * with <link rel="alternate">, as the blog announces its own. Pure: strings in, strings out.
 *
 * Our own feeds, not items in the blog's: Docusaurus runs every plugin's postBuild at once, so
 * editing the blog plugin's feed files would race with it; and a subscriber to API changes wants
 * those, not every blog post.
 */
import {defaultLabels, interpolate, type Labels} from '../contract/labels';
import {parseInline} from '../markdown/inline';
import {CHANGELOG_PATH, partAnchor, releaseAnchor, type Release} from './changelog';
import type {BreakingNote, ReleaseNote} from './notes';

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

/** A link of the notes as written (a site path or `#anchor`), absolute: a feed reader has no page to resolve it against. */
const absolute = (href: string, origin: string): string =>
  href.startsWith('#') ? `${origin}${CHANGELOG_PATH}${href}` : href.startsWith('/') ? `${origin}${href}` : href;

/** The notes' inline Markdown (`code` spans, links to site pages) as the feed's HTML. */
const inline = (text: string, origin: string): string =>
  parseInline(text.replace(/\s+/g, ' ').trim())
    .map((s) =>
      s.code
        ? `<code>${xml(s.text)}</code>`
        : s.href
          ? `<a href="${xml(absolute(s.href, origin))}">${xml(s.text)}</a>`
          : xml(s.text),
    )
    .join('');

/** The notes' words as plain text (Atom's summary): code spans and link texts as words, whitespace as one space. */
export const plain = (text: string): string =>
  parseInline(text)
    .map((s) => s.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** One checklist item in the page's words (the same labels as <ApiChangelog>'s checklist). */
function checklistHtml(item: BreakingNote, version: string, labels: Labels, origin: string): string {
  const sunset = item.sunset
    ? interpolate(labels['api.changelog.sunsetDate'], {date: item.sunset})
    : interpolate(labels['api.changelog.noWindow'], {version});
  return `<li>${inline(item.change, origin)}<br/><strong>${xml(labels['api.changelog.action'])}</strong>: ${inline(item.action, origin)}<br/><strong>${xml(labels['api.changelog.sunset'])}</strong>: ${xml(sunset)}</li>`;
}

/**
 * The entry's HTML: the release's written summary and its breaking-changes checklist (from
 * openapi/releases/notes.yaml, as the changelog page opens each release), then a link to every change.
 */
export function releaseHtml(note: ReleaseNote, origin: string): string {
  const page = `${origin}${CHANGELOG_PATH}`;
  const labels = defaultLabels();
  const checklist = note.breaking.map((b) => checklistHtml(b, note.version, labels, origin)).join('');
  return [
    `<p>${inline(note.summary, origin)}</p>`,
    checklist
      ? `<p><a href="${xml(`${page}#${partAnchor(note.version, 'breaking')}`)}">${xml(labels['api.changelog.breaking'])}</a>:</p><ul>${checklist}</ul>`
      : '',
    `<p><a href="${xml(`${page}#${releaseAnchor(note.version)}`)}">Every change of ${xml(note.version)}</a></p>`,
  ].join('');
}

/**
 * The notes of each release, in the releases' order. The build checks every release has notes
 * (checkReleaseNotes); a feed built without them would fall back to nothing worth reading, so a
 * missing one stops here with the file to fix.
 */
export function notesOfReleases(releases: readonly Release[], notes: readonly ReleaseNote[]): ReleaseNote[] {
  return releases.map((r) => {
    const note = notes.find((n) => n.version === r.version);
    if (!note)
      throw new Error(
        `The changelog feeds have no notes for ${r.version}: add "${r.version}:" with date, summary and breaking to openapi/releases/notes.yaml (see its header).`,
      );
    return note;
  });
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

/**
 * Both feeds, newest release first, each entry the release's written notes (`notes`, from
 * openapi/releases/notes.yaml): RSS's description and Atom's content as escaped HTML, Atom's
 * summary as plain text.
 */
export function changelogFeeds(
  releases: readonly Release[],
  notes: readonly ReleaseNote[],
  site: FeedSite,
): {rss: string; atom: string} {
  const noted = notesOfReleases(releases, notes);
  const page = `${site.origin}${CHANGELOG_PATH}`;
  const title = `${site.productName} API changelog`;
  const description = `Every change to the ${site.productName} API contract, release by release, with breaking changes flagged.`;
  const latest = releases[0]?.date ?? '1970-01-01';
  const link = (r: ReleaseNote): string => `${page}#${releaseAnchor(r.version)}`;
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
    ...noted.flatMap((r) => [
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
    ...noted.flatMap((r) => [
      '  <entry>',
      `    <title>${xml(`${site.productName} API ${r.version}`)}</title>`,
      `    <id>${xml(link(r))}</id>`,
      `    <link rel="alternate" href="${xml(link(r))}"/>`,
      `    <updated>${r.date}T00:00:00Z</updated>`,
      `    <summary>${xml(plain(r.summary))}</summary>`,
      `    <content type="html">${xml(releaseHtml(r, site.origin))}</content>`,
      '  </entry>',
    ]),
    '</feed>',
    '',
  ].join('\n');
  return {rss, atom};
}
