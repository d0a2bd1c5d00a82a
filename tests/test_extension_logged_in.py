"""Issue 6's "Done when": Markdown on the clipboard of a logged-in-style page.

A small server on 127.0.0.1 sets a session cookie at /login and shows the account
page at /account only when that cookie comes back; without it, "Please sign in".
The extension must copy what the signed-in user sees, not what a cookieless fetch
of the same URL would get."""
from __future__ import annotations

import secrets
import threading
import urllib.request
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from browser_support import click_copy, open_page_and_popup, read_clipboard

pytestmark = pytest.mark.browser

ACCOUNT_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Your hives - Rooftop Apiary</title></head><body>
<header><nav><a href="/">Rooftop Apiary</a> <a href="/logout">Sign out</a></nav></header>
<main>
<h1>Your hives</h1>
<p>Signed in as Mira. Your three colonies were last inspected on 2 June; the
linden flow has started and the north hive needs a second super soon.</p>
<table>
<thead><tr><th>Hive</th><th>Queen</th><th>Frames of brood</th></tr></thead>
<tbody>
<tr><td>North</td><td>Marked blue, 2024</td><td>7</td></tr>
<tr><td>East</td><td>Unmarked</td><td>5</td></tr>
<tr><td>South</td><td>Marked green, 2023</td><td>6</td></tr>
</tbody>
</table>
<p>Next inspection: Saturday morning, before the bees start foraging.</p>
</main>
<footer><p>Rooftop Apiary members area</p></footer>
</body></html>"""

SIGN_IN_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Sign in - Rooftop Apiary</title></head><body>
<main><h1>Please sign in</h1><p>Please sign in to see your hives.
<a href="/login">Sign in</a></p></main></body></html>"""


def _make_handler(token: str):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format, *args):  # keep pytest output readable
            pass

        def _send(self, status: int, body: str = "", headers: dict | None = None):
            data = body.encode("utf-8")
            self.send_response(status)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            path = self.path.split("?", 1)[0]
            if path == "/login":
                self._send(302, headers={
                    "Set-Cookie": f"session={token}; Path=/; HttpOnly; SameSite=Lax",
                    "Location": "/account"})
            elif path == "/account":
                cookie = SimpleCookie(self.headers.get("Cookie", ""))
                signed_in = "session" in cookie and cookie["session"].value == token
                self._send(200, ACCOUNT_PAGE if signed_in else SIGN_IN_PAGE)
            else:
                self._send(404, "<h1>Not found</h1>")

    return Handler


@pytest.fixture
def login_site():
    """A logged-in-style site on 127.0.0.1; yields (base URL, session token)."""
    token = secrets.token_urlsafe(24)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(token))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", token
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=5)


def _fetch(url: str, cookie: str | None = None) -> str:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return reply.read().decode("utf-8")


def test_the_server_only_shows_the_account_with_the_session_cookie(login_site):
    base, token = login_site
    assert "Please sign in" in _fetch(f"{base}/account")
    assert "Please sign in" in _fetch(f"{base}/account", cookie="session=wrong")
    assert "Your hives" in _fetch(f"{base}/account", cookie=f"session={token}")


def test_copy_gets_the_signed_in_page_onto_the_clipboard(extension_browser, login_site):
    base, token = login_site
    account = f"{base}/account"
    # Without the cookie the page is a sign-in wall.
    anonymous = _fetch(account)
    assert "Please sign in" in anonymous and "Your hives" not in anonymous

    driver = extension_browser
    driver.get(f"{base}/login")
    assert driver.current_url == account
    assert "Your hives" in driver.find_element("tag name", "h1").text
    # HttpOnly: the page's scripts cannot see it, but the browser holds it.
    assert driver.execute_script("return document.cookie") == ""
    assert {"name": "session", "value": token} in [
        {"name": c["name"], "value": c["value"]} for c in driver.get_cookies()]

    page, _ = open_page_and_popup(driver, account)
    result = click_copy(driver, scope="main")
    assert result["state"] == "done", result["status"]
    clipboard = read_clipboard(driver, page)
    assert clipboard == result["preview"]

    assert "Please sign in" not in clipboard
    assert clipboard.lstrip().startswith("# Your hives"), clipboard[:500]
    assert "Signed in as Mira" in clipboard
    assert "| Hive | Queen | Frames of brood |" in clipboard, clipboard
    assert "| North | Marked blue, 2024 | 7 |" in clipboard, clipboard
    assert "Next inspection: Saturday morning" in clipboard
