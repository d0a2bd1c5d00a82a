"""The host started ahead of the click (issue 20): the popup starts it as it opens,
so Python's start-up and the engine's imports run while the user moves to Copy;
the keyboard command starts it before collect.js reads the page. Real Chromium,
the real extension and host; times are the epoch clocks of the popup's timeline
(flow.js convertTab) and the host's reply (`timings.ready_at`)."""
from __future__ import annotations

import os
import signal
from html.parser import HTMLParser
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import (click_copy, copy_by_shortcut, host_processes, open_page_and_popup,
                             popup_timeline, read_clipboard, wait_for)

pytestmark = pytest.mark.browser
PAGE = "layout--grid-sidebar-first.html"
POPUP_HTML = Path(__file__).resolve().parent.parent / "extension" / "popup.html"



def _host_state(driver) -> str:
    return driver.execute_script("return document.body.dataset.host || ''")



def test_the_popup_starts_the_host_before_the_click_and_keeps_it(extension_browser, server):
    driver = extension_browser
    page, popup = open_page_and_popup(driver, f"{server}/{PAGE}")
    # Before anything is clicked, one host runs and has answered the popup's ping.
    # (open_page_and_popup loads the popup twice: the first load's host exits.)
    warm = wait_for(lambda: len(hosts := host_processes(driver)) == 1 and hosts,
                     message="one pre-warmed host")
    wait_for(lambda: _host_state(driver) == "ready", message="the host's pong")

    first = click_copy(driver, scope="page")
    assert first["state"] == "done", first["status"]
    timeline = popup_timeline(driver)
    # The host was opened and had finished its imports before the click.
    assert timeline["host_opened_at"] < timeline["host"]["ready_at"] < timeline["started_at"]
    assert host_processes(driver) == warm, "the copy did not use the host the popup started"
    assert read_clipboard(driver, page) == first["preview"]

    # A second copy from the same popup: the same process, no start-up again.
    driver.switch_to.window(popup)
    second = click_copy(driver, scope="main")
    assert second["state"] == "done", second["status"]
    assert popup_timeline(driver)["host"]["ready_at"] == timeline["host"]["ready_at"]
    assert host_processes(driver) == warm

    # The waiting host dies: the popup notices, and the click starts a fresh one.
    os.kill(warm[0], signal.SIGKILL)
    wait_for(lambda: _host_state(driver) == "closed", message="the popup to see the host gone")
    third = click_copy(driver, scope="page")
    assert third["state"] == "done", third["status"]
    assert third["preview"] == first["preview"]
    fresh = host_processes(driver)
    assert len(fresh) == 1 and fresh != warm
    assert popup_timeline(driver)["host"]["ready_at"] > timeline["host"]["ready_at"]

    # Closing the popup ends its host.
    driver.close()
    driver.switch_to.window(page)
    wait_for(lambda: host_processes(driver) == [], timeout=10, message="the host to exit")


def test_the_popup_opens_the_port_before_its_document_is_parsed(extension_browser, server):
    """popup.html's first script (start-host.js, a classic script in its <head>) opens
    the port; popup.js, a module, runs only once the whole document is parsed
    (domInteractive) and its imports are fetched, which is when it used to open it."""
    driver = extension_browser
    open_page_and_popup(driver, f"{server}/{PAGE}")
    wait_for(lambda: _host_state(driver) == "ready", message="the host's pong")
    result = click_copy(driver, scope="main")
    assert result["state"] == "done", result["status"]
    timeline = popup_timeline(driver)
    parsed_at = driver.execute_script(
        "return performance.timeOrigin + performance.getEntriesByType('navigation')[0].domInteractive")
    assert timeline["host_opened_at"] < parsed_at
    # The first popup load's host (open_page_and_popup loads it twice) may still be
    # exiting; a second host this popup opened would live as long as its port.
    wait_for(lambda: len(host_processes(driver)) == 1, timeout=10,
             message="the popup's one host (a second one still runs)")


def test_the_copy_shortcut_starts_the_host_before_reading_the_page(extension_browser, server):
    driver = extension_browser
    driver.get(f"{server}/{PAGE}")
    page = driver.current_window_handle
    result = copy_by_shortcut(driver)
    assert result["ok"], result
    timeline = result["timeline"]
    # The port was opened first thing, so the host's start-up overlapped collect.js.
    assert timeline["started_at"] <= timeline["host_opened_at"] < timeline["collect"]["started_at"]
    assert timeline["host_opened_at"] < timeline["host"]["ready_at"] <= timeline["host"]["first_frame_at"]
    assert read_clipboard(driver, page) == result["markdown"]
    # The command's host is closed once the Markdown is made.
    wait_for(lambda: host_processes(driver) == [], timeout=10, message="the host to exit")


def test_a_pre_warmed_popup_without_a_host_still_says_how_to_install_it(
        extension_browser_without_host, server):
    driver = extension_browser_without_host
    open_page_and_popup(driver, f"{server}/{PAGE}")
    wait_for(lambda: _host_state(driver) == "closed", message="the missing host to be noticed")
    result = click_copy(driver)
    assert result["state"] == "error" and result["error_kind"] == "host-missing", result
    assert "webgist install-host" in result["hint"]
    WebDriverWait(driver, 5).until(lambda d: _host_state(d) == "closed")


class _HeadElements(HTMLParser):
    """The start tags inside <head>, in order, with their attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.elements: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "head":
            self.inside = True
        elif self.inside:
            self.elements.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag == "head":
            self.inside = False


def test_start_host_is_a_classic_script_ahead_of_everything_else_in_the_popups_head():
    """Where start-host.js sits is what makes the port open early: in <head>, after
    only the charset and title, before the stylesheet and popup.js, and neither a
    module nor deferred (either would wait for the whole document). Read from the
    file: the timing tests above could still pass with the script at the end of <body>."""
    head = _HeadElements()
    head.feed(POPUP_HTML.read_text(encoding="utf-8"))
    tags = [tag for tag, _ in head.elements]
    first = next(i for i, tag in enumerate(tags) if tag not in ("meta", "title"))
    tag, attrs = head.elements[first]
    assert (tag, attrs.get("src")) == ("script", "start-host.js"), head.elements
    assert not {"type", "defer", "async"} & set(attrs), attrs
