"""The page read as the popup opens (issue 20): the popup collects the page and asks
the host for its Markdown before Copy is clicked (flow.js readAhead); the click uses
them only while watch.js says the page is as it was read, and reads it afresh
otherwise. Real Chromium, the real extension and host."""
from __future__ import annotations

import json
import time

import pytest

from browser_support import (click_copy, last_command_result, open_page_and_popup,
                             press_copy_shortcut, read_clipboard, service_worker)

pytestmark = pytest.mark.browser
PAGE = "layout--grid-sidebar-first.html"
LONG_PAGE = "order--cpython-sticky-sidebar.html"   # taller than the window: it scrolls


def _wait_for(predicate, timeout: float = 30, message: str = ""):
    deadline = time.monotonic() + timeout
    while not (value := predicate()):
        assert time.monotonic() < deadline, f"timed out waiting for {message}"
        time.sleep(0.05)
    return value


def _early(driver) -> str:
    return driver.execute_script("return document.body.dataset.early || ''")


def _timeline(driver) -> dict:
    return json.loads(driver.execute_script("return document.body.dataset.timeline || '{}'"))


def _shortcut_markdown(driver, page: str) -> str:
    """The page's Markdown read at this moment by the copy shortcut (no early read)."""
    driver.switch_to.window(page)
    worker = service_worker(driver)
    try:
        started = time.time()
        press_copy_shortcut(driver)
        result = last_command_result(worker, started)
    finally:
        worker.close()
    assert result["ok"], result
    return result["markdown"]


def test_an_unchanged_page_is_copied_from_what_was_read_as_the_popup_opened(extension_browser, server):
    driver = extension_browser
    page, popup = open_page_and_popup(driver, f"{server}/{PAGE}")
    _wait_for(lambda: _early(driver) == "converted", message="the early conversion")
    result = click_copy(driver, scope=None)
    assert result["state"] == "done", result["status"]
    timeline = _timeline(driver)
    assert timeline["ahead"]["capture"] is True and timeline["ahead"]["reply"] is True
    # Read and converted before the click.
    assert timeline["collect"]["started_at"] < timeline["host"]["replied_at"] < timeline["started_at"]
    markdown = result["preview"]

    # Another scope: the capture is still the page's, the host is asked again.
    whole = click_copy(driver, scope="page")
    assert whole["state"] == "done", whole["status"]
    timeline = _timeline(driver)
    assert timeline["ahead"]["capture"] is True and timeline["ahead"]["reply"] is False
    assert timeline["host"]["first_frame_at"] > timeline["started_at"]
    assert read_clipboard(driver, page) == whole["preview"]

    # The same Markdown as the page read afresh (the shortcut's own reading of the
    # page ends the watch: its stamps are changes to the document).
    assert _shortcut_markdown(driver, page) == markdown


def test_a_page_changed_after_the_popup_opened_is_read_again(extension_browser, server):
    driver = extension_browser
    page, popup = open_page_and_popup(driver, f"{server}/{PAGE}")
    _wait_for(lambda: _early(driver) == "converted", message="the early conversion")
    driver.switch_to.window(page)
    driver.execute_script(
        "const p = document.createElement('p');"
        "p.textContent = 'A paragraph the page added after the popup had read it.';"
        "document.querySelector('main, article, body').append(p);")
    driver.switch_to.window(popup)
    result = click_copy(driver, scope="page")
    assert result["state"] == "done", result["status"]
    timeline = _timeline(driver)
    assert timeline["ahead"]["capture"] is False and timeline["ahead"]["reply"] is False
    assert timeline["collect"]["started_at"] > timeline["started_at"]
    assert "A paragraph the page added after the popup had read it." in result["preview"]


def test_a_page_scrolled_after_the_popup_opened_is_read_again(extension_browser, server):
    driver = extension_browser
    page, popup = open_page_and_popup(driver, f"{server}/{LONG_PAGE}")
    _wait_for(lambda: _early(driver) == "converted", message="the early conversion")
    driver.switch_to.window(page)
    driver.execute_script("window.scrollBy(0, 40);")
    assert driver.execute_script("return window.scrollY") == 40
    driver.switch_to.window(popup)
    result = click_copy(driver, scope=None)
    assert result["state"] == "done", result["status"]
    assert _timeline(driver)["ahead"]["capture"] is False


def test_the_watch_leaves_the_page_untouched(extension_browser, server):
    """watch.js adds nothing the page's own scripts can see: no attribute, no node,
    no global of the page's world."""
    driver = extension_browser
    seen = ("return [document.documentElement.outerHTML, "
            "Object.keys(window).sort().join(',')];")
    driver.get(f"{server}/{PAGE}")
    before = driver.execute_script(seen)
    page, popup = open_page_and_popup(driver, f"{server}/{PAGE}")
    _wait_for(lambda: _early(driver) == "converted", message="the early conversion")
    driver.switch_to.window(page)
    assert driver.execute_script(seen) == before
