/**
 * Setup of the unit projects (vitest.config.mts): React's production builds, which render faster than
 * the development ones that Vitest's `NODE_ENV=test` picks. The files that render components
 * server-side (twin-agreement and component-sections render every reference page) compare the markup;
 * none asserts a warning that only React's development build gives.
 *
 * React picks its build from `NODE_ENV` when a module is first required, and Node keeps the module for
 * the worker; the variable is put back at once, so code that reads it later (core/util/memo.ts, the
 * dev-server branches that mdx-hot and lazy-routes test) sees the run's value.
 */
export {};

const before = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  await import('react');
  await import('react/jsx-runtime');
  await import('react-dom/server');
} finally {
  process.env.NODE_ENV = before;
}
