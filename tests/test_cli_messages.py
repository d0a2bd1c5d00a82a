"""The `webgist` command's answers to a new user's slips: a name that does not
resolve, a folder or a bare host name as SOURCE, a file:// address, --timeout 0,
--capture of a page, and --help naming the environment and the exit codes."""
from __future__ import annotations

import pytest

from conftest import PAGES
from test_cli import _env_without_browser, run_webgist

# .invalid never resolves (RFC 2606), online or not.
UNRESOLVABLE = "http://no-such-host.invalid/post"


def test_a_name_that_does_not_resolve_names_the_url_and_the_likely_cause(tmp_path):
    result = run_webgist(UNRESOLVABLE, "--static", env=_env_without_browser(tmp_path))
    assert result.returncode == 2
    assert f"could not load {UNRESOLVABLE}" in result.stderr
    assert "no-such-host.invalid could not be looked up (is this machine offline" in result.stderr
    assert "urlopen" not in result.stderr and "Errno" not in result.stderr


@pytest.mark.browser
def test_the_browser_says_the_same_for_a_name_that_does_not_resolve(browser_paths):
    result = run_webgist(UNRESOLVABLE)
    assert result.returncode == 2
    assert f"Chromium could not load {UNRESOLVABLE}" in result.stderr
    assert "could not be looked up (is this machine offline" in result.stderr


def test_a_folder_as_source_points_at_batch(tmp_path):
    result = run_webgist(str(tmp_path), env=_env_without_browser(tmp_path))
    assert result.returncode == 2
    assert f"{tmp_path} is a folder: for the pages in it, run webgist batch {tmp_path}" in result.stderr


@pytest.mark.parametrize("source, hint", [
    ("example.org", "did you mean https://example.org ?"),
    ("www.example.co.uk/news/a", "did you mean https://www.example.co.uk/news/a ?"),
    ("missing-page.html", "give a path, an http(s) URL, or -"),
])
def test_a_missing_file_that_reads_as_a_host_suggests_https(tmp_path, source, hint):
    result = run_webgist(source, "--static", env=_env_without_browser(tmp_path))
    assert result.returncode == 2
    assert f"no such file: {source} ({hint})" in result.stderr


def test_a_file_url_is_read_as_the_file(tmp_path):
    page = PAGES / "layout--grid-sidebar-first.html"
    result = run_webgist(page.as_uri(), "--static", env=_env_without_browser(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# Keeping bees on a city roof")


@pytest.mark.parametrize("value", ["0", "-5", "nan", "soon"])
def test_timeout_must_be_above_zero(tmp_path, value):
    result = run_webgist("--timeout", value, str(PAGES / "layout--grid-sidebar-first.html"),
                         env=_env_without_browser(tmp_path))
    assert result.returncode == 2
    assert "argument --timeout:" in result.stderr
    assert "above 0" in result.stderr or "not a number of seconds" in result.stderr


def test_capture_of_a_file_that_is_not_json_says_so(tmp_path):
    page = PAGES / "layout--grid-sidebar-first.html"
    result = run_webgist("--capture", str(page), env=_env_without_browser(tmp_path))
    assert result.returncode == 2
    assert f"{page} is not a webgist capture (not JSON)" in result.stderr
    assert "Expecting value" not in result.stderr


def test_help_lists_the_environment_and_the_exit_codes():
    result = run_webgist("--help")
    assert result.returncode == 0
    for name in ("WEBGIST_CHROMIUM", "WEBGIST_CHROMEDRIVER", "WEBGIST_FIREFOX",
                 "WEBGIST_GECKODRIVER", "TMPDIR"):
        assert name in result.stdout, name
    codes = result.stdout[result.stdout.index("exit status:"):]
    for code in ("0 ", "2 ", "3 ", "130 "):
        assert f"\n  {code}" in codes, code
