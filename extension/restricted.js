// Pages no extension may script, known by their address. Chromium refuses them with
// words flow.js recognises; Firefox refuses its own sites with the words it uses for
// a tab the user has not granted ("Missing host permission for the tab") and runs
// nothing on its about: pages without a word, so the address is what tells.
//
// Schemes of browser pages in both browsers (about:blank included: no content
// script runs there in either).
export const RESTRICTED_SCHEMES = [
  "about:", "chrome:", "chrome-extension:", "edge:", "moz-extension:", "resource:", "view-source:",
];
// Firefox's default `extensions.webextensions.restrictedDomains`: Mozilla's add-ons,
// accounts and support sites, closed to every extension.
export const FIREFOX_RESTRICTED_DOMAINS = [
  "accounts-static.cdn.mozilla.net", "accounts.firefox.com", "addons.cdn.mozilla.net",
  "addons.mozilla.org", "api.accounts.firefox.com", "content.cdn.mozilla.net",
  "discovery.addons.mozilla.org", "install.mozilla.org", "oauth.accounts.firefox.com",
  "profile.accounts.firefox.com", "support.mozilla.org", "sync.services.mozilla.com",
];

// Why the page at `url` cannot be scripted, in words flow.js's scriptingError
// classes as restricted; null when nothing is known against it (or the address is
// not visible to the extension).
export function restrictedPage(url) {
  if (typeof url !== "string" || !url) return null;
  if (RESTRICTED_SCHEMES.some((scheme) => url.startsWith(scheme))) return `${url} cannot be scripted`;
  let host;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  return FIREFOX_RESTRICTED_DOMAINS.includes(host) ? `${host} cannot be scripted` : null;
}

// Firefox refuses its PDF viewer (and its add-ons site) with "Missing host
// permission for the tab" even on a tab the user has just granted. The extension
// sees a tab's address only once granted (it has no "tabs" permission), so a
// refusal of a tab whose address it sees means the page is off limits, not that the
// user has yet to ask. Returns the error to classify: `error`, or one that says so.
export async function explainRefusal(tabId, error) {
  const message = String((error && error.message) || error || "");
  if (!/missing host permission/i.test(message)) return error;
  let tab = null;
  try {
    tab = await chrome.tabs.get(tabId);
  } catch {
    return error;
  }
  return tab && tab.url
    ? new Error(`${tab.url} cannot be scripted (a page the browser keeps from extensions, such as its PDF viewer)`)
    : error;
}
