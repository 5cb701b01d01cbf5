/**
 * The files that plugins/api-contract generates with `createData` into
 * .docusaurus/api-contract/default/ and that components import as `@generated/api-contract/default/...`.
 * Declared here, with the types they are built from, so that `tsc` checks the components before
 * the first build has written .docusaurus/ (a fresh clone, CI's lint step). Keep in step with
 * generatedFiles() in plugins/api-contract/lib/data.ts. (The per-operation trees are imported by
 * the pages the remark plugin wires, not by name, so they need no declaration.)
 */

declare module '@generated/api-contract/default/index.json' {
  import type {TagView} from '#core/contract/types';
  const index: {readonly tags: readonly TagView[]};
  export default index;
}

declare module '@generated/api-contract/default/families.json' {
  import type {Family} from '#core/contract/families';
  const families: readonly Pick<Family, 'label' | 'description' | 'href'>[];
  export default families;
}

declare module '@generated/api-contract/default/response-codes.json' {
  import type {CatalogueCode} from '#core/contract/types';
  const codes: readonly CatalogueCode[];
  export default codes;
}

/** Hand-written samples (samples/jwt/, samples/verify/, samples/client/), one per sample language. */
declare module '@generated/api-contract/default/*-samples.json' {
  import type {RenderedSample} from '#core/contract/types';
  const samples: readonly RenderedSample[];
  export default samples;
}

/** The Sandbox page: its section tree, credentials and sandbox scenarios (core/sandbox/page.ts `sandboxPageTree`). */
declare module '@generated/api-contract/default/sandbox-page.json' {
  import type {ComponentTree} from '#core/contract/sections';
  const tree: ComponentTree;
  export default tree;
}

/**
 * The blocks of one site-wide component (core/contract/component-sections.ts), by its key:
 * `ResponseCodeTable`, `RateLimitTable`, `OperationList/<tag>`...
 */
declare module '@generated/api-contract/default/sections/*.json' {
  import type {SectionBlock} from '#core/contract/sections';
  const blocks: readonly SectionBlock[];
  export default blocks;
}

/** The answers every operation shares, highlighted (core/contract/tree.ts `sharedAnswersTree`), for <SharedAnswers />. */
declare module '@generated/api-contract/default/shared/answers.js' {
  import type {PageTree} from '@site/src/components/Reference';
  const tree: PageTree;
  export default tree;
}
