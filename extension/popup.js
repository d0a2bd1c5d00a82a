// The popup: collect the page (or the selection), ask the host for Markdown, put it
// on the clipboard or save it as a file; or draw the engine's reading order on the
// page (overlay.js). Nothing from the page is ever rendered as HTML here: every
// value goes through textContent.
import { writeClipboard } from "./clipboard.js";
import { epochMs, HostConnection, HostError, usableConnection } from "./native.js";
import { convertTab, downloadMarkdown, readAhead } from "./flow.js";
import { loadSettings } from "./settings.js";

// When this module began to run (epoch ms), for bench/latency.py.
const MODULE_AT = epochMs();
const $ = (id) => document.getElementById(id);
// Progress is shown for anything that takes longer than this.
const PROGRESS_AFTER_MS = 1000;

// The Markdown made in this popup, so an error after it (clipboard refused) or a
// Save never needs it made again. Lives as long as the popup does.
let made = null;          // {markdown, title, scope}
let busy = false;
// The host, started as the popup opens (by start-host.js, before this module is
// even fetched): its start-up (Python and the engine's imports) runs while the user
// moves to Copy, not after the click. Closed with the popup; replaced by a fresh
// one if it has died meanwhile.
let host = null;
// The page read and converted as the popup opens (flow.js readAhead), which a click
// uses while the page is as it was read; null until the tab is known.
let early = null;

function show(id, text) {
  const el = $(id);
  el.textContent = text;
  el.hidden = false;
}

// A long preview goes in as pieces of whole lines, each a block the browser lays
// out only once it is scrolled near (popup.css: content-visibility: auto). As one
// text node the 5 MB page's Markdown held the popup's thread about a second after
// the copy, laying out lines no one had scrolled to. The text is the same either way.
const PREVIEW_PIECE_CHARS = 16384;

function showPreview(text) {
  const el = $("preview");
  if (text.length <= PREVIEW_PIECE_CHARS) {
    el.textContent = text;
  } else {
    const pieces = [];
    for (let start = 0; start < text.length;) {
      const newline = text.indexOf("\n", start + PREVIEW_PIECE_CHARS);
      const end = newline < 0 ? text.length : newline + 1;
      const piece = document.createElement("div");
      piece.className = "piece";
      piece.textContent = text.slice(start, end);
      pieces.push(piece);
      start = end;
    }
    el.replaceChildren(...pieces);
  }
  el.hidden = false;
}

function setStatus(text, { error = false } = {}) {
  $("status").textContent = text;
  $("status").classList.toggle("error", error);
}

function showHint(text) {
  $("hint-text").textContent = text;
  $("hint").hidden = !text;
}

// A progress line that appears once an operation has run for a second, with the
// phase and the seconds so far; stop() takes it away.
function startProgress() {
  const started = performance.now();
  let phase = "Working…";
  const update = () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    $("progress-text").textContent = `${phase} ${seconds} s`;
  };
  const timer = setInterval(() => {
    if (performance.now() - started < PROGRESS_AFTER_MS) return;
    $("progress").hidden = false;
    document.body.dataset.progress = "shown";
    update();
  }, 200);
  return {
    started,
    phase(text) { phase = text; if (!$("progress").hidden) update(); },
    stop() { clearInterval(timer); $("progress").hidden = true; },
  };
}

// Start the host now (see `host` above). body[data-host] says how it is: "starting",
// "ready" once it answered a ping, "closed" if it went away before a click needed
// it (not installed, or killed): the click then starts a fresh one, which reports why.
function warmHost() {
  // The first time, the port start-host.js opened as the popup began.
  const started = globalThis.webgistStartedHost;
  globalThis.webgistStartedHost = null;
  const warming = started ? new HostConnection(started) : usableConnection(host);
  host = warming;
  document.body.dataset.host = "starting";
  warming.request({ type: "ping" }).then(
    () => { if (host === warming) document.body.dataset.host = "ready"; },
    () => { if (host === warming) document.body.dataset.host = "closed"; });
  warming.onClose = () => { if (host === warming) document.body.dataset.host = "closed"; };
}

// Opened as popup.html?tabId=N (in a tab, by tests or by a user who pinned it) it
// works on that tab; opened from the toolbar, on the active one.
async function targetTabId() {
  const param = new URLSearchParams(location.search).get("tabId");
  if (param !== null && /^\d+$/.test(param)) return Number(param);
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (!tab) throw new Error("There is no active tab to copy.");
  return tab.id;
}

