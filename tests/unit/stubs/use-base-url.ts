/**
 * Stands in for `@docusaurus/useBaseUrl` in unit tests (see vitest.config.mts): the real hook reads the
 * site config from a running site's context. The site's base URL is `/`, so a path stays as written.
 */
export default function useBaseUrlStub(path: string): string {
  return path;
}
