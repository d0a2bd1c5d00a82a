// The options page: every change is saved at once to chrome.storage.sync.
import { DEFAULTS, loadSettings, saveSettings } from "./settings.js";

const form = document.getElementById("options");
const status = document.getElementById("status");

function fill(settings) {
  for (const [key, value] of Object.entries(settings)) {
    const inputs = form.elements[key];
    if (!inputs) continue;
    if (typeof DEFAULTS[key] === "boolean") inputs.checked = value;
    else for (const radio of form.querySelectorAll(`input[name="${key}"]`)) radio.checked = radio.value === value;
  }
}

function read() {
  const settings = {};
  for (const key of Object.keys(DEFAULTS)) {
    if (typeof DEFAULTS[key] === "boolean") settings[key] = form.elements[key].checked;
    else settings[key] = (form.querySelector(`input[name="${key}"]:checked`) || {}).value;
  }
  return settings;
}

form.addEventListener("change", async () => {
  document.body.dataset.saved = "saving";
  try {
    fill(await saveSettings(read()));
    status.textContent = "Saved.";
    status.classList.remove("error");
    document.body.dataset.saved = "yes";
  } catch (error) {
    status.textContent = `Could not save the options: ${error.message}`;
    status.classList.add("error");
    document.body.dataset.saved = "error";
  }
});

loadSettings().then((settings) => {
  fill(settings);
  document.body.dataset.ready = "yes";
});
