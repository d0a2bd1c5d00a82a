"""The `webgist` command, run as a user runs it: a subprocess of the installed script."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import PAGES, webgist_command

DEMO_ORDER = ["# Keeping bees on a city roof", "Rooftop hives do well", "## The first season",
              "Inspect every nine days", "| September | Harvest and feed |"]


def run_webgist(*args, env=None, input_text=None, timeout=120):
    return subprocess.run(webgist_command() + list(args), capture_output=True, text=True,
                          env=env, input=input_text, timeout=timeout)


def _assert_in_order(text: str, snippets: list[str]) -> None:
    positions = [text.find(s) for s in snippets]
    assert all(p >= 0 for p in positions), (snippets, text)
    assert positions == sorted(positions), f"out of order: {list(zip(snippets, positions))}"


def _env_without_browser(tmp_path: Path) -> dict:
    """PATH holding only python and webgist, and no browser variables."""
    bin_dir = Path(webgist_command()[0]).parent
    env = {k: v for k, v in os.environ.items()
           if k not in ("WEBGIST_CHROMIUM", "WEBGIST_CHROMEDRIVER")}
    env["PATH"] = f"{bin_dir}"
    return env


def test_help_lists_sources_options_and_install_host():
    result = run_webgist("--help")
    assert result.returncode == 0
    for word in ("SOURCE", "--static", "--scope", "--json", "--explain", "--demo", "-o",
                 "install-host"):
        assert word in result.stdout
    # Every install-host option is named, --extension-id too (a store-packaged
    # extension's id is how its users reach the host).
    install = result.stdout[result.stdout.index("webgist install-host"):]
    for option in ("--browser", "--profile", "--extension-id", "--uninstall", "--check"):
        assert option in install.split("webgist batch")[0], option


def test_static_runs_without_any_browser_and_says_so(tmp_path):
    result = run_webgist("--static", str(PAGES / "layout--grid-sidebar-first.html"),
                         env=_env_without_browser(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "# Keeping bees on a city roof" in result.stdout
    assert "source order (dom-fallback)" in result.stderr


_PICTURE_PAGE = """<html><head><title>Hives</title></head><body><main><h1>Hives</h1>
<p>Our <a href="https://example.org/hives">rooftop hives</a> give about twenty kilograms of honey a summer.</p>
<p><img src="https://example.org/hive.jpg" alt="A hive on the roof"></p>
<p>The keepers check each colony every week and note the weather and the nectar flow.</p>
</main></body></html>"""


@pytest.mark.parametrize("args, present, absent", [
    ((), ["![A hive on the roof](https://example.org/hive.jpg)",
          "[rooftop hives](https://example.org/hives)"], []),
    (("--images", "drop"), ["[rooftop hives](https://example.org/hives)"], ["hive.jpg", "A hive on"]),
    (("--images", "link"), ["\n[A hive on the roof](https://example.org/hive.jpg)"], ["!["]),
    (("--link-style", "reference"), ["[rooftop hives][1]", "[1]: https://example.org/hives"],
     ["](https://example.org/hives)"]),
])
def test_images_and_link_style_options_as_the_extension_offers_them(tmp_path, args, present, absent):
    page = tmp_path / "hives.html"
    page.write_text(_PICTURE_PAGE)
    result = run_webgist("--static", str(page), *args)
    assert result.returncode == 0, result.stderr
    assert all(text in result.stdout for text in present), result.stdout
    assert not any(text in result.stdout for text in absent), result.stdout


def test_empty_main_content_says_why_and_what_to_try(tmp_path):
    page = PAGES / "product--script-built-page-footer-only" / "page.html"
    result = run_webgist("--static", str(page), env=_env_without_browser(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert "no main content found" in result.stderr
    assert "--scope page" in result.stderr and "drop --static" in result.stderr
    everything = run_webgist("--static", "--scope", "page", str(page),
                             env=_env_without_browser(tmp_path))
    assert "registered in Munich" in everything.stdout
    assert "no main content found" not in everything.stderr


def test_static_reads_stdin(tmp_path):
    result = run_webgist("-", "--static", "--json", env=_env_without_browser(tmp_path),
                         input_text="<html><body><h1>From stdin</h1><p>Piped words.</p></body></html>")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["reading_order_method"] == "dom-fallback"
    assert document["reading_order_measured"] is False
    assert "# From stdin" in document["markdown"]


LEGACY_CHARSET_PAGE = ('<!doctype html><html><head><meta charset="windows-1251"><title>Паром</title>'
                       "</head><body><main><h1>Расписание</h1><p>Паром отходит в семь тридцать утра.</p>"
                       '<p>См. <a href="/timetable/winter">зимнее расписание</a>.</p>'
                       "</main></body></html>").encode("windows-1251")


def _run_bytes(*args, data: bytes | None = None, env=None):
    return subprocess.run(webgist_command() + list(args), capture_output=True, env=env,
                          input=data, timeout=120)


def test_a_page_in_a_legacy_charset_is_read_in_it_from_a_file_and_from_stdin(tmp_path, browser_paths):
    page = tmp_path / "ru.html"
    page.write_bytes(LEGACY_CHARSET_PAGE)
    runs = {"file, static": _run_bytes("--static", str(page)),
            "stdin, static": _run_bytes("-", "--static", data=LEGACY_CHARSET_PAGE),
            "stdin, Chromium": _run_bytes("-", data=LEGACY_CHARSET_PAGE)}
    for how, result in runs.items():
        stdout = result.stdout.decode("utf-8")
        assert result.returncode == 0, (how, result.stderr.decode("utf-8", "replace"))
        assert "# Расписание" in stdout and "Паром отходит в семь тридцать утра." in stdout, (how, stdout)
        # Piped HTML has no address: its links stay as written (not file:///...).
        if how.startswith("stdin"):
            assert "[зимнее расписание](/timetable/winter)" in stdout, (how, stdout)
        assert "charset" not in result.stderr.decode("utf-8"), how


def test_a_saved_page_opened_from_disk_links_to_its_site_not_to_the_disk(browser_paths):
    """A page saved from the web and converted from its file: its relative links and
    pictures point at the canonical address it names, in Chromium (which resolves
    them against file:///) as without a browser."""
    page = PAGES / "links--saved-page-canonical-base" / "page.html"
    expected = (page.parent / "expected.md").read_text(encoding="utf-8")
    for how, args in {"Chromium": [str(page)], "static": ["--static", str(page)]}.items():
        result = run_webgist(*args)
        assert result.returncode == 0, (how, result.stderr)
        assert result.stdout == expected, (how, result.stdout)
        assert "file:" not in result.stdout, how


@pytest.mark.browser
def test_url_option_points_a_saved_page_s_links_at_its_own_address(browser_paths, tmp_path):
    """--url says where a saved page without a canonical link came from: its relative
    links and pictures point there, in Chromium, without a browser and from stdin; a
    capture saved with it keeps it for its replay; without it they stay as written."""
    page = PAGES / "links--saved-page-given-its-address" / "page.html"
    expected = (page.parent / "expected.md").read_text(encoding="utf-8")
    address = "https://backstube.example/rezepte/brot/sauerteig-ansetzen"
    capture = tmp_path / "capture.json"
    runs = {"Chromium": [str(page), "--save-capture", str(capture)],
            "static": ["--static", str(page)]}
    for how, args in runs.items():
        result = run_webgist(*args, "--url", address)
        assert result.returncode == 0, (how, result.stderr)
        assert result.stdout == expected, (how, result.stdout)
    piped = run_webgist("-", "--static", "--url", address, input_text=page.read_text("utf-8"))
    assert piped.stdout == expected, piped.stdout
    # The capture keeps the address it was given: its replay needs no --url.
    replayed = run_webgist("--capture", str(capture), "--front-matter")
    assert replayed.returncode == 0, replayed.stderr
    assert f'url: "{address}"' in replayed.stdout
    assert replayed.stdout.endswith(expected), replayed.stdout
    without = run_webgist("--static", str(page))
    assert "[Mehltypen](../grundlagen/mehltypen)" in without.stdout
    assert "backstube.example" not in without.stdout


@pytest.mark.parametrize("args, words", [
    (["--url", "backstube.example/brot"], "is not a web address"),
    (["--url", "ftp://backstube.example/brot"], "is not a web address"),
    (["https://backstube.example/brot", "--url", "https://backstube.example/"],
     "SOURCE is already an address, so drop --url"),
])
def test_url_option_refuses_what_is_no_page_address(args, words):
    page = str(PAGES / "links--saved-page-given-its-address" / "page.html")
    result = run_webgist(*([page, "--static"] if args[0] == "--url" else ["--static"]), *args)
    assert result.returncode == 2
    assert words in result.stderr and result.stdout == ""


def test_bytes_that_do_not_fit_the_declared_charset_are_a_warning_and_still_read(tmp_path):
    page = tmp_path / "mislabelled.html"
    page.write_bytes(b'<html><head><meta charset="utf-8"></head><body><h1>Caf\xe9</h1>'
                     b"<p>Words after the stray byte.</p></body></html>")
    result = _run_bytes("--static", str(page), env=_env_without_browser(tmp_path))
    assert result.returncode == 0
    assert "Words after the stray byte." in result.stdout.decode("utf-8")
    assert "mislabelled.html: wrong charset: declared utf-8" in result.stderr.decode("utf-8")


def test_missing_browser_names_the_packages_to_install(tmp_path):
    result = run_webgist(str(PAGES / "layout--grid-sidebar-first.html"),
                         env=_env_without_browser(tmp_path))
    assert result.returncode == 2
    assert "apt-get install chromium chromium-driver" in result.stderr
    assert "--static" in result.stderr
    assert result.stdout == ""


def test_missing_file_is_a_clear_error():
    result = run_webgist("no-such-page.html", "--static")
    assert result.returncode == 2
    assert "no such file: no-such-page.html" in result.stderr


@pytest.mark.browser
def test_served_page_is_read_in_visual_order(server, browser_paths, tmp_path):
    out = tmp_path / "page.json"
    result = run_webgist(f"{server}/layout--grid-sidebar-first.html", "--json", "--scope", "page",
                         "-o", str(out))
    assert result.returncode == 0, result.stderr
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["reading_order_method"] == "geometric-xy-cut"
    assert document["reading_order_measured"] is True
    markdown = document["markdown"]
    # The sidebar comes first in the source but is drawn on the right: the article leads.
    _assert_in_order(markdown, DEMO_ORDER + ["## From the almanac"])
    assert all(block["measured"] for block in document["blocks"])


@pytest.mark.browser
def test_a_page_that_opens_alert_boxes_is_still_read_in_the_browser(browser_paths, tmp_path):
    # Three boxes: selenium's default closes the first and fails the next command.
    page = tmp_path / "alerts.html"
    page.write_text("<!doctype html><title>Alerts</title><script>alert('one')</script>"
                    "<article><h1>Boxes</h1><p>The words behind the boxes.</p>"
                    "<script>alert('two'); confirm('three?')</script></article>",
                    encoding="utf-8")
    out = tmp_path / "alerts.json"
    result = run_webgist(str(page), "--json", "-o", str(out))
    assert result.returncode == 0, result.stderr
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["reading_order_measured"] is True
    assert document["markdown"] == "# Boxes\n\nThe words behind the boxes.\n"


@pytest.mark.browser
def test_a_page_that_opens_alert_boxes_without_end_is_a_clear_error(browser_paths, tmp_path):
    page = tmp_path / "loop.html"
    page.write_text("<!doctype html><title>Loop</title><p>Behind endless boxes.</p>"
                    "<script>while (true) alert('again')</script>", encoding="utf-8")
    result = run_webgist(str(page))
    assert result.returncode == 2
    assert "keeps opening dialog boxes" in result.stderr and "--static" in result.stderr


@pytest.mark.browser
def test_demo_prints_markdown_in_visual_order(browser_paths):
    result = run_webgist("--demo", "--scope", "page")
    assert result.returncode == 0, result.stderr
    _assert_in_order(result.stdout, DEMO_ORDER + ["## From the almanac"])


@pytest.mark.browser
def test_saved_capture_replays_without_a_browser(server, browser_paths, tmp_path):
    capture = tmp_path / "capture.json"
    live = run_webgist(f"{server}/layout--grid-sidebar-first.html", "--save-capture", str(capture))
    assert live.returncode == 0, live.stderr
    replay = run_webgist("--capture", str(capture), env=_env_without_browser(tmp_path))
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout == live.stdout
