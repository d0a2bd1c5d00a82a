"""Quality gate: no slice page may collapse, and no slice's mean may slip.

Two fixed slices under tests/quality, copied by bench/make_quality_slice.py (pages at
even steps, never picked by hand): 28 WCXB dev pages from the *validate* part (sites
the rules are not tuned on) and 12 readability-dev pages (a corpus nobody tunes on).
WCXB pages are scored with WCXB's word F1, readability pages with per-page 4-shingle
F1, both after the shared scorer's Markdown stripping (reimplemented in
tests/quality_support.py, since the scorer carries no licence to copy it; the slice
script checks the two agree on every page).

The floors in tests/quality/floors.json are the scores of the engine as it was when
they were recorded: the gate detects regressions, it does not certify quality (that
is bench/quality.py's job, on the full corpora). A page may fall PAGE_TOLERANCE below
its floor and a slice's mean MEAN_TOLERANCE below its own. When a change is meant to
move a page, re-record with `bench/make_quality_slice.py --floors-only` and say why in
the commit. The test reads nothing outside the repository.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from quality_support import markdown_words, shingle_scores, word_scores
from webgist_host import convert

QUALITY = Path(__file__).resolve().parent / "quality"
WCXB_SLICE, READABILITY_SLICE = QUALITY / "wcxb-slice", QUALITY / "readability-slice"
FLOORS = json.loads((QUALITY / "floors.json").read_text(encoding="utf-8"))
# One page may move by a few points as rules change; a collapse is far larger.
PAGE_TOLERANCE = 0.05
MEAN_TOLERANCE = 0.01


def _html(path: Path) -> str:
    return gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")


def _wcxb_scores() -> dict[str, float]:
    scores = {}
    for truth_file in sorted((WCXB_SLICE / "ground-truth").glob("*.json")):
        truth = json.loads(truth_file.read_text(encoding="utf-8"))
        html = _html(WCXB_SLICE / "html" / f"{truth_file.stem}.html.gz")
        markdown = convert(html, url=truth["url"], scope="main").markdown
        scores[truth_file.stem] = word_scores(markdown_words(markdown), truth["main_content"])[2]
    return scores


def _readability_scores() -> dict[str, float]:
    scores = {}
    for truth_file in sorted((READABILITY_SLICE / "pages").glob("*.json")):
        truth = json.loads(truth_file.read_text(encoding="utf-8"))
        html = _html(READABILITY_SLICE / "pages" / f"{truth_file.stem}.html.gz")
        markdown = convert(html, url=truth["url"], scope="main").markdown
        scores[truth_file.stem] = shingle_scores(markdown_words(markdown),
                                                 truth["reference_text"])[2]
    return scores


@pytest.fixture(scope="module")
def scores() -> dict[str, dict[str, float]]:
    return {"wcxb": _wcxb_scores(), "readability": _readability_scores()}


def test_the_slices_and_their_floors_match():
    assert len(list((WCXB_SLICE / "html").glob("*.html.gz"))) == 28
    assert len(list((READABILITY_SLICE / "pages").glob("*.html.gz"))) == 12
    for name, folder in (("wcxb", WCXB_SLICE / "ground-truth"),
                         ("readability", READABILITY_SLICE / "pages")):
        assert set(FLOORS[name]) == {p.stem for p in folder.glob("*.json")}, name


@pytest.mark.parametrize("slice_name", ["wcxb", "readability"])
def test_no_page_falls_below_its_floor(scores, slice_name):
    fallen = {page: f"{score:.3f} < floor {FLOORS[slice_name][page]:.3f}"
              for page, score in scores[slice_name].items()
              if score < FLOORS[slice_name][page] - PAGE_TOLERANCE}
    assert not fallen, f"{slice_name} pages fell more than {PAGE_TOLERANCE}: {fallen}"


@pytest.mark.parametrize("slice_name", ["wcxb", "readability"])
def test_the_slice_mean_stays_at_its_floor(scores, slice_name):
    mean = sum(scores[slice_name].values()) / len(scores[slice_name])
    floor = FLOORS["mean"][slice_name]
    worst = sorted(scores[slice_name].items(), key=lambda kv: kv[1])[:5]
    assert mean >= floor - MEAN_TOLERANCE, f"{slice_name} mean {mean:.3f} < {floor}; worst {worst}"


@pytest.mark.parametrize("predicted, reference, expected", [
    ("a b c", "a b c", 1.0), ("", "a", 0.0), ("", "", 1.0), ("a a b", "a b b", 2 / 3),
    ("A b", "a B", 1.0),
])
def test_the_word_metric_is_wcxbs(predicted, reference, expected):
    assert word_scores(predicted, reference)[2] == pytest.approx(expected)


@pytest.mark.parametrize("predicted, reference, expected", [
    ("one two three four five", "one two three four five", 1.0),
    ("one two three four", "one two three four five", 2 / 3),  # 1 of 1 and 1 of 2 shingles
    ("One two three four", "one two three four", 0.0),         # case counts
    ("", "one two", 0.0),
])
def test_the_shingle_metric_is_the_article_benchmarks(predicted, reference, expected):
    assert shingle_scores(predicted, reference)[2] == pytest.approx(expected)


@pytest.mark.parametrize("markdown, words", [
    ("[link text](https://example.com/path_to)", "link text"),
    ("![alt words](img.png) after", " after"),
    ("```python\ncode_here()\n```", "\ncode_here()\n"),
    ("_emphasis_ and snake_case", "emphasis and snake_case"),
    ("a<span>b</span> &amp; c", "ab & c"),
    ("- [x] done", "- done"),
])
def test_markdown_is_stripped_to_the_words_a_reader_sees(markdown, words):
    assert markdown_words(markdown) == words
