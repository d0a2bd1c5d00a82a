"""`webgist -o / --save-capture / --overlay`: a path that cannot be written is an
error before any work (no browser started), a missing folder is made (as `webgist
batch -o` makes it), and a write that fails anyway never costs the Markdown."""
from __future__ import annotations

import os

import pytest

from conftest import PAGES
from test_cli import _env_without_browser, run_webgist

PAGE = str(PAGES / "layout--grid-sidebar-first.html")


@pytest.mark.parametrize("flag", ["-o", "--save-capture", "--overlay"])
def test_an_output_path_that_is_a_folder_is_refused_before_the_browser(tmp_path, flag):
    # No browser on PATH: the path is refused before one is looked for.
    result = run_webgist(PAGE, flag, str(tmp_path), env=_env_without_browser(tmp_path))
    assert result.returncode == 2, result.stderr
    assert f"{flag} {tmp_path} is a folder: name a file" in result.stderr
    assert "Chromium" not in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_an_output_folder_that_cannot_be_made_is_refused_first(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = run_webgist(PAGE, "-o", str(blocker / "out" / "page.md"),
                         env=_env_without_browser(tmp_path))
    assert result.returncode == 2
    assert f"its folder {blocker / 'out'} cannot be made" in result.stderr
    assert "Chromium" not in result.stderr and "Traceback" not in result.stderr


def test_a_missing_output_folder_is_made(tmp_path):
    target = tmp_path / "new" / "deeper" / "page.md"
    result = run_webgist(PAGE, "--static", "-o", str(target), env=_env_without_browser(tmp_path))
    assert result.returncode == 0, result.stderr
    assert target.read_text(encoding="utf-8").startswith("# Keeping bees on a city roof")


def test_dash_is_stdout(tmp_path):
    result = run_webgist(PAGE, "--static", "-o", "-", env=_env_without_browser(tmp_path))
    assert result.returncode == 0 and result.stdout.startswith("# Keeping bees on a city roof")
    assert not (tmp_path / "-").exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_failed_write_prints_the_markdown_instead(tmp_path):
    result = run_webgist(PAGE, "--static", "-o", "/dev/full", env=_env_without_browser(tmp_path))
    assert result.returncode == 2
    assert result.stdout.startswith("# Keeping bees on a city roof")
    assert "/dev/full could not be written (No space left on device)" in result.stderr
    assert "follows on stdout" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_failed_capture_or_overlay_write_keeps_the_markdown(tmp_path, browser_paths):
    target = tmp_path / "page.md"
    result = run_webgist(PAGE, "-o", str(target), "--save-capture", "/dev/full",
                         "--overlay", "/dev/full")
    assert result.returncode == 2
    assert target.read_text(encoding="utf-8").startswith("# Keeping bees on a city roof")
    assert "--save-capture /dev/full could not be written" in result.stderr
    assert "--overlay /dev/full could not be written" in result.stderr
    assert "Traceback" not in result.stderr
