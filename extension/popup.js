// The popup: collect the page, ask the host for Markdown, put it on the clipboard.
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

async function copyAsMarkdown() {
  $("copy").disabled = true;
  showHint("");
  const started = performance.now();
  try {
    setStatus("Reading the page…");
    const tabId = await targetTabId();
    const capture = await collectPage(tabId);
    setStatus("Converting…");
    const reply = await requestHost(
      { type: "convert", ...capture, options: { scope: $("scope").value } },
      { onProgress: ({ phase, done, total }) => setStatus(`Converting… (${phase} ${done}/${total})`) });
    if (!reply.ok) throw new HostError(`The host could not convert this page: ${reply.error}`);
    show("preview", reply.markdown);
    show("method", reply.method);
    show("blocks", String(reply.stats.blocks));
    show("words", String(reply.stats.words));
    $("facts").hidden = false;
    try {
      await writeClipboard(reply.markdown);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      setStatus(`Copied ${reply.stats.words} words as Markdown (${seconds} s).`);
    } catch (error) {
      setStatus(`Could not copy: ${error.message} The Markdown is below; select it and copy.`, { error: true });
    }
    document.body.dataset.state = "done";
  } catch (error) {
    setStatus(error.message, { error: true });
    showHint(error.hint || "");
    document.body.dataset.state = "error";
    document.body.dataset.errorKind = error.kind || "error";
  } finally {
    $("copy").disabled = false;
  }
}

$("copy").addEventListener("click", copyAsMarkdown);
