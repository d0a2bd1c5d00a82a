"""The popup end to end: Save as .md through the downloads API, the live preview
following the scope switch, progress for slow conversions, and a refused clipboard
that loses nothing, for the popup and for the keyboard command."""
from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import (click_copy, extension_browser_saving_to, open_page_and_popup,
                             popup_result, reconnect_popup_host, service_worker)

pytestmark = pytest.mark.browser
PAGE = "ext--options.html"
FILE_NAME = "Rooftop bees a how why guide.md"     # from 'Rooftop bees: a "how/why" guide?'


def _click(driver, button: str, timeout: float = 60) -> dict:
    driver.find_element(By.ID, button).click()
    WebDriverWait(driver, timeout, poll_frequency=0.1).until(
        lambda d: d.execute_script("return document.body.dataset.state || ''"))
    return popup_result(driver)


@pytest.fixture
def downloads(tmp_path):
    folder = tmp_path / "downloads"
    folder.mkdir()
    return folder


@pytest.fixture
def saving_browser(tmp_path, browser_paths, downloads):
    yield from extension_browser_saving_to(tmp_path, browser_paths, downloads)


def test_save_preview_progress_and_a_refused_clipboard(saving_browser, server, downloads):
    driver = saving_browser
    open_page_and_popup(driver, f"{server}/{PAGE}")

    # Save as .md: converted, then written through chrome.downloads, named from the title.
    saved = _click(driver, "save")
    assert saved["state"] == "saved", saved
    assert saved["status"] == f"Saved as {FILE_NAME} in your downloads."
    path = Path(saved["saved"])
    assert path.name == FILE_NAME and path.parent == downloads
    assert path.read_text(encoding="utf-8") == saved["preview"]
    assert saved["preview"].startswith("# Rooftop bees\n")
    assert (saved["method"], saved["source"]) == ("geometric-xy-cut", "the main content")
    blocks = int(driver.find_element(By.ID, "blocks").text)
    words = int(driver.find_element(By.ID, "words").text)
    assert blocks >= 6 and words > 40

    # The preview, as text, follows the scope switch.
    driver.execute_script("""
      const s = document.getElementById('scope');
      s.value = 'page'; s.dispatchEvent(new Event('change'));""")
    WebDriverWait(driver, 30, poll_frequency=0.1).until(
        lambda d: d.execute_script("return document.body.dataset.state || ''"))
    previewed = popup_result(driver)
    assert previewed["state"] == "previewed", previewed
    assert "## From the almanac" in previewed["preview"]
    assert previewed["source"] == "the whole page"
    assert int(driver.find_element(By.ID, "words").text) > words
    assert driver.execute_script("return document.getElementById('preview').children.length") == 0

    # A conversion over a second shows progress, with the seconds so far.
    reconnect_popup_host(driver, """
      const connect = chrome.runtime.connectNative.bind(chrome.runtime);
      chrome.runtime.connectNative = (name) => {
        const port = connect(name);
        const listen = port.onMessage.addListener.bind(port.onMessage);
        port.onMessage.addListener = (f) => listen((m) => setTimeout(() => f(m), 1600));
        return port;
      };""")
    slow = click_copy(driver, scope=None)
    assert slow["state"] == "done", slow
    assert driver.execute_script("return document.body.dataset.progress") == "shown"
    assert driver.find_element(By.ID, "progress").get_attribute("hidden") == "true"

    # The clipboard refused: the Markdown stays, the user is told, and Save keeps it.
    driver.execute_script("""
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.'));
      document.execCommand = () => false;""")
    refused = click_copy(driver, scope="main")
    assert refused["state"] == "error" and refused["error_kind"] == "clipboard-denied"
    assert "Could not copy" in refused["status"] and "Save as .md" in refused["status"]
    assert refused["preview"] == saved["preview"]
    kept = _click(driver, "save")
    assert kept["state"] == "saved"
    second = Path(kept["saved"])
    assert second != path and second.parent == downloads
    assert second.read_text(encoding="utf-8") == saved["preview"]

    # The keyboard command with the clipboard refused: the Markdown goes to downloads.
    worker = service_worker(driver)
    try:
        worker.evaluate("chrome.offscreen.createDocument = () => "
                        "Promise.reject(new Error('Clipboard access denied.')); true")
        result = worker.evaluate(
            "chrome.tabs.query({}).then(tabs => webgist.handleCommand('copy-page', "
            "tabs.find(t => t.index === 0)))")
    finally:
        worker.close()
    assert result["ok"] is False and result["kind"] == "clipboard-denied", result
    assert result["message"].startswith("Could not copy (Clipboard access denied.); the Markdown "
                                        "was saved as")
    third = Path(result["file"])
    assert third.parent == downloads and third not in (path, second)
    assert third.read_text(encoding="utf-8") == result["markdown"] == saved["preview"]
