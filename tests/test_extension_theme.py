"""The popup and the options page as users meet them, in real Chromium: light and
dark themes following the system (prefers-color-scheme, emulated), every control's
text at least 4.5:1 against its background (from computed styles), a keyboard focus
order that follows the layout, and a name for every control."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from browser_support import OPTIONS_URL, POPUP_URL, wait_ready
from theme_support import (SHOW_EVERYTHING_JS, contrast_report, focus_order, low_contrast,
                           unnamed_controls)

pytestmark = pytest.mark.browser
POPUP_FOCUS_ORDER = ["copy", "save", "overlay", "scope", "options-link"]
ROOT = Path(__file__).resolve().parents[1]


def _theme(driver, scheme: str) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def test_both_themes_focus_order_and_names(extension_browser):
    """One browser for all of it: each start costs seconds."""
    driver = extension_browser
    for url in (POPUP_URL, OPTIONS_URL):
        driver.get(url)
        wait_ready(driver)
        if url == POPUP_URL:
            assert focus_order(driver, len(POPUP_FOCUS_ORDER)) == POPUP_FOCUS_ORDER
        assert unnamed_controls(driver) == [], url
        _check_both_themes(driver)
        _theme(driver, "light")
    # Radio groups are fieldsets with a legend, so each group has a name too.
    groups = driver.execute_script(
        "return [...new Set([...document.querySelectorAll('input[type=radio]')].map(r => r.name))]"
        ".map(n => document.querySelector(`input[name=${n}]`).closest('fieldset')"
        "?.querySelector('legend')?.textContent.trim() || '')")
    assert groups and all(groups), groups


def _check_both_themes(driver) -> None:
    """Every part shown, each control's contrast in light and dark, plain and in its
    error / pressed states."""
    driver.execute_script(SHOW_EVERYTHING_JS)
    driver.execute_script("const s = document.getElementById('status');"
                          "if (s) { s.textContent = 'The host is not installed.'; }")
    for scheme, dark in (("light", False), ("dark", True)):
        _theme(driver, scheme)
        for state in ("plain", "error+pressed"):
            if state != "plain":
                driver.execute_script(
                    "document.getElementById('status').classList.add('error');"
                    "const o = document.getElementById('overlay');"
                    "if (o) o.setAttribute('aria-pressed', 'true');")
            report = contrast_report(driver)
            assert (report["body"] < 0.05) == dark, (scheme, report["body"])   # the theme applied
            assert len(report["controls"]) >= 8, report
            assert low_contrast(report) == [], (scheme, state, low_contrast(report))
        driver.execute_script("document.getElementById('status').classList.remove('error');"
                              "const o = document.getElementById('overlay');"
                              "if (o) o.setAttribute('aria-pressed', 'false');")


def test_manifest_icons_exist_at_every_size():
    manifest = json.loads((ROOT / "extension" / "manifest.json").read_text())
    for size, path in {**manifest["icons"], **manifest["action"]["default_icon"]}.items():
        data = (ROOT / "extension" / path).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", path
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert (width, height) == (int(size), int(size)), path
    assert {"16", "32", "48", "128"} <= set(manifest["icons"])
