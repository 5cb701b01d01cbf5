/**
 * Pure helpers of the route-sources plugin and of scripts/build.mjs (plain JavaScript so that the
 * build script runs on Node alone; types in sources.d.mts).
 */

/** Every route (nested ones too) that knows its source file: path -> file relative to the site. */
export function routeSources(routes) {
  const out = {};
  const visit = (list) => {
    for (const r of list) {
      if (r.metadata?.sourceFilePath) out[r.path] = r.metadata.sourceFilePath;
      if (r.routes) visit(r.routes);
    }
  };
  visit(routes);
  return out;
}

/**
 * The lines to add under Docusaurus' broken-link or broken-anchor report: for each page it names,
 * the source file to edit. Empty when the output names no page.
 */
export function sourceFilesOfBrokenLinks(output, sources) {
  const pages = [...output.matchAll(/Broken (?:link|anchor) on source page path = (\S+?):?$/gm)].map((m) => m[1]);
  const unique = [...new Set(pages)];
  if (!unique.length) return [];
  const strip = (p) => (p.length > 1 ? p.replace(/\/$/, '') : p);
  const find = (page) => sources[page] ?? Object.entries(sources).find(([route]) => strip(route) === strip(page))?.[1];
  return [
    'Edit these source files (the pages above, by the file they are built from):',
    ...unique.map((page) => `  ${page} -> ${find(page) ?? '(no source file: a generated page, see plugins/)'}`),
  ];
}
