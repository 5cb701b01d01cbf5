/**
 * Contract descriptions are plain text with `code` spans (the only Markdown we
 * allow there, so that they read the same in Postman and in the YAML).
 */
export interface InlineSegment {
  readonly code: boolean;
  readonly text: string;
}

export function parseInline(text: string): InlineSegment[] {
  const out: InlineSegment[] = [];
  const re = /`([^`]+)`/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push({code: false, text: text.slice(last, m.index)});
    out.push({code: true, text: m[1] as string});
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({code: false, text: text.slice(last)});
  return out;
}
