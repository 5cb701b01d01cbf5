/**
 * Contract prose and the reference's labels: plain text with `code` spans and links to site pages
 * (`[Headers and tokens](/HeaderMarkdown)`), the only Markdown allowed there, so that it reads the
 * same in Postman, in the YAML, on the page and in the Markdown twin.
 */
export interface InlineSegment {
  readonly code: boolean;
  readonly text: string;
  /** Set on a link: its target as written (a site path). */
  readonly href?: string;
}

const INLINE = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(text: string): InlineSegment[] {
  const out: InlineSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push({code: false, text: text.slice(last, m.index)});
    if (m[1] !== undefined) out.push({code: true, text: m[1]});
    else out.push({code: false, text: m[2] as string, href: m[3]});
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({code: false, text: text.slice(last)});
  return out;
}
