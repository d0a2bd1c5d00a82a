"""`webgist batch --render N`: pages measured in headless Chromium, one browser
per worker, kept open from page to page.

Each worker starts its browser once (the CLI's own start_chromium) and, for
every page, loads it from a file, runs collect.js (the CLI's load_page and
run_collect) and gives the engine the capture: measured boxes, real reading
order. A browser that fails is closed and a new one started for the next page.

Saved pages never reach the network from here: every host name resolves to
nothing (a saved page's scripts, images and trackers would otherwise be fetched
from the live web, slowly and in the reader's name).
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from ..cli.browser import (BrowserError, load_page, quit_browser, run_collect, set_viewport,
                           start_chromium)

# No host name resolves: a saved page loads nothing from outside.
OFFLINE_FLAGS = ("--host-resolver-rules=MAP * ~NOTFOUND",)
FOLDER_PREFIX = "webgist-batch-render-"


def render_folder_prefix(pid: int) -> str:
    """The start of a rendering worker's temporary folder name (page file, browser
    profile), so the parent can remove it when it has to kill that worker."""
    return f"{FOLDER_PREFIX}{pid}-"


class PageRenderer:
    """One headless Chromium, reused for every page a worker renders."""

    def __init__(self, load_timeout_s: float):
        self.load_timeout_s = load_timeout_s
        self.folder = tempfile.mkdtemp(prefix=render_folder_prefix(os.getpid()))
        self.driver = None

    def capture(self, html: str) -> dict[str, Any]:
        """collect.js's result for the page `html`; BrowserError when the browser
        could not render it (the next call starts a fresh browser)."""
        page = Path(self.folder) / "page.html"
        page.write_text(html, encoding="utf-8")
        if self.driver is None:
            self.driver = start_chromium(str(Path(self.folder) / "profile"),
                                         extra_flags=OFFLINE_FLAGS)
            set_viewport(self.driver)
        try:
            finished = load_page(self.driver, page.as_uri(), self.load_timeout_s)
            capture = run_collect(self.driver)
        except BrowserError:
            self.close_browser()
            raise
        capture["loaded"] = finished
        return capture

    def close_browser(self) -> None:
        if self.driver is not None:
            quit_browser(self.driver)
            self.driver = None
            shutil.rmtree(Path(self.folder) / "profile", ignore_errors=True)

    def close(self) -> None:
        self.close_browser()
        shutil.rmtree(self.folder, ignore_errors=True)
