/**
 * The prompts `npm run new:page` writes into a new page, one per line. `npm run check:content`
 * rejects a page that still holds any of them, so the placeholders never ship.
 */
export const SCAFFOLD_PROMPTS = [
  'Say what this call is for and when to call it, in two or three sentences.',
  '- What must already be true (onboarding, KYC, a previous call).',
  '- What goes wrong in real integrations, and how to avoid it.',
] as const;
