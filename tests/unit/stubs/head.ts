/** Stands in for `@docusaurus/Head` in unit tests: what goes into <head> is not page content, and the real one needs the site's provider. */
export default function HeadStub(): null {
  return null;
}
