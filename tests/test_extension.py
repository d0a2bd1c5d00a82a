"""The extension end to end: real Chromium, the unpacked extension, the real native
host registered by `webgist install-host --profile`, pages on 127.0.0.1, and the
clipboard read back."""
from __future__ import annotations

import pytest

from browser_support import (change_page_after_early_read, click_copy, open_page_and_popup, read_clipboard,
                             reconnect_popup_host)
from conftest import BIG_PAGE, BIG_PAGE_PARAGRAPHS, webgist_command
from test_cli import DEMO_ORDER, _assert_in_order, run_webgist

pytestmark = pytest.mark.browser

# Counts, in the popup, the frames sent to the host ('sent:begin', …) and received
# from it ('begin', 'chunk', …), in window.__frames. Run it with
# browser_support.reconnect_popup_host, so the next click connects through it.
COUNT_FRAMES_JS = """
  window.__frames = [];
  // The markup goes ahead only where a core is free for it (flow.js aheadWorthIt):
  // this popup says there are eight, whatever the machine running the test has.
  Object.defineProperty(navigator, 'hardwareConcurrency', { value: 8, configurable: true });
  const connect = chrome.runtime.connectNative.bind(chrome.runtime);
  chrome.runtime.connectNative = (name) => {
    const port = connect(name);
    // The popup's ping to its pre-warmed host (and the pong) are not counted.
    port.onMessage.addListener((m) => {
      if (m.type !== 'pong') window.__frames.push((m.type || 'reply') + (m.encoding ? ':' + m.encoding : ''));
    });
    const post = port.postMessage.bind(port);
    port.postMessage = (m) => { if (m.type !== 'ping') window.__frames.push('sent:' + (m.type || '')); post(m); };
    return port;
  };"""


def test_copy_puts_the_pages_markdown_on_the_clipboard(extension_browser, server):
    driver = extension_browser
    page, _ = open_page_and_popup(driver, f"{server}/layout--grid-sidebar-first.html")
    result = click_copy(driver, scope="page")
    assert result["state"] == "done", result["status"]
    assert result["method"] == "geometric-xy-cut"
    assert result["status"].startswith("Copied ")
    clipboard = read_clipboard(driver, page)
    assert clipboard == result["preview"]
    _assert_in_order(clipboard, DEMO_ORDER + ["## From the almanac"])


def test_extension_and_cli_give_the_same_markdown(extension_browser, server):
    url = f"{server}/layout--grid-sidebar-first.html"
    driver = extension_browser
    open_page_and_popup(driver, url)
    from_extension = click_copy(driver, scope="page")["preview"]
    from_cli = run_webgist(url, "--scope", "page")
    assert from_cli.returncode == 0, from_cli.stderr
    assert from_extension == from_cli.stdout


def test_a_page_over_five_megabytes_crosses_in_chunks_both_ways(extension_browser, server, site_dir):
    assert (site_dir / BIG_PAGE).stat().st_size > 5 * 1024 * 1024
    driver = extension_browser
    page, _ = open_page_and_popup(driver, f"{server}/{BIG_PAGE}")
    # Count the frames the popup receives, to prove the reply really was chunked.
    reconnect_popup_host(driver, COUNT_FRAMES_JS)
    # The click reads the page itself (the capture made as the popup opened is for
    # an unchanged page), so that its markup goes ahead as it measures.
    change_page_after_early_read(driver)
    result = click_copy(driver, scope="page", timeout=120)
    assert result["state"] == "done", result["status"]
    frames = driver.execute_script("return window.__frames")
    sent = [f for f in frames if f.startswith("sent:")]
    # The markup and element table went ahead in chunks (prepare) while collect.js
    # measured; the rest (geometry) followed in one message naming them.
    chunks = len(sent) - 3
    assert sent == ["sent:begin", *["sent:chunk"] * chunks, "sent:end", "sent:convert"] and chunks >= 3
    received = [f for f in frames if not f.startswith("sent:")]
    # The reply, ~6 MB of Markdown, came back deflated, in chunks all the same.
    assert received[0] == "prepared"
    assert received[1] == "begin:deflate" and received[-1] == "end" and "chunk" in received
    markdown = result["preview"]
    assert markdown.startswith("# A very long page")
    assert "Paragraph 0 of the long page: 蜜蜂は屋上でよく育つ 🐝🍯" in markdown
    assert f"colony {BIG_PAGE_PARAGRAPHS - 1}." in markdown
    assert markdown.rstrip().endswith("The last paragraph.")
    assert read_clipboard(driver, page) == markdown


def test_missing_host_shows_the_install_command(extension_browser_without_host, server):
    driver = extension_browser_without_host
    open_page_and_popup(driver, f"{server}/layout--grid-sidebar-first.html")
    result = click_copy(driver)
    assert result["state"] == "error"
    assert result["error_kind"] == "host-missing"
    assert "not installed" in result["status"]
    assert "webgist install-host" in result["hint"]
