// Rspack/webpack loader, dev server only, run last on each docs MDX module (after MDX and SWC):
// see ./index.ts. Appends the hot-update hand-over; the module's own code is left as it is.
const HAND_OVER = `
if (import.meta.webpackHot) {
  const hot = import.meta.webpackHot;
  // Which module this page's content came from, for src/theme/DocItem (a WeakMap: nothing kept).
  (globalThis.__rrDocModules ??= new WeakMap()).set(__webpack_module__.exports.default, __webpack_module__.id);
  // hot.data is there when the module runs again after an edit: counted per module, for the dev
  // server's tests to wait on this module's update rather than on any update (tests/dev).
  if (hot.data) {
    const runs = (globalThis.__rrDocRuns ??= {});
    runs[__webpack_module__.id] = (runs[__webpack_module__.id] ?? 0) + 1;
  }
  // First run: take our own updates.
  // Again: hand the new exports over (src/client/doc-hot.ts), and go on taking them if they were
  // taken: by the open page, or kept for the page opened next. A partial no open page shows passes
  // this update up to its importers, as any module does, and from then on takes none.
  if (!hot.data || globalThis.__rrDocHot?.(__webpack_module__.id, __webpack_module__.exports)) {
    hot.accept();
    hot.dispose((data) => {
      data.accepted = true;
    });
  } else if (hot.data.accepted) {
    hot.invalidate();
  }
}
`;

function withHandOver(source) {
  return `${source}\n${HAND_OVER}`;
}

module.exports = function mdxHotLoader(source) {
  return withHandOver(source);
};
module.exports.withHandOver = withHandOver;
