// webgist collect.js: measure the live page and serialise it for the engine.
//
// Used twice, unchanged: as the extension's content script (chrome.scripting
// .executeScript with `files`) and by the CLI through CDP Runtime.evaluate in an
// isolated world. Both take the value of the last expression, so the file is one
// expression. The extension runs capture-text.js right after it, in the same
// isolated world, to hand the capture over as JSON text: the value is also kept
// there as globalThis.webgistCapture, which capture-text.js takes and deletes.
//
// The whole collection runs synchronously in one task, so the page cannot change
// half-way: what is measured is what is serialised. The live page is left exactly
// as it was: every stamp is removed, and an attribute the page already had under a
// stamp's name gets its old value back.
//
// The page is hostile ground. A form's named fields shadow its DOM properties
// (`<input name="children">` makes form.children that input), so every property
// and method an element could shadow is read from its prototype (`dom` below).
// And the serialisation must not let a node break out of its container when the
// engine parses it again: a comment holding "-->", a <style> or <script> holding
// its own end tag, a processing instruction, an <xmp>. Those nodes, and only the
// elements around them, are written by `safeHtml` instead of getHTML.
globalThis.webgistCapture = (() => {
  "use strict";
  const started = performance.now();
  // Every element is stamped with its index in `elements` below (capture version 2);
  // the host rebuilds each element's XPath from that table.
  const PATH_ATTR = "data-wg-path";
  // The address the browser chose for an <img> (srcset, lazy swap), when it is not src.
  const SRC_ATTR = "data-wg-src";
  // Flag bits per box (geometry.flags); host/webgist_host/engine/dom/capture.py reads
  // the same values.
  const FLAG_DISPLAYED = 1;
  const FLAG_VISIBLE = 2;
  const FLAG_FLOAT = 4;
  const FLAG_FIXED = 8;
  const FLAG_CODE = 16;     // drawn as code: pre/pre-wrap/break-spaces in a monospace font
  const FLAG_RTL = 512;     // computed direction is rtl (bit 9, above the unseen reason)
  const FLAG_MULTICOLUMN = 1024;   // a multi-column container (column-count or column-width set)
  const FLAG_VERTICAL_RL = 2048;   // lines set top to bottom, read right to left (writing-mode)
  // Bits 5-8: why text the browser lays out is still not seen (0: it is seen).
  const UNSEEN_SHIFT = 5;
  const UNSEEN = {
    offScreen: 1,           // wholly left of or above the page, where no scrolling reaches
    clipped: 2,             // clip/clip-path to nothing, or a 1px box that hides its overflow
    transparent: 3,         // text painted in a colour with no alpha
    fontSizeZero: 4,
    scaledToZero: 5,        // a transform or scale that flattens the box
    indentedAway: 6,        // one line of text pushed out of its box by text-indent
    zeroSizeOverflowHidden: 7,
    contentHidden: 8,       // content-visibility: hidden
    outsideClip: 9,         // wholly outside an ancestor that hides its overflow (a slid-away panel)
  };
  // Reasons a descendant can undo (its own colour, size or place): judged on the
  // element only when nothing inside it is seen. The others hide the whole subtree.
  const UNDOABLE_REASONS = new Set([
    UNSEEN.offScreen, UNSEEN.transparent, UNSEEN.fontSizeZero, UNSEEN.indentedAway,
    UNSEEN.outsideClip,
  ]);
  // Overflow a reader cannot scroll to (auto and scroll can be scrolled).
  const CLIPPING_OVERFLOW = new Set(["hidden", "clip"]);
  // Overflow a reader scrolls through: its content can be brought into view.
  const SCROLLING_OVERFLOW = new Set(["auto", "scroll"]);
  const NO_CLIP = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
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
  // HTML's serialiser writes the text of these literally (HTML standard, "serialising
  // HTML fragments"); <noscript> too, as scripts run here.
  const RAW_TEXT_TAGS = new Set([
    "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript",
  ]);
  // Raw-text elements the browser draws as their literal text: sent as <pre>.
  const RAW_TEXT_SELECTOR = [...RAW_TEXT_TAGS].join(",");
  const DRAWN_RAW_TEXT_TAGS = new Set(["xmp", "plaintext"]);
  const VOID_TAGS = new Set([
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr", "param", "keygen", "basefont", "bgsound", "frame",
  ]);
  const XHTML = "http://www.w3.org/1999/xhtml";
  // Drawn as something other than the text they inherit the style of.
  const NOT_TEXT_TAGS = new Set([
    "img", "picture", "video", "audio", "canvas", "iframe", "object", "embed", "input",
    "select", "textarea", "button", "meter", "progress", "hr", "br",
  ]);

  // --- the DOM, read from the prototypes (a form's fields cannot shadow these) ---
  // `uncurry(f)(self, ...args)` is `Reflect.apply(f, self, args)` without an array
  // per call (collect.js makes millions of these calls on a big page).
  const uncurry = Function.prototype.call.bind(Function.prototype.bind, Function.prototype.call);
  const descriptor = (proto, name) => Object.getOwnPropertyDescriptor(proto, name);
  const getter = (proto, name) => uncurry(descriptor(proto, name).get);
  const method = (proto, name) => uncurry(descriptor(proto, name).value);
  const E = Element.prototype;
  const dom = {
    localName: getter(E, "localName"),
    tagName: getter(E, "tagName"),
    namespaceURI: getter(E, "namespaceURI"),
    firstElementChild: getter(E, "firstElementChild"),
    fragmentFirstElementChild: getter(DocumentFragment.prototype, "firstElementChild"),
    nextElementSibling: getter(E, "nextElementSibling"),
    shadowRoot: getter(E, "shadowRoot"),
    attributes: getter(E, "attributes"),
    getAttribute: method(E, "getAttribute"),
    setAttribute: method(E, "setAttribute"),
    removeAttribute: method(E, "removeAttribute"),
    hasAttribute: method(E, "hasAttribute"),
    getClientRects: method(E, "getClientRects"),
    getBoundingClientRect: method(E, "getBoundingClientRect"),
    checkVisibility: typeof E.checkVisibility === "function" ? method(E, "checkVisibility") : null,
    getHTML: typeof E.getHTML === "function" ? method(E, "getHTML") : null,
    scrollWidth: getter(E, "scrollWidth"),
    clientWidth: getter(E, "clientWidth"),
    scrollHeight: getter(E, "scrollHeight"),
    querySelectorAll: method(E, "querySelectorAll"),
    fragmentQuerySelectorAll: method(DocumentFragment.prototype, "querySelectorAll"),
    childNodes: getter(Node.prototype, "childNodes"),
    firstChild: getter(Node.prototype, "firstChild"),
    nextSibling: getter(Node.prototype, "nextSibling"),
    parentNode: getter(Node.prototype, "parentNode"),
    nodeType: getter(Node.prototype, "nodeType"),
    textContent: getter(Node.prototype, "textContent"),
    data: getter(CharacterData.prototype, "data"),
    templateContent: getter(HTMLTemplateElement.prototype, "content"),
    shadowHost: getter(ShadowRoot.prototype, "host"),
    shadowMode: getter(ShadowRoot.prototype, "mode"),
    imgCurrentSrc: getter(HTMLImageElement.prototype, "currentSrc"),
    imgSrc: getter(HTMLImageElement.prototype, "src"),
    documentElement: getter(Document.prototype, "documentElement"),
    scrollingElement: getter(Document.prototype, "scrollingElement"),
    body: getter(Document.prototype, "body"),
    doctype: getter(Document.prototype, "doctype"),
    title: getter(Document.prototype, "title"),
    contentType: getter(Document.prototype, "contentType"),
    readyState: getter(Document.prototype, "readyState"),
    createTreeWalker: method(Document.prototype, "createTreeWalker"),
  };
  const tagOf = (el) => dom.localName(el).toLowerCase();

  const scrollX = window.scrollX, scrollY = window.scrollY;
  // How far left of the page's origin scrolling reaches: 0, but on a page that opens
  // at its right edge and scrolls leftward (set in vertical-rl lines, or rtl), whose
  // overflow lies left of where it opens and is read by scrolling there. A viewport
  // that hides its overflow (overflow-x hidden or clip on the root, or on the body
  // when the root leaves it visible) scrolls nowhere: an RTL page's off-canvas
  // drawer parked left of it stays out of view.
  const pageLeft = leftwardReach();
  function leftwardReach() {
    const scroller = dom.scrollingElement(document);
    const overflow = scroller ? dom.scrollWidth(scroller) - dom.clientWidth(scroller) : 0;
    if (overflow <= 0) return 0;
    const root = dom.documentElement(document), body = dom.body(document);
    let viewportOverflow = root ? getComputedStyle(root).overflowX : "visible";
    if (viewportOverflow === "visible" && body) viewportOverflow = getComputedStyle(body).overflowX;
    if (viewportOverflow === "hidden" || viewportOverflow === "clip") return 0;
    for (const el of [root, body]) {
      if (!el) continue;
      const style = getComputedStyle(el);
      const mode = style.writingMode;
      if (style.direction === "rtl" || mode === "vertical-rl" || mode === "sideways-rl") return -overflow;
    }
    return 0;
  }
  const round = (v) => Math.round(v * 10) / 10;

  // Capture version 2: the elements as a table (index = stamp; parent index, step
  // name, same-named sibling number), and the measured ones' boxes as flat arrays.
  const ids = [];           // per measured box: its element's index
  const boxes = [];         // per measured box: x, y, width, height
  const flags = [];         // per measured box: FLAG_* bits and the unseen reason
  const stepNames = [];     // names of steps ("p", "#shadow-root/section")
  const stepIndex = new Map();
  const elName = [];        // per element: index into stepNames
  const elNth = [];         // per element: its number among same-named siblings
  const stamped = [];       // [element, attribute, previous value or null]
  const openShadowRoots = [];
  let elementCount = 0;

  function stamp(el, name, value) {
    stamped.push([el, name, dom.getAttribute(el, name)]);
    dom.setAttribute(el, name, value);
  }

  function isMonospace(fontFamily) {
    const first = (fontFamily || "").split(",")[0].trim().replace(/^["']|["']$/g, "").toLowerCase();
    return MONOSPACE_FAMILIES.has(first) || first.startsWith("sfmono");
  }

  function drawnAsCode(tag, style, display) {
    return tag !== "pre" && CODE_DISPLAYS.has(display) &&
      CODE_WHITE_SPACE.has(style.whiteSpace) && isMonospace(style.fontFamily);
  }

  // "rgba(0, 0, 0, 0)", "transparent", "color(srgb 1 0 0 / 0)": no alpha.
  function transparentColour(colour) {
    if (colour.startsWith("rgb(")) return false;      // most colours: opaque, no parsing
    if (colour === "transparent") return true;
    const alpha = /^rgba\([^,]*,[^,]*,[^,]*,\s*([\d.]+)\)$/.exec(colour) || /\/\s*([\d.]+)%?\s*\)$/.exec(colour);
    return Boolean(alpha) && parseFloat(alpha[1]) === 0;
  }

  // clip-path: inset(...) that leaves no area: top + bottom or left + right insets
  // reaching across the box ("inset(50%)", "inset(0 0 100% 0)").
  function emptyInset(clipPath, r) {
    const match = /^inset\(([^)]*?)(\s+round\b[^)]*)?\)$/.exec(clipPath);
    if (!match) return false;
    const values = match[1].trim().split(/\s+/);
    const [top, right = top, bottom = top, left = right] = values;
    const length = (value, size) => value.endsWith("%") ? parseFloat(value) * size / 100 : parseFloat(value);
    return length(top, r.height) + length(bottom, r.height) >= r.height ||
      length(left, r.width) + length(right, r.width) >= r.width;
  }

  function clippedToNothing(style, r, positioned, overflow) {
    if (positioned && style.clip.startsWith("rect(")) {
      const [top, right, bottom, left] = style.clip.slice(5, -1).split(/[\s,]+/).map(parseFloat);
      if (right - left <= 0 || bottom - top <= 0) return true;
    }
    const clipPath = style.clipPath;
    if (clipPath !== "none" && (/^(circle|ellipse)\(0(px|%)?[\s)]/.test(clipPath) || emptyInset(clipPath, r))) {
      return true;
    }
    // The screen-reader-only box: 1px square (or less) that hides what overflows it.
    return r.width <= 1 && r.height <= 1 && overflow.x !== "visible" && overflow.y !== "visible";
  }

  // Why the text of an element the browser laid out is still not seen, or 0. The
  // common case (a box of some size, on the page) reads five style properties.
  function unseenReason(el, tag, style, display, r, positioned, overflow) {
    if (style.contentVisibility === "hidden") return UNSEEN.contentHidden;
    if (clippedToNothing(style, r, positioned, overflow)) return UNSEEN.clipped;
    if (r.width === 0 || r.height === 0) {
      if (style.transform !== "none" || style.scale !== "none") return UNSEEN.scaledToZero;
      if ((r.height === 0 && overflow.y !== "visible") || (r.width === 0 && overflow.x !== "visible")) {
        return UNSEEN.zeroSizeOverflowHidden;
      }
    }
    if ((r.left + scrollX < pageLeft && r.right + scrollX <= pageLeft) ||
        (r.top + scrollY < 0 && r.bottom + scrollY <= 0)) {
      return UNSEEN.offScreen;
    }
    // The rest is about the element's own text: a picture, a control or a drawing
    // shows whatever its colour and font size (an image row often sits in a
    // font-size: 0 wrapper), and an element with no text of its own leaves the
    // judgement to the elements inside it.
    if (NOT_TEXT_TAGS.has(tag) || dom.namespaceURI(el) !== XHTML || !holdsText(el)) return 0;
    if (parseFloat(style.fontSize) < 1) return UNSEEN.fontSizeZero;
    if (transparentColour(style.webkitTextFillColor) && style.backgroundClip !== "text" &&
        style.webkitBackgroundClip !== "text" && parseFloat(style.webkitTextStrokeWidth) === 0 &&
        style.textShadow === "none") {
      return UNSEEN.transparent;
    }
    if (!display.startsWith("inline") && style.textIndent !== "0px") {
      // text-indent moves the first line only: judged on one-line boxes.
      const indent = style.textIndent.endsWith("%") ? parseFloat(style.textIndent) * r.width / 100
        : parseFloat(style.textIndent);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
      const oneLine = r.height <= 1.5 * line;
      const clips = overflow.x !== "visible";
      if (oneLine && (r.left + scrollX + indent + r.width <= pageLeft ||
                      (clips && (indent >= r.width || indent <= -r.width)))) {
        return UNSEEN.indentedAway;
      }
    }
    return 0;
  }

  // The part of the viewport an element's overflow leaves drawn, within `clip`: on
  // each axis whose overflow is hidden or clip. <html> and <body> hand theirs to the
  // viewport, which clips only across: a page locked while a dialog is open
  // (body { overflow: hidden }) still has its lower half.
  function clipOf(tag, overflow, r, clip) {
    const acrossClips = CLIPPING_OVERFLOW.has(overflow.x);
    if (tag === "html" || tag === "body") {
      return acrossClips ? { ...clip, left: Math.max(clip.left, -scrollX),
                             right: Math.min(clip.right, window.innerWidth - scrollX) } : clip;
    }
    const downClips = CLIPPING_OVERFLOW.has(overflow.y);
    // A box that scrolls brings any of its content into its own view, and so into
    // the view of the ancestors that clip it when some of it is drawn within theirs
    // (an app shell: a page-high frame that hides its overflow round a <main> that
    // scrolls). On that axis the ancestors' clip no longer holds for its content.
    const acrossScrolls = SCROLLING_OVERFLOW.has(overflow.x) && r.right > clip.left && r.left < clip.right;
    const downScrolls = SCROLLING_OVERFLOW.has(overflow.y) && r.bottom > clip.top && r.top < clip.bottom;
    if (!acrossClips && !downClips && !acrossScrolls && !downScrolls) return clip;
    return {
      left: acrossClips ? Math.max(clip.left, r.left) : acrossScrolls ? -Infinity : clip.left,
      right: acrossClips ? Math.min(clip.right, r.right) : acrossScrolls ? Infinity : clip.right,
      top: downClips ? Math.max(clip.top, r.top) : downScrolls ? -Infinity : clip.top,
      bottom: downClips ? Math.min(clip.bottom, r.bottom) : downScrolls ? Infinity : clip.bottom,
    };
  }

  // Both overflow values from one read of the shorthand ("hidden", "hidden auto").
  function overflowOf(style) {
    const [x, y = x] = style.overflow.split(" ");
    return { x, y };
  }

  // A text node of its own with something other than white space in it.
  function holdsText(el) {
    for (let node = dom.firstChild(el); node; node = dom.nextSibling(node)) {
      if (dom.nodeType(node) === Node.TEXT_NODE && /\S/.test(dom.data(node))) return true;
    }
    return false;
  }

  const outside = (r, clip) => r.right <= clip.left || r.left >= clip.right ||
    r.bottom <= clip.top || r.top >= clip.bottom;

  function stepOf(name) {
    let index = stepIndex.get(name);
    if (index === undefined) {
      index = stepNames.length;
      stepNames.push(name);
      stepIndex.set(name, index);
    }
    return index;
  }

  // Pass 1, the elements. Depth-first with an explicit stack: pages nest deeper
  // than the JS call stack allows. Every element gets its index (its stamp), its
  // parent's and its XPath step; subtrees under display: none are walked too (every
  // element is stamped, so the engine can refuse any element it receives
  // unstamped). Nothing here reads layout: the page is stamped and serialised next,
  // and measured last (pass 2), so its markup can be on its way to the host while
  // the layout is read. Stamps change no layout (they are removed before pass 2,
  // and no style of the page names them); nothing is written between the reads of
  // pass 2, so the layout computed for the first read serves every other one.
  //
  // The walks allocate nothing per element that they can avoid: on a page of
  // 35,000 elements, arrays and maps made per element cost as much again in garbage
  // collection as the reads themselves. The stack is a set of parallel arrays.
  const stampEls = [];      // per entry (element index): the element
  const stampTags = [];     // per entry: its tag
  const floatRoots = [];    // indexes of the float roots (pass 2; sent as geometry.floats)
  const parentOf = [];      // per entry: its parent's entry, or -1
  const shows = [];         // per entry: something in its subtree is seen
  const unseen = [];        // per entry: [reason, index of its flags in boxes] or null
  const sources = [];       // [img, currentSrc] where the browser shows another address
  const root = dom.documentElement(document);
  const stackEl = [root], stackTag = [tagOf(root)], stackStep = [stepOf(tagOf(root))], stackNth = [1];
  const stackParent = [-1];
  // One element's children, in document order, before they go on the stack reversed.
  const kidEl = [], kidTag = [], kidStep = [], kidNth = [];
  const namesSeen = new Map();

  // XPath steps with an index on every step: tag[n] counts same-named siblings
  // (a shadow root's children count among themselves, after "#shadow-root/").
  function addKids(first, prefix) {
    namesSeen.clear();
    // Sibling by sibling: the children collection would be made (and kept by the
    // element) for every element of the page.
    for (let child = first; child; child = dom.nextElementSibling(child)) {
      const tag = tagOf(child);
      const name = prefix ? prefix + tag : tag;
      const n = (namesSeen.get(name) || 0) + 1;
      namesSeen.set(name, n);
      kidEl.push(child);
      kidTag.push(tag);
      kidStep.push(stepOf(name));
      kidNth.push(n);
    }
  }

  while (stackEl.length) {
    const el = stackEl.pop(), tag = stackTag.pop(), step = stackStep.pop(), nth = stackNth.pop();
    const parent = stackParent.pop();
    const index = stampEls.length;
    stampEls.push(el);
    stampTags.push(tag);
    parentOf.push(parent);
    elName.push(step);
    elNth.push(nth);
    elementCount++;
    if (tag === "img") {
      const shown = dom.imgCurrentSrc(el) || dom.imgSrc(el);
      // A page's own attribute of that name is overwritten too, in the copy only.
      if (shown && (shown !== dom.imgSrc(el) || dom.hasAttribute(el, SRC_ATTR))) sources.push([el, shown]);
    }
    const shadow = dom.shadowRoot(el);   // null for closed roots, which stay unreadable
    if (shadow && dom.shadowMode(shadow) === "open") {
      openShadowRoots.push(shadow);
      addKids(dom.fragmentFirstElementChild(shadow), "#shadow-root/");
    }
    addKids(dom.firstElementChild(el), "");
    for (let i = kidEl.length - 1; i >= 0; i--) {
      stackEl.push(kidEl[i]);
      stackTag.push(kidTag[i]);
      stackStep.push(kidStep[i]);
      stackNth.push(kidNth[i]);
      stackParent.push(index);
    }
    kidEl.length = kidTag.length = kidStep.length = kidNth.length = 0;
  }
  const walkedAt = performance.now();

  // Pass 2, measure, in the order of pass 1 (parents before their children). Each
  // element hands its children the clip their in-flow content is drawn within, and
  // the clip for absolutely positioned content (set by the nearest positioned
  // ancestor, its containing block): an absolute box escapes the clipping of
  // anything in between.
  const INSIDE_FLOAT = 1, PARENT_IGNORES_FLOAT = 2, INSIDE_HIDDEN = 4;
  function measure() {
    const childBitsOf = [], childClipOf = [], childAbsClipOf = [];
    for (let index = 0; index < stampEls.length; index++) {
      const el = stampEls[index], tag = stampTags[index], parent = parentOf[index];
      const inherited = parent < 0 ? 0 : childBitsOf[parent];
      const clip = parent < 0 ? NO_CLIP : childClipOf[parent];
      const absClip = parent < 0 ? NO_CLIP : childAbsClipOf[parent];
      const insideFloat = (inherited & INSIDE_FLOAT) !== 0;
      const parentIgnoresFloat = (inherited & PARENT_IGNORES_FLOAT) !== 0;
      let childClip = clip;
      let childAbsClip = absClip;
      shows.push(false);
      unseen.push(null);
      let floatRoot = false;
      let hidden = (inherited & INSIDE_HIDDEN) !== 0;
      let ignoresFloat = false;
      if (!hidden && !UNMEASURED_TAGS.has(tag)) {
        const style = getComputedStyle(el);
        // Each computed value is read once: every read asks the style engine again.
        const display = style.display;
        if (display === "none") {
          // Record the hidden root only: its subtree is gone with it.
          ids.push(index);
          boxes.push(0, 0, 0, 0);
          flags.push(0);
          hidden = true;
        } else {
          const position = style.position;
          const positioned = position === "absolute" || position === "fixed";
          floatRoot = !insideFloat && !parentIgnoresFloat && !positioned && style.float !== "none";
          ignoresFloat = FLOAT_IGNORING_DISPLAYS.has(display);
          // Displayed yet not rendered: the body of a closed <details> (its slot is
          // content-visibility: hidden, and Chromium still invents a box for it), a
          // display: contents wrapper. Left out, so the engine anchors it. checkVisibility
          // is false for an element without a box, so it answers alone where it exists
          // (getClientRects built a list of every line's box just to be counted).
          const rendered = dom.checkVisibility ? dom.checkVisibility(el) : dom.getClientRects(el).length > 0;
          // A fixed box is drawn against the viewport (transformed ancestors aside).
          const drawnWithin = position === "fixed" ? NO_CLIP : position === "absolute" ? absClip : clip;
          childClip = drawnWithin;
          if (rendered) {
            const r = dom.getBoundingClientRect(el);
            let bits = FLAG_DISPLAYED;
            // Opacity is not visibility: fade-in-on-scroll content sits at opacity 0.
            if (style.visibility === "visible") bits |= FLAG_VISIBLE;
            if (floatRoot) bits |= FLAG_FLOAT;
            if (position === "fixed" || position === "sticky") bits |= FLAG_FIXED;
            if (drawnAsCode(tag, style, display)) bits |= FLAG_CODE;
            if (style.direction === "rtl") bits |= FLAG_RTL;
            const columns = style.columnCount;
            if ((columns !== "auto" && columns !== "1") || style.columnWidth !== "auto") bits |= FLAG_MULTICOLUMN;
            const writing = style.writingMode;
            if (writing === "vertical-rl" || writing === "sideways-rl") bits |= FLAG_VERTICAL_RL;
            ids.push(index);
            boxes.push(round(r.left + scrollX), round(r.top + scrollY), round(r.width), round(r.height));
            flags.push(bits);
            const overflow = overflowOf(style);
            const reason = unseenReason(el, tag, style, display, r, positioned, overflow) ||
              (outside(r, drawnWithin) ? UNSEEN.outsideClip : 0);
            if (reason) unseen[index] = [reason, flags.length - 1];
            else if (bits & FLAG_VISIBLE) shows[index] = true;
            childClip = clipOf(tag, overflow, r, drawnWithin);
          }
          // A positioned box is the containing block of absolute ones. (So is a
          // transformed one; not followed, which can only keep text, never drop it.)
          if (position !== "static") childAbsClip = childClip;
          // The viewport's clip holds absolutely positioned content too.
          else if (tag === "html" || tag === "body") childAbsClip = clipOf(tag, overflowOf(style), null, absClip);
        }
      }
      if (floatRoot) floatRoots.push(index);
      childBitsOf.push((insideFloat || floatRoot ? INSIDE_FLOAT : 0) |
        (ignoresFloat ? PARENT_IGNORES_FLOAT : 0) | (hidden ? INSIDE_HIDDEN : 0));
      childClipOf.push(childClip);
      childAbsClipOf.push(childAbsClip);
    }

    // Children come after their parent in stampEls, so one backward pass sees every
    // subtree before its root: a reason a descendant can undo counts only when
    // nothing under the element is seen.
    for (let i = stampEls.length - 1; i >= 0; i--) {
      const mark = unseen[i];
      if (mark && (!UNDOABLE_REASONS.has(mark[0]) || !shows[i])) {
        flags[mark[1]] |= mark[0] << UNSEEN_SHIFT;
        shows[i] = false;
      } else if (mark) {
        shows[i] = true;
      }
      if (shows[i] && parentOf[i] >= 0) shows[parentOf[i]] = true;
    }
  }

  // --- serialisation that re-parses into the same tree -------------------------

  function riskyComment(text) {
    return text.includes("-->") || text.includes("--!>") || text.startsWith(">") || text.startsWith("->");
  }

  // Text that would end the element early (its end tag), or, in a script, open
  // the "double escaped" state in which its real end tag no longer ends it.
  const ESCAPING_TEXT = new Map([...RAW_TEXT_TAGS].map((tag) => [tag, new RegExp(`</${tag}|<!--`, "i")]));

  function riskyRawText(el, tag) {
    if (DRAWN_RAW_TEXT_TAGS.has(tag)) return true;
    for (const node of dom.childNodes(el)) {
      if (dom.nodeType(node) !== Node.TEXT_NODE) return true;
    }
    return ESCAPING_TEXT.get(tag).test(dom.textContent(el));
  }

  // Nodes under `scope` (the document, a shadow root, a template's content) whose
  // serialisation could escape: comments, processing instructions, raw text.
  function riskyNodesIn(scope, into) {
    const walker = dom.createTreeWalker(document, scope,
      NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_PROCESSING_INSTRUCTION);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (dom.nodeType(node) === Node.PROCESSING_INSTRUCTION_NODE || riskyComment(dom.data(node))) {
        into.add(node);
      }
    }
    const query = scope === root ? (selector) => dom.querySelectorAll(root, selector)
      : (selector) => dom.fragmentQuerySelectorAll(scope, selector);
    for (const el of query(RAW_TEXT_SELECTOR)) {
      if (dom.namespaceURI(el) === XHTML && riskyRawText(el, tagOf(el))) into.add(el);
    }
    for (const template of query("template")) {
      if (riskyTemplate(template)) into.add(template);
    }
    return into;
  }

  // A <template>'s content (and the content of templates inside it) holds a risky
  // node. Iterative: templates nest as deep as a script makes them.
  function riskyTemplate(template) {
    const contents = [dom.templateContent(template)];
    while (contents.length) {
      const fragment = contents.pop();
      const walker = dom.createTreeWalker(document, fragment,
        NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_PROCESSING_INSTRUCTION);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (dom.nodeType(node) === Node.PROCESSING_INSTRUCTION_NODE || riskyComment(dom.data(node))) return true;
      }
      for (const el of dom.fragmentQuerySelectorAll(fragment, RAW_TEXT_SELECTOR)) {
        if (dom.namespaceURI(el) === XHTML && riskyRawText(el, tagOf(el))) return true;
      }
      for (const inner of dom.fragmentQuerySelectorAll(fragment, "template")) {
        contents.push(dom.templateContent(inner));
      }
    }
    return false;
  }

  const escapeText = (v) => v.replace(/&/g, "&amp;").replace(/\u00a0/g, "&nbsp;")
    .replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const escapeAttribute = (v) => v.replace(/&/g, "&amp;").replace(/\u00a0/g, "&nbsp;")
    .replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

  function nameOf(el) {
    return dom.namespaceURI(el) === XHTML ? dom.localName(el) : dom.tagName(el);
  }

  function openingTag(el, name = nameOf(el)) {
    let out = `<${name}`;
    for (const attr of dom.attributes(el)) out += ` ${attr.name}="${escapeAttribute(attr.value)}"`;
    return out + ">";
  }

  const shadowRootSet = new Set(openShadowRoots);
  const htmlOptions = { serializableShadowRoots: false, shadowRoots: openShadowRoots };

  // The elements to write by hand: the risky nodes and everything above them.
  function pathsToRisky(risky) {
    const above = new Set();
    for (const node of risky) {
      let up = dom.parentNode(node);
      while (up && !above.has(up)) {
        above.add(up);
        up = shadowRootSet.has(up) ? dom.shadowHost(up) : dom.parentNode(up);
      }
    }
    return above;
  }

  // The page as getHTML would write it, but with each risky node made harmless.
  // Iterative (a work stack of nodes and strings): the path to a risky node may be
  // deeper than the JS call stack.
  function safeHtml(risky) {
    const above = pathsToRisky(risky);
    const out = [];
    const work = [root];
    const pushChildren = (parent) => {
      const nodes = dom.childNodes(parent);
      for (let i = nodes.length - 1; i >= 0; i--) work.push(nodes[i]);
    };
    while (work.length) {
      const node = work.pop();
      if (typeof node === "string") {
        out.push(node);
        continue;
      }
      const type = dom.nodeType(node);
      if (type === Node.TEXT_NODE) {
        out.push(escapeText(dom.data(node)));
      } else if (type === Node.COMMENT_NODE) {
        // Risky comments (and, below, every processing instruction) are left out:
        // the engine reads neither, and either could open markup when parsed again.
        if (!risky.has(node)) out.push(`<!--${dom.data(node)}-->`);
      } else if (type === Node.ELEMENT_NODE) {
        const tag = tagOf(node);
        const end = `</${nameOf(node)}>`;
        if (risky.has(node)) {
          const text = dom.textContent(node);
          if (DRAWN_RAW_TEXT_TAGS.has(tag)) {
            // The reader sees this text literally: a <pre> says the same, escaped.
            out.push(openingTag(node, "pre"), escapeText(text), "</pre>");
          } else if (tag === "template") {
            out.push(openingTag(node), end);   // inert: the engine never reads it
          } else {
            // Script, JSON and CSS read "<\/" as "</": no end tag can match early.
            out.push(openingTag(node), text.replace(/<\//g, "<\\/").replace(/<!--/g, "<\\!--"), end);
          }
        } else if (!above.has(node)) {
          out.push(openingTag(node));
          if (!VOID_TAGS.has(tag) || dom.namespaceURI(node) !== XHTML) {
            out.push(dom.getHTML ? dom.getHTML(node, htmlOptions) : "", end);
          }
        } else {
          out.push(openingTag(node));
          work.push(end);
          pushChildren(node);
          const shadow = dom.shadowRoot(node);
          if (shadow && shadowRootSet.has(shadow)) {
            work.push("</template>");
            pushChildren(shadow);
            work.push('<template shadowrootmode="open">');
          }
        }
      }
    }
    return out.join("");
  }

  let html;
  let serialiser;
  let stampedAt = walkedAt;
  try {
    for (let i = 0; i < stampEls.length; i++) stamp(stampEls[i], PATH_ATTR, String(i));
    for (const [img, src] of sources) stamp(img, SRC_ATTR, src);
    stampedAt = performance.now();
    const risky = riskyNodesIn(root, new Set());
    for (const shadow of openShadowRoots) riskyNodesIn(shadow, risky);
    if (risky.size || !dom.getHTML) {
      html = safeHtml(risky);
      serialiser = "safe";
    } else {
      // getHTML writes open shadow roots as <template shadowrootmode> only when it
      // is handed them; roots created serializable but closed (never walked, never
      // stamped) stay out.
      html = openingTag(root) + dom.getHTML(root, htmlOptions) + `</${nameOf(root)}>`;
      serialiser = "getHTML";
    }
  } finally {
    // Undo in reverse, so an element stamped twice ends with its first value.
    for (let i = stamped.length - 1; i >= 0; i--) {
      const [el, name, previous] = stamped[i];
      if (previous === null) dom.removeAttribute(el, name);
      else dom.setAttribute(el, name, previous);
    }
  }
  const serialisedAt = performance.now();
  const doctype = dom.doctype(document);
  html = (doctype ? `<!DOCTYPE ${doctype.name}>` : "") + html;
  const elements = { steps: stepNames, parent: parentOf, step: elName, nth: elNth };

  // The extension's flow.js may have left a function here that takes the markup
  // and the element table and hands them on to the host at once (returning true),
  // so the host parses the page while pass 2 reads its layout. The capture then
  // leaves them out. (The CLI's isolated world has none.) Posted as an object: the
  // message is written as JSON once, by the browser, not once here and again there.
  // Markup shorter than the function's `minChars` is not worth sending apart.
  let sentAhead = false;
  const sendAhead = globalThis.webgistSendAhead;
  delete globalThis.webgistSendAhead;
  if (typeof sendAhead === "function" && html.length >= (Number(sendAhead.minChars) || 0)) {
    try {
      sentAhead = sendAhead({ version: 2, html, elements }) === true;
    } catch {
      sentAhead = false;
    }
  }
  const sentAheadAt = performance.now();

  measure();
  const measuredAt = performance.now();

  const body = dom.body(document);
  return {
    version: 2,
    url: location.href,
    title: dom.title(document),
    contentType: dom.contentType(document),
    readyState: dom.readyState(document),
    ...(sentAhead ? { sentAhead: true } : { html, elements }),
    // floats: the float roots' indexes, known only once measured; the host stamps
    // them (data-wg-float), as this script did before it measured last.
    geometry: { ids, boxes, flags, floats: floatRoots },
    viewport: {
      width: window.innerWidth,
      height: window.innerHeight,
      scrollX, scrollY,
      pageWidth: dom.scrollWidth(root),
      pageHeight: dom.scrollHeight(root),
      devicePixelRatio: window.devicePixelRatio,
    },
    dir: { html: dom.getAttribute(root, "dir") || "", body: body ? dom.getAttribute(body, "dir") || "" : "" },
    lang: { html: dom.getAttribute(root, "lang") || "", body: body ? dom.getAttribute(body, "lang") || "" : "" },
    counts: { elements: elementCount, measured: ids.length, shadowRoots: openShadowRoots.length },
    serialiser,
    // Milliseconds per phase; started_at is epoch time, comparable across processes.
    timings: {
      started_at: performance.timeOrigin + started,
      walk_ms: round(walkedAt - started),
      stamp_ms: round(stampedAt - walkedAt),
      serialise_ms: round(serialisedAt - stampedAt),
      send_ahead_ms: round(sentAheadAt - serialisedAt),
      sent_ahead_at: sentAhead ? performance.timeOrigin + sentAheadAt : null,
      measure_ms: round(measuredAt - sentAheadAt),
      total_ms: round(performance.now() - started),
    },
  };
})();
