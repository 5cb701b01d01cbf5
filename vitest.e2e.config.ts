/**
 * End-to-end tests: the built site served by nginx with deploy/nginx.conf, checked over plain
 * HTTP and in Debian's Chromium. Separate from the unit tests because they need `build/`.
 *
 *   npm run build && npx vitest run --config vitest.e2e.config.ts
 */
import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/helpers/server.ts'],
    env: {TZ: 'UTC'},
    // One nginx, one browser at a time: on a 2-core machine parallel browser files only slow
    // each other down and make timings flaky.
    fileParallelism: false,
    // Chromium cold starts and first page loads of a fresh build are slow on small machines.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
