// Runs right after collect.js and before capture-text.js, in the same isolated world
// and the same task (flow.js collectPage, for the page read as the popup opens):
// watches the page so that the click can tell whether the capture still shows it
// (flow.js stillShows). Anything that could change what collect.js read counts as a
// change: a mutation anywhere in the document, a scroll or resize, a font or image
// loading (load and error events of elements reach the document, not the window), an
// animation or transition starting or running, the pointer or focus entering the
// page, a style sheet's rules edited through the CSSOM (which no mutation shows; the
// adopted and @import-ed sheets too), an animation added, finished or moved, a shadow
// root (open or closed) attached. Changes that leave no mutation and no event (a
// script setting .checked, a popover shown, a custom element state, a media query
// turning) are caught by a snapshot taken at the start and compared at the click: the
// body's rendered text, the :checked/:popover-open/:modal elements, the images' state.
// A page animating, loading a font or an image when the watch starts is not watched
// at all: what collect.js read of it was a moment of the change. The first change ends
// the watch; it also ends by itself after WATCH_MS. Nothing on the page is touched: the
// observer and the listeners live in this isolated world, where the page's scripts
// cannot see them.
(() => {
  "use strict";
  const WATCH_MS = 120_000;
  const previous = globalThis.webgistWatch;
  if (previous) previous.stop();
  delete globalThis.webgistWatch;
  const capture = globalThis.webgistCapture;
  if (!capture || typeof capture !== "object" || capture.sentAhead) return;
  // Mutations inside shadow roots do not reach an observer of the document. Closed
  // roots are seen through chrome.dom where this browser has it, asked only of the
  // elements attachShadow accepts (the DOM standard's list, and custom elements): the
  // call costs per element, and it throws for an SVG one. flow.js worthReadingAhead
  // holds the same test: it is injected as a function of its own, so it cannot share it.
  const HOSTS = new Set(["article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3",
                         "h4", "h5", "h6", "header", "main", "nav", "p", "section", "span"]);
  const shadowRootOf = globalThis.chrome && chrome.dom && chrome.dom.openOrClosedShadowRoot
    ? (el) => (HOSTS.has(el.localName) || el.localName.includes("-")
      ? chrome.dom.openOrClosedShadowRoot(el) : null)
    : (el) => el.shadowRoot;
  let elements = document.getElementsByTagName("*");
  const anyShadowRoot = () => {
    for (const el of elements) if (shadowRootOf(el)) return true;
    return false;
  };
  if ((capture.counts && capture.counts.shadowRoots > 0) || anyShadowRoot()) return;
  const animations = () => (document.getAnimations ? document.getAnimations() : []);
  const started = animations();
  if (started.some((a) => a.pending || a.playState === "running")) return;
  // A font or an image still loading will change the page without a mutation.
  if (document.fonts && document.fonts.status === "loading") return;
  if (Array.prototype.some.call(document.images, (img) => !img.complete)) return;
  // The animations as [object, playState, currentTime]: a new one, one gone, one
  // played, paused or moved differs.
  let animationsSeen = started.map((a) => [a, a.playState, a.currentTime]);
  const sameAnimations = () => {
    const now = animations();
    return now.length === animationsSeen.length && now.every((a, i) => {
      const [was, state, time] = animationsSeen[i];
      return a === was && !a.pending && a.playState === state && a.currentTime === time;
    });
  };
  // The style sheets as text: a rule inserted, deleted or edited through the CSSOM
  // (which no mutation shows), a sheet disabled, its media changed, a sheet adopted,
  // replaced or rewritten (replaceSync), an @import-ed sheet edited.
  // Sheets of other origins cannot be read (nor edited by the page): counted only.
  const MAX_IMPORT_DEPTH = 8;
  const sheetText = (sheet, parts, depth) => {
    parts.push(`${sheet.disabled ? "disabled " : ""}${sheet.media ? sheet.media.mediaText : ""}`);
    try {
      for (const rule of sheet.cssRules) {
        parts.push(rule.cssText);
        if (rule.styleSheet && depth < MAX_IMPORT_DEPTH) sheetText(rule.styleSheet, parts, depth + 1);
      }
    } catch { parts.push("(unreadable)"); }
  };
  const sheets = () => {
    const adopted = document.adoptedStyleSheets || [];
    const parts = [document.styleSheets.length, adopted.length];
    for (const sheet of document.styleSheets) sheetText(sheet, parts, 0);
    for (const sheet of adopted) sheetText(sheet, parts, 0);
    return parts.join("\n");
  };
  let sheetsSeen = sheets();
  // What the page shows that no mutation or event reports: the rendered text (a
  // script's .checked, a custom element state, a media query turning all show there),
  // the elements in a state (the same count can be other elements: radio tabs), and
  // each image's state. Selectors this browser does not know are skipped.
  const STATES = [":checked", ":popover-open", ":modal"];
  const inState = () => {
    const found = [];
    for (const selector of STATES) {
      try { found.push(...document.querySelectorAll(selector)); } catch { /* unsupported */ }
    }
    return found;
  };
  const images = () => Array.prototype.map.call(document.images,
    (img) => `${img.complete} ${img.naturalWidth} ${img.currentSrc}`).join("\n");
  const snapshot = () => ({ text: document.body ? document.body.innerText : "",
                            inState: inState(), images: images() });
  let snapshotSeen = snapshot();
  const sameSnapshot = () => {
    const now = snapshot();
    return now.text === snapshotSeen.text && now.images === snapshotSeen.images
      && now.inState.length === snapshotSeen.inState.length
      && now.inState.every((el, i) => el === snapshotSeen.inState[i]);
  };
  const root = document.documentElement;
  // What the capture's viewport and element table depend on, beside the DOM itself.
  const state = () => [location.href, document.readyState, innerWidth, innerHeight, scrollX, scrollY,
                       root.scrollWidth, root.scrollHeight, devicePixelRatio, elements.length].join(" ");
  const seen = state();
  let changed = false;
  const stops = [];
  // Ends the watch for good and lets go of what it held (the page's CSS text, its
  // animations and elements): the object left in globalThis only answers "changed".
  const stop = () => {
    changed = true;
    for (const undo of stops.splice(0)) {
      try { undo(); } catch { /* already gone */ }
    }
    animationsSeen = sheetsSeen = snapshotSeen = elements = null;
  };
  const change = () => { stop(); };
  const observer = new MutationObserver(change);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  stops.push(() => observer.disconnect());
  const listen = (target, type) => {
    target.addEventListener(type, change, { capture: true, passive: true });
    stops.push(() => target.removeEventListener(type, change, { capture: true }));
  };
  for (const type of ["resize", "scroll", "pointerover", "focusin", "input", "load",
                      "animationstart", "transitionrun", "toggle"]) listen(window, type);
  // An element's load or error event goes no further than the document.
  for (const type of ["load", "error"]) listen(document, type);
  if (document.fonts) listen(document.fonts, "loadingdone");
  try {
    const shifts = new PerformanceObserver(change);
    shifts.observe({ type: "layout-shift" });
    stops.push(() => shifts.disconnect());
  } catch { /* not in this browser */ }
  const timer = setTimeout(change, WATCH_MS);
  stops.push(() => clearTimeout(timer));
  const id = `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  globalThis.webgistWatch = {
    id,
    stop,
    // True while the page is as collect.js read it.
    unchanged() {
      if (changed) return false;
      if (state() !== seen || !sameAnimations() || sheets() !== sheetsSeen || anyShadowRoot()
          || !sameSnapshot()) change();
      return !changed;
    },
  };
  globalThis.webgistWatchId = id;
})();
