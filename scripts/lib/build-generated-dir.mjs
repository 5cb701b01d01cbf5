/**
 * Where `npm run build` has Docusaurus write its generated files: `.docusaurus-build/`, not the
 * `.docusaurus/` of `npm start`. Both used to write `.docusaurus/`, so a build run while the dev
 * server was up rewrote the data files under it, and the dev server stopped on a "JSON parse error"
 * that named no file. Docusaurus reads the folder's name from DOCUSAURUS_GENERATED_FILES_DIR_NAME;
 * a name already set there is kept.
 */
export const BUILD_GENERATED_DIR = '.docusaurus-build';

/** The environment of the build's `docusaurus build` child. */
export function buildEnvironment(env) {
  return {...env, DOCUSAURUS_GENERATED_FILES_DIR_NAME: env.DOCUSAURUS_GENERATED_FILES_DIR_NAME || BUILD_GENERATED_DIR};
}
