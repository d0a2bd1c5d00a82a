// webgist collect.js: measure the live page and serialise it for the engine.
//
// Used twice, unchanged: as the extension's content script (chrome.scripting
// .executeScript with `files`) and by the CLI through CDP Runtime.evaluate. Both
// take the value of the last expression, so the file is one expression.
//
// The whole collection runs synchronously in one task, so the page cannot change
// half-way: what is measured is what is serialised. The live page is left exactly
// as it was: every stamp is removed, and an attribute the page already had under a
// stamp's name gets its old value back.
(() => {
  "use strict";
  const started = performance.now();
  const PATH_ATTR = "data-wg-path";
  const FLOAT_ATTR = "data-wg-float";
  // The address the browser chose for an <img> (srcset, lazy swap), when it is not src.
  const SRC_ATTR = "data-wg-src";
  // Flag bits per box; host/webgist_host/engine/dom/capture.py reads the same values.
  const FLAG_DISPLAYED = 1;
  const FLAG_VISIBLE = 2;
  const FLAG_FLOAT = 4;
  const FLAG_FIXED = 8;
  const FLAG_CODE = 16;     // drawn as code: pre/pre-wrap/break-spaces in a monospace font
  // Code is set apart as a block; an inline <span> in a monospace font is a code span.
  const CODE_DISPLAYS = new Set(["block", "flex", "grid", "list-item", "table"]);
  const CODE_WHITE_SPACE = new Set(["pre", "pre-wrap", "break-spaces"]);
  // First font families that draw every character the same width (generic names,
  // the platform monospace faces, and the coding fonts sites ship).
  const MONOSPACE_FAMILIES = new Set([
    "monospace", "ui-monospace", "courier", "courier new", "consolas", "menlo", "monaco",
    "dejavu sans mono", "liberation mono", "sfmono-regular", "sf mono", "source code pro",
    "fira code", "fira mono", "jetbrains mono", "roboto mono", "ibm plex mono",
    "cascadia code", "cascadia mono", "lucida console", "ubuntu mono", "noto sans mono",
  ]);
  // Content the engine never reads: measuring it only costs time and bytes.
  const UNMEASURED_TAGS = new Set([
    "head", "script", "style", "noscript", "template", "link", "meta", "title", "base",
  ]);
  // Children of these containers ignore `float` (CSS: floats do not apply to flex
  // and grid items), though getComputedStyle still reports the declared value.
  const FLOAT_IGNORING_DISPLAYS = new Set(["flex", "inline-flex", "grid", "inline-grid"]);

  const scrollX = window.scrollX, scrollY = window.scrollY;
  const round = (v) => Math.round(v * 10) / 10;

  const paths = [];
  const boxes = [];
  const stamped = [];       // [element, attribute, previous value or null]
  const openShadowRoots = [];
  let elementCount = 0;

  function stamp(el, name, value) {
    stamped.push([el, name, el.getAttribute(name)]);
    el.setAttribute(name, value);
  }

  function isMonospace(fontFamily) {
    const first = (fontFamily || "").split(",")[0].trim().replace(/^["']|["']$/g, "").toLowerCase();
    return MONOSPACE_FAMILIES.has(first) || first.startsWith("sfmono");
  }

  function drawnAsCode(tag, style) {
    return tag !== "pre" && CODE_DISPLAYS.has(style.display) &&
      CODE_WHITE_SPACE.has(style.whiteSpace) && isMonospace(style.fontFamily);
  }

  function childSteps(children, parentPath) {
    // XPath steps with an index on every step: tag[n] counts same-named siblings.
    const seen = new Map();
    const out = [];
    for (const child of children) {
      const name = child.localName.toLowerCase();
      const n = (seen.get(name) || 0) + 1;
      seen.set(name, n);
      out.push([child, `${parentPath}/${name}[${n}]`]);
    }
    return out;
  }

  // Pass 1, measure. Depth-first with an explicit stack: pages nest deeper than
  // the JS call stack allows. Stamps are written only after measuring, so they
  // cannot disturb layout.
  const toStamp = [];       // [element, path, isFloatRoot]
  const sources = [];       // [img, currentSrc] where the browser shows another address
  const root = document.documentElement;
  const stack = [[root, `/${root.localName.toLowerCase()}[1]`, false, false]];
  while (stack.length) {
    const [el, path, insideFloat, parentIgnoresFloat] = stack.pop();
    elementCount++;
    const tag = el.localName.toLowerCase();
    let floatRoot = false;
    let descend = true;
    let ignoresFloat = false;
    if (!UNMEASURED_TAGS.has(tag)) {
      const style = getComputedStyle(el);
      if (style.display === "none") {
        // Record the hidden root only: its subtree is gone with it.
        paths.push(path);
        boxes.push(0, 0, 0, 0, 0);
        descend = false;
      } else {
        const rects = el.getClientRects();
        const positioned = style.position === "absolute" || style.position === "fixed";
        floatRoot = !insideFloat && !parentIgnoresFloat && !positioned && style.float !== "none";
        ignoresFloat = FLOAT_IGNORING_DISPLAYS.has(style.display);
        // Displayed yet not rendered: the body of a closed <details> (its slot is
        // content-visibility: hidden, and Chromium still invents a box for it), a
        // display: contents wrapper. Left out, so the engine anchors it.
        const rendered = rects.length > 0 &&
          (typeof el.checkVisibility !== "function" || el.checkVisibility());
        if (rendered) {
          const r = el.getBoundingClientRect();
          let flags = FLAG_DISPLAYED;
          // Opacity is not visibility: fade-in-on-scroll content sits at opacity 0.
          if (style.visibility === "visible") flags |= FLAG_VISIBLE;
          if (floatRoot) flags |= FLAG_FLOAT;
          if (style.position === "fixed" || style.position === "sticky") flags |= FLAG_FIXED;
          if (drawnAsCode(tag, style)) flags |= FLAG_CODE;
          paths.push(path);
          boxes.push(round(r.left + scrollX), round(r.top + scrollY),
                     round(r.width), round(r.height), flags);
        }
      }
    }
    toStamp.push([el, path, floatRoot]);
    if (tag === "img") {
      const shown = el.currentSrc || el.src;
      // A page's own attribute of that name is overwritten too, in the copy only.
      if (shown && (shown !== el.src || el.hasAttribute(SRC_ATTR))) sources.push([el, shown]);
    }
    if (!descend) continue;
    const childFloat = insideFloat || floatRoot;
    const kids = [];
    const shadow = el.shadowRoot;   // null for closed roots, which stay unreadable
    if (shadow && shadow.mode === "open") {
      openShadowRoots.push(shadow);
      for (const pair of childSteps(shadow.children, `${path}/#shadow-root`)) kids.push(pair);
    }
    for (const pair of childSteps(el.children, path)) kids.push(pair);
    for (let i = kids.length - 1; i >= 0; i--) {
      stack.push([kids[i][0], kids[i][1], childFloat, ignoresFloat]);
    }
  }
  const measuredAt = performance.now();

  let html;
  let serialiser;
  try {
    for (const [el, path, floatRoot] of toStamp) {
      stamp(el, PATH_ATTR, path);
      if (floatRoot) stamp(el, FLOAT_ATTR, path);
    }
    for (const [img, src] of sources) stamp(img, SRC_ATTR, src);
    if (typeof root.getHTML === "function") {
      // getHTML writes open shadow roots as <template shadowrootmode> only when
      // it is handed them: serializableShadowRoots alone covers roots created as
      // serializable, which almost none are.
      const inner = root.getHTML({ serializableShadowRoots: true, shadowRoots: openShadowRoots });
      html = openingTag(root) + inner + `</${root.localName}>`;
      serialiser = "getHTML";
    } else {
      html = root.outerHTML;
      serialiser = "outerHTML";
    }
  } finally {
    // Undo in reverse, so an element stamped twice ends with its first value.
    for (let i = stamped.length - 1; i >= 0; i--) {
      const [el, name, previous] = stamped[i];
      if (previous === null) el.removeAttribute(name);
      else el.setAttribute(name, previous);
    }
  }
  const serialisedAt = performance.now();

  function openingTag(el) {
    const escape = (v) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    let out = `<${el.localName}`;
    for (const attr of el.attributes) out += ` ${attr.name}="${escape(attr.value)}"`;
    return out + ">";
  }

  const body = document.body;
  const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : "";
  return {
    version: 1,
    url: location.href,
    title: document.title,
    contentType: document.contentType,
    html: doctype + html,
    geometry: { paths, boxes },
    viewport: {
      width: window.innerWidth,
      height: window.innerHeight,
      scrollX, scrollY,
      pageWidth: root.scrollWidth,
      pageHeight: root.scrollHeight,
      devicePixelRatio: window.devicePixelRatio,
    },
    dir: { html: root.getAttribute("dir") || "", body: body ? body.getAttribute("dir") || "" : "" },
    lang: { html: root.getAttribute("lang") || "", body: body ? body.getAttribute("lang") || "" : "" },
    counts: { elements: elementCount, measured: paths.length, shadowRoots: openShadowRoots.length },
    serialiser,
    timings: {
      measure_ms: round(measuredAt - started),
      serialise_ms: round(serialisedAt - measuredAt),
      total_ms: round(performance.now() - started),
    },
  };
})();
