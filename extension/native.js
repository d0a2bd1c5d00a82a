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
//   host-missing, host-not-allowed,                 the native host (here; flow.js)
//   host-crashed, host-error
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

// Replies too big for one message may come back compressed (the host's
// framing.REPLY_ENCODINGS): asked for wherever this context can inflate them. A
// 5 MB Markdown is 5-40x smaller so, and Chromium carries each reply message to the
// extension at ~60 ms a MiB.
const REPLY_ENCODING = typeof DecompressionStream === "function" ? "deflate" : null;

// The bytes of base64 text (Uint8Array.fromBase64 where the engine has it).
function base64Bytes(text) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// The text a "deflate" reply's joined pieces carry: base64 of zlib-compressed UTF-8.
export async function inflateText(base64) {
  const stream = new Blob([base64Bytes(base64)]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Response(stream).text();
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

// Why the port to the host closed: not installed for this browser, installed but
// not allowing this copy of the extension, or it died. `extensionId`: this copy's id
// (chrome.runtime.id), which a store build does not share with the unpacked one.
export function describeDisconnect(message, extensionId = runtimeId()) {
  // Chromium's reasons end with a period; ours goes after the bracket.
  const text = (message || "the host closed the connection").replace(/\.+$/, "");
  // Chromium: the manifest's allowed_origins lack this extension's origin. (Firefox
  // says "No such native application" for a manifest without its id, as for none.)
  if (/forbidden/i.test(text)) {
    const id = extensionId || "ID";
    return new HostError(
      `The webgist host is installed, but does not allow this copy of the extension (id ${id}).`, {
        kind: "host-not-allowed",
        hint: `Run this in a terminal, then try again:\n${INSTALL_COMMAND} --extension-id ${id}`,
      });
  }
  // Chromium: "…host not found"; Firefox: "No such native application …".
  if (/not found|not allowed|no such native application/i.test(text)) {
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

// This copy's extension id, where the chrome.runtime API is there (not in node's tests).
function runtimeId() {
  return typeof chrome === "object" && chrome && chrome.runtime ? chrome.runtime.id : undefined;
}

// Epoch milliseconds, comparable with the host's clock and collect.js's started_at.
export const epochMs = () => performance.timeOrigin + performance.now();

// A port to the host, opened ahead of the request so that the host's start-up
// (Python and the engine's imports, a few hundred milliseconds) overlaps what comes
// before it: the user moving to the popup's Copy button, or collect.js reading the
// page. One port serves any number of requests; replies are matched by id. Once
// the port has closed, `closed` holds the reason and requests are refused with it.
// `started`: a port opened earlier ({port, openedAt, disconnected}: the popup's
// start-host.js), taken over instead of opening one.
export class HostConnection {
  constructor(started = null) {
    this.pending = new Map();   // request id -> {resolve, reject, onProgress, timeline, incoming}
    this.closed = null;         // the HostError a closed port gave, or null while open
    this.onClose = () => {};    // called once the host has gone (not when close() is called)
    this.openedAt = started ? started.openedAt : epochMs();
    try {
      this.port = started ? started.port : chrome.runtime.connectNative(HOST_NAME);
    } catch (error) {
      this.port = null;
      this.closed = describeDisconnect(String(error && error.message));
      return;
    }
    if (started && started.disconnected) {
      this.closed = describeDisconnect(started.disconnected.message);
      return;
    }
    this.port.onDisconnect.addListener((port) => {
      // Chromium gives the reason in runtime.lastError, Firefox on the port (port.error).
      const reason = (port && port.error) || chrome.runtime.lastError;
      this.closed = describeDisconnect(reason && reason.message);
      for (const waiting of this.pending.values()) waiting.reject(this.closed);
      this.pending.clear();
      this.onClose();
    });
    this.port.onMessage.addListener((message) => this.receive(message));
  }

  // The waiting request a message belongs to: by its id, else (a reply the host
  // could not tie to a request, id null) the oldest one waiting.
  waitingFor(message) {
    const id = message && message.id;
    if (id != null && this.pending.has(id)) return [id, this.pending.get(id)];
    const first = this.pending.entries().next();
    return first.done ? [null, null] : first.value;
  }

  receive(message) {
    const [id, waiting] = this.waitingFor(message);
    if (!waiting) return;
    const { timeline } = waiting;
    if (timeline && !timeline.reply_first_at) timeline.reply_first_at = epochMs();
    const settle = (fn, value) => {
      this.pending.delete(id);
      fn(value);
    };
    if (message && message.type === "begin") {
      waiting.incoming = { chunks: message.chunks, pieces: [], encoding: message.encoding || null };
    } else if (message && message.type === "chunk" && waiting.incoming) {
      waiting.incoming.pieces[message.seq] = message.data;
      waiting.onProgress({ phase: "receiving", done: waiting.incoming.pieces.length, total: waiting.incoming.chunks });
    } else if (message && message.type === "end" && waiting.incoming) {
      const { pieces, encoding } = waiting.incoming;
      const damaged = (error) => settle(waiting.reject,
        new HostError(`The host's reply was damaged in transit (${error.message}).`));
      const finish = (text) => {
        const reply = JSON.parse(text);
        if (timeline) timeline.reply_at = epochMs();
        settle(waiting.resolve, reply);
      };
      try {
        if (encoding === "deflate") {
          if (timeline) timeline.reply_frames_at = epochMs();
          inflateText(pieces.join("")).then(finish).catch(damaged);
        } else if (encoding) {
          throw new Error(`unknown encoding ${encoding}`);
        } else {
          finish(pieces.join(""));
        }
      } catch (error) {
        damaged(error);
      }
    } else if (message && typeof message.ok === "boolean") {
      if (timeline) timeline.reply_at = epochMs();
      settle(waiting.resolve, message);
    }
  }

  // Send one request; resolves with the host's reply object. `body`, when given,
  // is JSON text of an object whose members join the request's (collect.js's
  // capture), sent without being parsed here. `timeline`, when given, gets the
  // epoch times the request was sent and the reply arrived (for bench/latency.py).
  // `id`: the request's id, when the caller must name it in a later request.
  request(request, { onProgress = () => {}, timeline = null, body = null, id = null } = {}) {
    if (this.closed) return Promise.reject(this.closed);
    id = id || `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress, timeline, incoming: null });
      if (timeline) {
        timeline.host_opened_at = this.openedAt;
        timeline.send_at = epochMs();
      }
      try {
        const encoding = REPLY_ENCODING ? { reply_encoding: REPLY_ENCODING } : {};
        postRequest(this.port, { ...request, id, ...encoding }, body, onProgress);
      } catch (error) {   // the port closed under us: onDisconnect says why
        this.pending.delete(id);
        reject(this.closed || describeDisconnect(String(error && error.message)));
        return;
      }
      if (timeline) timeline.sent_at = epochMs();
    });
  }

  // Done with the host: it exits once its stdin closes. (Chromium fires no
  // onDisconnect for a port closed from this side, so what waits is told here.)
  close() {
    if (!this.closed) this.closed = new HostError("The connection to the host was closed.", { kind: "host-crashed" });
    for (const waiting of this.pending.values()) waiting.reject(this.closed);
    this.pending.clear();
    try { if (this.port) this.port.disconnect(); } catch { /* already closed */ }
  }
}

// The request as one message, or as begin / chunk{seq} / end when it is large. With
// `body` (JSON text of an object), the request's members and the body's are written
// as one object's text by joining the two texts: the body is not parsed again.
function postRequest(port, request, body, onProgress) {
  let text = JSON.stringify(request);
  if (body !== null && /^\{\s*"/.test(body)) text = `${text.slice(0, -1)},${body.slice(1)}`;
  if (text.length <= MAX_CHARS_PER_MESSAGE) {
    port.postMessage(body === null ? request : JSON.parse(text));
    return;
  }
  const pieces = splitText(text, MAX_CHARS_PER_MESSAGE);
  text = null;   // the pieces are all that is kept while they are posted
  port.postMessage({ type: "begin", id: request.id, chunks: pieces.length });
  pieces.forEach((data, seq) => {
    port.postMessage({ type: "chunk", id: request.id, seq, data });
    onProgress({ phase: "sending", done: seq + 1, total: pieces.length });
  });
  port.postMessage({ type: "end", id: request.id });
}

// A connection to use now: `warm` (opened earlier) while it is still open, else a
// new one. A host that died while waiting, or was installed since, gets a fresh try.
export function usableConnection(warm) {
  return warm && !warm.closed ? warm : new HostConnection();
}
