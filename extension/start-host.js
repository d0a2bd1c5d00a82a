// The popup's first script, a classic one in its <head>: it starts the native host
// as soon as the popup's document is being read, before the popup's modules are
// fetched and the page is laid out (about 0.1 s later, docs/latency.md session 19),
// so that the host's start-up (Python and the engine's imports) begins that much
// sooner. popup-early.js, which it imports, takes the port over (native.js
// HostConnection); what happened to it before then is kept here. The host's name is
// native.js's HOST_NAME, written out because a classic script cannot import it.
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
    // popup-early.js opens the port itself, and popup.js says why it cannot.
  }
  // The page read ahead from here too (popup-early.js), for the same reason; popup.js
  // imports the same module and takes it over. Its modules are preloaded first, so
  // they are fetched side by side, not each after the one importing it (the read
  // starts ~30 ms sooner); written in popup.html, the preloads were fetched beside
  // this script and opened the port ~15 ms later (docs/latency.md, session 20).
  // tests/test_extension_prewarm.py keeps the list equal to popup-early.js's imports.
  for (const module of ["popup-early.js", "flow.js", "native.js", "settings.js", "restricted.js"]) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = module;
    document.head.append(link);
  }
  import("./popup-early.js").catch(() => {});   // its failure is popup.js's to report
})();
