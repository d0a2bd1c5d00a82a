// ESLint for the extension (and its node unit tests). Run: npx eslint extension tests/js
// (tests/test_extension_js.py runs it as part of the pytest suite).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    // Extension pages (popup, options, offscreen) and the shared modules they import.
    files: ["extension/**/*.js"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.webextensions },
    },
    rules: {
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-implicit-globals": "error",
      "no-shadow": "error",
    },
  },
  {
    // The background: a module service worker in Chromium, an event page in Firefox.
    files: ["extension/background.js"],
    languageOptions: {
      globals: { ...globals.serviceworker, ...globals.browser, ...globals.webextensions },
    },
  },
  {
    // Injected with executeScript({files}) and evaluated over CDP: classic scripts,
    // one expression each, whose value is the result.
    files: ["extension/collect.js", "extension/overlay.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    // The popup's first script, a classic one in popup.html's <head>.
    files: ["extension/start-host.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.node },
    },
  },
];
