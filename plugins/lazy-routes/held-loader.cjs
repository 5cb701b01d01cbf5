// Rspack loader, dev server only (./index.ts, HELD_AT_START): a module that imports data a plugin
// is still writing is held until it is written (`holdLazyCompiles`), so the first compile builds it,
// and the imports it resolves after this loader, against the data. Its source is passed on as it is.
// The key is ./index.ts RELEASED_KEY.
const RELEASED = Symbol.for('payments-api-docs.lazy-routes.released');

module.exports = function heldLoader(source) {
  const released = globalThis[RELEASED];
  if (!released) return source;
  const done = this.async();
  released().then(
    () => done(null, source),
    (err) => done(err),
  );
};
