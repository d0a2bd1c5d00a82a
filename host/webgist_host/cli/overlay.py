"""The reading-order overlay: the engine's blocks drawn on the page they came from.

Two users, one drawing: the extension's popup injects extension/overlay.js into
the live tab with the host's convert reply (`overlay_blocks`, sent when
`options.overlay` is true), and `webgist --overlay out.png` renders the page in
headless Chromium, converts it, runs the same overlay.js there and saves a
full-page screenshot (`render_overlay`).

This module imports nothing that reaches the network; selenium is imported only
by browser.py's functions, when a browser is actually started.
"""
from __future__ import annotations

import base64
import json
import tempfile
from typing import Any, Callable

from .browser import (BrowserError, Progress, check_navigation, extension_script, isolated_world,
                      load_page, no_progress, quit_browser, run_collect, set_viewport, settle,
                      start_chromium)
from .profile import remove_profile
from ..engine.model import Document
from ..engine.render.overlay import overlay_data

# Chromium refuses textures past 16,384 px on a side; taller pages are cut there
# (and the CLI says so) rather than failing.
MAX_SCREENSHOT_HEIGHT = 16384
# The isolated world overlay.js runs in, away from the page's own scripts.
WORLD_NAME = "webgist-overlay"


def overlay_script() -> str:
    return extension_script("overlay.js")


def render_overlay(url: str, convert: Callable[[dict[str, Any]], Document], *,
                   timeout: float = 30.0, progress: Progress | None = None
                   ) -> tuple[dict[str, Any], Document, bytes, list[str]]:
    """Load `url`, capture it as capture_page does, convert the capture with
    `convert`, draw the overlay on the same page and screenshot the whole of it.

    Returns (capture, document, png bytes, warnings); the capture's `loaded` is
    False when the page had not finished loading at `timeout`.
    """
    step = progress or no_progress
    profile = tempfile.mkdtemp(prefix="webgist-chromium-")
    driver = None
    try:
        step("start")
        driver = start_chromium(profile)
        set_viewport(driver)
        step("load")
        finished = load_page(driver, url, timeout)
        if finished:
            step("settle")
            settle(driver)
        step("read")
        capture = run_collect(driver)
        check_navigation(driver, url, finished)
        capture["loaded"] = finished and capture.get("readyState", "complete") == "complete"
        document = convert(capture)
        step("draw")
        shown = _evaluate(driver, isolated_world(driver, WORLD_NAME), overlay_script()
                          + f"\n;webgistOverlay.show({_json(overlay_data(document))})")
        if not (isinstance(shown, dict) and shown.get("shown")):
            raise BrowserError("the overlay could not be drawn on the page")
        png, warnings = _full_page_png(driver)
        return capture, document, png, warnings
    finally:
        if driver is not None:
            quit_browser(driver)
        remove_profile(profile)


def _json(value: Any) -> str:
    # JSON is a JS expression; Runtime.evaluate parses no HTML, so nothing in it
    # (a "</script>", say) can break out.
    return json.dumps(value, ensure_ascii=True)


def _evaluate(driver, context_id: int, expression: str) -> Any:
    result = driver.execute_cdp_cmd("Runtime.evaluate", {
        "expression": expression, "contextId": context_id, "returnByValue": True})
    if "exceptionDetails" in result:
        details = result["exceptionDetails"]
        text = details.get("exception", {}).get("description") or details.get("text")
        raise BrowserError(f"overlay.js failed on {driver.current_url}: {text}")
    return result.get("result", {}).get("value")


def _full_page_png(driver) -> tuple[bytes, list[str]]:
    """A screenshot of the whole document at the capture's width, one CSS pixel per
    image pixel."""
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    width = int(round(size["width"]))
    height = int(round(size["height"]))
    warnings = []
    if height > MAX_SCREENSHOT_HEIGHT:
        warnings.append(f"the page is {height} px tall; the screenshot stops at "
                        f"{MAX_SCREENSHOT_HEIGHT} px")
        height = MAX_SCREENSHOT_HEIGHT
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "fromSurface": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    return base64.b64decode(shot["data"]), warnings
