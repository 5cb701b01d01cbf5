export const EXCLUDED_SELECTORS: readonly string[];
export function isIndexedPage(html: string): boolean;
export function markIndexedBody(html: string): string | undefined;
export function fileOfRoute(route: string, baseUrl: string): string;
export function separateBlocks(html: string): string;
export function keepLandingIds(html: string): string;