function showFacts(reply) {
  show("method", reply.method);
  show("blocks", String(reply.stats.blocks));
  show("words", String(reply.stats.words));
  show("source", reply.selection ? "the selection" : (reply.scope === "page" ? "the whole page" : "the main content"));
  $("facts").hidden = false;
}

function showError(error) {
  setStatus(error.message, { error: true });
  showHint(error.hint || "");
  document.body.dataset.errorKind = error.kind || "error";
}

// Collect and convert the target tab with the popup's scope, showing progress.
async function convert({ want = "auto", extra = {} } = {}) {
  const progress = startProgress();
  try {
    const tabId = await targetTabId();
    const scope = $("scope").value;
    if (!host || host.closed) warmHost();
    const reply = await convertTab(tabId, {
      want, scope, extra, host, early,
      onStatus: (text) => { setStatus(text); progress.phase(text); },
      onProgress: ({ phase, done, total }) => {
        const text = `Converting… (${phase} ${done}/${total})`;
        setStatus(text);
        progress.phase(text);
      },
    });
    reply.scope = reply.selection ? "page" : scope;
    return { reply, tabId, started: progress.started };
  } finally {
    progress.stop();
  }
}

function keep(reply) {
  made = { markdown: reply.markdown, title: reply.title, scope: reply.scope, selection: reply.selection };
  showPreview(reply.markdown);
  showFacts(reply);
}

async function run(button, work) {
  if (busy) return;
  busy = true;
  button.disabled = true;
  delete document.body.dataset.state;
  delete document.body.dataset.errorKind;
  showHint("");
  try {
    await work();
  } catch (error) {
    showError(error);
    document.body.dataset.state = "error";
  } finally {
    button.disabled = false;
    busy = false;
  }
}

async function copyAsMarkdown() {
  await run($("copy"), async () => {
    const { reply, started } = await convert();
    // The clipboard first: laying out a long preview takes the popup a second on a
    // 5 MB page, and the reader is waiting for the clipboard, not the preview.
    let refused = null;
    try {
      await writeClipboard(reply.markdown);
    } catch (error) {
      refused = error;
    }
    const copiedAt = epochMs();
    keep(reply);
    if (refused) {
      throw new HostError(
        `Could not copy: ${refused.message} The Markdown is below and nothing is lost: ` +
        "save it with Save as .md, or select it and copy.",
        { kind: "clipboard-denied" });
    }
    // The last copy's timeline, read by bench/latency.py.
    document.body.dataset.timeline = JSON.stringify({ ...reply.timeline, clipboard_at: copiedAt,
                                                      popup_at: performance.timeOrigin,
                                                      popup_module_at: MODULE_AT });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const what = reply.selection ? "the selection" : `${reply.stats.words} words`;
    setStatus(`Copied ${what} as Markdown (${seconds} s).`);
    document.body.dataset.state = "done";
  });
}

async function saveAsMarkdown() {
  await run($("save"), async () => {
    if (!made || made.scope !== $("scope").value && !made.selection) {
      const { reply } = await convert();
      keep(reply);
    }
    setStatus("Saving…");
    const saved = await downloadMarkdown(made.markdown, made.title);
    setStatus(`Saved as ${saved.name} in your downloads.`);
    document.body.dataset.saved = saved.filename;
    document.body.dataset.state = "saved";
  });
}

// The preview follows the scope switch once something has been converted.
async function refreshPreview() {
  if (!made || made.selection) return;
  await run($("copy"), async () => {
    const { reply } = await convert();
    keep(reply);
    setStatus(`Preview of ${reply.stats.words} words; Copy or Save to keep it.`);
    document.body.dataset.state = "previewed";
  });
}

// The reading-order overlay. overlay.js runs in the extension's isolated world
// of the tab and keeps the only reference to its closed shadow root there, so the
// page's scripts can neither see nor reach it; these calls run in that same world.
async function runInOverlayWorld(tabId, func, args = []) {
  await chrome.scripting.executeScript({ target: { tabId }, files: ["overlay.js"] });
  const [result] = await chrome.scripting.executeScript({ target: { tabId }, func, args });
  return result && result.result;
}

function setOverlayButton(shown) {
  $("overlay").textContent = shown ? "Hide reading order" : "Show reading order";
  $("overlay").setAttribute("aria-pressed", String(shown));
  document.body.dataset.overlay = shown ? "shown" : "hidden";
}

