export interface RouteLike {
  readonly path: string;
  readonly metadata?: {readonly sourceFilePath?: string};
  readonly routes?: readonly RouteLike[];
}
export function routeSources(routes: readonly RouteLike[]): Record<string, string>;
export function sourceFilesOfBrokenLinks(output: string, sources: Readonly<Record<string, string>>): string[];
