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

from webgist_host.browser import BrowserError, find_browser, start_chromium

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "tests" / "pages"
EXTENSION = ROOT / "extension"


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # keep pytest output readable
        pass


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """tests/pages plus pages generated at run time (too big to commit)."""
    folder = tmp_path_factory.mktemp("site")
    shutil.copytree(PAGES, folder, dirs_exist_ok=True)
    return folder


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
    """Chromium and chromedriver; CI sets WEBGIST_REQUIRE_BROWSER so absence fails."""
    try:
        return find_browser()
    except BrowserError as exc:
        if os.environ.get("WEBGIST_REQUIRE_BROWSER"):
            pytest.fail(str(exc))
        pytest.skip(str(exc))


def webgist_command() -> list[str]:
    """The installed console script, as a user would run it."""
    script = Path(sys.executable).parent / "webgist"
    return [str(script)] if script.exists() else [sys.executable, "-m", "webgist_host.cli"]


@pytest.fixture
def extension_browser(tmp_path, browser_paths):
    """Chromium with the real extension loaded and the real host registered in its
    profile by `webgist install-host --profile`, as a user would register it."""
    profile = tmp_path / "profile"
    profile.mkdir()
    env = {**os.environ, "WEBGIST_HOME": str(tmp_path / "webgist-home")}
    installed = subprocess.run(webgist_command() + ["install-host", "--profile", str(profile)],
                               env=env, capture_output=True, text=True, timeout=60)
    assert installed.returncode == 0, installed.stderr
    driver = start_chromium(str(profile), paths=browser_paths, extension=str(EXTENSION))
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def chromium(tmp_path, browser_paths):
    """Plain headless Chromium (no extension) for collect.js tests."""
    driver = start_chromium(str(tmp_path / "profile"), paths=browser_paths)
    try:
        yield driver
    finally:
        driver.quit()
