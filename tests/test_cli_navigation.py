"""`webgist URL` in a real browser when the URL is not a page: an HTTP error, the
browser's own error page, a download. Each is an error (exit 2) that says what the
server or the browser did; nothing is converted, and nothing is saved in the user's
Downloads folder."""
from __future__ import annotations

import functools
import os
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from firefox_support import firefox_paths  # noqa: F401  (fixture)
from test_cli import run_webgist
from webgist_host.cli.navigation import navigation_problem

PROGRAM = b"\x7fELF\x02\x01\x01" + bytes(4000)
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("nav-site")
    (folder / "page.html").write_text("<h1>A real page</h1><p>Words a reader reads here.</p>",
                                      encoding="utf-8")
    (folder / "program.bin").write_bytes(PROGRAM)
    (folder / "paper.pdf").write_bytes(PDF)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0),
                                functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _home_env(tmp_path):
    """The user's HOME in tmp_path, so a download saved there would be seen."""
    home = tmp_path / "home"
    home.mkdir()
    return {**os.environ, "HOME": str(home)}, home


def _assert_refused(result, *words):
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in result.stderr, (word, result.stderr)


@pytest.mark.browser
@pytest.mark.parametrize("browser", ["chromium", "firefox"])
def test_url_that_is_not_a_page_is_an_error_in_the_browser(site, tmp_path, browser, request):
    if browser == "firefox":
        request.getfixturevalue("firefox_paths")
    env, home = _home_env(tmp_path)
    good = run_webgist(f"{site}/page.html", "--browser", browser, env=env)
    assert good.returncode == 0 and "# A real page" in good.stdout, good.stderr

    missing = run_webgist(f"{site}/missing.html", "--browser", browser, env=env)
    _assert_refused(missing, f"{site}/missing.html", "the server answered 404 Not Found")

    # Firefox waits for a download's page until --timeout; Chromium is done at once.
    download = run_webgist(f"{site}/program.bin", "--browser", browser, "--timeout", "5", env=env)
    _assert_refused(download, f"{site}/program.bin",
                    "not a web page: the server sent application/octet-stream")

    pdf = run_webgist(f"{site}/paper.pdf", "--browser", browser, "--timeout", "5", env=env)
    _assert_refused(pdf, "not a web page: the server sent application/pdf")

    port = run_webgist("http://127.0.0.1:9/x", "--browser", browser, env=env)
    _assert_refused(port, "could not load http://127.0.0.1:9/x", "port")
    assert not any(home.rglob("*.bin")), list(home.rglob("*"))


def test_what_the_tab_shows_decides():
    url = "https://example.org/a"

    def problem(finished=True, **facts):
        return navigation_problem(url, facts, finished=finished, browser="Chromium")

    assert problem(url=url, contentType="text/html", status=200) is None
    assert problem(url=url, contentType="text/plain", status=0) is None
    assert "answered 410 Gone" in problem(url=url, contentType="text/html", status=410)
    assert "could not be looked up (is this machine offline" in problem(
        url="chrome-error://chromewebdata/", error="ERR_NAME_NOT_RESOLVED")
    assert "not a web page: the server sent image/png" in problem(url=url, contentType="image/png")
    # Firefox's error page for a name that does not resolve.
    assert "example.org could not be looked up" in problem(
        url="about:neterror?e=dnsNotFound&u=https%3A//example.org/a&d=We%20can%E2%80%99t")
