// The background: the "copy page as Markdown" command and the context menu. In
// Chromium it is a service worker, with an offscreen document for the clipboard; in
// Firefox an event page, which writes the clipboard itself (clipboard.js picks).
// Either is stopped when idle (Chromium: after ~30 s), so nothing lives in its
// globals: every event reads the options afresh, and the outcome of the last run is
// kept in chrome.storage.session (for the popup to show), never here.
import { clipboardRoute, writeClipboard } from "./clipboard.js";
import { epochMs, HostError } from "./native.js";
import {
  convertTab, downloadMarkdown, imageMarkdown, linkMarkdown, scriptingError,
} from "./flow.js";

const MENU = [
  { id: "copy-page", title: "Copy page as Markdown", contexts: ["page", "frame"] },
  { id: "copy-selection", title: "Copy selection as Markdown", contexts: ["selection"] },
  { id: "copy-link", title: "Copy link as Markdown", contexts: ["link"] },
  { id: "copy-image", title: "Copy image as Markdown", contexts: ["image"] },
];

// The toolbar badge after a command or menu copy. White on each background is over
// 4.5:1 (green 5.1:1, red 8.1:1), and neither is the icon's blue, so the badge reads
// on light and dark toolbars alike; the text colour is set, not left to the browser.
const BADGE = {
  done: { label: "✓", background: "#1a7f37", text: "#ffffff" },
  failed: { label: "!", background: "#a40000", text: "#ffffff" },
};

function createMenus() {
  chrome.contextMenus.removeAll(() => {
    for (const item of MENU) chrome.contextMenus.create(item, () => void chrome.runtime.lastError);
  });
}

// Tell the user what happened: a badge and tooltip on the toolbar button of that
// tab, and the whole outcome for the popup to show when it opens.
async function report(tabId, outcome) {
  const result = { ...outcome, tabId: tabId ?? null, at: Date.now() };
  const kept = { ...result };
  // Session storage holds 10 MB: very long Markdown stays out of it.
  if (kept.markdown && kept.markdown.length > 2_000_000) delete kept.markdown;
  try {
    await chrome.storage.session.set({ lastResult: kept });
  } catch { /* full: the badge below still tells */ }
  try {
    if (tabId != null) {
      const badge = result.ok ? BADGE.done : BADGE.failed;
      await chrome.action.setBadgeBackgroundColor({ tabId, color: badge.background });
      if (chrome.action.setBadgeTextColor) await chrome.action.setBadgeTextColor({ tabId, color: badge.text });
      await chrome.action.setBadgeText({ tabId, text: badge.label });
      await chrome.action.setTitle({ tabId, title: `webgist: ${result.message}` +
                                     (result.hint ? `\n${result.hint}` : "") });
    }
  } catch { /* the tab is gone: nothing to show it on */ }
  return result;
}

// Put Markdown on the clipboard; when that is refused, save it as a file instead,
// so Markdown already made is never lost.
// `timeline`: where a conversion's time went (flow.js convertTab), kept for tests
// and bench/latency.py.
async function deliver(tabId, markdown, title, what, timeline = null) {
  try {
    const via = await writeClipboard(markdown);   // "offscreen", "clipboard-api" or "copy-command"
    return report(tabId, { ok: true, kind: "copied", message: `Copied ${what} as Markdown.`, markdown, title, via,
                           ...(timeline ? { timeline: { ...timeline, clipboard_at: epochMs() } } : {}) });
  } catch (error) {
    const reason = String(error && error.message || error);
    try {
      const saved = await downloadMarkdown(markdown, title);
      return report(tabId, { ok: false, kind: "clipboard-denied", markdown, title, file: saved.filename,
        message: `Could not copy (${reason}); the Markdown was saved as ${saved.name} in your downloads instead.` });
    } catch (saveError) {
      return report(tabId, { ok: false, kind: "clipboard-denied", markdown, title,
        message: `Could not copy (${reason}) nor save (${saveError.message}); open the popup to see the Markdown.` });
    }
  }
}

async function failed(tabId, error) {
  const kind = error instanceof HostError ? error.kind : "error";
  return report(tabId, { ok: false, kind, message: String(error && error.message || error),
                         hint: (error && error.hint) || "" });
}

async function copyTab(tab, want) {
  const tabId = tab && tab.id;
  try {
    const reply = await convertTab(tabId, { want });
    const what = reply.selection ? "the selection" : `${reply.stats.words} words`;
    return deliver(tabId, reply.markdown, reply.title, what, reply.timeline);
  } catch (error) {
    return failed(tabId, error);
  }
}

// Runs in the page: the text of the link, or the alt of the image, at this address.
function describeTarget(kind, address) {
  if (kind === "link") {
    const link = [...document.querySelectorAll("a[href]")].find((a) => a.href === address);
    return link ? (link.innerText || link.textContent || link.title || "").trim() : "";
  }
  const image = [...document.images].find((img) => img.currentSrc === address || img.src === address);
  return image ? (image.alt || image.title || "").trim() : "";
}

async function targetText(tabId, kind, address) {
  try {
    const [result] = await chrome.scripting.executeScript({
      target: { tabId }, func: describeTarget, args: [kind, address] });
    return (result && result.result) || "";
  } catch {
    return "";   // no access to the page: the address alone still makes a link
  }
}

async function handleMenuClick(info, tab) {
  const tabId = tab && tab.id;
  try {
    if (info.menuItemId === "copy-page") return copyTab(tab, "page");
    if (info.menuItemId === "copy-selection") return copyTab(tab, "selection");
    if (info.menuItemId === "copy-link") {
      const text = info.linkText || await targetText(tabId, "link", info.linkUrl) || info.selectionText;
      return deliver(tabId, linkMarkdown(text, info.linkUrl, info.pageUrl) + "\n", "link", "the link");
    }
    if (info.menuItemId === "copy-image") {
      const alt = await targetText(tabId, "image", info.srcUrl);
      return deliver(tabId, imageMarkdown(alt, info.srcUrl) + "\n", "image", "the image");
    }
    return failed(tabId, new Error(`Unknown menu item ${info.menuItemId}.`));
  } catch (error) {
    return failed(tabId, error);
  }
}

async function handleCommand(command, tab) {
  if (command !== "copy-page") return null;
  if (!tab) [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (!tab) return failed(null, scriptingError(new Error("There is no active tab.")));
  return copyTab(tab, "auto");
}

chrome.runtime.onInstalled.addListener(createMenus);
chrome.commands.onCommand.addListener((command, tab) => { handleCommand(command, tab); });
chrome.contextMenus.onClicked.addListener((info, tab) => { handleMenuClick(info, tab); });

// The handlers, exactly as Chrome calls them, and how this context writes the
// clipboard, for tests driving the worker over CDP.
globalThis.webgist = Object.freeze({ handleCommand, handleMenuClick, clipboardRoute });
