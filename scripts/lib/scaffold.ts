/**
 * What `npm run new:page` writes into a new page. The prompts are one per line; `npm run
 * check:content` rejects a page that still holds any of them, so the placeholders never ship
 * (tests/unit/scaffold.test.ts runs the check on a scaffolded page).
 */
export const SCAFFOLD_PROMPTS = [
  'Say what this call is for and when to call it, in two or three sentences.',
  '- What must already be true (onboarding, KYC, a previous call).',
  '- What goes wrong in real integrations, and how to avoid it.',
] as const;

export interface ScaffoldInput {
  readonly id: string;
  readonly kind: 'operation' | 'webhook';
  readonly summary: string;
  readonly description: string;
  /** The component that shows it (from the registry, plugins/api-contract/components.ts). */
  readonly component: string;
}

/** The MDX of a new page: front matter from the contract, the prompts, the reference block. */
export function scaffoldPage(input: ScaffoldInput): string {
  return [
    '---',
    `title: ${JSON.stringify(input.summary)}`,
    `sidebar_label: ${JSON.stringify(input.summary)}`,
    `description: ${JSON.stringify(input.description.split('. ')[0]?.replace(/\.?$/, '.'))}`,
    '---',
    '',
    SCAFFOLD_PROMPTS[0],
    '',
    '## Before you call it',
    '',
    SCAFFOLD_PROMPTS[1],
    '',
    '## Pitfalls',
    '',
    SCAFFOLD_PROMPTS[2],
    '',
    `<${input.component} op="${input.id}" />`,
    ...(input.kind === 'webhook' ? ['', '## Verify the signature', '', '<VerifySignature />'] : []),
    '',
  ].join('\n');
}
