"""`webgist batch --render N`: pages measured in headless Chromium, one browser
per worker, kept open from page to page.

Each worker starts its browser once (the CLI's own start_chromium) and, for
every page, loads it from a file, lets it settle (the CLI's settle: its clock run
3.5 s ahead), runs collect.js (the CLI's load_page and run_collect) and gives the
engine the capture: measured boxes, real reading order. A settled tab's clock
stays stopped, so every page gets a new tab. A browser that fails is closed and a
new one started for the next page.

Saved pages never reach the network from here: every host name resolves to
nothing (a saved page's scripts, images and trackers would otherwise be fetched
from the live web, slowly and in the reader's name). A URL the user listed is
loaded from the web, in a second browser kept for URLs (started when the first
URL comes), so the saved pages' browser stays offline.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from ..cli.browser import (BrowserError, fresh_tab, isolated_world, load_page, quit_browser,
                           run_collect, set_viewport, settle, start_chromium)

# No host name resolves: a saved page loads nothing from outside.
OFFLINE_FLAGS = ("--host-resolver-rules=MAP * ~NOTFOUND",)
FOLDER_PREFIX = "webgist-batch-render-"
# The HTTP status of the page's own response (Navigation Timing level 2, in
# Chromium since 109); 0 when the browser does not say.
STATUS_SCRIPT = ("(() => { const entry = performance.getEntriesByType('navigation')[0];"
                 " return entry && entry.responseStatus || 0; })()")
# chromedriver's message for a page the network could not deliver (DNS, refused,
# reset, TLS): the browser itself is fine and is kept for the next page.
NETWORK_ERROR_MARK = "net::ERR_"


def render_folder_prefix(pid: int) -> str:
    """The start of a rendering worker's temporary folder name (page file, browser
    profile), so the parent can remove it when it has to kill that worker."""
    return f"{FOLDER_PREFIX}{pid}-"


class PageRenderer:
    """One headless Chromium, reused for every page a worker renders."""

    def __init__(self, load_timeout_s: float):
        self.load_timeout_s = load_timeout_s
        self.folder = tempfile.mkdtemp(prefix=render_folder_prefix(os.getpid()))
        # "offline" for saved pages, "online" for URLs; each started on first use.
        self.drivers: dict[str, Any] = {}

    def capture(self, html: str) -> dict[str, Any]:
        """collect.js's result for the page `html`; BrowserError when the browser
        could not render it (the next call starts a fresh browser)."""
        page = Path(self.folder) / "page.html"
        # The text was decoded already (batch/pagebytes.py), and its <meta charset>
        # may name the encoding it came in: a byte-order mark is the one thing a
        # browser's encoding sniffing puts before it, so the browser reads UTF-8.
        page.write_text(html, encoding="utf-8-sig")
        capture = self._capture("offline", page.as_uri())
        # The file is the worker's, not the page's: links stay as the page wrote
        # them (the row's URL, when there is one, resolves them).
        capture["url"] = None
        return capture

    def capture_url(self, url: str) -> dict[str, Any]:
        """collect.js's result for the page at `url`, loaded from the web, with
        `status`: the HTTP status of its response (0 when unknown). BrowserError
        when it could not be loaded or read."""
        return self._capture("online", url, status=True)

    def _capture(self, mode: str, address: str, status: bool = False) -> dict[str, Any]:
        driver = self._driver(mode)
        try:
            finished = load_page(driver, address, self.load_timeout_s)
            if finished:
                settle(driver)
            capture = run_collect(driver)
            if status:
                capture["status"] = self._status(driver)
        except BrowserError as exc:
            if NETWORK_ERROR_MARK not in str(exc):
                self.close_browser(mode)
            raise
        self._next_tab(mode)
        capture["loaded"] = finished
        return capture

    def _next_tab(self, mode: str) -> None:
        """A new tab for the next page: a settled tab's clock is stopped for good.
        A browser that cannot open one is closed (the next page starts another)."""
        from selenium.common.exceptions import WebDriverException

        try:
            fresh_tab(self.drivers[mode])
        except WebDriverException:
            self.close_browser(mode)

    def _driver(self, mode: str):
        if mode not in self.drivers:
            flags = OFFLINE_FLAGS if mode == "offline" else ()
            driver = start_chromium(str(Path(self.folder) / f"profile-{mode}"), extra_flags=flags)
            set_viewport(driver)
            self.drivers[mode] = driver
        return self.drivers[mode]

    @staticmethod
    def _status(driver) -> int:
        # Read in an isolated world, where the page's scripts cannot replace
        # `performance`.
        from selenium.common.exceptions import WebDriverException

        try:
            result = driver.execute_cdp_cmd("Runtime.evaluate", {
                "expression": STATUS_SCRIPT, "contextId": isolated_world(driver, "webgist-status"),
                "returnByValue": True})
        except WebDriverException:
            return 0
        value = result.get("result", {}).get("value")
        return value if isinstance(value, int) else 0

    def close_browser(self, mode: str) -> None:
        driver = self.drivers.pop(mode, None)
        if driver is not None:
            quit_browser(driver)
            shutil.rmtree(Path(self.folder) / f"profile-{mode}", ignore_errors=True)

    def close(self) -> None:
        for mode in list(self.drivers):
            self.close_browser(mode)
        shutil.rmtree(self.folder, ignore_errors=True)
