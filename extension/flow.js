// The one conversion flow behind the popup, the keyboard command and the context
// menu: wait for the page, collect it (or the selection), have the host convert it.
// Shared by extension pages and the service worker, so it uses no DOM of its own.
import { epochMs, HostConnection, HostError } from "./native.js";
import { engineOptions, loadSettings } from "./settings.js";
import { explainRefusal, restrictedPage } from "./restricted.js";

// How long a page that is still loading is waited for before saying so.
export const LOAD_WAIT_MS = 4000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Messages the browser gives for pages no extension may script.
const RESTRICTED_RE = /chrome:\/\/|chrome-extension:\/\/|edge:\/\/|about:|devtools|extensions gallery|cannot be scripted|webstore|chrome-search|pdf/i;

export function scriptingError(error) {
  const detail = String((error && error.message) || error || "");
  if (/no tab with id/i.test(detail)) {
    return new HostError("The tab was closed before it could be read.", { kind: "tab-gone" });
  }
  if (RESTRICTED_RE.test(detail)) {
    return new HostError(
      "This page cannot be read by extensions (browser pages such as chrome:// and about:, " +
      "the Web Store, the add-ons site and the PDF viewer are off limits).",
      { kind: "restricted", hint: "Open the page you want as Markdown in a normal tab and try there." });
  }
  return new HostError(
    `webgist may not read this tab (${detail}).`,
    { kind: "no-access",
      hint: "Invoke webgist on this tab itself: its toolbar button, Alt+Shift+M, Alt+Shift+K or " +
            "the right-click menu. It reads a tab only when you ask it to there." });
}

// A page still loading may not have its content yet: wait a little, then say so.
export async function waitForLoad(tabId, { timeoutMs = LOAD_WAIT_MS, onWait = () => {} } = {}) {
  const deadline = Date.now() + timeoutMs;
  let tab;
  try {
    tab = await chrome.tabs.get(tabId);
  } catch (error) {
    throw scriptingError(error);
  }
  const refused = restrictedPage(tab.url);
  if (refused) throw scriptingError(new Error(refused));
  if (tab.status !== "loading") return tab;
  onWait();
  while (Date.now() < deadline) {
    await sleep(150);
    tab = await chrome.tabs.get(tabId);
    if (tab.status !== "loading") return tab;
  }
  throw new HostError(
    "The page is still loading, so what is on it may not be there yet.",
    { kind: "page-loading",
      hint: "Wait until it has finished loading (or press Esc in the page to stop it), then try again." });
}

// How long collect.js may take. A page of 50,000 elements is read in a few seconds;
// past this the page's own scripts are holding its main thread, and collect.js will
// not run until they let go (maybe never).
export const COLLECT_TIMEOUT_MS = 20_000;

// How long to wait for the tab's side of the channel that carries the page's
// markup ahead of its geometry; without it, collect.js sends everything at the end.
export const AHEAD_CHANNEL_WAIT_MS = 1000;
// Markup shorter than this (UTF-16 units) is not sent ahead: the host parses and
// receives it in a few milliseconds, about what sending it apart costs (CPython's
// 200 KB documentation pages: ~15 ms saved, ~15 ms spent). A 5 MB page saves ~0.4 s.
export const AHEAD_MIN_CHARS = 1_000_000;
// The markup sent ahead is carried, written out and parsed while the tab reads its
// layout: that needs a second core. With two, the 5 MB page's copy is ~2% quicker
// on a quiet machine and no slower on a busy one (docs/history/latency.md, sessions
// 17 and 19).
export const AHEAD_MIN_CORES = 2;

export function aheadWorthIt() {
  return (Number(globalThis.navigator && navigator.hardwareConcurrency) || 0) >= AHEAD_MIN_CORES;
}

// Runs in the tab's isolated world before collect.js: once the extension connects
// with this name, collect.js finds globalThis.webgistSendAhead, which posts the
// page's markup and element table back at once, while collect.js still measures
// the page. Self-contained (executeScript serialises the function).
function listenForAhead(name, minChars) {
  const listener = (port) => {
    if (port.name !== name) return;
    chrome.runtime.onConnect.removeListener(listener);
    globalThis.webgistSendAhead = Object.assign((part) => {
      port.postMessage(part);
      return true;
    }, { minChars });
    port.postMessage("ready");
  };
  chrome.runtime.onConnect.addListener(listener);
}

