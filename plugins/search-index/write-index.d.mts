export function writeSearchIndex(o: {
  outDir: string;
  baseUrl: string;
  outputPath: string;
  titlesFile: string;
  routes: readonly string[];
}): Promise<number>;
export function readTitles(outputPath: string): Record<string, [string, string]>;
export function minifyEntry(outputPath: string): void;
