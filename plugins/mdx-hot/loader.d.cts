/** The loader: the module's code with the hot-update hand-over appended. */
declare function mdxHotLoader(source: string): string;
declare namespace mdxHotLoader {
  /** A docs MDX module's compiled code with the dev server's hot-update hand-over appended. */
  function withHandOver(source: string): string;
}
export = mdxHotLoader;
