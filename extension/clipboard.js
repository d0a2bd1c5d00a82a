// Putting text on the clipboard, from whichever extension context asks.
//
// A context with a DOM writes it itself: the popup, the offscreen document, and in
// Firefox the background script, which runs in an event page there (Firefox has no
// chrome.offscreen). Chromium's service worker has neither a DOM nor a clipboard,
// so it has an offscreen document write it, created for the one write and closed.
const OFFSCREEN_URL = "offscreen.html";

// How this context writes: "offscreen" (Chromium's service worker) or "document".
export function clipboardRoute() {
  const offscreen = globalThis.chrome && globalThis.chrome.offscreen;
  return typeof document === "undefined" && offscreen ? "offscreen" : "document";
}

// Write `text`; resolves with how it went: "clipboard-api" or "copy-command" (from
// this document), or "offscreen".
export async function writeClipboard(text) {
  return clipboardRoute() === "offscreen" ? writeThroughOffscreen(text) : writeFromDocument(text);
}

// The async Clipboard API, else the older copy command: a page that is not focused
// (the offscreen document never is) may not use the async API, and the
// clipboardWrite permission lets the copy command through instead.
export async function writeFromDocument(text) {
  if (typeof document === "undefined") throw new Error("This browser gives the background no clipboard.");
  try {
    await navigator.clipboard.writeText(text);
    return "clipboard-api";
  } catch { /* try the copy command */ }
  const area = document.createElement("textarea");
  area.value = text;
  (document.body || document.documentElement).append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("The browser refused clipboard access.");
  return "copy-command";
}

async function writeThroughOffscreen(text) {
  const url = chrome.runtime.getURL(OFFSCREEN_URL);
  const open = await chrome.runtime.getContexts({ contextTypes: ["OFFSCREEN_DOCUMENT"], documentUrls: [url] });
  if (!open.length) {
    try {
      await chrome.offscreen.createDocument({
        url: OFFSCREEN_URL, reasons: ["CLIPBOARD"],
        justification: "Put the Markdown webgist made on the clipboard." });
    } catch (error) {
      if (!/single offscreen|already/i.test(String(error && error.message))) throw error;
    }
  }
  try {
    const reply = await chrome.runtime.sendMessage({ target: "webgist-offscreen", type: "copy", text });
    if (!reply || !reply.ok) throw new Error((reply && reply.error) || "The clipboard did not answer.");
    return "offscreen";
  } finally {
    try { await chrome.offscreen.closeDocument(); } catch { /* already closed */ }
  }
}
