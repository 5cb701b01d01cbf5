/**
 * Dates as the theme writes them in English (UTC), without Intl: "Nov 22, 2026" for "Last
 * updated", "November 22, 2026" on blog posts. Creating a page's first Intl.DateTimeFormat (or
 * Intl.PluralRules) loads the locale's data during hydration, a cost a fixed English format does
 * not need.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function formatUtcDate(date: Date, month: 'short' | 'long' = 'short'): string {
  const name = MONTHS[date.getUTCMonth()] ?? '';
  return `${month === 'short' ? name.slice(0, 3) : name} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * Picks the form of a "singular|plural" message (the theme's plural messages, English rules:
 * the first form for exactly 1, the second otherwise) without Intl.PluralRules.
 */
export function englishPlural(message: string, count: number): string {
  const [one = message, other = one] = message.split('|');
  return count === 1 ? one : other;
}
