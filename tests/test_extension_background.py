"""The service worker end to end: the Alt+Shift+K command and the context menu,
each putting Markdown on the real clipboard through the offscreen document, and a
worker stopped while idle that wakes up cleanly for the next command. And
background.js run as Firefox runs it, in an event page, writing the clipboard itself.

Headless Chromium cannot open a context menu, so the menu's click handler is called
in the worker over CDP with the arguments Chrome passes it (OnClickData, Tab)."""
from __future__ import annotations

import json
import shutil
import time

import pytest

from browser_support import (CDPTarget, active_tab_badge, devtools_targets, extension_browser_with, last_command_result,
                             press_copy_shortcut, press_extension_shortcut, read_clipboard,
                             read_clipboard_settled, service_worker)
from conftest import EXTENSION
from webgist_host.install.manifest import EXTENSION_ID

pytestmark = pytest.mark.browser
PAGE = "ext--options.html"
SELECT_KIT = """
  const items = document.querySelectorAll('#kit li');
  const range = document.createRange();
  range.setStart(items[0].firstChild, 0);
  range.setEnd(items[1].firstChild, items[1].firstChild.length);
  getSelection().removeAllRanges();
  getSelection().addRange(range);"""


def _menu_click(worker, info: dict) -> dict:
    """Call the context menu's handler as Chrome does: (OnClickData, the tab)."""
    return worker.evaluate(
        "chrome.tabs.query({active: true, lastFocusedWindow: true})"
        f".then(([tab]) => webgist.handleMenuClick({json.dumps(info)}, tab))")


def test_shortcut_and_context_menu_copy_through_the_offscreen_document(extension_browser, server):
    driver = extension_browser
    url = f"{server}/{PAGE}"
    driver.get(url)
    page = driver.current_window_handle
    worker = service_worker(driver)
    try:
        # Alt+Shift+K on the page: the whole flow runs in the worker.
        started = time.time()
        press_copy_shortcut(driver)
        result = last_command_result(worker, started)
        assert result["ok"] and result["via"] == "offscreen", result
        assert result["message"].startswith("Copied ") and result["message"].endswith(" words as Markdown.")
        markdown = result["markdown"]
        assert markdown.startswith("# Rooftop bees\n") and "From the almanac" not in markdown
        assert read_clipboard(driver, page) == markdown
        # The offscreen document was closed after its one write.
        assert worker.evaluate(
            "chrome.runtime.getContexts({contextTypes: ['OFFSCREEN_DOCUMENT']}).then(c => c.length)") == 0
        assert active_tab_badge(worker, "✓") == "✓"

        # The menu items exist (update fails for an unknown id).
        for item in ("copy-page", "copy-selection", "copy-link", "copy-image"):
            worker.evaluate(f"chrome.contextMenus.update('{item}', {{}}).then(() => true)")

        # Copy link / image as Markdown: text and alt read from the page.
        link = _menu_click(worker, {"menuItemId": "copy-link", "editable": False, "pageUrl": url,
                                    "linkUrl": f"{server}/wind.html"})
        assert link["ok"], link
        expected = f"[wind survey]({server}/wind.html)\n"
        assert read_clipboard_settled(driver, page, expected) == expected
        image = _menu_click(worker, {"menuItemId": "copy-image", "editable": False, "pageUrl": url,
                                     "mediaType": "image", "srcUrl": f"{server}/ext--bee.svg"})
        assert image["ok"], image
        expected = f"![A striped hive]({server}/ext--bee.svg)\n"
        assert read_clipboard_settled(driver, page, expected) == expected

        # Copy page as Markdown, from the menu, ignores a selection; Copy selection
        # converts only the selected part and keeps it a list.
        driver.execute_script(SELECT_KIT)
        whole = _menu_click(worker, {"menuItemId": "copy-page", "editable": False, "pageUrl": url})
        assert whole["ok"] and read_clipboard_settled(driver, page, markdown) == markdown
        selection = _menu_click(worker, {
            "menuItemId": "copy-selection", "editable": False, "pageUrl": url,
            "selectionText": driver.execute_script("return getSelection().toString()")})
        assert selection["ok"] and selection["message"] == "Copied the selection as Markdown."
        kit = ("- A veil and gloves for the first inspection.\n"
               "- A smoker, lit with cotton or hessian.\n")
        assert read_clipboard_settled(driver, page, kit) == kit
        driver.execute_script("getSelection().removeAllRanges()")
        empty = _menu_click(worker, {"menuItemId": "copy-selection", "editable": False, "pageUrl": url})
        assert not empty["ok"] and empty["kind"] == "no-selection"
    finally:
        worker.close()