// A port from the tab's main frame on which collect.js's markup arrives ahead
// (`onText(its JSON text)`), or null when the tab's side did not answer in time.
async function openAheadChannel(tabId, onText) {
  const name = `webgist-ahead-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  let port = null;
  try {
    await chrome.scripting.executeScript({ target: { tabId }, func: listenForAhead,
                                           args: [name, AHEAD_MIN_CHARS] });
    port = chrome.tabs.connect(tabId, { name, frameId: 0 });
    const ready = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), AHEAD_CHANNEL_WAIT_MS);
      port.onDisconnect.addListener(() => { clearTimeout(timer); resolve(false); });
      port.onMessage.addListener((message) => {
        if (message === "ready") {
          clearTimeout(timer);
          resolve(true);
        } else if (message && typeof message === "object") {
          // Written as JSON here, in the extension's process, while the tab measures.
          onText(JSON.stringify(message));
        }
      });
    });
    if (ready) return port;
  } catch {
    // No channel (a page scripts may not reach is refused again, and explained, below).
  }
  try { if (port) port.disconnect(); } catch { /* already closed */ }
  return null;
}

// Resolves with {json: the capture as JSON text, contentType, title, url, timings}.
// With `ahead(text)`, collect.js may hand the page's markup and element table over
// first, as JSON text, while it measures; the capture then says `sentAhead`.
// With `watch`, watch.js keeps watching the page after it is read, so a later click
// can reuse the capture while the page is unchanged (readAhead); the capture then
// carries `watchId`.
export async function collectPage(tabId, { timeoutMs = COLLECT_TIMEOUT_MS, ahead = null, watch = false } = {}) {
  let results;
  let timer = null;
  const channel = ahead ? await openAheadChannel(tabId, ahead) : null;
  const notResponding = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new HostError(
      "The page is not responding: its scripts keep the browser busy, so it could not be read.",
      { kind: "page-not-responding",
        hint: "Wait until the page responds again (or reload it), then try again." })), timeoutMs);
  });
  try {
    results = await Promise.race([
      chrome.scripting.executeScript({ target: { tabId }, files: watch
        ? ["collect.js", "watch.js", "capture-text.js"] : ["collect.js", "capture-text.js"] }),
      notResponding]);
  } catch (error) {
    throw error instanceof HostError ? error : scriptingError(await explainRefusal(tabId, error));
  } finally {
    clearTimeout(timer);
    try { if (channel) channel.disconnect(); } catch { /* already closed */ }
  }
  // capture-text.js's result: the capture as JSON text, and the fields read here.
  const capture = results && results[0] && results[0].result;
  if (capture && capture.contentType === "application/pdf") {
    // Chromium lets the script run in the PDF viewer's wrapper page, which holds no
    // text of the document: it would "copy" 0 words.
    throw scriptingError(new Error("the PDF viewer"));
  }
  if (!capture || !(capture.hasHtml || capture.sentAhead) || typeof capture.json !== "string") {
    throw new HostError("The page did not return anything to convert; reload it and try again.",
                        { kind: "empty" });
  }
  return capture;
}

// The page read as the popup opens, before Copy is clicked (popup.js): a person
// takes half a second or more to reach the button, which is longer than reading a
// documentation page and converting it. The click uses the capture only if watch.js
// says the page has not changed since (stillShows), and the host's reply only if it
// was asked with the click's options; otherwise it reads and converts afresh.
// A capture larger than this (JSON characters) is read ahead but not converted: the
// host does one conversion at a time, and a conversion of seconds with options the
// click may not use would hold up the one it needs.
export const AHEAD_CONVERT_MAX_CHARS = 2_000_000;
// Pages with more elements than this are not read ahead: reading one takes long
// enough to stall the page (collect.js runs in the page's thread, and keeps running
// after the popup closes), and converting it ties up the host for the click.
// The CPython documentation pages bench/latency.py times have 2,200-4,900 elements
// and are read ahead; its 5 MB page (36,000) and a 1.8 M-character capture of
// 8,400 are not (docs/history/latency.md, session 18: fix5b).
export const AHEAD_MAX_ELEMENTS = 6000;
// How long the click waits for the page to answer whether it changed before reading it afresh.
export const STILL_SHOWS_WAIT_MS = 1000;

// Resolves `ahead.read` with {capture, collectedAt} or {error}; never rejects.
// `host`: the popup's connection, asked for the conversion with `scope` at once.
export function readAhead(tabId, { host = null, scope = null } = {}) {
  const ahead = { tabId, replies: new Map(), read: null };
  // When its steps began (epoch ms), for bench/latency.py: in the copy's timeline
  // when the click uses this read's reply.
  const steps = { early_started_at: epochMs() };
  ahead.read = (async () => {
    try {
      const [settings, tab] = await Promise.all([loadSettings(), chrome.tabs.get(tabId)]);
      if (tab.status === "loading" || restrictedPage(tab.url)) return {};
      steps.early_asked_at = epochMs();
      // A page that does not answer this at once is not read ahead (the click reads it, with its own timeout).
      const asked = chrome.scripting.executeScript(
        { target: { tabId }, func: worthReadingAhead, args: [AHEAD_MAX_ELEMENTS] });
      const late = new Promise((resolve) => setTimeout(() => resolve(null), STILL_SHOWS_WAIT_MS));
      const worth = await Promise.race([asked, late]);
      if (!worth || !worth[0] || worth[0].result !== true) return {};
      steps.early_collect_at = epochMs();
      const capture = await collectPage(tabId, { watch: true });
      const collectedAt = epochMs();
      if (!capture.watchId) return {};
      if (host && !host.closed && capture.json.length <= AHEAD_CONVERT_MAX_CHARS) {
        const options = engineOptions(settings, scope || settings.scope);
        const timeline = { ...steps };
        const reply = host.request({ type: "convert", options }, { timeline, body: capture.json });
        reply.catch(() => {});   // the click asks again
        ahead.replies.set(JSON.stringify(options), { host, reply, timeline });
      }
      return { capture, collectedAt };
    } catch (error) {
      return { error };
    }
  })();
  return ahead;
}

// Runs in the tab's isolated world, before collect.js: whether the page may be read
// ahead at all. Not a big page (AHEAD_MAX_ELEMENTS); no animation running or about
// to (what would be read is a moment of it); no shadow root, open or closed (watch.js
// cannot see inside one, so the capture could never be reused; closed roots are
// seen through chrome.dom where this browser has it, which takes HTML elements
// only: an SVG element throws).
function worthReadingAhead(maxElements) {
  const elements = document.getElementsByTagName("*");
  if (elements.length > maxElements) return false;
  const animations = document.getAnimations ? document.getAnimations() : [];
  if (animations.some((a) => a.pending || a.playState === "running")) return false;
  // The elements attachShadow accepts (the DOM standard's list, and custom elements):
  // the API call costs per element, and it throws for an SVG one. watch.js holds the
  // same test; an injected function cannot import it.
  const HOSTS = new Set(["article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3",
                         "h4", "h5", "h6", "header", "main", "nav", "p", "section", "span"]);
  const shadowRootOf = globalThis.chrome && chrome.dom && chrome.dom.openOrClosedShadowRoot
    ? (el) => (HOSTS.has(el.localName) || el.localName.includes("-")
      ? chrome.dom.openOrClosedShadowRoot(el) : null)
    : (el) => el.shadowRoot;
  for (const el of elements) if (shadowRootOf(el)) return false;
  return true;
}

// Runs in the tab's isolated world: whether watch.js `id` still sees the page as read.
function stillShows(id) {
  const watch = globalThis.webgistWatch;
  return Boolean(watch && watch.id === id && watch.unchanged());
}

// The capture read ahead, if the page still shows it; null to read it afresh.
async function captureReadAhead(tabId, ahead, timeline) {
  if (!ahead || ahead.tabId !== tabId) return null;
  const read = await ahead.read;
  if (!read.capture) {
    // A page that did not answer once is not waited for twice.
    if (read.error instanceof HostError && read.error.kind === "page-not-responding") throw read.error;
    return null;
  }
  const asked = epochMs();
  let same = false;
  try {
    const probe = chrome.scripting.executeScript({ target: { tabId }, func: stillShows,
                                                   args: [read.capture.watchId] });
    const late = new Promise((resolve) => setTimeout(() => resolve(null), STILL_SHOWS_WAIT_MS));
    const results = await Promise.race([probe, late]);
    same = Boolean(results && results[0] && results[0].result === true);
  } catch {
    same = false;
  }
  timeline.ahead = { checked_ms: epochMs() - asked, capture: same, reply: false };
  if (!same) ahead.replies.clear();
  return same ? read : null;
}

// Runs in the page: the selection as a small document of its own. Each range's
// cloned contents are wrapped in shallow copies of its common ancestor and that
// ancestor's ancestors, so a few selected list items keep their list, cells their
// table and lines of code their <pre>. Nothing on the live page is touched.
// (No geometry: the engine reads the selection in source order and says so.)
// Self-contained (executeScript serialises the function alone). Every DOM member
// is read from its prototype: a selected form's fields named "parentElement" or
// "cloneNode" shadow the element's own. The copy is then made safe to serialise:
// comments, processing instructions and what is never drawn (templates, noscript)
// go, raw text cannot close its element early, and <xmp> becomes the <pre> of its
// literal text, so parsing it again in the host makes nothing the reader did not see.
function selectionDocument() {
  const descriptor = (proto, name) => Object.getOwnPropertyDescriptor(proto, name);
  const getter = (proto, name) => {
    const get = descriptor(proto, name).get;
    return (self) => Reflect.apply(get, self, []);
  };
  const method = (proto, name) => {
    const fn = descriptor(proto, name).value;
    return (self, ...args) => Reflect.apply(fn, self, args);
  };
  const E = Element.prototype, N = Node.prototype, D = Document.prototype;
  const dom = {
    parentElement: getter(N, "parentElement"),
    nodeType: getter(N, "nodeType"),
    cloneNode: method(N, "cloneNode"),
    textContent: getter(N, "textContent"),
    setTextContent: (self, text) => Reflect.apply(descriptor(N, "textContent").set, self, [text]),
    append: method(E, "append"),
    replaceWith: method(E, "replaceWith"),
    getAttribute: method(E, "getAttribute"),
    querySelectorAll: method(E, "querySelectorAll"),
    localName: getter(E, "localName"),
    outerHTML: getter(E, "outerHTML"),
    removeNode: method(CharacterData.prototype, "remove"),
    removeElement: method(E, "remove"),
    createElement: method(D, "createElement"),
    createTreeWalker: method(D, "createTreeWalker"),
    documentElement: getter(D, "documentElement"),
    body: getter(D, "body"),
    title: getter(D, "title"),
  };
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || !selection.rangeCount || !selection.toString().trim()) {
    return null;
  }
  const page = dom.body(document), root = dom.documentElement(document);
  const body = dom.createElement(document, "body");
  for (let i = 0; i < selection.rangeCount; i++) {
    const range = selection.getRangeAt(i);
    let wrapped = range.cloneContents();
    let el = range.commonAncestorContainer;
    if (dom.nodeType(el) !== Node.ELEMENT_NODE) el = dom.parentElement(el);
    for (; el && el !== page && el !== root; el = dom.parentElement(el)) {
      const shell = dom.cloneNode(el, false);
      dom.append(shell, wrapped);
      wrapped = shell;
    }
    dom.append(body, wrapped);
  }
  const walker = dom.createTreeWalker(document, body,
    NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_PROCESSING_INSTRUCTION);
  const strays = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) strays.push(node);
  for (const node of strays) dom.removeNode(node);
  // Never drawn while scripts run (templates are inert: one with shadowrootmode
  // would be composed by the host as a shadow root), so never selected by a reader.
  for (const el of dom.querySelectorAll(body, "template,noscript,noembed,noframes")) dom.removeElement(el);
  for (const el of dom.querySelectorAll(body, "style,script,iframe,xmp,plaintext")) {
    const text = dom.textContent(el);
    if (dom.localName(el) === "xmp" || dom.localName(el) === "plaintext") {
      const pre = dom.createElement(document, "pre");
      dom.setTextContent(pre, text);
      dom.replaceWith(el, pre);
    } else {
      dom.setTextContent(el, text.replace(/<\//g, "<\\/").replace(/<!--/g, "<\\!--"));
    }
  }
  const head = dom.createElement(document, "head");
  const title = dom.createElement(document, "title");
  dom.setTextContent(title, dom.title(document));
  dom.append(head, title);
  const lang = dom.getAttribute(root, "lang") || "";
  const dir = dom.getAttribute(root, "dir") || "";
  const open = `<html${lang ? ` lang="${lang.replace(/"/g, "&quot;")}"` : ""}` +
               `${dir ? ` dir="${dir.replace(/"/g, "&quot;")}"` : ""}>`;
  return {
    version: 1,
    url: location.href,
    title: dom.title(document),
    html: `<!DOCTYPE html>${open}${dom.outerHTML(head)}${dom.outerHTML(body)}</html>`,
    dir: { html: dir, body: "" },
    lang: { html: lang, body: "" },
    selection: true,
  };
}

export async function collectSelection(tabId) {
  try {
    const [result] = await chrome.scripting.executeScript({ target: { tabId }, func: selectionDocument });
    return (result && result.result) || null;
  } catch (error) {
    throw scriptingError(await explainRefusal(tabId, error));
  }
}

// Convert a tab: its selection when there is one and the options say so (or
// `want: "selection"`), else the page. Resolves with the host's reply plus
// {selection, title, url, timeline}. `host`: a HostConnection the caller opened
// earlier and keeps; without one, a connection is opened first thing, so the host
// starts up while the page is read, and closed at the end.
// `early`: what readAhead made of this tab before the click, used where it still holds.
export async function convertTab(tabId, {
  want = "auto", scope = null, settings = null, extra = {}, onStatus = () => {}, onProgress = () => {},
  host = null, early = null,
} = {}) {
  const timeline = { started_at: epochMs() };
  const connection = host || new HostConnection();
  try {
    return await convertWith(connection, tabId,
                             { want, scope, settings, extra, onStatus, onProgress, timeline, early });
  } finally {
    if (connection !== host) connection.close();
  }
}

async function convertWith(connection, tabId,
                           { want, scope, settings, extra, onStatus, onProgress, timeline, early }) {
  [settings] = await Promise.all([
    settings || loadSettings(),
    waitForLoad(tabId, { onWait: () => onStatus("Waiting for the page to finish loading…") })]);
  onStatus("Reading the page…");
  // Whether the page read before the click still holds is asked beside the
  // selection: two trips to the tab at once, not one after the other.
  const checking = want === "selection" ? null
    : captureReadAhead(tabId, early, timeline).then((read) => ({ read }), (error) => ({ error }));
  let capture = null;
  if (want === "selection" || (want === "auto" && settings.selection_overrides)) {
    capture = await collectSelection(tabId);
    if (!capture && want === "selection") {
      throw new HostError("Nothing is selected on the page.", { kind: "no-selection",
        hint: "Select the part you want, then try again." });
    }
  }
  const selection = Boolean(capture);
  const options = { ...engineOptions(settings, selection ? "page" : scope), ...extra };
  // The page's capture arrives as JSON text and goes to the host as it is; its
  // markup goes first, as soon as collect.js has written it, so the host parses the
  // page while collect.js measures it.
  let prepared = null;
  const ahead = (text) => {
    if (prepared) return;
    timeline.ahead_at = epochMs();
    const id = `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    prepared = { id, reply: connection.request({ type: "prepare", options }, { id, body: text }) };
    prepared.reply.catch(() => {});   // its failure is told by the convert that needs it
  };
  const checked = selection || !checking ? {} : await checking;
  if (checked.error) throw checked.error;
  const readBefore = checked.read || null;
  const page = selection ? null : readBefore ? readBefore.capture
    : await collectPage(tabId, { ahead: connection.closed || !aheadWorthIt() ? null : ahead });
  if (page) capture = page;
  timeline.collected_at = readBefore ? readBefore.collectedAt : epochMs();
  onStatus(selection ? "Converting the selection…" : "Converting…");
  let request = { type: "convert", ...(page ? {} : capture), options };
  if (page && page.sentAhead) {
    if (!prepared) {
      throw new HostError("The page was read, but its text did not reach webgist; try again.",
                          { kind: "empty" });
    }
    request = { ...request, prepared: prepared.id };
  }
  const madeBefore = readBefore && early.replies.get(JSON.stringify(options));
  let reply = null;
  if (madeBefore && madeBefore.host === connection && !page.sentAhead) {
    reply = await madeBefore.reply.catch(() => null);   // a host gone since: asked again below
    if (reply) Object.assign(timeline, madeBefore.timeline, { ahead: { ...timeline.ahead, reply: true } });
  }
  if (!reply) reply = await connection.request(request, { onProgress, timeline, body: page && page.json });
  if (!reply.ok && prepared) {
    // The markup sent ahead failed first: that is what to tell.
    const first = await prepared.reply.catch((error) => ({ ok: false, error: error.message }));
    if (!first.ok) reply = first;
  }
  if (!reply.ok) {
    throw new HostError(`The host could not convert this page: ${reply.error}`, {
      kind: "host-error",
      hint: "Try the other scope, or reload the page and try again. If it keeps failing, " +
            "the message above is what to report." });
  }
  if (!reply.markdown.trim()) throw nothingToCopy(options.scope);
  // Where the time went, for bench/latency.py: this side's clock, collect.js's and the host's.
  timeline.collect = capture.timings || null;
  timeline.host = reply.timings || null;
  return { ...reply, selection, title: reply.title || capture.title || "", url: capture.url || "", timeline };
}

