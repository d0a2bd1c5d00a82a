// Runs right after collect.js and before capture-text.js, in the same isolated world
// and the same task (flow.js collectPage, for the page read as the popup opens):
// watches the page so that the click can tell whether the capture still shows it
// (flow.js stillShows). Anything that could change what collect.js read counts as a
// change: a mutation anywhere in the document, a scroll or resize, a font or image
// loading, an animation or transition starting or running, the pointer or focus
// entering the page, a style sheet's rules edited through the CSSOM (which no
// mutation shows), an animation added, finished or moved, a shadow root attached.
// A page animating when the watch starts is not watched at all: what collect.js read
// of it was a moment of the animation. The first change ends the watch; it also ends
// by itself after WATCH_MS. Nothing on the page is touched: the observer and the listeners live in
// this isolated world, where the page's scripts cannot see them.
(() => {
  "use strict";
  const WATCH_MS = 120_000;
  const previous = globalThis.webgistWatch;
  if (previous) previous.stop();
  delete globalThis.webgistWatch;
  const capture = globalThis.webgistCapture;
  if (!capture || typeof capture !== "object" || capture.sentAhead) return;
  // Mutations inside shadow roots do not reach an observer of the document.
  if (capture.counts && capture.counts.shadowRoots > 0) return;
  const animations = () => (document.getAnimations ? document.getAnimations() : []);
  const started = animations();
  if (started.some((a) => a.pending || a.playState === "running")) return;
  // The animations as [object, playState, currentTime]: a new one, one gone, one
  // played, paused or moved differs.
  const animationsSeen = started.map((a) => [a, a.playState, a.currentTime]);
  const sameAnimations = () => {
    const now = animations();
    return now.length === animationsSeen.length && now.every((a, i) => {
      const [was, state, time] = animationsSeen[i];
      return a === was && !a.pending && a.playState === state && a.currentTime === time;
    });
  };
  // The style sheets as text: a rule inserted, deleted or edited through the CSSOM
  // (which no mutation shows), a sheet disabled, its media changed, a sheet adopted.
  // Sheets of other origins cannot be read (nor edited by the page): counted only.
  const sheets = () => {
    const parts = [document.styleSheets.length, (document.adoptedStyleSheets || []).length];
    for (const sheet of document.styleSheets) {
      parts.push(`${sheet.disabled ? "disabled " : ""}${sheet.media ? sheet.media.mediaText : ""}`);
      try {
        for (const rule of sheet.cssRules) parts.push(rule.cssText);
      } catch { parts.push("(unreadable)"); }
    }
    return parts.join("\n");
  };
  const sheetsSeen = sheets();
  // An open shadow root attached since: its contents were not read, and mutations
  // inside it never reach the document's observer.
  const shadowRootAttached = () => {
    for (const el of elements) if (el.shadowRoot) return true;
    return false;
  };
  const root = document.documentElement;
  const elements = document.getElementsByTagName("*");
  // What the capture's viewport and element table depend on, beside the DOM itself.
  const state = () => [location.href, document.readyState, innerWidth, innerHeight, scrollX, scrollY,
                       root.scrollWidth, root.scrollHeight, devicePixelRatio, elements.length].join(" ");
  const seen = state();
  let changed = false;
  const stops = [];
  const stop = () => {
    for (const undo of stops.splice(0)) {
      try { undo(); } catch { /* already gone */ }
    }
  };
  const change = () => { changed = true; stop(); };
  const observer = new MutationObserver(change);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  stops.push(() => observer.disconnect());
  const listen = (target, type) => {
    target.addEventListener(type, change, { capture: true, passive: true });
    stops.push(() => target.removeEventListener(type, change, { capture: true }));
  };
  for (const type of ["resize", "scroll", "pointerover", "focusin", "input", "load",
                      "animationstart", "transitionrun", "toggle"]) listen(window, type);
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
      if (state() !== seen || !sameAnimations() || sheets() !== sheetsSeen || shadowRootAttached()) change();
      return !changed;
    },
  };
  globalThis.webgistWatchId = id;
})();