def test_a_worker_stopped_while_idle_wakes_for_the_next_command(extension_browser, server):
    driver = extension_browser
    driver.get(f"{server}/{PAGE}")
    page = driver.current_window_handle
    press_extension_shortcut(driver)        # activeTab for this tab
    service_worker(driver).close()
    driver.execute_cdp_cmd("ServiceWorker.enable", {})
    driver.execute_cdp_cmd("ServiceWorker.stopAllWorkers", {})
    deadline = time.monotonic() + 10
    while any(t.get("type") == "service_worker" and EXTENSION_ID in t.get("url", "")
              for t in devtools_targets(driver)):
        assert time.monotonic() < deadline, "the worker did not stop"
        time.sleep(0.1)

    started = time.time()
    press_copy_shortcut(driver)
    worker = service_worker(driver)
    try:
        result = last_command_result(worker, started)
    finally:
        worker.close()
    assert result["ok"], result
    assert read_clipboard(driver, page) == result["markdown"]
    assert result["markdown"].startswith("# Rooftop bees\n")


# What Firefox makes of `background.scripts` with `"type": "module"`: a page of its
# own (_generated_background_page.html) loading them as module scripts.
EVENT_PAGE = '<!DOCTYPE html><meta charset="utf-8"><script type="module" src="background.js"></script>\n'


@pytest.fixture
def browser_with_event_page(tmp_path, browser_paths):
    """The extension with one page added, event-page.html, which runs background.js
    as Firefox does. (The manifest's key keeps the id, so the host still serves it.)"""
    folder = tmp_path / "extension"
    shutil.copytree(EXTENSION, folder)
    (folder / "event-page.html").write_text(EVENT_PAGE)
    yield from extension_browser_with(tmp_path, browser_paths, extension=folder)


def test_background_in_an_event_page_writes_the_clipboard_itself(browser_with_event_page, server):
    """Firefox runs background.js in an event page: a DOM, and no chrome.offscreen.
    Firefox cannot be installed here; what Chromium can show is the same
    background.js in an event page of the real extension, its command and menu
    handlers run end to end (real page, real host), writing the real clipboard from
    that page. Chromium's pages also have chrome.offscreen: the DOM decides."""
    driver = browser_with_event_page
    driver.get(f"{server}/{PAGE}")
    page = driver.current_window_handle
    press_extension_shortcut(driver)        # activeTab for this tab
    worker = service_worker(driver)
    try:
        assert worker.evaluate("webgist.clipboardRoute()") == "offscreen"
        worker.evaluate("chrome.tabs.create({url: 'event-page.html', active: false}).then(() => true)")
    finally:
        worker.close()
    deadline = time.monotonic() + 10
    while not (target := next((t for t in devtools_targets(driver)
                               if t.get("url", "").endswith("/event-page.html")), None)):
        assert time.monotonic() < deadline, "the event page never opened"
        time.sleep(0.1)
    background = CDPTarget(target["webSocketDebuggerUrl"])
    try:
        while not background.evaluate("typeof webgist === 'object'"):
            assert time.monotonic() < deadline, "background.js never ran in the event page"
            time.sleep(0.1)
        assert background.evaluate("[typeof document.body, typeof chrome.offscreen]") == ["object", "object"]
        assert background.evaluate("webgist.clipboardRoute()") == "document"
        # Hidden, as a background page is: Chromium refuses it the async Clipboard
        # API, so the copy command writes. (Which of the two Firefox allows its
        # event page is what remains untested.)
        assert background.evaluate("document.visibilityState") == "hidden"

        result = background.evaluate(
            "chrome.tabs.query({active: true, lastFocusedWindow: true})"
            ".then(([tab]) => webgist.handleCommand('copy-page', tab))")
        assert result["ok"] and result["via"] == "copy-command", result
        assert result["markdown"].startswith("# Rooftop bees\n")
        assert read_clipboard(driver, page) == result["markdown"]

        link = background.evaluate(
            "chrome.tabs.query({active: true, lastFocusedWindow: true})"
            f".then(([tab]) => webgist.handleMenuClick({json.dumps({'menuItemId': 'copy-link', 'editable': False, 'pageUrl': f'{server}/{PAGE}', 'linkUrl': f'{server}/wind.html'})}, tab))")
        assert link["ok"] and link["via"] == "copy-command", link
        expected = f"[wind survey]({server}/wind.html)\n"
        assert read_clipboard_settled(driver, page, expected) == expected
    finally:
        background.close()