// Empty Markdown is refused rather than copied, so the clipboard keeps what it had.
// In the main scope it means every block was menus, header or footer; often the
// page builds its content with script that has not run yet.
export function nothingToCopy(scope) {
  if (scope === "main") {
    return new HostError("No main content found on this page: everything on it is menus, header or footer.",
      { kind: "empty-main",
        hint: "Choose “Whole page” as the scope in the popup and copy again. The clipboard was left as it was." });
  }
  return new HostError("This page has no text to convert. The clipboard was left as it was.",
    { kind: "empty-page", hint: "If the page is still filling in, wait for it and try again." });
}

// A file name from the page title: no path separators, reserved or control
// characters, at most 120 characters, never empty.
export function markdownFileName(title) {
  let name = String(title || "")
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*\u200b-\u200f\u2028-\u202e\ufeff]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s-]+|[.\s]+$/g, "");
  if (name.length > 120) name = name.slice(0, 120).replace(/[.\s]+$/, "");
  if (!name || /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(name)) name = name ? `${name}_` : "page";
  return `${name}.md`;
}

// How long a save may take before it is reported as stuck. Writing a data: URL to
// disk takes well under a second; one still going after this long waits on the
// user (a paused or blocked download), and nothing would ever tell the caller.
export const DOWNLOAD_TIMEOUT_MS = 30_000;

