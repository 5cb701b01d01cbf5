/**
 * The JSON files that plugins/api-contract writes to .docusaurus/api-contract/ and that components
 * import as `@generated/api-contract/...`. Declared here, with the view types they are built from,
 * so that `tsc` checks the components before the first build has written .docusaurus/ (a fresh
 * clone, CI's lint step). Keep in step with loadContent() in plugins/api-contract/index.ts.
 */

declare module '@generated/api-contract/index.json' {
  import type {TagView} from '@site/src/lib/contract/types';
  const index: {
    readonly tags: readonly TagView[];
    readonly downloads: {readonly yaml: string; readonly json: string; readonly postman: string};
  };
  export default index;
}

declare module '@generated/api-contract/response-codes.json' {
  import type {ResponseCodeView} from '@site/src/lib/contract/types';
  const codes: readonly ResponseCodeView[];
  export default codes;
}

declare module '@generated/api-contract/pan-status.json' {
  const statuses: readonly {readonly value: string; readonly meaning: string}[];
  export default statuses;
}

/** Hand-written samples from samples/jwt/ and samples/verify/, one per sample language. */
declare module '@generated/api-contract/jwt-samples.json' {
  import type {RenderedSample} from '@site/src/lib/contract/types';
  const samples: readonly RenderedSample[];
  export default samples;
}

declare module '@generated/api-contract/verify-samples.json' {
  import type {RenderedSample} from '@site/src/lib/contract/types';
  const samples: readonly RenderedSample[];
  export default samples;
}

declare module '@generated/api-contract/test-data.json' {
  import type {TestDataView} from '@site/src/lib/mock/test-data';
  const view: TestDataView;
  export default view;
}

/* The sandbox engine's files (plugins/api-contract/sandbox.ts): routes and credentials, then per
   family its model and its request validators, for a page to load on first use. */
declare module '@generated/api-contract/sandbox/index.json' {
  import type {SandboxIndex} from '@site/src/lib/mock/model';
  const index: SandboxIndex;
  export default index;
}

declare module '@generated/api-contract/sandbox/*.validators.mjs' {
  import type {ValidateFunction} from '@site/src/lib/mock/model';
  export const body: Readonly<Record<string, ValidateFunction>>;
  export const params: Readonly<Record<string, ValidateFunction>>;
}

declare module '@generated/api-contract/sandbox/*.json' {
  import type {FamilyModel} from '@site/src/lib/mock/model';
  const model: FamilyModel;
  export default model;
}

/** Every family's rate limit and what Retry-After means (src/lib/rate-limits.ts). */
declare module '@generated/api-contract/rate-limits.json' {
  import type {RateLimitTable} from '@site/src/lib/rate-limits';
  const table: RateLimitTable;
  export default table;
}

/** The API changelog of the current version (src/lib/changelog.ts). */
declare module '@generated/api-contract/changelog.json' {
  import type {Release} from '@site/src/lib/changelog';
  const release: Release;
  export default release;
}
