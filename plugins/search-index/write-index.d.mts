import type {SearchKind} from '../../core/search/keys';
import type {SearchTitles} from '../../core/search/query';
import type {DeclaredKeys} from './pages.mjs';

export function writeSearchIndex(o: {
  outDir: string;
  baseUrl: string;
  outputPath: string;
  titlesFile: string;
  routes: readonly string[];
}): Promise<number>;
export function readTitles(outputPath: string): Record<string, [string, string]>;
export function minifyEntry(outputPath: string): void;
export function titlesWithKeys(
  titles: Record<string, [string, string]>,
  declared: Map<string, {kind: SearchKind; keys: DeclaredKeys[]}>,
): SearchTitles;
