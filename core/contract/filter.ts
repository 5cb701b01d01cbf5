/**
 * The filter box of the API index (/api): its blocks (./component-sections.ts `apiIndexBlocks`)
 * narrowed to what a query matches. Runs in the browser on the blocks the page already has.
 */
import type {Cell, HeadingBlock, ListBlock, SectionBlock} from './sections';

/** One family of the index: its heading and the blocks under it. */
export interface IndexFamily {
  readonly heading: HeadingBlock;
  readonly blocks: readonly SectionBlock[];
}

/** The blocks cut at each heading: one family each. */
export function indexFamilies(blocks: readonly SectionBlock[]): IndexFamily[] {
  const families: {heading: HeadingBlock; blocks: SectionBlock[]}[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') families.push({heading: block, blocks: [block]});
    else families.at(-1)?.blocks.push(block);
  }
  return families;
}

/** The words an entry is found by: its method, path, title, and `webhook` for a webhook. */
function cellWords(cell: Cell): string[] {
  return cell.flatMap((span) => {
    if (typeof span === 'string') return [span];
    if (span.kind === 'call') return [span.method, span.path, ...(span.webhook ? ['webhook'] : [])];
    return 'text' in span ? [span.text] : [];
  });
}

/** Entries of the list block matching `q` (already lower case). */
function narrow(block: ListBlock, q: string): ListBlock {
  return {
    ...block,
    items: block.items.filter((item) =>
      [item.key ?? '', ...cellWords(item.cell)].some((w) => w.toLowerCase().includes(q)),
    ),
  };
}

const entryCount = (blocks: readonly SectionBlock[]): number =>
  blocks.reduce((n, b) => n + (b.kind === 'list' ? b.items.length : 0), 0);

/**
 * Case-insensitive match on the entries' titles, paths, ids and methods, and on the family's name:
 * a family that matches keeps every entry, the others keep their matches, and families with none drop out.
 */
export function filterIndex(families: readonly IndexFamily[], query: string): IndexFamily[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...families];
  return families
    .map((f) => {
      const hit = f.heading.text.toLowerCase().includes(q) || f.heading.id.includes(q);
      return hit ? f : {...f, blocks: f.blocks.map((b) => (b.kind === 'list' ? narrow(b, q) : b))};
    })
    .filter((f) => entryCount(f.blocks) > 0);
}

/** How many entries the families show (the count above the list). */
export const indexCount = (families: readonly IndexFamily[]): number =>
  families.reduce((n, f) => n + entryCount(f.blocks), 0);