// Save Markdown through the downloads API; resolves once the file is written.
export async function downloadMarkdown(markdown, title, { timeoutMs = DOWNLOAD_TIMEOUT_MS } = {}) {
  const filename = markdownFileName(title);
  const url = "data:text/markdown;charset=utf-8," + encodeURIComponent(markdown);
  const id = await chrome.downloads.download({ url, filename, conflictAction: "uniquify", saveAs: false });
  const item = await new Promise((resolve, reject) => {
    let settled = false;
    let timer = null;
    const onChanged = (delta) => { if (delta.id === id) check(); };
    const settle = (outcome, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      chrome.downloads.onChanged.removeListener(onChanged);
      outcome(value);
    };
    const check = async () => {
      try {
        const [found] = await chrome.downloads.search({ id });
        if (found && found.state !== "in_progress") settle(resolve, found);
      } catch (error) {
        settle(reject, error);
      }
    };
    chrome.downloads.onChanged.addListener(onChanged);
    timer = setTimeout(() => settle(reject, new HostError(
      `Saving ${filename} did not finish within ${timeoutMs / 1000} s.`,
      { kind: "download-timeout",
        hint: "The browser's downloads list shows whether the file is still waiting there " +
              "(paused, or held for your confirmation)." })), timeoutMs);
    check();
  });
  if (item.state !== "complete") {
    throw new HostError(`The download of ${filename} failed (${item.error || item.state}).`,
                        { kind: "download-failed" });
  }
  return { id, filename: item.filename, name: filename };
}

