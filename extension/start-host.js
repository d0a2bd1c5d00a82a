// The popup's first script, a classic one in its <head>: it starts the native host
// as soon as the popup's document is being read, before the popup's modules are
// fetched and the page is laid out (about 0.1 s later, docs/history/latency.md session 19),
// so that the host's start-up (Python and the engine's imports) begins that much
// sooner. popup.js takes the port over (native.js HostConnection); what happened to
// it before then is kept here. The host's name is native.js's HOST_NAME, written out
// because a classic script cannot import it.
"use strict";
(() => {
  try {
    const started = {
      port: chrome.runtime.connectNative("com.webgist.host"),
      openedAt: performance.timeOrigin + performance.now(),
      disconnected: null,   // {message} once the port closed before popup.js took it
    };
    started.port.onDisconnect.addListener((port) => {
      // Chromium gives the reason in runtime.lastError, Firefox on the port (port.error).
      const reason = (port && port.error) || chrome.runtime.lastError;
      started.disconnected = { message: reason ? reason.message : "" };
    });
    globalThis.webgistStartedHost = started;
  } catch {
    // popup.js opens the port itself, and says why it cannot.
  }
})();
