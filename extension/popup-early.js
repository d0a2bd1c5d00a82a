// The popup's work that cannot wait for its document: the host's port taken over
// (start-host.js opened it) and the page read ahead (flow.js readAhead). Imported
// by start-host.js as the popup's document is being read, so its module graph is
// fetched from there, not after the document is parsed and popup.js's graph is
// fetched (~30 ms later: docs/latency.md, session 20). popup.js imports this same
// module instance and takes both over.
import { HostConnection } from "./native.js";
import { readAhead } from "./flow.js";

// Opened as popup.html?tabId=N (in a tab, by tests or by a user who pinned it) it
// works on that tab; opened from the toolbar, on the active one.
export async function targetTabId() {
  const param = new URLSearchParams(location.search).get("tabId");
  if (param !== null && /^\d+$/.test(param)) return Number(param);
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (!tab) throw new Error("There is no active tab to copy.");
  return tab.id;
}

function start() {
  // The port start-host.js opened, or a fresh one if it could not.
  const started = globalThis.webgistStartedHost;
  globalThis.webgistStartedHost = null;
  const host = new HostConnection(started || null);
  // The early read (null when there is no tab to read: the click says why).
  const reading = targetTabId().then((tabId) => readAhead(tabId, { host }), () => null);
  return { host, reading };
}

// {host: HostConnection, reading: Promise of readAhead's result or null}.
export const first = start();
