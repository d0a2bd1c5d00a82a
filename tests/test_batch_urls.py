"""`webgist batch --render N` over URLs: a list file, stdin and URL arguments,
loaded from real pages served on 127.0.0.1."""
from __future__ import annotations

import io
import socket
import uuid
from pathlib import Path
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from batch_support import read_rows
from browser_support import send_html
from webgist_host.cli import main

# The article's second paragraph exists only once its script has run: a row
# that holds it was read from the browser, not from the served source.
ARTICLE = """<!doctype html><html><head><title>Tide tables</title></head><body>
<main><h1>Tide tables</h1>
<p>High water comes twice a day, about fifty minutes later each day.</p>
<p id="later"></p>
<p>See <a href="/next">the next page</a>.</p></main>
<script>document.getElementById('later').textContent =
  'Spring tides follow the new and the full moon.';</script>
</body></html>"""
NOT_FOUND = "<!doctype html><html><body><h1>Not found</h1><p>No page here.</p></body></html>"


class _Site(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (the http.server name)
        self.server.paths.append(self.path)
        if self.path == "/article":
            send_html(self, ARTICLE)
        elif self.path.startswith("/program"):
            send_html(self, b"\x7fELF\x02\x01\x01" + bytes(2000), content_type="application/octet-stream")
        elif self.path.startswith("/archive"):
            send_html(self, b"\x1f\x8b\x08\x00" + bytes(200), content_type="application/gzip")
        elif self.path == "/notes.txt":
            send_html(self, "Plain notes, read as the text they are.", content_type="text/plain")
        elif self.path == "/data.json":
            send_html(self, '{"tide": "high"}', content_type="application/json")
        elif self.path == "/gone":      # an error status with no body: Chromium's own error page
            send_html(self, b"", status=410)
        elif self.path == "/moved":
            self.send_response(302)
            self.send_header("Location", "/article")
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            send_html(self, NOT_FOUND, status=404)

    def log_message(self, *args):
        pass


@pytest.fixture
def site():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Site)
    httpd.paths = []
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.browser
def test_urls_from_a_list_stdin_and_arguments_are_loaded_in_the_browser_in_order(
        site, tmp_path, monkeypatch):
    base = f"http://127.0.0.1:{site.server_address[1]}"
    refused = f"http://127.0.0.1:{_closed_port()}/article"
    urls = tmp_path / "urls.txt"
    urls.write_text(f"# pages to read\n{base}/article\n\n{base}/missing\n{refused}\n"
                    f"ftp://example.org/file\n{base}/moved\n", encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{base}/article\n"))
    out = tmp_path / "out.jsonl"
    assert main(["batch", "--quiet", "--render", "1", str(urls), "-", f"{base}/missing",
                 "-o", str(out)]) == 0
    article, missing, not_loaded, not_a_url, moved, from_stdin, from_argument = read_rows(out)

    assert [row["source"] for row in (article, missing, not_loaded, not_a_url, moved)] == [
        f"{urls}:2", f"{urls}:4", f"{urls}:5", f"{urls}:6", f"{urls}:7"]
    assert article["error"] is None and article["url"] == f"{base}/article"
    assert article["title"] == "Tide tables"
    assert "Spring tides follow the new and the full moon." in article["markdown"]
    assert f"[the next page]({base}/next)" in article["markdown"]
    assert article["reading_order_method"].startswith("geometric")

    assert missing["error"] == "HTTP 404: the server answered with an error page"
    assert missing["markdown"] is None
    assert not_loaded["error"].startswith(f"not loaded: Chromium could not load {refused}")
    assert "ERR_CONNECTION_REFUSED" in not_loaded["error"]
    assert not_a_url["error"] == "line 6 is not an http(s) URL: 'ftp://example.org/file'"
    # After the refused one the same browser goes on; a redirect is followed, and
    # the row keeps the URL that was asked for.
    assert moved["error"] is None and moved["url"] == f"{base}/moved"
    assert moved["markdown"] == article["markdown"]

    assert from_stdin["source"] == "stdin:1" and from_stdin["error"] is None
    assert from_stdin["markdown"] == article["markdown"]
    assert from_argument["source"] == f"{base}/missing" == from_argument["url"]
    assert from_argument["error"] == "HTTP 404: the server answered with an error page"
    assert [path for path in site.paths if path != "/favicon.ico"] == [
        "/article", "/missing", "/moved", "/article", "/article", "/missing"]


def test_urls_without_render_are_a_usage_error_and_nothing_is_fetched(site, tmp_path, capsys):
    base = f"http://127.0.0.1:{site.server_address[1]}"
    urls = tmp_path / "urls.txt"
    urls.write_text(f"{base}/article\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    for given in (str(urls), f"{base}/article"):
        with pytest.raises(SystemExit) as stopped:
            main(["batch", "--quiet", given, "-o", str(out)])
        assert stopped.value.code == 2
        assert "URL inputs need --render N" in capsys.readouterr().err
    assert not out.exists()
    assert site.paths == []


@pytest.mark.browser
def test_a_url_that_is_not_a_page_is_an_error_row_never_another_pages_content(site, tmp_path):
    # A download leaves the tab on what it showed before (a new tab's page, the
    # previous URL's page, Chromium's error page for a refused one): each row
    # must come from its own URL's document, or say why there is none.
    base = f"http://127.0.0.1:{site.server_address[1]}"
    refused = f"http://127.0.0.1:{_closed_port()}/article"
    tag = uuid.uuid4().hex
    program, archive = f"{base}/program-{tag}.bin", f"{base}/archive-{tag}.gz"
    urls = tmp_path / "urls.txt"
    urls.write_text("\n".join([program, f"{base}/article", program, refused, program, archive,
                               f"{base}/data.json", f"{base}/gone", f"{base}/article",
                               f"{base}/notes.txt"]) + "\n",
                    encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["batch", "--quiet", "--render", "1", str(urls), "-o", str(out)]) == 0
    rows = read_rows(out)
    download = (f"not a web page: Chromium did not open it as a page (the server sent a file "
                f"to download, not HTML)")
    assert [row["error"] for row in rows] == [
        download, None, download, rows[3]["error"], download, download,
        "not a web page: the server sent application/json, not HTML",
        "HTTP 410: the server answered with an error page", None, None]
    assert "ERR_CONNECTION_REFUSED" in rows[3]["error"]
    assert [row["url"] for row in rows] == [line for line in urls.read_text().splitlines()]
    for row in rows:
        if row["error"] is not None:
            assert row["markdown"] is None and row["metadata"] is None, row
    assert rows[1]["markdown"] == rows[8]["markdown"]
    # Plain text is read, as the single-page command reads it.
    assert "Plain notes, read as the text they are." in rows[9]["markdown"]
    assert "Spring tides" in rows[1]["markdown"]
    # Nothing was saved in the user's downloads folder.
    downloads = Path.home() / "Downloads"
    assert not [name for name in (downloads.iterdir() if downloads.is_dir() else ())
                if tag in name.name]
