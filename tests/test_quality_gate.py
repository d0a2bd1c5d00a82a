"""Quality gate: main-content F1 on a fixed WCXB slice must not fall below its pin.

The slice (tests/quality/wcxb-slice, 4 pages per page type, chosen at even steps,
never by hand) is scored with WCXB's own metric: lower-cased bags of \\w+ tokens,
multiset overlap, F1 per page, averaged. The full benchmark is bench/wcxb.py; this
only catches regressions. When the engine improves, raise the pin with it.
"""
from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from webgist_host import convert

SLICE = Path(__file__).resolve().parent / "quality" / "wcxb-slice"
# Measured when the gate was set: mean F1 0.786 over the 28 pages (the full dev
# split scored 0.849 the same day; this slice is harder); raised when the slice
# reached 0.792 (dev split 0.857). The pin leaves room for a page to move by a few
# points without hiding a real regression.
MIN_MEAN_F1 = 0.78
WORD = re.compile(r"\w+")
MARKDOWN_SYNTAX = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def _f1(predicted: str, reference: str) -> float:
    pred = Counter(WORD.findall(predicted.lower()))
    ref = Counter(WORD.findall(reference.lower()))
    if not ref:
        return 1.0 if not pred else 0.0
    overlap = sum((pred & ref).values())
    if not overlap:
        return 0.0
    precision, recall = overlap / sum(pred.values()), overlap / sum(ref.values())
    return 2 * precision * recall / (precision + recall)


def _score_slice() -> dict[str, float]:
    scores = {}
    for truth_file in sorted((SLICE / "ground-truth").glob("*.json")):
        truth = json.loads(truth_file.read_text(encoding="utf-8"))
        html = gzip.decompress((SLICE / "html" / f"{truth_file.stem}.html.gz").read_bytes())
        markdown = convert(html.decode("utf-8", errors="replace"), scope="main").markdown
        # Keep link and image words, drop their addresses, as the scorer does.
        scores[truth_file.stem] = _f1(MARKDOWN_SYNTAX.sub(r"\1", markdown), truth["main_content"])
    return scores


def test_slice_is_present():
    assert len(list((SLICE / "html").glob("*.html.gz"))) == 28


def test_main_content_f1_on_the_wcxb_slice_stays_above_its_pin():
    scores = _score_slice()
    mean = sum(scores.values()) / len(scores)
    worst = sorted(scores.items(), key=lambda kv: kv[1])[:5]
    assert mean >= MIN_MEAN_F1, f"mean F1 {mean:.3f} < {MIN_MEAN_F1}; worst pages {worst}"


@pytest.mark.parametrize("predicted, reference, expected", [
    ("a b c", "a b c", 1.0), ("", "a", 0.0), ("", "", 1.0), ("a a b", "a b b", 2 / 3),
])
def test_the_gate_metric_is_wcxbs(predicted, reference, expected):
    assert _f1(predicted, reference) == pytest.approx(expected)
