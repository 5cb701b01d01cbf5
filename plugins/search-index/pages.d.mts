import type {SearchKind} from '../../core/search/keys';

export const EXCLUDED_SELECTORS: readonly string[];
export function isIndexedPage(html: string): boolean;
export function markIndexedBody(html: string): string | undefined;
export function fileOfRoute(route: string, baseUrl: string): string;
export function separateBlocks(html: string): string;
export function keepLandingIds(html: string): string;
export const KEY_SEPARATOR: string;
export function pageKind(html: string): SearchKind;
export interface DeclaredKeys {
  keys: string[];
  anchor: string | undefined;
  title: string | undefined;
  kind: SearchKind | undefined;
}
export function declaredKeys(html: string): DeclaredKeys[];
