// How failures are named (HostError.kind) and worded, which the popup and the
// toolbar badge show; and the save that gives up instead of waiting forever.
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import {
  DOWNLOAD_TIMEOUT_MS, aheadWorthIt, collectPage, downloadMarkdown, nothingToCopy, scriptingError, waitForLoad,
} from "../../extension/flow.js";
import { HostError, INSTALL_COMMAND, describeDisconnect } from "../../extension/native.js";

afterEach(() => { delete globalThis.chrome; });

describe("HostError", () => {
  test("is an Error with a kind and a hint, host-error and none by default", () => {
    const error = new HostError("it broke");
    assert.ok(error instanceof Error);
    assert.equal(error.message, "it broke");
    assert.equal(error.kind, "host-error");
    assert.equal(error.hint, "");
  });
});

describe("scriptingError", () => {
  test("a closed tab", () => {
    const error = scriptingError(new Error("No tab with id: 1234."));
    assert.equal(error.kind, "tab-gone");
    assert.match(error.message, /closed/);
  });
  test("pages no extension may read", () => {
    for (const message of ["Cannot access a chrome:// URL", "Cannot access a chrome-extension:// URL of different extension",
                           "The extensions gallery cannot be scripted.", "Cannot access contents of url \"about:blank\"",
                           "the PDF viewer"]) {
      const error = scriptingError(new Error(message));
      assert.equal(error.kind, "restricted", message);
      assert.match(error.hint, /normal tab/);
    }
  });
  test("a page webgist has not been invoked on", () => {
    const error = scriptingError(new Error(
      "Cannot access contents of the page. Extension manifest must request permission to access the respective host."));
    assert.equal(error.kind, "no-access");
    assert.match(error.message, /may not read this tab \(Cannot access contents/);
    assert.match(error.hint, /Alt\+Shift\+M/);
  });
  test("a bare string or nothing still makes an error", () => {
    assert.equal(scriptingError("No tab with id: 5").kind, "tab-gone");
    assert.equal(scriptingError(undefined).kind, "no-access");
  });
});

describe("describeDisconnect", () => {
  test("a host that is not installed says how to install it", () => {
    for (const message of ["Specified native messaging host not found.",
                           "Native host is not allowed",
                           "No such native application com.webgist.host"]) {   // Firefox
      const error = describeDisconnect(message);
      assert.equal(error.kind, "host-missing", message);
      assert.equal(error.hint, `Run this in a terminal, then try again:\n${INSTALL_COMMAND}`);
    }
  });
  test("a host that does not allow this copy's id says how to allow it", () => {
    // Chromium's words when the manifest's allowed_origins lack this extension.
    const forbidden = "Access to the specified native messaging host is forbidden.";
    const error = describeDisconnect(forbidden, "abcdefghijklmnopabcdefghijklmnop");
    assert.equal(error.kind, "host-not-allowed");
    assert.equal(error.message, "The webgist host is installed, but does not allow this copy of the "
                                + "extension (id abcdefghijklmnopabcdefghijklmnop).");
    assert.equal(error.hint, "Run this in a terminal, then try again:\n"
                             + "webgist install-host --extension-id abcdefghijklmnopabcdefghijklmnop");
    assert.doesNotMatch(error.message, /not installed/);
  });
  test("the id comes from chrome.runtime when not given", () => {
    globalThis.chrome = { runtime: { id: "ponmlkjihgfedcbaponmlkjihgfedcba" } };
    const error = describeDisconnect("Access to the specified native messaging host is forbidden.");
    assert.match(error.hint, /--extension-id ponmlkjihgfedcbaponmlkjihgfedcba$/);
  });
  test("a host that died says how to check it", () => {
    const error = describeDisconnect("Native host has exited.");
    assert.equal(error.kind, "host-crashed");
    assert.equal(error.message, "The webgist host stopped unexpectedly (Native host has exited).");
    assert.equal(error.hint, "Check it with: webgist install-host --check");
    assert.match(describeDisconnect(undefined).message, /the host closed the connection/);
  });
});

describe("nothingToCopy", () => {
  test("the main scope found only furniture", () => {
    const error = nothingToCopy("main");
    assert.equal(error.kind, "empty-main");
    assert.match(error.hint, /Whole page/);
  });
  test("the whole page had no text", () => {
    assert.equal(nothingToCopy("page").kind, "empty-page");
  });
});

describe("collectPage", () => {
  test("a page whose scripts never let go is reported as not responding", async () => {
    globalThis.chrome = { scripting: { executeScript: () => new Promise(() => {}) } };
    await assert.rejects(collectPage(7, { timeoutMs: 10 }),
                         (error) => error instanceof HostError && error.kind === "page-not-responding"
                           && /not responding/.test(error.message));
  });
  test("a page that answers in time is collected, as capture-text.js hands it over", async () => {
    const handed = { hasHtml: true, json: '{"html":"<p>x</p>"}', title: "x", url: "https://example.org/" };
    let files = null;
    globalThis.chrome = { scripting: { executeScript: async (details) => {
      files = details.files;
      return [{ result: handed }];
    } } };
    assert.deepEqual(await collectPage(7, { timeoutMs: 1000 }), handed);
    assert.deepEqual(files, ["collect.js", "capture-text.js"]);
  });
  test("a page that gives no HTML is refused", async () => {
    globalThis.chrome = { scripting: { executeScript: async () => [{ result: { hasHtml: false, json: "{}" } }] } };
    await assert.rejects(collectPage(7, { timeoutMs: 1000 }), (error) => error.kind === "empty");
  });
});

describe("waitForLoad", () => {
  test("a page that keeps loading is reported as such", async () => {
    let waited = false;
    globalThis.chrome = { tabs: { get: async (id) => ({ id, status: "loading" }) } };
    await assert.rejects(waitForLoad(7, { timeoutMs: 10, onWait: () => { waited = true; } }),
                         (error) => error instanceof HostError && error.kind === "page-loading");
    assert.ok(waited);
  });
  test("a tab that is gone", async () => {
    globalThis.chrome = { tabs: { get: async (id) => { throw new Error(`No tab with id: ${id}.`); } } };
    await assert.rejects(waitForLoad(7), (error) => error.kind === "tab-gone");
  });
});

// chrome.downloads, enough for downloadMarkdown: `finish(state)` ends the download
// and fires onChanged as the browser would.
function fakeDownloads() {
  const downloads = { state: "in_progress", listeners: new Set(), requests: [] };
  downloads.finish = (state, error) => {
    downloads.state = state;
    downloads.error = error;
    for (const listener of [...downloads.listeners]) listener({ id: 42, state: { current: state } });
  };
  globalThis.chrome = {
    downloads: {
      download: async (request) => { downloads.requests.push(request); return 42; },
      search: async ({ id }) => (id === 42 ? [{ id, state: downloads.state, error: downloads.error,
                                                 filename: "/home/reader/Downloads/Bees.md" }] : []),
      onChanged: {
        addListener: (listener) => downloads.listeners.add(listener),
        removeListener: (listener) => downloads.listeners.delete(listener),
      },
    },
  };
  return downloads;
}

describe("downloadMarkdown", () => {
  test("waits 30 s by default", () => {
    assert.equal(DOWNLOAD_TIMEOUT_MS, 30_000);
  });
  test("resolves once the file is written, and stops listening", async () => {
    const downloads = fakeDownloads();
    const saving = downloadMarkdown("# Bees\n", "Bees");
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(downloads.listeners.size, 1);
    downloads.finish("complete");
    assert.deepEqual(await saving, { id: 42, filename: "/home/reader/Downloads/Bees.md", name: "Bees.md" });
    assert.equal(downloads.listeners.size, 0);
    assert.equal(downloads.requests[0].url, "data:text/markdown;charset=utf-8,%23%20Bees%0A");
    assert.equal(downloads.requests[0].filename, "Bees.md");
  });
  test("an interrupted download is a failure", async () => {
    const downloads = fakeDownloads();
    const saving = downloadMarkdown("text", "Bees");
    await new Promise((resolve) => setTimeout(resolve, 5));
    downloads.finish("interrupted", "FILE_NO_SPACE");
    await assert.rejects(saving, (error) => error.kind === "download-failed" &&
                         error.message === "The download of Bees.md failed (FILE_NO_SPACE).");
    assert.equal(downloads.listeners.size, 0);
  });
  test("a download that never ends times out, and stops listening", { timeout: 5000 }, async () => {
    const downloads = fakeDownloads();
    const started = Date.now();
    await assert.rejects(downloadMarkdown("text", "Bees", { timeoutMs: 50 }), (error) => {
      assert.ok(error instanceof HostError);
      assert.equal(error.kind, "download-timeout");
      assert.equal(error.message, "Saving Bees.md did not finish within 0.05 s.");
      assert.match(error.hint, /downloads list/);
      return true;
    });
    const waited = Date.now() - started;
    assert.ok(waited >= 45 && waited < 2000, `gave up after ${waited} ms`);
    assert.equal(downloads.listeners.size, 0);
    // Finishing later changes nothing: the promise has settled and nobody listens.
    downloads.finish("complete");
  });
  test("a search that fails is reported instead of hanging", { timeout: 5000 }, async () => {
    fakeDownloads();
    globalThis.chrome.downloads.search = async () => { throw new Error("downloads are off"); };
    await assert.rejects(downloadMarkdown("text", "Bees", { timeoutMs: 5000 }), /downloads are off/);
  });
});

describe("aheadWorthIt", () => {
  afterEach(() => { delete globalThis.navigator; });

  test("the markup goes ahead only with two cores or more", () => {
    for (const [cores, expected] of [[undefined, false], [0, false], [1, false], [2, true], [3, true], [16, true]]) {
      Object.defineProperty(globalThis, "navigator", { value: { hardwareConcurrency: cores }, configurable: true });
      assert.equal(aheadWorthIt(), expected, `${cores} cores`);
    }
  });
});
