"""Driving the extension the way a user does, from a selenium session."""
from __future__ import annotations

import json
import time

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from webgist_host.install.manifest import EXTENSION_ID

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
    wait_ready(driver)
    return page, driver.current_window_handle


def reconnect_popup_host(driver, script: str, timeout: float = 30) -> None:
    """Run `script` in the popup (one that wraps chrome.runtime.connectNative), then
    end the host the popup started as it opened (popup.js warmHost), so the next
    click connects through the wrapped function. Waits until the popup has seen
    its host go."""
    import os
    import signal
    driver.execute_script(script)
    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.body.dataset.host || ''") == "ready")
    for pid in host_processes(driver):
        os.kill(pid, signal.SIGKILL)
    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.body.dataset.host || ''") == "closed")


def change_page_after_early_read(driver, timeout: float = 60) -> None:
    """Wait until the popup has read the page as it opened (popup.js readEarly), then
    change the page (a comment appended to its body, which no Markdown shows), so the
    next click reads the page afresh, as a click on a page changed meanwhile does."""
    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.body.dataset.early || ''") in ("read", "converted", "none"))
    changed = driver.execute_async_script(
        "const done = arguments[0];"
        "const tabId = Number(new URLSearchParams(location.search).get('tabId'));"
        "chrome.scripting.executeScript({target: {tabId},"
        " func: () => { document.body.append(document.createComment('changed')); return true; }})"
        ".then(([r]) => done(r.result), (e) => done(String(e)));")
    assert changed is True, changed



def wait_for(predicate, timeout: float = 30, message: str = ""):
    """The first truthy value of `predicate()`, polled every 50 ms."""
    deadline = time.monotonic() + timeout
    while not (value := predicate()):
        assert time.monotonic() < deadline, f"timed out waiting for {message}"
        time.sleep(0.05)
    return value


def popup_timeline(driver) -> dict:
    """The popup's timeline of its last copy (milliseconds by phase)."""
    return json.loads(driver.execute_script("return document.body.dataset.timeline || '{}'"))


def wait_converting(driver, timeout: float = 60) -> None:
    """Wait until the popup has read the page and handed it to the host."""
    WebDriverWait(driver, timeout, poll_frequency=0.02).until(
        lambda d: d.execute_script("return document.getElementById('status').textContent")
        .startswith("Converting"))


def wait_ready(driver, timeout: float = 10) -> None:
    """Wait until the popup (or options page) has read the stored options."""
    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.body.dataset.ready || ''") == "yes")


def click_copy(driver, *, scope: str = "main", timeout: float = 60) -> dict:
    """Click "Copy as Markdown" and wait until the popup says it finished.
    scope=None leaves the switch as the popup set it (from the options)."""
    if scope is not None:
        driver.execute_script(
            "document.getElementById('scope').value = arguments[0];", scope)
    driver.find_element(By.ID, "copy").click()
    # While a very large page's Markdown fills the preview, the popup's thread can be
    # busy past selenium's 30 s script timeout on a loaded machine: a poll that times
    # out means "not finished yet", and the wait as a whole still ends at `timeout`.
    WebDriverWait(driver, timeout, poll_frequency=0.1, ignored_exceptions=(TimeoutException,)).until(
        lambda d: d.execute_script("return document.body.dataset.state || ''"))
    read = lambda id_: driver.execute_script(
        "const el = document.getElementById(arguments[0]); return el ? el.textContent : '';", id_)
    return popup_result(driver)


def popup_result(driver) -> dict:
    """What the popup shows: its state, error, status line, hint, preview, facts."""
    read = lambda id_: driver.execute_script(
        "const el = document.getElementById(arguments[0]); return el ? el.textContent : '';", id_)
    return {
        "state": driver.execute_script("return document.body.dataset.state"),
        "error_kind": driver.execute_script("return document.body.dataset.errorKind || ''"),
        "status": read("status"),
        "hint": read("hint-text"),
        "preview": read("preview"),
        "method": read("method"),
        "source": read("source"),
        "saved": driver.execute_script("return document.body.dataset.saved || ''"),
    }


