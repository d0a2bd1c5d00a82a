"""The Chrome Web Store, a page no extension may script, tested for real and offline.

Chromium is started with `--host-resolver-rules` sending the Web Store's host names
to an HTTPS server on 127.0.0.1 (a self-signed certificate made here with the
openssl command, accepted through `--ignore-certificate-errors`). The tab really
shows a page at https://chromewebstore.google.com/..., and Chromium itself refuses
to script it because of that host: the same page under another name is read."""
from __future__ import annotations

import json
import ssl
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.webdriver.common.by import By

from browser_support import (active_tab_badge, click_copy, extension_browser_with,
                             last_command_result, send_html, open_page_and_popup, press_copy_shortcut, press_extension_shortcut,
                             read_clipboard, service_worker, wait_ready)

pytestmark = pytest.mark.browser

STORE = "https://chromewebstore.google.com/detail/rooftop-bee-kit/abcdefghijklmnopabcdefghijklmnop"
OLD_STORE = "https://chrome.google.com/webstore/detail/rooftop-bee-kit"
CONTROL = "https://shop.example/detail/rooftop-bee-kit"   # the same server, another name
RESTRICTED = "This page cannot be read by extensions"


class _Store(BaseHTTPRequestHandler):
    """One small page at every address, saying which host name it was asked for."""

    def do_GET(self):
        host = self.headers.get("Host", "").split(":")[0]
        send_html(self, f"<!DOCTYPE html><html lang='en'><title>Rooftop bee kit</title>"
                        f"<h1>Rooftop bee kit</h1><p>Served as {host}.</p>"
                        f"<p>A veil, gloves and a smoker for the first inspection.</p></html>")

    def log_message(self, *args):
        pass


@pytest.fixture
def store_port(tmp_path):
    """An HTTPS server on 127.0.0.1 with a fresh self-signed certificate."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    made = subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", "/CN=chromewebstore.google.com",
         "-keyout", str(key), "-out", str(cert)], capture_output=True, text=True, timeout=30)
    assert made.returncode == 0, made.stderr
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Store)
    httpd.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def store_browser(tmp_path, browser_paths, store_port):
    rules = ", ".join(f"MAP {name} 127.0.0.1:{store_port}"
                      for name in ("chromewebstore.google.com", "chrome.google.com", "shop.example"))
    yield from extension_browser_with(tmp_path, browser_paths, flags=(
        f"--host-resolver-rules={rules}", "--ignore-certificate-errors"))


def _shown(driver) -> str:
    return driver.find_element(By.TAG_NAME, "body").text


def test_the_web_store_is_a_restricted_page(store_browser):
    driver = store_browser

    # The control: the same page from the same server under another name is read
    # and copied. What it copied stays on the clipboard from here on.
    page, popup = open_page_and_popup(driver, CONTROL)
    control = click_copy(driver)
    assert control["state"] == "done", control
    assert control["preview"].startswith("# Rooftop bee kit") and "Served as shop.example." in control["preview"]

    # The premise: the tab really shows our page at the Web Store's address, not an
    # error page (which Chromium would also refuse to script).
    driver.switch_to.window(page)
    driver.get(STORE)
    assert driver.current_url == STORE
    assert "Served as chromewebstore.google.com." in _shown(driver)
    press_extension_shortcut(driver)                 # the user's gesture: activeTab
    driver.switch_to.window(popup)
    driver.refresh()
    wait_ready(driver)

    # Chromium's own refusal, before webgist words it: by host name.
    tab_id = int(driver.current_url.split("tabId=")[1])
    refusal = driver.execute_async_script(
        "const done = arguments[1];"
        "chrome.scripting.executeScript({target: {tabId: arguments[0]}, func: () => document.title})"
        ".then(() => done('scripted'), e => done(e.message));", tab_id)
    assert refusal == "The extensions gallery cannot be scripted."

    # The popup: the restricted-page error and what to do.
    restricted = click_copy(driver)
    assert restricted["state"] == "error" and restricted["error_kind"] == "restricted", restricted
    assert restricted["status"].startswith(RESTRICTED) and "the Web Store" in restricted["status"]
    assert "normal tab" in restricted["hint"]
    assert restricted["preview"] == ""

    # The keyboard command and the context menu, which run in the service worker,
    # say the same on the toolbar button and in their stored outcome.
    driver.switch_to.window(page)
    worker = service_worker(driver)
    try:
        started = time.time()
        press_copy_shortcut(driver)
        command = last_command_result(worker, started)
        assert command["ok"] is False and command["kind"] == "restricted", command
        assert command["message"].startswith(RESTRICTED) and "normal tab" in command["hint"]
        assert active_tab_badge(worker, "!") == "!"
        menu = worker.evaluate(
            "chrome.tabs.query({active: true, lastFocusedWindow: true}).then(([tab]) => "
            f"webgist.handleMenuClick({json.dumps({'menuItemId': 'copy-page', 'editable': False, 'pageUrl': STORE})}, tab))")
        assert menu["ok"] is False and menu["kind"] == "restricted", menu

        # The Web Store's older address is refused the same way.
        driver.get(OLD_STORE)
        assert "Served as chrome.google.com." in _shown(driver)
        started = time.time()
        press_copy_shortcut(driver)
        old = last_command_result(worker, started)
        assert old["ok"] is False and old["kind"] == "restricted", old
    finally:
        worker.close()

    # Nothing was copied: the clipboard still holds the control page's Markdown.
    assert read_clipboard(driver, page) == control["preview"]
