/**
 * Setup of the `unit-isolated` project (vitest.config.mts): React's production builds, which render
 * several times faster than the development ones that Vitest's `NODE_ENV=test` picks. The files that
 * render whole reference pages server-side (twin-agreement, component-sections) compare the markup,
 * not React's development warnings, and nothing there asserts one.
 *
 * React picks its build from `NODE_ENV` when a module is first required, and Node keeps the module for
 * the thread; the variable is put back at once, so code that reads it later (core/util/memo.ts, the
 * dev server's branches) sees the test run's value. An isolated file runs in a thread of its own, so
 * no `unit` file shares these modules.
 */
const before = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  await import('react');
  await import('react/jsx-runtime');
  await import('react-dom/server');
} finally {
  process.env.NODE_ENV = before;
}