def read_clipboard_settled(driver, handle: str, expected: str, timeout: float = 5) -> str:
    """The clipboard once it reads `expected`, or its last value after `timeout`.

    A write made from the extension's offscreen document reaches a page's
    readText() a moment later; right after a previous copy, an immediate read can
    still return the previous text (seen once in four clean CI runs).
    """
    deadline = time.monotonic() + timeout
    while True:
        text = read_clipboard(driver, handle)
        if text == expected or time.monotonic() > deadline:
            return text
        time.sleep(0.1)


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
        if "not focused" in result.get("error", ""):
            # The page lost the focus for all ten seconds once in a CI rehearsal
            # (after an extension tab opened in the background; not reproduced
            # since): from then on the page is told it has it.
            driver.execute_cdp_cmd("Emulation.setFocusEmulationEnabled", {"enabled": True})
        time.sleep(0.2)
    assert "text" in result, f"clipboard could not be read: {json.dumps(result)}"
    return result["text"]


def press_keys(driver, key: str, code: str, key_code: int, modifiers: int = 1 | 8) -> None:
    """A browser shortcut (Alt+Shift by default) through CDP, as a user presses it."""
    for kind in ("rawKeyDown", "keyUp"):
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", {
            "type": kind, "modifiers": modifiers, "key": key, "code": code,
            "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code})


def press_copy_shortcut(driver) -> None:
    """Alt+Shift+K, the extension's "copy page as Markdown" command. (Alt+Shift+C
    is not given to extensions by Chromium 156: the suggested key stays unassigned.)"""
    press_keys(driver, "K", "KeyK", 75)


OPTIONS_URL = f"chrome-extension://{EXTENSION_ID}/options.html"


def set_options(driver, **settings) -> None:
    """Change options on the options page the way a user does: by clicking its
    controls, each click saved at once. Leaves the browser on the options tab."""
    driver.get(OPTIONS_URL)
    wait_ready(driver)
    for name, value in settings.items():
        if isinstance(value, bool):
            box = driver.find_element(By.CSS_SELECTOR, f"input[name='{name}']")
            if box.is_selected() != value:
                driver.execute_script("document.body.dataset.saved = ''")
                box.click()
        else:
            radio = driver.find_element(By.CSS_SELECTOR, f"input[name='{name}'][value='{value}']")
            if not radio.is_selected():
                driver.execute_script("document.body.dataset.saved = ''")
                radio.click()
        WebDriverWait(driver, 10, poll_frequency=0.05).until(
            lambda d: d.execute_script("return document.body.dataset.saved || 'yes'") != "")
        WebDriverWait(driver, 10, poll_frequency=0.05).until(
            lambda d: d.execute_script("return document.body.dataset.saved || 'yes'") == "yes")
    stored = driver.execute_async_script(
        "const done = arguments[0]; chrome.storage.sync.get(null).then(done);")
    for name, value in settings.items():
        assert stored.get(name) == value, (name, stored)


# ---- raw CDP on targets selenium does not drive (the service worker, the popup's
# network): one websocket per target, events kept as they arrive.

class CDPTarget:
    def __init__(self, ws_url: str, timeout: float = 60):
        import websocket   # websocket-client, a selenium dependency
        self.ws = websocket.create_connection(ws_url, timeout=timeout, suppress_origin=True)
        self._next = 0
        self.events: list[dict] = []

    def send(self, method: str, params: dict | None = None, timeout: float = 60) -> dict:
        self._next += 1
        call_id = self._next
        self.ws.send(json.dumps({"id": call_id, "method": method, "params": params or {}}))
        deadline = time.monotonic() + timeout
        while True:
            self.ws.settimeout(max(0.1, deadline - time.monotonic()))
            message = json.loads(self.ws.recv())
            if message.get("id") == call_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)
            if time.monotonic() > deadline:
                raise TimeoutError(method)

    def drain(self, seconds: float = 0.3) -> list[dict]:
        """Collect the events that arrive within `seconds`."""
        import websocket
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                message = json.loads(self.ws.recv())
            except websocket.WebSocketTimeoutException:
                break
            if "method" in message:
                self.events.append(message)
        return self.events

    def evaluate(self, expression: str, timeout: float = 60):
        result = self.send("Runtime.evaluate", {
            "expression": expression, "awaitPromise": True, "returnByValue": True}, timeout)
        if "exceptionDetails" in result:
            raise RuntimeError(json.dumps(result["exceptionDetails"])[:2000])
        return result["result"].get("value")

    def close(self) -> None:
        self.ws.close()


def devtools_targets(driver) -> list[dict]:
    import urllib.request
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen(f"http://{address}/json/list", timeout=10) as reply:
        return json.load(reply)


