// The service worker has no clipboard; this offscreen document (reason CLIPBOARD)
// writes to it for the keyboard command and the context menu, then is closed.
import { writeFromDocument } from "./clipboard.js";

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (!message || message.target !== "webgist-offscreen" || message.type !== "copy") return false;
  writeFromDocument(String(message.text)).then(
    (method) => sendResponse({ ok: true, method }),
    (error) => sendResponse({ ok: false, error: String(error && error.message || error) }));
  return true;   // answered asynchronously
});
