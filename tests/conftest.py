"""Shared test fixtures: pages served on 127.0.0.1 and real Chromium sessions."""
from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from webgist_host.cli.browser import BrowserError, find_browser, start_chromium

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "tests" / "pages"
EXTENSION = ROOT / "extension"


def _png(width: int, height: int) -> bytes:
    """A plain red PNG of width x height."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    raw = b"".join(b"\x00" + bytes([200, 30, 30]) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


SLOW_IMAGE = _png(240, 160)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # keep pytest output readable
        pass

    def do_GET(self):
        # /slow-image.png?ms=N: a picture that arrives N milliseconds late.
        if self.path.startswith("/slow-image.png"):
            import time
            from urllib.parse import parse_qs, urlsplit
            time.sleep(int(parse_qs(urlsplit(self.path).query).get("ms", ["3000"])[0]) / 1000)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(SLOW_IMAGE)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(SLOW_IMAGE)
            return
        super().do_GET()


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """tests/pages plus pages generated at run time (too big to commit)."""
    folder = tmp_path_factory.mktemp("site")
    shutil.copytree(PAGES, folder, dirs_exist_ok=True)
    (folder / BIG_PAGE).write_text(big_page(), encoding="utf-8")
    return folder


BIG_PAGE = "big--five-megabytes.html"
BIG_PAGE_PARAGRAPHS = 12000


def big_page() -> str:
    """A page of over 5 MB whose text mixes ASCII, CJK and astral-plane emoji, so
    chunk boundaries land next to multi-byte characters and surrogate pairs."""
    rows = []
    for n in range(BIG_PAGE_PARAGRAPHS):
        rows.append(
            f"<p>Paragraph {n} of the long page: 蜜蜂は屋上でよく育つ 🐝🍯 and the keeper "
            f"notes the weather, the flow and the temper of colony {n}. " * 3 + "</p>")
    body = "\n".join(rows)
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>A very long page</title></head><body><h1>A very long page</h1>"
            f"{body}<p>The last paragraph.</p></body></html>")


@pytest.fixture(scope="session")
def server(site_dir):
    """An HTTP server on 127.0.0.1 serving site_dir; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def browser_paths():
    """Chromium and chromedriver. Their absence fails the browser tests rather than
    skipping them quietly; deselect them on purpose with `-m "not browser"`."""
    try:
        return find_browser()
    except BrowserError as exc:
        pytest.fail(f"{exc} (or run only the browser-free tests: pytest -m 'not browser')")


def webgist_command() -> list[str]:
    """The installed console script, as a user would run it."""
    script = Path(sys.executable).parent / "webgist"
    return [str(script)] if script.exists() else [sys.executable, "-m", "webgist_host.cli.command"]


def register_host(profile: Path, tmp_path: Path) -> None:
    """Register the real host in `profile` with `webgist install-host --profile`,
    as a user would, keeping its data folder inside tmp_path."""
    profile.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "WEBGIST_HOME": str(tmp_path / "webgist-home")}
    installed = subprocess.run(webgist_command() + ["install-host", "--profile", str(profile)],
                               env=env, capture_output=True, text=True, timeout=60)
    assert installed.returncode == 0, installed.stderr


def _extension_browser(profile: Path, browser_paths, *, extension: Path = EXTENSION,
                       extra_flags: tuple[str, ...] = ()):
    driver = start_chromium(str(profile), paths=browser_paths, extension=str(extension),
                            extra_flags=extra_flags)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def extension_browser(tmp_path, browser_paths):
    """Chromium with the real extension loaded and the real host registered in its
    profile by `webgist install-host --profile`, as a user would register it."""
    profile = tmp_path / "profile"
    register_host(profile, tmp_path)
    yield from _extension_browser(profile, browser_paths)


@pytest.fixture
def extension_browser_without_host(tmp_path, browser_paths):
    """The extension loaded, but no native host registered anywhere it looks."""
    profile = tmp_path / "profile"
    profile.mkdir()
    yield from _extension_browser(profile, browser_paths)


@pytest.fixture
def chromium(tmp_path, browser_paths):
    """Plain headless Chromium (no extension) for collect.js tests."""
    driver = start_chromium(str(tmp_path / "profile"), paths=browser_paths)
    try:
        yield driver
    finally:
        driver.quit()
