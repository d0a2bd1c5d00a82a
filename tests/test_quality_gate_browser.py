"""Quality gate on the browser path: the same slices as tests/test_quality_gate.py,
read as `webgist batch --render 1` reads saved pages (one headless Chromium, the pages'
other hosts blocked, the page settled, measured by collect.js, converted with that
geometry), and held to their own floors.

The browser path is what the extension's users get, and it differs from the static
path by design (what is drawn, where, in what order) and, before this gate, by bugs
that no test saw (docs/batch.md). The floors in tests/quality/floors_browser.json are
the lower of two readings when they were recorded (`bench/make_quality_slice.py
--browser-floors`); pages whose two readings differed by more than PAGE_TOLERANCE are
listed there as unsteady and count only through the mean. The test reads nothing
outside the repository and loads nothing from the network.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from quality_support import render_scores, slice_records

pytestmark = pytest.mark.browser

QUALITY = Path(__file__).resolve().parent / "quality"
FLOORS = json.loads((QUALITY / "floors_browser.json").read_text(encoding="utf-8"))
PAGE_TOLERANCE = 0.05
MEAN_TOLERANCE = 0.01


@pytest.fixture(scope="module")
def scores(browser_paths, tmp_path_factory) -> dict[str, float]:
    return render_scores(slice_records(QUALITY), tmp_path_factory.mktemp("render-gate"))


def test_every_slice_page_has_a_browser_floor(scores):
    assert set(scores) == set(FLOORS["pages"])


def test_no_steady_page_falls_below_its_browser_floor(scores):
    fallen = {page: f"{score:.3f} < floor {FLOORS['pages'][page]:.3f}"
              for page, score in scores.items()
              if page not in FLOORS["unsteady"]
              and score < FLOORS["pages"][page] - PAGE_TOLERANCE}
    assert not fallen, f"pages fell more than {PAGE_TOLERANCE} on the browser path: {fallen}"


def test_the_browser_mean_stays_at_its_floor(scores):
    mean = sum(scores.values()) / len(scores)
    worst = sorted(scores.items(), key=lambda kv: kv[1])[:5]
    assert mean >= FLOORS["mean"] - MEAN_TOLERANCE, \
        f"browser-path mean {mean:.3f} < {FLOORS['mean']}; worst {worst}"
