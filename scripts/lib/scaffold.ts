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
  /** The operation's tag (`payout`): its sidebar category already says it, so the label leaves it out. */
  readonly family?: string;
  /** The component that shows it (from the registry, node/contract/components.ts). */
  readonly component: string;
}

/**
 * The sidebar label of a page, short as its siblings' are: the summary without articles and without
 * the family's name, which its sidebar category already gives ("Create a payout order" under Payouts:
 * "Create order"). The name stays where it is the last word (the object: "Send transactional SMS"),
 * and a label of one word keeps the summary.
 */
export function sidebarLabel(summary: string, family = ''): string {
  const familyWords = new Set(family.toLowerCase().split('-').filter(Boolean));
  const words = summary.split(/\s+/).filter((w) => !/^(a|an|the)$/i.test(w));
  const isFamily = (w: string): boolean =>
    familyWords.has(w.toLowerCase()) || familyWords.has(w.toLowerCase().replace(/s$/, ''));
  const kept = words.filter((w, i) => i === words.length - 1 || !isFamily(w));
  if (kept.length < 2) return summary;
  const label = kept.join(' ');
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}

/** The MDX of a new page: front matter from the contract, the prompts, the reference block. */
export function scaffoldPage(input: ScaffoldInput): string {
  return [
    '---',
    `title: ${JSON.stringify(input.summary)}`,
    `sidebar_label: ${JSON.stringify(sidebarLabel(input.summary, input.family))}`,
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
