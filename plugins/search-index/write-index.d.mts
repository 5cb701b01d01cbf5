export function writeSearchIndex(o: {
  outDir: string;
  baseUrl: string;
  outputPath: string;
  routes: readonly string[];
}): Promise<number>;