// [text](url) and ![alt](src) for the context menu, escaped so the text cannot end
// the link early nor open an HTML tag.
export function escapeLinkText(text) {
  return String(text || "").replace(/\s+/g, " ").trim()
    .replace(/([\\[\]])/g, "\\$1").replace(/<(?=[A-Za-z/!?])/g, "\\<");
}

export function escapeUrl(url) {
  return String(url || "").replace(/ /g, "%20").replace(/\(/g, "%28").replace(/\)/g, "%29")
    .replace(/</g, "%3C").replace(/>/g, "%3E").replace(/\n/g, "");
}

// Which addresses survive is the engine's policy, mirrored here so a link or image
// copied from the menu says what the same element says in a converted page: links
// follow the engine's link policy (blocks inline module: safe_href, LinkPolicy),
// images the rule its Markdown renderer writes them by (render markdown module).
// Change them together; tests/js/markdown_links.test.mjs pins the cases. The
// browser hands the menu absolute addresses, so nothing needs resolving here.

// Script, and data: (a data:image/ link too: a link is not a picture).
const UNSAFE_LINK_PREFIXES = ["javascript:", "vbscript:", "data:"];
const UNSAFE_IMAGE_PREFIXES = ["javascript:", "vbscript:"];
// The only data: URIs shown as a picture.
const DATA_IMAGE_PREFIX = "data:image/";
// A page served over the web cannot send its reader to their own disk.
const WEB_SCHEMES = new Set(["http", "https"]);
const LOCAL_SCHEMES = new Set(["file"]);
// Past this length an address is state (search facets, ad-click tokens), not a place:
// the link keeps its words only. The engine's MAX_LINK_URL_CHARS.
const MAX_LINK_URL_CHARS = 1000;

