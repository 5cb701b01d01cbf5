/**
 * "Nov 22, 2026": the date format the theme shows for "Last updated" (English, UTC), without
 * Intl. Creating the first Intl.DateTimeFormat of a page loads the locale's calendar data, which
 * took about 100 ms of a docs page's hydration at Lighthouse's 4x CPU slowdown.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export function formatUtcDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
