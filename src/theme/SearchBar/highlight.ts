/**
 * Marks the words a reader searched for on the page a result opened (`?_highlight=cash&_highlight=
 * withdrawal`), inside the article only. Loaded only on such a page visit.
 */
const SKIP = new Set(['SCRIPT', 'STYLE', 'MARK', 'TEXTAREA']);

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Wraps each occurrence of a term (whole text, any case) in `<mark>`; returns how many. */
export function highlightTerms(root: Element, terms: readonly string[]): number {
  const words = terms.map((t) => t.trim()).filter(Boolean);
  if (!words.length) return 0;
  const source = words.map(escapeRegExp).join('|');
  const pattern = new RegExp(source, 'gi');
  // A second, non-global copy for the test: a global RegExp's test() moves its lastIndex.
  const probe = new RegExp(source, 'i');
  const texts: Text[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement && !SKIP.has(node.parentElement.tagName) && probe.test(node.nodeValue ?? '')
        ? NodeFilter.FILTER_ACCEPT
        : NodeFilter.FILTER_REJECT,
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  let marked = 0;
  for (const text of texts) {
    const value = text.nodeValue ?? '';
    const fragment = root.ownerDocument.createDocumentFragment();
    let last = 0;
    for (const m of value.matchAll(pattern)) {
      fragment.append(value.slice(last, m.index));
      const mark = root.ownerDocument.createElement('mark');
      mark.textContent = m[0];
      fragment.append(mark);
      last = m.index + m[0].length;
      marked++;
    }
    fragment.append(value.slice(last));
    text.replaceWith(fragment);
  }
  return marked;
}
