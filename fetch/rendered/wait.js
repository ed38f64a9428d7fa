// wait.js: waits for the page to be idle.
//
// Where it runs: in the page's main world, where guard.js watches the page,
// once per read (Runtime.evaluate, awaiting its promise: readPage in
// extract.go), called with the quiet window and the most to wait, in ms.
//
// What it may touch: nothing of the page but the guard's idle function,
// window[__IDLE_FN__], which it calls. Its answer is true (idle) or false
// (not idle within the bound), or null in a document the guard did not run in
// (none of webgraph's), which counts as idle. It only ends the wait, and
// tells whether the guard will say when the page is frozen (tab.freeze): what
// is read is read in the isolated world (extract.js).
//
// Placeholders, each a JavaScript literal that scripts.go fills in:
//   __IDLE_FN__      idleFn: the name of the idle function, a string
(async (quiet, cap) => {
  const wait = window[__IDLE_FN__];
  return typeof wait === "function" ? (await wait(quiet, cap)) === true : null;
})
