/**
 * An operation page reads as a reference (issues 24 and 34): under the title the page's summary
 * (its opening block, a paragraph as a rule), then the reference (the request line, the URLs,
 * the code samples, the request, the answers, the response codes), then the page's guide prose
 * ("Before you call it", "Pitfalls", flows), though the writer puts `<Endpoint op="..." />` at the
 * end of the page. The request table started 2,600-3,300 px down, after the prose, before this.
 * The page (../remark.ts) and its Markdown twin (plugins/llms-txt/lib/mdx.ts) both place it by the
 * rule here, so the two keep one order.
 *
 * A rule applied when the page is compiled rather than a codemod of the 96 pages: writers keep
 * writing the prose first and the element last (the order the scaffold and CONTRIBUTING give), and
 * no page can fall out of the order.
 *
 * How: the element is split in two by a `slice` attribute. A copy with `slice="lead"` goes after
 * the page's summary (its first block), or first when the page opens with a heading; the element
 * where it stands gets `slice="rest"` (the sandbox scenarios and the related pages, after the
 * guide). Each renders the sections of its slice (core/contract/tree.ts `Section.lead`). Pure: an
 * MDX tree in, a plan out.
 */
import type {Root, RootContent} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {literalAttr} from '../mdx-ast';

/** The attribute that names the slice of a reference an element renders. */
export const SLICE_ATTR = 'slice';
export type Slice = 'lead' | 'rest';

/** The component whose call is put first. Webhook pages keep their order: several events, one page. */
const LEAD_COMPONENT = 'Endpoint';

export interface LeadPlan {
  /** Index among the root's children before which the lead copy goes: after the summary. */
  readonly before: number;
  /** The element (a root child) that keeps the rest. */
  readonly element: MdxJsxFlowElement;
}

const isLeadElement = (node: RootContent): node is MdxJsxFlowElement =>
  node.type === 'mdxJsxFlowElement' && node.name === LEAD_COMPONENT;

/** Nodes that are not content: front matter, imports, comments. */
const NOT_CONTENT = new Set(['yaml', 'toml', 'mdxjsEsm', 'mdxFlowExpression']);

/**
 * Where a page's reference goes: after its summary (its first block of content, a paragraph as a
 * rule; first when that block is a heading), when the page has one `<Endpoint>`
 * among its top-level nodes that names no section or slice of its own and more than its summary
 * before it. Otherwise (no element, several, or nothing but the summary before it) nothing moves.
 */
export function leadPlan(tree: Root): LeadPlan | undefined {
  const elements = tree.children.filter(isLeadElement);
  const [element] = elements;
  if (elements.length !== 1 || !element) return undefined;
  const named = element.attributes.some(
    (a) => a.type === 'mdxJsxAttribute' && (a.name === SLICE_ATTR || a.name === 'section'),
  );
  const content = tree.children.flatMap((n, i) => (NOT_CONTENT.has(n.type) ? [] : [i]));
  const [first = -1, second = -1] = content;
  const before = tree.children[first]?.type === 'heading' ? first : second;
  if (named || before < 0 || tree.children[before] === element || tree.children[first] === element) return undefined;
  return {before, element};
}

/** `slice="..."`. */
export const sliceAttr = (slice: Slice): MdxJsxAttribute => literalAttr(SLICE_ATTR, slice);

/**
 * The page's tree with its call first (see leadPlan): the element's copy with `slice="lead"` before
 * the first content, the element itself with `slice="rest"`. Changes `tree` in place.
 */
export function putCallFirst(tree: Root): void {
  const plan = leadPlan(tree);
  if (!plan) return;
  const copy: MdxJsxFlowElement = {
    type: 'mdxJsxFlowElement',
    name: plan.element.name,
    attributes: [...plan.element.attributes, sliceAttr('lead')],
    children: [],
  };
  plan.element.attributes = [...plan.element.attributes, sliceAttr('rest')];
  tree.children.splice(plan.before, 0, copy);
}

/** The sections of a slice: the lead's, the others, or (no slice) all. */
export function sectionsOfSlice<S extends {readonly lead?: true}>(
  sections: readonly S[],
  slice: unknown,
): readonly S[] {
  if (slice === 'lead') return sections.filter((s) => s.lead);
  if (slice === 'rest') return sections.filter((s) => !s.lead);
  return sections;
}
