// The popup: collect the page, ask the host for Markdown, put it on the clipboard;
// or draw the engine's reading order on the page (overlay.js).
// Nothing from the page is ever rendered as HTML here: every value goes through
// textContent.
import { requestHost, HostError } from "./native.js";

const $ = (id) => document.getElementById(id);

function show(id, text) {
  const el = $(id);
  el.textContent = text;
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

// Opened as popup.html?tabId=N (in a tab, by tests or by a user who pinned it) it
// works on that tab; opened from the toolbar, on the active one.
async function targetTabId() {
  const param = new URLSearchParams(location.search).get("tabId");
  if (param !== null && /^\d+$/.test(param)) return Number(param);
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (!tab) throw new Error("There is no active tab to copy.");
  return tab.id;
}

async function collectPage(tabId) {
  let results;
  try {
    results = await chrome.scripting.executeScript({ target: { tabId }, files: ["collect.js"] });
  } catch (error) {
    throw new HostError(
      "This page cannot be read by extensions (browser pages such as chrome://, " +
      "the Web Store and the PDF viewer are off limits).",
      { kind: "restricted", hint: "" });
  }
  const capture = results && results[0] && results[0].result;
  if (!capture || typeof capture.html !== "string") {
    throw new HostError("The page did not return anything to convert; reload it and try again.");
  }
  return capture;
}

async function writeClipboard(text) {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch (_) {
    // An unfocused extension page may not use the async API; the clipboardWrite
    // permission lets the older copy command through instead.
  }
  const area = document.createElement("textarea");
  area.value = text;
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("The browser refused clipboard access.");
}

function showFacts(reply) {
  show("method", reply.method);
  show("blocks", String(reply.stats.blocks));
  show("words", String(reply.stats.words));
  $("facts").hidden = false;
}

// Collect the tab and have the host convert it: the one flow behind both buttons.
async function convertTab(tabId, options) {
  setStatus("Reading the page…");
  const capture = await collectPage(tabId);
  setStatus("Converting…");
  const reply = await requestHost(
    { type: "convert", ...capture, options: { scope: $("scope").value, ...options } },
    { onProgress: ({ phase, done, total }) => setStatus(`Converting… (${phase} ${done}/${total})`) });
  if (!reply.ok) throw new HostError(`The host could not convert this page: ${reply.error}`);
  return reply;
}

function showError(error) {
  setStatus(error.message, { error: true });
  showHint(error.hint || "");
  document.body.dataset.errorKind = error.kind || "error";
}

async function copyAsMarkdown() {
  $("copy").disabled = true;
  showHint("");
  const started = performance.now();
  try {
    const tabId = await targetTabId();
    const reply = await convertTab(tabId, {});
    show("preview", reply.markdown);
    showFacts(reply);
    try {
      await writeClipboard(reply.markdown);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      setStatus(`Copied ${reply.stats.words} words as Markdown (${seconds} s).`);
    } catch (error) {
      setStatus(`Could not copy: ${error.message} The Markdown is below; select it and copy.`, { error: true });
    }
    document.body.dataset.state = "done";
  } catch (error) {
    showError(error);
    document.body.dataset.state = "error";
  } finally {
    $("copy").disabled = false;
  }
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

async function showReadingOrder(tabId) {
  const reply = await convertTab(tabId, { overlay: true });
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

async function hideReadingOrder(tabId) {
  await runInOverlayWorld(tabId, () => globalThis.webgistOverlay.hide());
  setStatus("Reading order hidden.");
}

async function toggleReadingOrder() {
  const button = $("overlay");
  const showing = button.getAttribute("aria-pressed") === "true";
  button.disabled = true;
  showHint("");
  document.body.dataset.overlay = "working";
  try {
    const tabId = await targetTabId();
    if (showing) await hideReadingOrder(tabId);
    else await showReadingOrder(tabId);
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
  } catch (_) {
    // No access to this tab (yet): nothing can be shown on it either.
  }
}

$("copy").addEventListener("click", copyAsMarkdown);
$("overlay").addEventListener("click", toggleReadingOrder);
syncOverlayButton();
