// restricted.js: pages no extension may script, known by their address.
import { describe, test } from "node:test";
import assert from "node:assert/strict";

import { explainRefusal, restrictedPage } from "../../extension/restricted.js";

describe("restrictedPage", () => {
  test("browser pages and Mozilla's closed sites are refused", () => {
    for (const url of ["about:robots", "about:addons", "chrome://settings", "view-source:http://a.example/",
                       "https://addons.mozilla.org/en-US/firefox/", "http://addons.mozilla.org:8080/x",
                       "https://support.mozilla.org/kb/"]) {
      assert.match(restrictedPage(url), /cannot be scripted/, url);
    }
  });
  test("ordinary pages, and addresses the extension cannot see, are not", () => {
    for (const url of ["https://www.mozilla.org/", "http://127.0.0.1:8000/a.html",
                       "https://example.org/about:", "file:///tmp/a.html", undefined, "", "not a url"]) {
      assert.equal(restrictedPage(url), null, String(url));
    }
  });
});

describe("explainRefusal", () => {
  const withTab = (tab) => { globalThis.chrome = { tabs: { get: async () => tab } }; };
  test("a granted tab (its address visible) refused anyway is off limits", async () => {
    withTab({ id: 3, url: "http://127.0.0.1/doc.pdf" });
    const error = await explainRefusal(3, new Error("Missing host permission for the tab"));
    assert.match(error.message, /cannot be scripted .*PDF viewer/);
  });
  test("an ungranted tab, or another error, is passed on as it was", async () => {
    withTab({ id: 3 });
    const refusal = new Error("Missing host permission for the tab");
    assert.equal(await explainRefusal(3, refusal), refusal);
    withTab({ id: 3, url: "http://127.0.0.1/" });
    const other = new Error("No tab with id: 3");
    assert.equal(await explainRefusal(3, other), other);
  });
});
