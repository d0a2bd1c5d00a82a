"""Ctrl-C during `webgist PAGE`: the terminal sends SIGINT to the whole process group
(webgist, the driver, the browser). webgist says "interrupted", exits 130, prints no
traceback and leaves no browser folder behind."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from conftest import big_page, webgist_command
from firefox_support import firefox_paths  # noqa: F401  (fixture)

pytestmark = pytest.mark.browser
BROWSER_FOLDER = {"chromium": "webgist-chromium-", "firefox": "webgist-firefox-"}


def _restore_sigint() -> None:
    # As an interactive shell starts a command (a background job would ignore SIGINT).
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("browser", ["chromium", "firefox"])
def test_ctrl_c_during_a_render_exits_130_and_cleans_up(tmp_path, browser, request):
    request.getfixturevalue("browser_paths" if browser == "chromium" else "firefox_paths")
    page = tmp_path / "long.html"
    page.write_text(big_page(), encoding="utf-8")
    # A short TMPDIR, as /tmp is: the browser's own temporary files go there too.
    scratch = Path(tempfile.mkdtemp(prefix="wg-int-", dir="/tmp"))
    request.addfinalizer(lambda: shutil.rmtree(scratch, ignore_errors=True))
    run = subprocess.Popen(webgist_command() + [str(page), "--browser", browser, "-o",
                                                str(tmp_path / "long.md")],
                           env={**os.environ, "TMPDIR": str(scratch)}, start_new_session=True,
                           preexec_fn=_restore_sigint, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not any(p.name.startswith(BROWSER_FOLDER[browser]) for p in scratch.iterdir()):
            assert run.poll() is None and time.monotonic() < deadline, run.communicate()
            time.sleep(0.1)
        time.sleep(2.5)     # the browser is up and loading the page
        assert run.poll() is None, ("the page was converted before Ctrl-C", run.communicate())
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 130, err
    assert "webgist: interrupted" in err
    assert "Traceback" not in err and "Error" not in err, err
    assert out == ""
    assert not (tmp_path / "long.md").exists()
    time.sleep(0.5)
    assert list(scratch.iterdir()) == []
