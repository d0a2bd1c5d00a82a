// Talking to the webgist native host over one connectNative port.
//
// Chromium caps a message at 64 MiB towards the host and 1 MiB towards us
// (measured, ../shared/GUIDE.md section 2), so large requests go up as
// begin / chunk{seq} / end, and large replies come back the same way.

export const HOST_NAME = "com.webgist.host";
export const INSTALL_COMMAND = "webgist install-host";

// UTF-16 units per message. Escaped as JSON, one unit takes at most 6 bytes, so
// 2 Mi units stay far under the 64 MiB limit, and a 5 MB page already travels in
// a few chunks the host can parse one at a time.
const MAX_CHARS_PER_MESSAGE = 2 * 1024 * 1024;

// An error the user is shown: `message` says what happened, `hint` what to do, and
// `kind` names it for the popup (body[data-error-kind]) and the background's report:
//   host-missing, host-crashed, host-error          the native host (here; flow.js)
//   restricted, no-access, tab-gone, page-loading   the tab (flow.js scriptingError, waitForLoad)
//   page-not-responding                             the page's scripts hold it (flow.js collectPage)
//   empty, empty-main, empty-page, no-selection     nothing to convert (flow.js)
//   download-failed, download-timeout               saving a file (flow.js downloadMarkdown)
//   clipboard-denied                                the clipboard (popup.js, background.js)
// Any other error is shown with the kind "error".
export class HostError extends Error {
  constructor(message, { kind = "host-error", hint = "" } = {}) {
    super(message);
    this.kind = kind;
    this.hint = hint;
  }
}

// Split text into pieces of at most `size` units, never between the two halves
// of a surrogate pair.
export function splitText(text, size) {
  const pieces = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

// Why the port to the host closed: not installed for this browser, or it died.
export function describeDisconnect(message) {
  const text = message || "the host closed the connection";
  // Chromium: "…host not found", "…is forbidden"; Firefox: "No such native application …".
  if (/not found|forbidden|not allowed|no such native application/i.test(text)) {
    return new HostError("The webgist host is not installed for this browser.", {
      kind: "host-missing",
      hint: `Run this in a terminal, then try again:\n${INSTALL_COMMAND}`,
    });
  }
  return new HostError(`The webgist host stopped unexpectedly (${text}).`, {
    kind: "host-crashed",
    hint: `Check it with: ${INSTALL_COMMAND} --check`,
  });
}

// Epoch milliseconds, comparable with the host's clock and collect.js's started_at.
export const epochMs = () => performance.timeOrigin + performance.now();

// Send one request and resolve with the host's reply object. `timeline`, when
// given, gets the epoch times the request was sent and the reply arrived (for
// bench/latency.py).
export function requestHost(request, { onProgress = () => {}, timeline = null } = {}) {
  return new Promise((resolve, reject) => {
    let port;
    try {
      port = chrome.runtime.connectNative(HOST_NAME);
    } catch (error) {
      reject(describeDisconnect(String(error && error.message)));
      return;
    }
    const id = `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    let incoming = null;   // {chunks, pieces} while a chunked reply arrives
    let settled = false;
    const finish = (fn, value) => {
      if (settled) return;
      settled = true;
      try { port.disconnect(); } catch { /* already closed */ }
      fn(value);
    };

    port.onDisconnect.addListener((closed) => {
      // Chromium gives the reason in runtime.lastError, Firefox on the port (port.error).
      const reason = (closed && closed.error) || chrome.runtime.lastError;
      finish(reject, describeDisconnect(reason && reason.message));
    });
    port.onMessage.addListener((message) => {
      if (timeline && !timeline.reply_first_at) timeline.reply_first_at = epochMs();
      if (message && message.type === "begin") {
        incoming = { chunks: message.chunks, pieces: [] };
      } else if (message && message.type === "chunk" && incoming) {
        incoming.pieces[message.seq] = message.data;
        onProgress({ phase: "receiving", done: incoming.pieces.length, total: incoming.chunks });
      } else if (message && message.type === "end" && incoming) {
        try {
          const reply = JSON.parse(incoming.pieces.join(""));
          if (timeline) timeline.reply_at = epochMs();
          finish(resolve, reply);
        } catch (error) {
          finish(reject, new HostError(`The host's reply was damaged in transit (${error.message}).`));
        }
      } else if (message && typeof message.ok === "boolean") {
        if (timeline) timeline.reply_at = epochMs();
        finish(resolve, message);
      }
    });

    if (timeline) timeline.send_at = epochMs();
    const text = JSON.stringify({ ...request, id });
    if (text.length <= MAX_CHARS_PER_MESSAGE) {
      port.postMessage({ ...request, id });
      if (timeline) timeline.sent_at = epochMs();
      return;
    }
    const pieces = splitText(text, MAX_CHARS_PER_MESSAGE);
    port.postMessage({ type: "begin", id, chunks: pieces.length });
    pieces.forEach((data, seq) => {
      port.postMessage({ type: "chunk", id, seq, data });
      onProgress({ phase: "sending", done: seq + 1, total: pieces.length });
    });
    port.postMessage({ type: "end", id });
    if (timeline) timeline.sent_at = epochMs();
  });
}
