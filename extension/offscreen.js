// The service worker has no clipboard; this offscreen document (reason CLIPBOARD)
// writes to it for the keyboard command and the context menu, then is closed.
"use strict";

async function writeClipboard(text) {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch (_) {
    // An offscreen document is never focused; clipboardWrite lets the copy
    // command through instead.
  }
  const area = document.getElementById("buffer");
  area.value = text;
  area.select();
  const copied = document.execCommand("copy");
  area.value = "";
  if (!copied) throw new Error("The browser refused clipboard access.");
}

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (!message || message.target !== "webgist-offscreen" || message.type !== "copy") return false;
  writeClipboard(String(message.text)).then(
    () => sendResponse({ ok: true }),
    (error) => sendResponse({ ok: false, error: String(error && error.message || error) }));
  return true;   // answered asynchronously
});
