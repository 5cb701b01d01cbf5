/**
 * The api-contract plugin's own checks on the views: coverage (every operation on exactly one
 * page) at load time, and after the build, that every page the reference links to is a real route.
 * Pure; the plugin's entry file decides whether a problem stops the build.
 */
import type {ContractViews} from '#core/contract/view-model';

/** The coverage report, or undefined when every operation is on exactly one page. */
export function coverageProblems(orphans: readonly string[], duplicates: readonly string[]): string | undefined {
  const problems = [
    ...duplicates.map((d) => `  duplicate: ${d}. Show each operation on exactly one page.`),
    ...orphans.map(
      (id) =>
        `  orphan: "${id}" is in the contract but no page shows it. Add <Endpoint op="${id}" /> (or <WebhookEvent op="${id}" />) to its docs page.`,
    ),
  ];
  return problems.length ? `API reference coverage:\n${problems.join('\n')}` : undefined;
}

/** A route without its hash and trailing slash (trailingSlash is unset: both forms serve one page). */
const routeKey = (route: string): string => {
  const path = route.replace(/#.*$/, '');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
};

/**
 * Every link the views hold that is not a route of the build: the page of each operation and
 * webhook (the permalink Docusaurus gave the file that shows it, see load.ts `contractSite`) and each
 * family's overview page (`x-overview`). `routesPaths` is what Docusaurus' postBuild reports.
 */
export function unroutedLinks(views: ContractViews, routesPaths: readonly string[], baseUrl: string): string[] {
  const routes = new Set(routesPaths.map(routeKey));
  const missing = (href: string): boolean => !routes.has(routeKey(`${baseUrl.replace(/\/$/, '')}${href}`));
  return [
    ...views.index
      .filter((e) => e.href !== undefined && missing(e.href))
      .map(
        (e) =>
          `${e.id}: its page was expected at ${e.href}, which the build does not serve. Check the \`slug\` of the page that shows it.`,
      ),
    ...views.tags
      .filter((t) => t.overview !== undefined && missing(t.overview))
      .map(
        (t) =>
          `openapi/openapi.yaml: tag ${t.name}: x-overview ${t.overview} is not a page of the build. Point it at the family's overview page.`,
      ),
  ];
}
