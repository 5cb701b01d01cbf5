import type {TagView} from './types';

/** Case-insensitive match on summary, path, id, method and family name; families with no match drop out. */
export function filterTags(tags: readonly TagView[], query: string): TagView[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...tags];
  return tags
    .map((tag) => {
      const familyHit = tag.label.toLowerCase().includes(q) || tag.name.includes(q);
      const entries = familyHit
        ? tag.entries
        : tag.entries.filter((e) =>
            [e.summary, e.path, e.id, e.method, e.kind === 'webhook' ? 'webhook' : ''].some((f) =>
              f.toLowerCase().includes(q),
            ),
          );
      return {...tag, entries};
    })
    .filter((tag) => tag.entries.length > 0);
}
