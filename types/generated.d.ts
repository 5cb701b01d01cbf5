/**
 * Generated from node/generated.ts by `npm run generated:types` (also run by `npm run build`): edit
 * the manifest, not this file. The generated files components import as `@generated/...`, declared
 * so that `tsc` checks the components before the first build has written them (a fresh clone, CI).
 */

declare module '@generated/api-contract/default/shared/answers.js' {
  import type {DataOf} from '#node/generated';
  const data: DataOf<'sharedAnswers'>;
  export default data;
}

declare module '@generated/api-contract/default/sections/*.json' {
  import type {DataOf} from '#node/generated';
  const data: DataOf<'componentSections'>;
  export default data;
}

declare module '@generated/api-contract/default/index.json' {
  import type {DataOf} from '#node/generated';
  const data: DataOf<'index'>;
  export default data;
}

declare module '@generated/api-contract/default/families.json' {
  import type {DataOf} from '#node/generated';
  const data: DataOf<'families'>;
  export default data;
}

declare module '@generated/api-contract/default/response-codes.json' {
  import type {DataOf} from '#node/generated';
  const data: DataOf<'responseCodes'>;
  export default data;
}

declare module '@generated/api-contract/default/sandbox-page.json' {
  import type {DataOf} from '#node/generated';
  const data: DataOf<'sandboxPage'>;
  export default data;
}

declare module '@generated/api-contract/default/*-samples.json' {
  import type {DataOf} from '#node/generated';
  const data: DataOf<'samples'>;
  export default data;
}
