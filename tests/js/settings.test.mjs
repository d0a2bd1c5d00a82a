// The options: what a stored value falls back to, and what travels to the host.
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import { DEFAULTS, cleanSettings, engineOptions, loadSettings, saveSettings } from "../../extension/settings.js";

// chrome.storage.sync as far as settings.js uses it, holding `stored`.
function fakeSyncStorage(stored, { failing = false } = {}) {
  const writes = [];
  globalThis.chrome = {
    storage: {
      sync: {
        async get(keys) {
          if (failing) throw new Error("storage is off");
          return Object.fromEntries(keys.filter((key) => key in stored).map((key) => [key, stored[key]]));
        },
        async set(values) {
          if (failing) throw new Error("storage is off");
          writes.push(values);
        },
      },
    },
  };
  return writes;
}

afterEach(() => { delete globalThis.chrome; });

describe("cleanSettings", () => {
  test("nothing stored gives the defaults", () => {
    const expected = { scope: "main", front_matter: false, images: "keep", link_style: "inline",
                       selection_overrides: true };
    assert.deepEqual(cleanSettings(undefined), expected);
    assert.deepEqual(cleanSettings(null), expected);
    assert.deepEqual(cleanSettings({}), expected);
  });
  test("known values are kept", () => {
    const chosen = { scope: "page", front_matter: true, images: "link", link_style: "reference",
                     selection_overrides: false };
    assert.deepEqual(cleanSettings(chosen), chosen);
  });
  test("unknown values, wrong types and unknown keys fall back or go", () => {
    assert.deepEqual(
      cleanSettings({ scope: "everything", front_matter: "yes", images: "KEEP", link_style: 1,
                      selection_overrides: 0, injected: "<script>" }),
      { scope: "main", front_matter: false, images: "keep", link_style: "inline", selection_overrides: true });
  });
  test("the defaults cannot be changed by a caller", () => {
    assert.ok(Object.isFrozen(DEFAULTS));
    const copy = cleanSettings({});
    copy.scope = "page";
    assert.equal(DEFAULTS.scope, "main");
  });
});

describe("engineOptions", () => {
  const settings = { scope: "page", front_matter: true, images: "drop", link_style: "reference",
                     selection_overrides: true };
  test("the host gets the engine's four options, not the extension's own", () => {
    assert.deepEqual(engineOptions(settings, null),
                     { scope: "page", front_matter: true, images: "drop", link_style: "reference" });
  });
  test("a scope passed in wins over the stored one", () => {
    assert.equal(engineOptions(settings, "main").scope, "main");
    assert.equal(engineOptions({ ...settings, scope: "main" }, "page").scope, "page");
  });
});

describe("loading and saving", () => {
  test("load cleans what is stored", async () => {
    fakeSyncStorage({ scope: "page", images: "bogus", front_matter: true });
    assert.deepEqual(await loadSettings(),
                     { scope: "page", front_matter: true, images: "keep", link_style: "inline",
                       selection_overrides: true });
  });
  test("storage that fails still gives the defaults", async () => {
    fakeSyncStorage({}, { failing: true });
    assert.deepEqual(await loadSettings(), { ...DEFAULTS });
  });
  test("save stores only clean values and returns them", async () => {
    const writes = fakeSyncStorage({});
    const saved = await saveSettings({ scope: "page", images: "nope", extra: 1 });
    const expected = { scope: "page", front_matter: false, images: "keep", link_style: "inline",
                       selection_overrides: true };
    assert.deepEqual(saved, expected);
    assert.deepEqual(writes, [expected]);
  });
  test("a failing save is reported, not swallowed", async () => {
    fakeSyncStorage({}, { failing: true });
    await assert.rejects(saveSettings({}), /storage is off/);
  });
});