// The engine first strips an address as Python's str.strip() does: these are the
// characters it counts as white space (\x1c-\x1f and \x85 included, \ufeff not).
const PYTHON_SPACE = String.raw`[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]`;
const EDGE_SPACE_RE = new RegExp(`^${PYTHON_SPACE}+|${PYTHON_SPACE}+$`, "g");

function stripEdges(url) {
  return String(url || "").replace(EDGE_SPACE_RE, "");
}

// Browsers ignore ASCII controls and spaces inside a scheme (" JaVa\tscript:"), so
// the prefix is tested with them all taken out.
function schemeProbe(url) {
  // eslint-disable-next-line no-control-regex -- control characters are what it ignores
  return url.replace(/[\x00-\x20]/g, "").toLowerCase();
}

// A URL's scheme as the engine reads it (Python's urlsplit): leading controls and
// spaces and every tab or newline ignored, then a letter followed by letters,
// digits, "+", "-" or "." up to the first ":". "" for a relative address.
export function urlScheme(url) {
  // eslint-disable-next-line no-control-regex -- control characters are what it ignores
  const cleaned = String(url || "").replace(/^[\x00-\x20]+/, "").replace(/[\t\n\r]/g, "");
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(cleaned);
  return match ? match[1].toLowerCase() : "";
}

