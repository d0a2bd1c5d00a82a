"""Nothing leaves the machine. Two checks in real Chromium:

1. Every extension context is watched with the CDP Network domain (the popup, the
   service worker, and the page the content scripts run in) while the extension does
   its whole job: copy from the popup, the keyboard command (whose clipboard write
   goes through the offscreen document), the context menu. The only requests seen
   are the extension's own files, and nothing at all from the page once loaded.
2. The manifest's content security policy forbids extension pages and the worker
   any connection: a fetch to a listening local server is refused, and the server
   sees nothing.
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from browser_support import (CDPTarget, click_copy, devtools_targets, last_command_result,
                             open_page_and_popup,
                             press_copy_shortcut, service_worker)
from conftest import EXTENSION
from webgist_host.install.manifest import EXTENSION_ID

pytestmark = pytest.mark.browser
PAGE = "ext--options.html"
OWN = f"chrome-extension://{EXTENSION_ID}/"


class _Counter(BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):
        self.hits.append(self.path)
        self.send_response(204)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()

    do_POST = do_GET

    def log_message(self, *args):
        pass


@pytest.fixture
def listener():
    _Counter.hits = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Counter)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _target(driver, url_prefix: str, kind: str) -> CDPTarget:
    for target in devtools_targets(driver):
        if target.get("type") == kind and target.get("url", "").startswith(url_prefix):
            watched = CDPTarget(target["webSocketDebuggerUrl"])
            watched.send("Network.enable")
            return watched
    raise AssertionError(f"no {kind} target at {url_prefix}")


def _requests(target: CDPTarget) -> list[str]:
    return [e["params"]["request"]["url"] for e in target.drain(0.3)
            if e["method"] == "Network.requestWillBeSent"]


def test_the_extension_makes_no_network_requests(extension_browser, server, listener):
    driver = extension_browser
    url = f"{server}/{PAGE}"
    page_handle, popup_handle = open_page_and_popup(driver, url)
    page = _target(driver, url, "page")
    popup = _target(driver, f"{OWN}popup.html", "page")
    worker = service_worker(driver)
    worker.send("Network.enable")
    try:
        # The whole job: popup copy, the shortcut (offscreen clipboard), the menu.
        assert click_copy(driver)["state"] == "done"
        driver.switch_to.window(page_handle)
        started = time.time()
        press_copy_shortcut(driver)
        last = last_command_result(worker, started, timeout=60)
        assert last["ok"], last
        link = worker.evaluate(
            "chrome.tabs.query({active: true, lastFocusedWindow: true}).then(([tab]) => "
            f"webgist.handleMenuClick({json.dumps({'menuItemId': 'copy-link', 'pageUrl': url, 'editable': False, 'linkUrl': 'https://example.org/council'})}, tab))")
        assert link["ok"], link

        seen = {"page": _requests(page), "popup": _requests(popup), "worker": _requests(worker)}
        assert seen["page"] == [], seen
        for where in ("popup", "worker"):
            strays = [u for u in seen[where] if not u.startswith(OWN)]
            assert strays == [], (where, strays)
        # The worker fetched its own modules at most, the popup nothing new at all.
        assert all(u.endswith(".js") for u in seen["worker"]), seen

        # The policy: no extension context can open a connection, even to loopback.
        driver.switch_to.window(popup_handle)
        attempt = ("fetch(%r, {method: 'POST', body: 'page'}).then(() => 'sent', e => 'refused: ' + e)"
                   % f"{listener}/leak")
        assert driver.execute_async_script(
            f"const done = arguments[0]; {attempt}.then(done);").startswith("refused")
        assert worker.evaluate(attempt).startswith("refused")
        assert driver.execute_async_script(
            "const done = arguments[0]; const i = new Image(); i.onload = () => done('loaded');"
            f"i.onerror = () => done('refused'); i.src = '{listener}/pixel.png';") == "refused"
        time.sleep(0.3)
        assert _Counter.hits == []

        # The watch itself works: a request the page makes is seen, and arrives.
        driver.switch_to.window(page_handle)
        driver.execute_async_script(
            f"const done = arguments[0]; fetch('{listener}/control').then(() => done(), () => done());")
        assert f"{listener}/control" in _requests(page)
        assert _Counter.hits == ["/control"]
    finally:
        for target in (page, popup, worker):
            target.close()


def test_the_manifest_keeps_extension_pages_offline():
    manifest = json.loads((EXTENSION / "manifest.json").read_text())
    policy = manifest["content_security_policy"]["extension_pages"]
    rules = dict((part.split()[0], part.split()[1:]) for part in policy.split(";") if part.strip())
    assert rules["default-src"] == ["'self'"] and rules["connect-src"] == ["'none'"]
    assert rules["img-src"] == ["'self'"] and rules["object-src"] == ["'none'"]
    assert "host_permissions" not in manifest
    assert "content_scripts" not in manifest     # nothing runs on a page unasked
    assert sorted(manifest["permissions"]) == sorted([
        "activeTab", "scripting", "nativeMessaging", "clipboardWrite", "storage",
        "downloads", "contextMenus", "offscreen"])
