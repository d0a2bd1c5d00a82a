"""`webgist URL --browser firefox`: the page rendered in real Firefox, collect.js run
in a WebDriver BiDi sandbox, and the same Markdown and order as from Chromium."""
from __future__ import annotations

import json

import pytest

from firefox_support import firefox_paths  # noqa: F401  (fixture)
from test_cli import DEMO_ORDER, _assert_in_order, run_webgist

pytestmark = pytest.mark.browser
PAGE = "layout--grid-sidebar-first.html"


def test_firefox_gives_the_same_markdown_and_boxes_as_chromium(firefox_paths, server):
    url = f"{server}/{PAGE}"
    outputs = {}
    for browser in ("chromium", "firefox"):
        result = run_webgist(url, "--scope", "page", "--json", "--browser", browser)
        assert result.returncode == 0, (browser, result.stderr)
        assert "no browser used" not in result.stderr
        outputs[browser] = json.loads(result.stdout)
    chromium, firefox = outputs["chromium"], outputs["firefox"]
    assert firefox["reading_order_method"] == chromium["reading_order_method"] == "geometric-xy-cut"
    assert [b["text"] for b in firefox["blocks"]] == [b["text"] for b in chromium["blocks"]]
    assert firefox["markdown"] == chromium["markdown"]
    _assert_in_order(firefox["markdown"], DEMO_ORDER + ["## From the almanac"])
    # The boxes: the same to the pixel where both engines lay out alike; the two
    # columns above the table are balanced differently (Gecko's column is 6 px
    # taller), which moves what follows. bench/firefox_parity.py lists every case.
    before_table = [b for b in chromium["blocks"] if b["kind"] != "table"][:8]
    for ours, theirs in zip(firefox["blocks"], before_table):
        assert ours["rect"] == pytest.approx(theirs["rect"], abs=1), ours["text"][:40]


def test_overlay_is_chromium_only():
    result = run_webgist("--demo", "--browser", "firefox", "--overlay", "/tmp/never.png")
    assert result.returncode == 2 and "--overlay draws with Chromium only" in result.stderr