// The address a link keeps, or "" when the engine drops it (the text stays): empty,
// an in-page fragment, script, any data:, or a file: link on a page from the web.
export function safeLinkUrl(url, pageUrl = "") {
  const href = stripEdges(url);
  const probe = schemeProbe(href);
  if (!probe || probe.startsWith("#") || UNSAFE_LINK_PREFIXES.some((prefix) => probe.startsWith(prefix))) {
    return "";
  }
  if (WEB_SCHEMES.has(urlScheme(pageUrl)) && LOCAL_SCHEMES.has(urlScheme(href))) return "";
  if (href.length > MAX_LINK_URL_CHARS) return "";
  return href;
}

// The address an image keeps, or "": empty, script, data: that is not an image, or
// a data: placeholder that shows nothing. file: pictures are kept on any page, as
// the engine keeps them.
export function safeImageUrl(src) {
  const address = stripEdges(src);
  const probe = schemeProbe(address);
  if (!address || UNSAFE_IMAGE_PREFIXES.some((prefix) => probe.startsWith(prefix))) return "";
  if (probe.startsWith("data:") && !probe.startsWith(DATA_IMAGE_PREFIX)) return "";
  if (showsNothing(address)) return "";
  return address;
}

// A lazy loader's data: stand-in, which the engine drops (blocks images module,
// shows_nothing, the same patterns): an SVG holding no element but rectangles painted
// with no alpha, or a GIF or PNG under MIN_IMAGE_PX both ways. What cannot be read
// is kept.
const MIN_IMAGE_PX = 32;
const SVG_TAG_RE = /<\s*([A-Za-z][A-Za-z0-9_:.-]*)(?![A-Za-z0-9_:.-])([^<>]*)>/g;
const SVG_ATTRIBUTE_RE = /(?<![A-Za-z0-9_:.-])([A-Za-z0-9_:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const SVG_ROOT_NAMES = new Set(["svg", "svg:svg"]);
const CLEAR_OPACITY_ATTRIBUTES = ["opacity", "fill-opacity"];
const CLEAR_OPACITIES = new Set(["0", "0.0"]);
const CLEAR_FILLS = new Set(["none", "transparent"]);
const RASTER_HEADER_CHARS = 44;

export function showsNothing(url) {
  const comma = url.indexOf(",");
  const media = url.slice(0, comma).toLowerCase();
  if (comma < 0 || !media.startsWith(DATA_IMAGE_PREFIX)) return false;
  const payload = url.slice(comma + 1);
  const isSvg = media.startsWith("data:image/svg");
  const raw = media.endsWith(";base64")
    ? decodeBase64(isSvg ? payload : payload.slice(0, RASTER_HEADER_CHARS))
    : payload.replace(/%([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  if (raw === null) return false;
  if (isSvg) {
    return [...raw.matchAll(SVG_TAG_RE)].every(([, name, attributes]) => clearShape(name.toLowerCase(), attributes));
  }
  const size = rasterSize(raw);
  return size !== null && size[0] < MIN_IMAGE_PX && size[1] < MIN_IMAGE_PX;
}

// Python's base64 decoding: characters outside the alphabet dropped, then the
// padding must come out whole. A binary string, or null when it does not.
function decodeBase64(text) {
  const clean = text.replace(/[^A-Za-z0-9+/=]/g, "");
  if (clean.length % 4) return null;
  try {
    return atob(clean);
  } catch {
    return null;
  }
}

function clearShape(name, attributes) {
  if (SVG_ROOT_NAMES.has(name)) return true;
  if (name !== "rect") return false;
  const values = new Map();
  for (const [, key, double, single] of attributes.matchAll(SVG_ATTRIBUTE_RE)) {
    values.set(key.toLowerCase(), (double ?? single).trim().toLowerCase());
  }
  return !values.has("stroke") && (
    CLEAR_OPACITY_ATTRIBUTES.some((key) => CLEAR_OPACITIES.has(values.get(key)))
    || CLEAR_FILLS.has(values.get("fill")));
}

function rasterSize(header) {
  const byte = (i) => header.charCodeAt(i);
  if (header.startsWith("GIF8") && header.length >= 10) {
    return [byte(6) | (byte(7) << 8), byte(8) | (byte(9) << 8)];
  }
  if (header.startsWith("\x89PNG\r\n\x1a\n") && header.slice(12, 16) === "IHDR" && header.length >= 24) {
    const big = (i) => ((byte(i) << 24) >>> 0) + (byte(i + 1) << 16) + (byte(i + 2) << 8) + byte(i + 3);
    return [big(16), big(20)];
  }
  return null;
}

export function isSafeUrl(url, { image = false, pageUrl = "" } = {}) {
  return Boolean(image ? safeImageUrl(url) : safeLinkUrl(url, pageUrl));
}

// `pageUrl` is the tab's page, which the engine would read the link against.
export function linkMarkdown(text, url, pageUrl = "") {
  const href = safeLinkUrl(url, pageUrl);
  const label = escapeLinkText(text) || escapeLinkText(href);
  return href ? `[${label}](${escapeUrl(href)})` : label;
}

export function imageMarkdown(alt, src) {
  const address = safeImageUrl(src);
  return address ? `![${escapeLinkText(alt)}](${escapeUrl(address)})` : escapeLinkText(alt);
}