async function showReadingOrder() {
  const { reply, tabId } = await convert({ want: "page", extra: { overlay: true } });
  showFacts(reply);
  const blocks = Array.isArray(reply.overlay) ? reply.overlay : [];
  let state;
  try {
    state = await runInOverlayWorld(tabId, (data) => globalThis.webgistOverlay.show(data),
                                    [{ method: reply.method, blocks }]);
  } catch (error) {
    throw new HostError(`The reading order could not be drawn on this page (${error.message}).`,
                        { kind: "restricted" });
  }
  if (!state || !state.shown) throw new HostError("The reading order could not be drawn on this page.");
  const unmeasured = reply.stats.blocks - blocks.length;
  setStatus(`Showing ${blocks.length} blocks in reading order (${reply.method})` +
            (unmeasured > 0 ? `; ${unmeasured} not drawn, as the browser did not lay them out.` : "."));
}

async function hideReadingOrder() {
  await runInOverlayWorld(await targetTabId(), () => globalThis.webgistOverlay.hide());
  setStatus("Reading order hidden.");
}

async function toggleReadingOrder() {
  const button = $("overlay");
  const showing = button.getAttribute("aria-pressed") === "true";
  button.disabled = true;
  showHint("");
  document.body.dataset.overlay = "working";
  try {
    if (showing) await hideReadingOrder();
    else await showReadingOrder();
    setOverlayButton(!showing);
  } catch (error) {
    showError(error);
    setOverlayButton(showing);
    document.body.dataset.overlay = "error";
  } finally {
    button.disabled = false;
  }
}

// Reopened over a page that still shows the overlay, the button offers Hide.
async function syncOverlayButton() {
  try {
    const tabId = await targetTabId();
    const [result] = await chrome.scripting.executeScript({
      target: { tabId },
      func: () => (globalThis.webgistOverlay ? globalThis.webgistOverlay.state() : { shown: false }),
    });
    if (document.body.dataset.overlay) return;   // a click got there first
    setOverlayButton(Boolean(result && result.result && result.result.shown));
  } catch {
    // No access to this tab (yet): nothing can be shown on it either.
  }
}

// The options' default scope, unless the switch was already used; and what the
// keyboard command or context menu last did on this tab, when it went wrong.
async function restore() {
  const settings = await loadSettings();
  if (!$("scope").dataset.touched) $("scope").value = settings.scope;
  try {
    const tabId = await targetTabId();
    const { lastResult } = await chrome.storage.session.get("lastResult");
    if (lastResult && !lastResult.ok && lastResult.tabId === tabId && !document.body.dataset.state) {
      setStatus(`Last time: ${lastResult.message}`, { error: true });
      showHint(lastResult.hint || "");
      if (lastResult.markdown) {
        made = { markdown: lastResult.markdown, title: lastResult.title || "page", scope: null, selection: true };
        showPreview(lastResult.markdown);
      }
      chrome.action.setBadgeText({ tabId, text: "" });
    }
  } catch { /* nothing to restore */ }
  document.body.dataset.ready = "yes";
}

$("copy").addEventListener("click", copyAsMarkdown);
$("save").addEventListener("click", saveAsMarkdown);
$("overlay").addEventListener("click", toggleReadingOrder);
$("scope").addEventListener("change", () => { $("scope").dataset.touched = "yes"; refreshPreview(); });
$("options-link").addEventListener("click", (event) => {
  event.preventDefault();
  chrome.runtime.openOptionsPage();
});
// Read the page now, while the user moves to Copy (see `early` above).
// body[data-early] says how far it got: "reading", then "read" (the capture) or
// "none" (nothing read: a page still loading, one no extension may read, ...),
// then "converted" once the host's reply for it is here.
async function readEarly() {
  try {
    const tabId = await targetTabId();
    document.body.dataset.early = "reading";
    const reading = readAhead(tabId, { host });
    early = reading;
    const read = await reading.read;
    document.body.dataset.early = read.capture ? "read" : "none";
    const [asked] = reading.replies.values();
    if (asked && await asked.reply.then((reply) => reply.ok, () => false)) {
      document.body.dataset.early = "converted";
    }
  } catch {
    // No tab to read: the click says so.
  }
}

warmHost();
readEarly();
syncOverlayButton();
restore();
