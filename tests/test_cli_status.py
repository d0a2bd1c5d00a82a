"""`webgist PAGE`'s status line: on a terminal's stderr, a long run says what it is
doing (one line, redrawn, cleared at the end); stdout carries only the Markdown; a
stderr that is not a terminal gets nothing unless --progress asks for it. The real
CLI, with stderr on a real pseudo-terminal, over a 5 MB page served on 127.0.0.1."""
from __future__ import annotations

import fcntl
import os
import pty
import re
import shutil
import signal
import struct
import subprocess
import tempfile
import termios
import threading
import time
from pathlib import Path

import pytest

from conftest import BIG_PAGE, PAGES, big_page, webgist_command

CLEARED = re.compile(r"\r +\r")     # tqdm's way of clearing its line


def _terminal() -> tuple[int, int]:
    """A pseudo-terminal 100 columns wide, as a user's window is (a new one is 0 wide)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    return master, slave


def _read_all(master: int, into: bytearray) -> threading.Thread:
    def read() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:         # the other side closed (EIO on Linux)
                return
            if not chunk:
                return
            into.extend(chunk)
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


def _run_on_terminal(args: list[str], **popen) -> tuple[int, str, str]:
    """Run webgist with stderr on a pseudo-terminal and stdout on a pipe."""
    master, slave = _terminal()
    seen = bytearray()
    try:
        run = subprocess.Popen(webgist_command() + args, stdout=subprocess.PIPE, stderr=slave,
                               stdin=subprocess.DEVNULL, **popen)
        os.close(slave)
        reader = _read_all(master, seen)
        out, _ = run.communicate(timeout=180)
        reader.join(10)
    finally:
        os.close(master)
    return run.returncode, out.decode("utf-8"), seen.decode("utf-8", "replace")


@pytest.mark.browser
def test_a_long_render_says_what_it_does_on_a_terminal_and_clears_the_line(server,
                                                                             browser_paths):
    status, out, err = _run_on_terminal([f"{server}/{BIG_PAGE}"])
    assert status == 0, err
    assert out.startswith("# A very long page") and "The last paragraph." in out
    assert "webgist:" not in out and "\r" not in out
    steps = re.findall(r"\rwebgist: ([^\r\n]+?)\.\.\. \d\d:\d\d", err)
    # Which browser steps are drawn depends on the machine's speed (the line starts
    # after a second); converting 5 MB takes longer than that everywhere.
    browser_steps = {"starting the browser", "loading the page", "letting the page settle",
                     "reading the page's layout"}
    assert browser_steps & set(steps), err
    assert any(re.fullmatch(r"converting the rendered page \(\d+(\.\d+)?MB\)", s) for s in steps), steps
    # Cleared before the run's closing words, which start on a clean line.
    last = err.rindex("\rwebgist: converting")
    assert CLEARED.search(err, last), err[last:]
    assert not err.rstrip().endswith("...")


@pytest.mark.browser
def test_stderr_that_is_not_a_terminal_gets_no_status_line(server, browser_paths):
    run = subprocess.run(webgist_command() + [f"{server}/{BIG_PAGE}"], capture_output=True,
                         text=True, timeout=180)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("# A very long page")
    assert run.stderr == "", run.stderr


def test_progress_asked_for_off_a_terminal_is_one_plain_line_a_step(tmp_path):
    page = tmp_path / "long.html"
    page.write_text(big_page(), encoding="utf-8")
    run = subprocess.run(webgist_command() + [str(page), "--static", "--progress"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("# A very long page") and "webgist:" not in run.stdout
    lines = run.stderr.splitlines()
    assert lines[:2] == [f"webgist: reading {page}", "webgist: converting the page (5.47MB)"]
    assert "\r" not in run.stderr


def test_no_progress_and_a_quick_page_show_nothing_on_a_terminal():
    page = str(PAGES / "blocks--br-br-paragraphs" / "page.html")
    for args in ([page, "--static"], [page, "--static", "--no-progress"]):
        status, out, err = _run_on_terminal(args)
        assert status == 0 and out
        assert "\rwebgist:" not in err and "..." not in err, err


def _as_an_interactive_command() -> None:
    # Its own session, with the pseudo-terminal (its stdin) as the controlling
    # terminal: Ctrl-C typed there reaches webgist, the driver and the browser, as
    # in a shell. SIGINT as an interactive shell leaves it.
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.browser
def test_ctrl_c_typed_while_the_status_line_shows_exits_130_and_cleans_up(server, browser_paths,
                                                                         request):
    scratch = Path(tempfile.mkdtemp(prefix="wg-status-", dir="/tmp"))
    request.addfinalizer(lambda: shutil.rmtree(scratch, ignore_errors=True))
    master, slave = _terminal()
    seen = bytearray()
    run = subprocess.Popen(webgist_command() + [f"{server}/{BIG_PAGE}"], stdin=slave,
                           stdout=subprocess.PIPE, stderr=slave, preexec_fn=_as_an_interactive_command,
                           env={**os.environ, "TMPDIR": str(scratch)})
    os.close(slave)
    reader = _read_all(master, seen)
    try:
        deadline = time.monotonic() + 60
        while "\rwebgist: " not in seen.decode("utf-8", "replace"):     # the line shows
            assert run.poll() is None and time.monotonic() < deadline, seen
            time.sleep(0.1)
        os.write(master, b"\x03")           # Ctrl-C at the terminal
        out, _ = run.communicate(timeout=30)
        reader.join(10)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
        os.close(master)
    err = seen.decode("utf-8", "replace")
    assert run.returncode == 130, err
    assert out == b""
    assert "Traceback" not in err and "Error" not in err, err
    # The line was cleared before "interrupted" was said.
    assert re.search(r"\r +\r[\r\n]*\^?C?[\r\n]*webgist: interrupted", err), err[-300:]
    time.sleep(0.5)
    assert list(scratch.iterdir()) == []
