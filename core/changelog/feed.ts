/**
 * The API changelog as RSS 2.0 and Atom feeds, one entry per release, for readers who follow API
 * changes in a feed reader. Written by plugins/api-contract in postBuild and announced on every page
 * with <link rel="alternate">, as the blog announces its own. Pure: strings in, strings out. The XML
 * is the `feed` library's; the HTML of each entry (the release's notes) is ours.
 *
 * Our own feeds, not items in the blog's: Docusaurus runs every plugin's postBuild at once, so
 * editing the blog plugin's feed files would race with it; and a subscriber to API changes wants
 * those, not every blog post.
 */
import {Feed} from 'feed';
import {defaultLabels, interpolate, type Labels} from '../contract/labels';
import {parseInline} from '../markdown/inline';
import {CHANGELOG_FEEDS, CHANGELOG_PATH, partAnchor, releaseAnchor, type Release} from './changelog';
import type {BreakingNote, ReleaseNote} from './notes';

export {CHANGELOG_FEEDS};

export interface FeedSite {
  /** Absolute URL of the site root, without a trailing slash: `https://docs.example`. */
  readonly origin: string;
  readonly productName: string;
  /** The feed's author (Atom requires one): the API's provider. */
  readonly author: string;
  readonly copyright: string;
}

/** Text for HTML (and XML): the five predefined entities. The feeds' entries are HTML built here. */
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

/** An ISO day (`YYYY-MM-DD`) at midnight UTC; the library writes it in each feed's date format. */
export function dayOf(isoDay: string): Date {
  const d = new Date(`${isoDay}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDay) || Number.isNaN(d.getTime()))
    throw new Error(`"${isoDay}" is not a date (YYYY-MM-DD).`);
  return d;
}

/**
 * Both feeds, newest release first, written by `feed` (the blog plugin's own library). Each entry
 * is the release's written notes (`notes`, from openapi/releases/notes.yaml): its summary as the
 * synopsis (RSS `description`, Atom `summary`) and the summary with its checklist as the content
 * (RSS `content:encoded`, Atom `content`), both HTML, as the blog's feeds have them.
 */
export function changelogFeeds(
  releases: readonly Release[],
  notes: readonly ReleaseNote[],
  site: FeedSite,
): {rss: string; atom: string} {
  const noted = notesOfReleases(releases, notes);
  const page = `${site.origin}${CHANGELOG_PATH}`;
  const feed = new Feed({
    id: page,
    link: page,
    title: `${site.productName} API changelog`,
    description: `Every change to the ${site.productName} API contract, release by release, with breaking changes flagged.`,
    language: 'en',
    copyright: site.copyright,
    author: {name: site.author},
    // The newest release's day, not the build's: a rebuild with nothing new leaves the feeds as they were.
    updated: dayOf(releases[0]?.date ?? '1970-01-01'),
    feedLinks: {rss: `${site.origin}${CHANGELOG_FEEDS.rss}`, atom: `${site.origin}${CHANGELOG_FEEDS.atom}`},
  });
  for (const r of noted) {
    const link = `${page}#${releaseAnchor(r.version)}`;
    feed.addItem({
      title: `${site.productName} API ${r.version}`,
      id: link,
      link,
      date: dayOf(r.date),
      description: xml(plain(r.summary)),
      content: releaseHtml(r, site.origin),
    });
  }
  return {rss: feed.rss2(), atom: feed.atom1()};
}
