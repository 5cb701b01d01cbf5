// Stands in for @docusaurus/theme-classic/lib/prism-include-languages in the browser bundle
// (see ./index.ts): code is highlighted at build time, so the browser registers no grammars.
export {};
