"""Driving the extension the way a user does, from a selenium session."""
from __future__ import annotations

import json
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from webgist_host.install import EXTENSION_ID

POPUP_URL = f"chrome-extension://{EXTENSION_ID}/popup.html"


def press_extension_shortcut(driver) -> None:
    """Alt+Shift+M, the extension's `_execute_action` shortcut.

    Sent through CDP because selenium's key actions stop at the page and never
    reach browser commands. Pressing it is a user gesture: Chromium grants the
    extension activeTab on this tab, exactly as a click on its toolbar icon does.
    """
    alt_shift = 1 | 8
    for kind in ("rawKeyDown", "keyUp"):
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {
            "type": kind, "modifiers": alt_shift, "key": "M", "code": "KeyM",
            "windowsVirtualKeyCode": 77, "nativeVirtualKeyCode": 77})


def open_page_and_popup(driver, url: str) -> tuple[str, str]:
    """Open `url`, press the shortcut on it, then open the popup in a tab aimed at
    it. Returns (page handle, popup handle)."""
    driver.get(url)
    page = driver.current_window_handle
    press_extension_shortcut(driver)
    driver.switch_to.new_window("tab")
    driver.get(POPUP_URL)
    tabs = driver.execute_async_script(
        "const done = arguments[0];"
        "chrome.tabs.query({}).then(t => done(t.map(x => [x.id, x.index])));")
    tab_id = min(tabs, key=lambda t: t[1])[0]   # the page is the first tab
    driver.get(f"{POPUP_URL}?tabId={tab_id}")
    return page, driver.current_window_handle


def click_copy(driver, *, scope: str = "main", timeout: float = 60) -> dict:
    """Click "Copy as Markdown" and wait until the popup says it finished."""
    if scope != "main":
        driver.execute_script(
            "document.getElementById('scope').value = arguments[0];", scope)
    driver.find_element(By.ID, "copy").click()
    WebDriverWait(driver, timeout, poll_frequency=0.1).until(
        lambda d: d.execute_script("return document.body.dataset.state || ''"))
    read = lambda id_: driver.execute_script(
        "const el = document.getElementById(arguments[0]); return el ? el.textContent : '';", id_)
    return {
        "state": driver.execute_script("return document.body.dataset.state"),
        "error_kind": driver.execute_script("return document.body.dataset.errorKind || ''"),
        "status": read("status"),
        "hint": read("hint-text"),
        "preview": read("preview"),
        "method": read("method"),
    }


def read_clipboard(driver, handle: str) -> str:
    """Read the system clipboard from a page, after granting it the permission."""
    driver.switch_to.window(handle)
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"],
        "origin": driver.execute_script("return location.origin")})
    driver.execute_cdp_cmd("Page.bringToFront", {})
    deadline = time.monotonic() + 10
    while True:
        result = driver.execute_async_script(
            "const done = arguments[0];"
            "navigator.clipboard.readText().then(t => done({text: t}), e => done({error: String(e)}));")
        if "text" in result or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert "text" in result, f"clipboard could not be read: {json.dumps(result)}"
    return result["text"]
