/**
 * Docusaurus starts loading the opened page's route chunks while main.js is still being
 * evaluated, and the bundler's runtime creates one <script> element per chunk (a dozen or so on
 * an API page) inside that same task, the longest task of every page load once hydration is
 * split up. This client module, evaluated before Docusaurus's entry code, makes each of those
 * creations a task of its own (setTimeout 0): the evaluation task is shorter by that much, the
 * downloads start a moment later, and nothing else changes (Lighthouse's total blocking time, in
 * `npm run bench`, is the measure).
 *
 * Coupled to the runtime's `__webpack_require__.l(url, done, key, chunkId)`, the function Rspack
 * (and webpack) use to insert a chunk's script. If a bundler upgrade drops it, this does nothing,
 * and tests/e2e/navigation.spec.ts (`chunk scripts › ...`) fails.
 */
declare const __webpack_require__: {l?: (...args: unknown[]) => void};

if (typeof window !== 'undefined' && typeof __webpack_require__.l === 'function') {
  const load = __webpack_require__.l;
  __webpack_require__.l = (...args: unknown[]) => {
    setTimeout(() => load(...args));
  };
  // Only the page opened: this timer runs right after main.js's evaluation task, so client-side
  // navigations load their chunks exactly as the runtime does.
  setTimeout(() => {
    __webpack_require__.l = load;
  });
}
