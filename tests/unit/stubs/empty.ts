/** Stands in for every `@generated/*` module in unit tests (see vitest.config.mts). */
export default {};
