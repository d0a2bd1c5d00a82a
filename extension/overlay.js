// webgist overlay.js: draw the engine's blocks on the live page, numbered in
// reading order and coloured by region, with the reading-order method in a badge.
//
// Used twice, unchanged: by the popup (chrome.scripting.executeScript with
// `files`, then a call with the host's reply as args) and by the CLI's
// `--overlay` (CDP Runtime.evaluate, then a screenshot). Both run it in an
// isolated world, never in the page's own: the page cannot see `webgistOverlay`.
//
// Everything goes into one host element appended to <html>, holding a *closed*
// shadow root. The only reference to that root lives in this isolated world's
// `webgistOverlay`, so the extension (and the tests, through it) can read the
// drawing back with `describe()` while the page sees an opaque element. `hide()`
// removes the host element and nothing else was ever added, so the page's DOM is
// back to exactly what it was. Text from the page or the host is set through
// textContent only; no markup is ever parsed.
//
// The file is one expression whose value is the API, as executeScript returns it
// (the object itself does not survive structured cloning, so callers use a second
// call: `webgistOverlay.show(data)`).
(() => {
  "use strict";
  if (globalThis.webgistOverlay && globalThis.webgistOverlay.version === 1) {
    return globalThis.webgistOverlay.state();
  }

  const HOST_ATTR = "data-webgist-overlay";
  // Region -> colour. Main content versus the page's chrome; anything else
  // (section, form, search, dialog, no landmark) is "other".
  const PALETTE = {
    main: "#0b5fff",
    header: "#8a2be2",
    nav: "#e67700",
    aside: "#0a8f3c",
    footer: "#5f6b7a",
    other: "#d6336c",
  };
  const REGION_GROUP = {
    main: "main", article: "main", header: "header", nav: "nav", aside: "aside", footer: "footer",
  };
  const BADGE_BACKGROUND = "#111418";

  const STYLE = `
    :host { all: initial; }
    .layer { position: absolute; left: 0; top: 0; width: 0; height: 0; overflow: visible;
             pointer-events: none; font: 700 12px/16px sans-serif; }
    .box { position: absolute; box-sizing: border-box; border: 2px solid var(--c);
           background: color-mix(in srgb, var(--c) 10%, transparent); }
    .num { position: absolute; left: -2px; top: -2px; min-width: 16px; padding: 0 3px;
           box-sizing: border-box; background: var(--c); color: #fff; text-align: center; }
    .badge { position: fixed; top: 8px; right: 8px; padding: 6px 10px; border-radius: 4px;
             background: ${BADGE_BACKGROUND}; color: #fff; font: 700 12px/16px sans-serif;
             pointer-events: none; max-width: 60vw; }
    .legend { display: flex; flex-wrap: wrap; gap: 2px 8px; margin-top: 4px; font-weight: 400; }
    .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 3px;
              background: var(--c); vertical-align: -1px; }
  `;

  // The page's DOM is read through the prototypes: an element of the page (a form
  // the page moved under <html>, its fields named "hasAttribute" or "remove") cannot
  // shadow what is called on it, nor a named <img> the document's members.
  const descriptor = (proto, name) => Object.getOwnPropertyDescriptor(proto, name);
  const getter = (proto, name) => {
    const get = descriptor(proto, name).get;
    return (self) => Reflect.apply(get, self, []);
  };
  const callable = (proto, name) => {
    const fn = descriptor(proto, name).value;
    return (self, ...args) => Reflect.apply(fn, self, args);
  };
  const dom = {
    documentElement: getter(Document.prototype, "documentElement"),
    createElement: callable(Document.prototype, "createElement"),
    createDocumentFragment: callable(Document.prototype, "createDocumentFragment"),
    children: getter(Element.prototype, "children"),
    localName: getter(Element.prototype, "localName"),
    hasAttribute: callable(Element.prototype, "hasAttribute"),
    append: callable(Element.prototype, "append"),
    remove: callable(Element.prototype, "remove"),
  };

  let host = null;     // the element appended to <html>
  let root = null;     // its closed shadow root: nobody else holds it

  function colourOf(region) {
    return PALETTE[REGION_GROUP[region] || "other"];
  }

  function element(tag, className, text) {
    const el = dom.createElement(document, tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function finite(v) {
    return typeof v === "number" && Number.isFinite(v);
  }

  // data: {method: str, blocks: [[index, x, y, w, h, region, kind], ...]}
  // `index` is the block's 0-based place in reading order; it is drawn as index + 1.
  function show(data) {
    hide();
    const blocks = Array.isArray(data && data.blocks) ? data.blocks : [];
    const method = String((data && data.method) || "unknown");

    host = dom.createElement(document, "div");
    host.setAttribute(HOST_ATTR, "");
    // Inline and !important: the page's stylesheets cannot move or hide it.
    host.style.cssText = [
      "all: initial", "position: absolute", "left: 0", "top: 0", "width: 0", "height: 0",
      "margin: 0", "padding: 0", "border: 0", "overflow: visible", "display: block",
      "pointer-events: none", "z-index: 2147483647",
    ].map((rule) => `${rule} !important`).join("; ");
    root = host.attachShadow({ mode: "closed" });
    root.append(element("style", "", STYLE));
    dom.append(dom.documentElement(document), host);

    // Page coordinates start at the document's origin; the host may not (a
    // positioned <html> with a margin, say), so measure where it landed.
    const placed = host.getBoundingClientRect();
    const originX = placed.left + window.scrollX;
    const originY = placed.top + window.scrollY;

    const layer = element("div", "layer");
    const fragment = dom.createDocumentFragment(document);
    const counts = {};
    for (const entry of blocks) {
      if (!Array.isArray(entry) || entry.length < 5) continue;
      const [index, x, y, w, h, region = "", kind = ""] = entry;
      if (![index, x, y, w, h].every(finite)) continue;
      const group = REGION_GROUP[region] || "other";
      counts[group] = (counts[group] || 0) + 1;
      const box = element("div", "box");
      box.style.setProperty("--c", colourOf(region));
      box.style.left = `${x - originX}px`;
      box.style.top = `${y - originY}px`;
      box.style.width = `${Math.max(w, 4)}px`;
      box.style.height = `${Math.max(h, 4)}px`;
      box.dataset.n = String(index + 1);
      box.dataset.region = String(region || "");
      box.dataset.kind = String(kind || "");
      box.append(element("span", "num", String(index + 1)));
      fragment.append(box);
    }
    layer.append(fragment);

    const badge = element("div", "badge");
    badge.append(element("div", "method", `Reading order: ${method}`));
    const legend = element("div", "legend");
    for (const group of Object.keys(PALETTE)) {
      if (!counts[group]) continue;
      const item = element("span", "item");
      const swatch = element("span", "swatch");
      swatch.style.setProperty("--c", PALETTE[group]);
      item.append(swatch, element("span", "", `${group} ${counts[group]}`));
      legend.append(item);
    }
    badge.append(legend);
    root.append(layer, badge);
    return state();
  }

  function hide() {
    if (host) host.remove();
    // A host left by an earlier copy of this script (an extension reload starts a
    // new isolated world): only <html>'s own children carrying our attribute.
    for (const el of [...dom.children(dom.documentElement(document))]) {
      if (dom.hasAttribute(el, HOST_ATTR) && dom.localName(el) === "div") dom.remove(el);
    }
    host = null;
    root = null;
    return state();
  }

  function state() {
    return { shown: host !== null && host.isConnected };
  }

  // What is drawn, read back from the shadow root itself (the test hook).
  function describe() {
    if (!root || !host || !host.isConnected) return null;
    const boxes = [...root.querySelectorAll(".box")].map((box) => {
      const r = box.getBoundingClientRect();
      return {
        n: Number(box.querySelector(".num").textContent),
        region: box.dataset.region,
        kind: box.dataset.kind,
        colour: getComputedStyle(box).borderTopColor,
        x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height,
      };
    });
    const badge = root.querySelector(".badge");
    const b = badge.getBoundingClientRect();
    return {
      method: root.querySelector(".method").textContent,
      legend: [...root.querySelectorAll(".legend .item")].map((el) => el.textContent),
      badge: { x: b.left, y: b.top, w: b.width, h: b.height,
               colour: getComputedStyle(badge).backgroundColor },
      boxes,
    };
  }

  globalThis.webgistOverlay = Object.freeze({ version: 1, show, hide, state, describe, PALETTE,
                                              BADGE_BACKGROUND });
  return state();
})();
