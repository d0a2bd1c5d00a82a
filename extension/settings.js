// The user's options, kept in chrome.storage.sync (options.html edits them).
// Read fresh on every use: the service worker keeps nothing in its globals.

export const DEFAULTS = Object.freeze({
  scope: "main",                 // "main" | "page"
  front_matter: false,           // YAML front matter (title, url, author, date, ...)
  images: "keep",                // "keep" | "drop" | "link"
  link_style: "inline",          // "inline" | "reference"
  selection_overrides: true,     // a selection on the page is converted instead of the page
});

const CHOICES = {
  scope: ["main", "page"],
  images: ["keep", "drop", "link"],
  link_style: ["inline", "reference"],
};

// Anything stored that is not a known value falls back to the default.
export function cleanSettings(stored) {
  const out = { ...DEFAULTS };
  for (const [key, fallback] of Object.entries(DEFAULTS)) {
    const value = stored ? stored[key] : undefined;
    if (typeof fallback === "boolean") out[key] = typeof value === "boolean" ? value : fallback;
    else out[key] = CHOICES[key].includes(value) ? value : fallback;
  }
  return out;
}

export async function loadSettings() {
  try {
    return cleanSettings(await chrome.storage.sync.get(Object.keys(DEFAULTS)));
  } catch {
    return { ...DEFAULTS };      // storage unavailable: the defaults still convert
  }
}

export async function saveSettings(settings) {
  const clean = cleanSettings(settings);
  await chrome.storage.sync.set(clean);
  return clean;
}

// What travels to the host with each request; the engine honours each member.
export function engineOptions(settings, scope) {
  return {
    scope: scope || settings.scope,
    front_matter: settings.front_matter,
    images: settings.images,
    link_style: settings.link_style,
  };
}
