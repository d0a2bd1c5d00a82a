// Runs right after collect.js, in the same isolated world of the tab (flow.js
// collectPage): the capture as one JSON string, plus the few fields the extension
// reads itself. Chromium hands a script's result to the extension by converting it
// value by value; a 5 MB page's capture holds half a million numbers, which took
// about a second that way. One string crosses in one piece, and the extension
// sends it on to the host without parsing it or serialising it again.
(() => {
  "use strict";
  const capture = globalThis.webgistCapture;
  delete globalThis.webgistCapture;
  // watch.js's id for this capture, when it ran (a page read ahead of the click).
  const watchId = globalThis.webgistWatchId || null;
  delete globalThis.webgistWatchId;
  if (!capture || typeof capture !== "object") return null;
  const started = performance.now();
  const json = JSON.stringify(capture);
  return {
    contentType: capture.contentType,
    title: capture.title,
    url: capture.url,
    hasHtml: typeof capture.html === "string",
    // The markup went ahead to the host (flow.js openAheadChannel): not in `json`.
    sentAhead: capture.sentAhead === true,
    watchId,
    timings: { ...capture.timings, json_ms: Math.round((performance.now() - started) * 10) / 10 },
    json,
  };
})();