def last_command_result(worker: CDPTarget, after: float, timeout: float = 60) -> dict:
    """The outcome the service worker stored for a command run after `after`
    (seconds since the epoch); fails when none arrives in time."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = worker.evaluate(
            "chrome.storage.session.get('lastResult').then(r => r.lastResult || null)")
        if result and result["at"] / 1000 > after:
            return result
        time.sleep(0.1)
    raise AssertionError("the worker never reported a result")


def copy_by_shortcut(driver, timeout: float = 60) -> dict:
    """Presses the copy shortcut on the current tab and returns the outcome the
    service worker stored for it."""
    worker = service_worker(driver)
    try:
        started = time.time()
        press_copy_shortcut(driver)
        return last_command_result(worker, started, timeout)
    finally:
        worker.close()


def active_tab_badge(worker: CDPTarget, expected: str, timeout: float = 5) -> str:
    """The badge on the active tab's toolbar button, once it reads `expected` or the
    time is up. The worker stores a command's outcome before it sets the badge
    (background.js report), so a badge read right after the outcome can be early."""
    deadline = time.monotonic() + timeout
    while True:
        badge = worker.evaluate(
            "chrome.tabs.query({active: true, lastFocusedWindow: true})"
            ".then(([t]) => chrome.action.getBadgeText({tabId: t.id}))")
        if badge == expected or time.monotonic() > deadline:
            return badge
        time.sleep(0.05)


def service_worker(driver, timeout: float = 15) -> CDPTarget:
    """The extension's service worker as a CDP target (waking it if it sleeps)."""
    prefix = f"chrome-extension://{EXTENSION_ID}/background.js"
    deadline = time.monotonic() + timeout
    while True:
        for target in devtools_targets(driver):
            if target.get("type") == "service_worker" and target.get("url", "").startswith(prefix):
                worker = CDPTarget(target["webSocketDebuggerUrl"])
                worker.send("Runtime.enable")
                # A worker that is just waking is listed before its extension APIs
                # exist; wait for them rather than race its start-up.
                while not worker.evaluate("typeof chrome === 'object' && !!chrome.storage"):
                    if time.monotonic() > deadline:
                        raise AssertionError("the service worker never got its extension APIs")
                    time.sleep(0.1)
                return worker
        if time.monotonic() > deadline:
            raise AssertionError("the extension's service worker never started")
        time.sleep(0.1)


def extension_browser_saving_to(tmp_path, browser_paths, downloads):
    """Like conftest's extension_browser (the real host registered by `webgist
    install-host --profile`), with the profile's download folder set to `downloads`
    before start, as a user's settings would (CDP's Browser.setDownloadBehavior
    would also rename every file, hiding the name the extension chose)."""
    from conftest import _extension_browser, register_host
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps({
        "download": {"default_directory": str(downloads), "prompt_for_download": False},
        "savefile": {"default_directory": str(downloads)}}))
    register_host(profile, tmp_path)
    yield from _extension_browser(profile, browser_paths)


def host_processes(driver) -> list[int]:
    """Native host processes started by this driver's browser (the same as
    `pgrep -f webgist_host.native`, narrowed to descendants of this chromedriver,
    so hosts of other browsers on the machine are never touched)."""
    from pathlib import Path
    root = driver.service.process.pid

    def parent(pid: int) -> int:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return 0
        return int(stat.rsplit(")", 1)[1].split()[1])

    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if b"webgist_host.native" not in cmdline:
            continue
        pid = ancestor = int(entry.name)
        for _ in range(20):
            ancestor = parent(ancestor)
            if ancestor in (0, 1):
                break
            if ancestor == root:
                found.append(pid)
                break
    return found


def extension_browser_with(tmp_path, browser_paths, *, extension=None, flags=()):
    """Like conftest's extension_browser (the real host registered in the profile by
    `webgist install-host --profile`), loading the extension from `extension` (a
    folder; the manifest's key keeps the id) and/or with extra Chromium `flags`.
    A generator, for a fixture to `yield from`."""
    from conftest import EXTENSION, _extension_browser, register_host
    profile = tmp_path / "profile"
    register_host(profile, tmp_path)
    yield from _extension_browser(profile, browser_paths, extension=extension or EXTENSION,
                                  extra_flags=tuple(flags))


def send_html(handler, body: bytes | str, status: int = 200,
              content_type: str = "text/html; charset=utf-8") -> None:
    """Answer a BaseHTTPRequestHandler's request with one complete HTML body."""
    data = body.encode() if isinstance(body, str) else body
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)
