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

from ..cli.browser import (INSTALL_HINT, BrowserError, fresh_tab, isolated_world, load_page,
                           quit_browser, run_collect, set_viewport, settle, start_chromium)
# What a browser shows as a page (plain text too: a listed URL is read as the
# single-page command reads it; JSON and images open in the browser's own viewers),
# and Chromium's network error codes: the single-page command's.
from ..cli.navigation import NET_ERROR_CODE, PAGE_TYPES

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
# The address schemes of a page loaded from a file, and from the web.
SCHEMES = {"offline": ("file:",), "online": ("http:", "https:")}


# The CLI's advice when Chromium is missing ends "or run with --static"; batch has
# no --static: its own static path is batch without --render.
BATCH_INSTALL_HINT = (
    "On Debian or Ubuntu: sudo apt-get install chromium chromium-driver "
    "fonts-dejavu-core fonts-liberation. Or point WEBGIST_CHROMIUM and "
    "WEBGIST_CHROMEDRIVER at the binaries, or drop --render (saved pages are then read "
    "without a browser, in source order; URLs need the browser)."
)


def batch_hint(message: str) -> str:
    """A browser error's message with batch's advice in place of the CLI's."""
    return message.replace(INSTALL_HINT, BATCH_INSTALL_HINT)


class NotAPage(Exception):
    """The address was loaded, but what the browser holds is not its page (a
    download, Chromium's own error page, a JSON or image viewer): the message
    says which, for the row's error."""


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
        """collect.js's result for `address`, read from the document the browser
        committed for it. NotAPage when it committed none (a download) or what it
        shows is not a page; BrowserError when the browser failed. An HTTP error
        status is returned without reading the page (its row is the status)."""
        driver = self._driver(mode)
        try:
            before = _current_entry(driver)
            finished = load_page(driver, address, self.load_timeout_s)
            page_status = self._status(driver) if status else 0
            _check_document(driver, mode, before, finished, page_status, self.load_timeout_s)
            if page_status >= 400:
                capture: dict[str, Any] = {"status": page_status}
            else:
                if finished:
                    settle(driver)
                capture = run_collect(driver)
                if status:
                    capture["status"] = page_status
        except BrowserError as exc:
            if NETWORK_ERROR_MARK not in str(exc):
                self.close_browser(mode)
                raise
            self._next_tab(mode)
            raise
        except NotAPage:
            self._next_tab(mode)
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
            _deny_downloads(self.drivers[mode])
        except WebDriverException:
            self.close_browser(mode)

    def _driver(self, mode: str):
        if mode not in self.drivers:
            flags = OFFLINE_FLAGS if mode == "offline" else ()
            driver = start_chromium(str(Path(self.folder) / f"profile-{mode}"), extra_flags=flags)
            set_viewport(driver)
            _deny_downloads(driver)
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
        """Quit the `mode` browser, if it runs, and remove its profile."""
        driver = self.drivers.pop(mode, None)
        if driver is not None:
            quit_browser(driver)
            shutil.rmtree(Path(self.folder) / f"profile-{mode}", ignore_errors=True)

    def close(self) -> None:
        for mode in list(self.drivers):
            self.close_browser(mode)
        shutil.rmtree(self.folder, ignore_errors=True)


def _deny_downloads(driver) -> None:
    """A URL that answers with a file is not saved in the user's downloads folder
    (the setting holds for the tab it is sent to, so each new tab gets it)."""
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "deny"})


def _current_entry(driver) -> int | None:
    """The id of the tab's current navigation entry (None when unknown)."""
    history = driver.execute_cdp_cmd("Page.getNavigationHistory", {})
    entries = history.get("entries") or []
    index = history.get("currentIndex", -1)
    return entries[index].get("id") if 0 <= index < len(entries) else None


def _check_document(driver, mode: str, before: int | None, finished: bool, status: int,
                    timeout_s: float) -> None:
    """NotAPage unless the tab holds a page committed for this load: a download
    commits nothing (the tab keeps what it showed before: a new tab's page, the
    previous address's page or error page), a failed load commits Chromium's
    error page, and a JSON or image answer commits a viewer."""
    if _current_entry(driver) == before:
        if not finished:
            raise NotAPage(f"not loaded: the server sent nothing within {timeout_s:g} s")
        raise NotAPage("not a web page: Chromium did not open it as a page (the server sent "
                       "a file to download, not HTML)")
    if status >= 400:
        # The row says the status (batch/rows.py), whatever the browser shows for it.
        return
    frame = driver.execute_cdp_cmd("Page.getFrameTree", {})["frameTree"]["frame"]
    url = frame.get("url") or ""
    if frame.get("unreachableUrl") or not url.startswith(SCHEMES[mode]):
        raise NotAPage("not loaded: Chromium showed its own error page"
                       + _error_code(driver))
    mime = frame.get("mimeType") or ""
    if mime and mime not in PAGE_TYPES:
        raise NotAPage(f"not a web page: the server sent {mime}, not HTML")


def _error_code(driver) -> str:
    """" (net::ERR_...)" from Chromium's error page, or ""."""
    from selenium.common.exceptions import WebDriverException

    try:
        text = driver.execute_cdp_cmd("Runtime.evaluate", {
            "expression": "document.documentElement.outerHTML",
            "contextId": isolated_world(driver, "webgist-status"), "returnByValue": True})
    except WebDriverException:
        return ""
    found = NET_ERROR_CODE.search(str(text.get("result", {}).get("value") or ""))
    return f" (net::{found.group(1)})" if found else ""
