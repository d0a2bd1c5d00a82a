"""Render a page in headless Chromium and run extension/collect.js on it.

The CLI's route to geometry: the same collect.js the extension injects, run over
CDP, so a capture from here and one from the extension are the same data.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .navigation import NAVIGATION_SCRIPT, navigation_problem, net_error_words
from .profile import remove_profile, scratch_env

# Flags measured to work as root in a container with no network but loopback
# (../shared/GUIDE.md section 1). Without the background-networking ones Chromium
# keeps trying to reach Google and is refused.
CHROMIUM_FLAGS = (
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
    "--no-first-run", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-dev-shm-usage", "--hide-scrollbars",
    "--force-device-scale-factor=1",
)
# The desktop viewport every capture is taken at, so boxes are reproducible.
VIEWPORT = (1280, 1024)

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROMEDRIVER_NAMES = ("chromedriver",)
# Debian's /usr/bin/chromium is a wrapper script; the binary behind it starts faster
# and measures the same.
REAL_BINARY_BEHIND_WRAPPER = {"/usr/bin/chromium": "/usr/lib/chromium/chromium"}

INSTALL_HINT = (
    "On Debian or Ubuntu: sudo apt-get install chromium chromium-driver "
    "fonts-dejavu-core fonts-liberation. Or point WEBGIST_CHROMIUM and "
    "WEBGIST_CHROMEDRIVER at the binaries, or run with --static (no browser, source order)."
)


# How long collect.js may take once the page is loaded. A page of 50,000 elements is
# read in a few seconds; a page whose scripts never let go of the main thread is never
# read, and the browser is closed rather than waited for.
COLLECT_TIMEOUT_S = 20.0
# Past --timeout, how long the browser gets to give up loading the page and answer.
LOAD_GRACE_S = 5.0
# Dialog boxes dismissed in a row before a reading: a page's own few, not one that
# opens them in a loop.
DIALOG_LIMIT = 20
# A loaded page is read as it stands a few seconds later, when a reader would look
# at it: scripts often show the content on a timer after load (a lock screen lifted
# at 350 ms), and web-font loaders paint text transparent in a CSS animation that
# ends by itself after 3 s. The page's clock is run ahead that far (virtual time:
# timers and animations run at once, no real waiting), held still while the page
# still fetches something, and for at most SETTLE_LIMIT_S of real time.
SETTLE_MS = 3500
SETTLE_LIMIT_S = 2.0
SETTLE_POLL_S = 0.02
CLOCK_SCRIPT = "performance.now()"
# collect.js runs in a world of its own, as the extension's content scripts do: the
# page's scripts cannot patch the DOM methods or globals it calls.
COLLECT_WORLD = "webgist-collect"


# Told the name of each step of a capture as it starts: "start" (the browser),
# "load" (the page), "settle", "read" (collect.js), and "draw" for the overlay.
Progress = Callable[[str], None]


def no_progress(step: str) -> None:
    pass


class BrowserError(RuntimeError):
    """Chromium could not be found, started, or could not load the page."""


@dataclass(frozen=True)
class BrowserPaths:
    chromium: str
    chromedriver: str


def find_browser() -> BrowserPaths:
    """Chromium and chromedriver from the environment variables, else from PATH."""
    chromium = os.environ.get("WEBGIST_CHROMIUM") or _which(CHROMIUM_NAMES)
    driver = os.environ.get("WEBGIST_CHROMEDRIVER") or _which(CHROMEDRIVER_NAMES)
    missing = [name for name, path in (("Chromium", chromium), ("chromedriver", driver))
               if not path or not os.access(path, os.X_OK)]
    if missing:
        raise BrowserError(f"{' and '.join(missing)} not found. {INSTALL_HINT}")
    chromium = REAL_BINARY_BEHIND_WRAPPER.get(chromium, chromium)
    if not os.access(chromium, os.X_OK):
        chromium = os.environ.get("WEBGIST_CHROMIUM") or _which(CHROMIUM_NAMES)
    return BrowserPaths(chromium=chromium, chromedriver=driver)


def _which(names: tuple[str, ...]) -> str | None:
    for name in names:
        found = shutil.which(name)
        if found:
            return os.path.realpath(found) if name == "chromedriver" else found
    return None


def extension_script(name: str) -> str:
    """One of the extension's own scripts (webgist installs editable from its checkout),
    so the CLI runs exactly what the extension runs."""
    checkout = Path(__file__).resolve().parents[3] / "extension" / name
    try:
        return checkout.read_text(encoding="utf-8")
    except OSError as exc:
        raise BrowserError(f"{name} is missing from this install ({checkout})") from exc


def collect_script() -> str:
    return extension_script("collect.js")


def start_chromium(profile: str, *, paths: BrowserPaths | None = None,
                   extension: str | None = None, extra_flags: tuple[str, ...] = ()):
    """A headless Chromium under selenium, with its own profile folder.

    With `extension`, the unpacked extension at that path is loaded; otherwise
    extensions stay off, as a capture needs none. `extra_flags` are added after
    the usual ones (tests use them to point host names at 127.0.0.1).
    """
    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager go online
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service

    paths = paths or find_browser()
    options = webdriver.ChromeOptions()
    options.binary_location = paths.chromium
    for flag in CHROMIUM_FLAGS + tuple(extra_flags):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    if not extension:
        # A URL the capture browser downloads is saved inside the profile (removed
        # with it), never in the user's own Downloads folder. With the extension
        # loaded, its Save goes where the profile's own settings say.
        options.add_experimental_option("prefs", {
            "download.default_directory": str(Path(profile) / "Downloads"),
            "download.prompt_for_download": False})
    options.add_argument(f"--window-size={VIEWPORT[0]},{VIEWPORT[1]}")
    # A page's alert(), confirm() and prompt() boxes are dismissed, as a reader
    # closes them (`close_dialogs` takes the ones still open before each reading).
    options.set_capability("unhandledPromptBehavior", "dismiss")
    if extension:
        options.add_argument(f"--load-extension={extension}")
        # chromedriver adds --disable-extensions unless told not to.
        options.add_experimental_option("excludeSwitches", ["disable-extensions"])
    else:
        options.add_argument("--disable-extensions")
    service = Service(executable_path=paths.chromedriver, env=scratch_env(profile))
    try:
        return webdriver.Chrome(service=service, options=options)
    except WebDriverException as exc:
        raise BrowserError(f"Chromium did not start: {_first_line(exc)}. {INSTALL_HINT}") from exc


def set_viewport(driver, size: tuple[int, int] = VIEWPORT) -> None:
    # --window-size leaves room for browser chrome even when headless; the
    # override gives exactly the viewport asked for.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})


def capture_page(url: str, *, timeout: float = 30.0, paths: BrowserPaths | None = None,
                 collect_timeout: float = COLLECT_TIMEOUT_S,
                 progress: Progress | None = None) -> dict[str, Any]:
    """Load `url` in a fresh headless Chromium and return collect.js's result, with
    `loaded` added: False when the page had not finished loading at `timeout`.
    `progress` is told each step as it starts (see Progress)."""
    step = progress or no_progress
    profile = tempfile.mkdtemp(prefix="webgist-chromium-")
    driver = None
    try:
        step("start")
        driver = start_chromium(profile, paths=paths)
        set_viewport(driver)
        step("load")
        finished = load_page(driver, url, timeout)
        if finished:
            step("settle")
            settle(driver)
        step("read")
        capture = run_collect(driver, timeout=collect_timeout)
        # Read once the page has been read: a page still busy after its load gets
        # collect's time, not this check's.
        check_navigation(driver, url, finished)
        capture["loaded"] = finished and capture.get("readyState", "complete") == "complete"
        return capture
    finally:
        if driver is not None:
            quit_browser(driver)
        remove_profile(profile)


def quit_browser(driver) -> None:
    """End the session; a browser closed on a time out, or killed by Ctrl-C with
    its driver, is already gone (and the driver's client may fail in any way)."""
    try:
        driver.quit()
    except Exception:
        pass


def load_page(driver, url: str, timeout: float) -> bool:
    """Open `url`; True when it finished loading within `timeout` seconds. A page
    still loading then is read as far as it got (slow trackers must not cost the
    page), and the caller says so; one whose scripts hold the browser by then is
    given LOAD_GRACE_S more to answer at all."""
    from selenium.common.exceptions import TimeoutException, WebDriverException

    not_responding = (f"the page at {url} is not responding: {timeout:g} s and {LOAD_GRACE_S:g} s "
                      "more after it was opened its scripts still held the browser, so nothing "
                      "was converted")
    driver.set_page_load_timeout(timeout)
    try:
        _within(driver, timeout + LOAD_GRACE_S, lambda: driver.get(url), not_responding)
        return True
    except TimeoutException:
        pass
    except WebDriverException as exc:
        raise BrowserError(f"Chromium could not load {url}: "
                           f"{net_error_words(url, _first_line(exc))}") from exc
    try:
        _within(driver, LOAD_GRACE_S, lambda: driver.execute_cdp_cmd(
            "Runtime.evaluate", {"expression": "0", "returnByValue": True}), not_responding)
    except WebDriverException as exc:
        raise BrowserError(not_responding) from exc
    return False


def check_navigation(driver, url: str, finished: bool) -> None:
    """BrowserError when the tab does not show the page at `url` (navigation.py):
    an HTTP error, Chromium's error page, or a download."""
    from selenium.common.exceptions import WebDriverException

    def read() -> Any:
        # In an isolated world, where the page's scripts cannot replace what is read.
        return driver.execute_cdp_cmd("Runtime.evaluate", {
            "expression": NAVIGATION_SCRIPT, "returnByValue": True,
            "contextId": isolated_world(driver, "webgist-navigation")})

    try:
        result = _within(driver, LOAD_GRACE_S, read, f"the page at {url} is not responding "
                         "after it was opened, so nothing was converted")
    except WebDriverException:
        return      # the capture stands as it was read
    facts = result.get("result", {}).get("value") if isinstance(result, dict) else None
    if isinstance(facts, dict):
        problem = navigation_problem(url, facts, finished=finished, browser="Chromium")
        if problem:
            raise BrowserError(problem)


def settle(driver, budget_ms: float = SETTLE_MS, limit_s: float = SETTLE_LIMIT_S) -> None:
    """Run the loaded page's clock `budget_ms` ahead (see SETTLE_MS). Its clock then
    stays stopped: the tab can be read, not used for another page (a new page
    would never finish loading in it). BrowserError when a script that ran meanwhile
    holds the browser (the browser is closed, as run_collect does)."""
    from selenium.common.exceptions import WebDriverException

    def run_clock() -> None:
        close_dialogs(driver)
        try:
            # Read in an isolated world, where the page's scripts cannot replace
            # `performance`.
            world = isolated_world(driver, "webgist-clock")
            start = _page_clock(driver, world)
            driver.execute_cdp_cmd("Emulation.setVirtualTimePolicy", {
                "policy": "pauseIfNetworkFetchesPending", "budget": budget_ms})
            deadline = time.monotonic() + limit_s
            while _page_clock(driver, world) - start < budget_ms and time.monotonic() < deadline:
                time.sleep(SETTLE_POLL_S)
        except WebDriverException:
            pass    # the page is read as it is

    _within(driver, limit_s + LOAD_GRACE_S, run_clock,
            f"the page is not responding: its scripts held the browser within {budget_ms / 1000:g} s "
            "of its loading, so nothing was converted")


def _page_clock(driver, world: int) -> float:
    result = driver.execute_cdp_cmd("Runtime.evaluate", {
        "expression": CLOCK_SCRIPT, "contextId": world, "returnByValue": True})
    value = result.get("result", {}).get("value")
    return value if isinstance(value, (int, float)) else 0.0


def fresh_tab(driver) -> None:
    """Replace the driver's tab by a new one (at the capture viewport): a settled
    tab's clock is stopped for good."""
    old = driver.current_window_handle
    driver.switch_to.new_window("tab")
    new = driver.current_window_handle
    driver.switch_to.window(old)
    driver.close()
    driver.switch_to.window(new)
    set_viewport(driver)


def close_dialogs(driver, limit: int = DIALOG_LIMIT) -> None:
    """Dismiss the alert, confirm or prompt boxes the page has open, one after the
    other (closing one lets the page's script go on to open the next), at most
    `limit`: a page that opens them without end is then not read."""
    from selenium.common.exceptions import WebDriverException

    for _ in range(limit):
        try:
            driver.switch_to.alert.dismiss()
        except WebDriverException:      # NoAlertPresentException among them: none left
            return


def run_collect(driver, *, timeout: float = COLLECT_TIMEOUT_S) -> dict[str, Any]:
    """Run collect.js in an isolated world of the driver's current page, within
    `timeout` seconds, and return its result."""
    from selenium.common.exceptions import (TimeoutException, UnexpectedAlertPresentException,
                                            WebDriverException)

    def collect() -> dict[str, Any]:
        close_dialogs(driver)       # (inside the deadline: a hung page answers nothing)
        return driver.execute_cdp_cmd("Runtime.evaluate", {
            "expression": collect_script(), "contextId": isolated_world(driver, COLLECT_WORLD),
            "returnByValue": True, "awaitPromise": False})

    not_responding = (f"the page is not responding: it could not be read within {timeout:g} s "
                      "(its scripts keep the browser busy), so nothing was converted")
    try:
        result = _within(driver, timeout, collect, not_responding)
    except TimeoutException as exc:       # chromedriver gave up on the renderer first
        raise BrowserError(not_responding) from exc
    except UnexpectedAlertPresentException as exc:
        raise BrowserError("the page could not be read: it keeps opening dialog boxes "
                           f"({_crash_message(exc)}); --static reads it without a browser"
                           ) from exc
    except WebDriverException as exc:
        raise BrowserError(f"the page could not be read: {_crash_message(exc)}") from exc
    if "exceptionDetails" in result:
        details = result["exceptionDetails"]
        text = details.get("exception", {}).get("description") or details.get("text")
        raise BrowserError(f"collect.js failed on the page: {text}")
    value = result.get("result", {}).get("value")
    if not isinstance(value, dict):
        raise BrowserError("collect.js returned nothing usable from the page")
    unloaded = unloaded_stylesheets(driver)
    if unloaded:
        value["unloadedStylesheets"] = unloaded
    return value


def unloaded_stylesheets(driver) -> int:
    """How many of the page's linked style sheets the browser did not load (a saved
    page read offline, a host that did not answer, an error page where the sheet
    should be). A page script cannot tell: such a sheet still has a `sheet` object,
    empty or unreadable as a cross-origin one is. DevTools' resource tree marks it
    failed (no response) or canceled (a response that is not a style sheet)."""
    from selenium.common.exceptions import WebDriverException

    try:
        tree = driver.execute_cdp_cmd("Page.getResourceTree", {})
    except WebDriverException:
        return 0
    resources = tree.get("frameTree", {}).get("resources", [])
    return sum(1 for r in resources
               if r.get("type") == "Stylesheet" and (r.get("failed") or r.get("canceled")))


def isolated_world(driver, name: str) -> int:
    """A new isolated world in the page's main frame: its execution context id."""
    tree = driver.execute_cdp_cmd("Page.getFrameTree", {})
    frame_id = tree["frameTree"]["frame"]["id"]
    world = driver.execute_cdp_cmd("Page.createIsolatedWorld", {
        "frameId": frame_id, "worldName": name})
    return world["executionContextId"]


def _within(driver, seconds: float, call: Callable[[], Any], message: str) -> Any:
    """`call()`'s result, or BrowserError(message) after `seconds`. A renderer whose
    main thread never yields holds every command queued behind it, so on time out
    the browser is closed through its own DevTools endpoint (the browser process
    still answers), which makes the stuck command fail and lets the driver quit."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:          # handed to the caller's thread
            outcome["error"] = exc

    worker = threading.Thread(target=run, name="webgist-browser-call", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        _close_browser(driver)
        worker.join(LOAD_GRACE_S)
        raise BrowserError(message)
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def _close_browser(driver) -> None:
    """Ask the browser process to close (Browser.close over its DevTools socket)."""
    try:
        import websocket   # websocket-client, a selenium dependency

        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=5) as reply:
            socket_url = json.load(reply)["webSocketDebuggerUrl"]
        connection = websocket.create_connection(socket_url, timeout=5, suppress_origin=True)
        try:
            connection.send(json.dumps({"id": 1, "method": "Browser.close"}))
            connection.recv()
        finally:
            connection.close()
    except Exception:       # already gone, or unreachable: quit() will end it
        pass


def _crash_message(exc: Exception) -> str:
    text = _first_line(exc)
    if "crash" in text.lower():
        return "the page crashed the browser tab while it was being read"
    return text


def _first_line(exc: Exception) -> str:
    text = getattr(exc, "msg", None) or str(exc)
    return text.strip().splitlines()[0] if text.strip() else type(exc).__name__
