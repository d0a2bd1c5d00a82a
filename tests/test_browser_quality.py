"""bench/browser_quality.py's replay: a saved capture stands in for the browser in the
batch's own conversion, and its failures fall back as the batch's do. No browser and
no ../shared: the capture is the version-1 one kept in tests/captures, whose page lists
its notices in flex row-reverse (only the measured order reads them oldest first)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import webgist_host

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import browser_quality  # noqa: E402

FOLDER = Path(__file__).parent / "captures" / "capture-v1--flex-row-reverse"


def saved_record(capture: dict | None, error: str | None = None) -> dict:
    """A capture file's record, as `browser_quality.py capture` writes it."""
    html = json.loads((FOLDER / "capture.json").read_text(encoding="utf-8"))["html"]
    return {"format": 1, "corpus": "wcxb", "id": "0001", "url": None, "source": "0001.html.gz",
            "text": html, "capture": capture, "browser_error": error,
            "batch_row": {"markdown": None, "error": None, "notes": [],
                          "reading_order_method": None}, "engine": "test"}


def test_the_replay_reads_the_page_in_its_measured_order():
    capture = json.loads((FOLDER / "capture.json").read_text(encoding="utf-8"))
    row = browser_quality.replay_row(saved_record(capture), None)
    expected = (FOLDER / "expected.md").read_text(encoding="utf-8").strip()
    static = webgist_host.convert(capture["html"], scope="main").markdown.strip()
    assert row["error"] is None
    assert row["reading_order_method"] != "dom-fallback"
    assert row["markdown"].strip() == expected
    assert static != expected      # source order: the page proves the capture was used


def test_a_page_the_browser_could_not_render_is_read_as_the_batch_reads_it():
    record = saved_record(None, error="the page crashed the browser tab")
    row = browser_quality.replay_row(record, None)
    static = webgist_host.convert(record["text"], scope="main",
                                  options=browser_quality.BATCH_OPTIONS.engine_options())
    assert row["markdown"] == static.markdown
    assert row["notes"][0] == ("not rendered (the page crashed the browser tab); "
                               "read without the browser")


def test_a_replay_does_not_change_the_saved_capture():
    capture = json.loads((FOLDER / "capture.json").read_text(encoding="utf-8"))
    record = saved_record(capture)
    before = json.dumps(record, sort_keys=True)
    first = browser_quality.replay_row(record, None)["markdown"]
    assert json.dumps(record, sort_keys=True) == before
    assert browser_quality.replay_row(record, None)["markdown"] == first


def run_json(tmp_path: Path, name: str, tune: float, validate: float, article: float) -> Path:
    def cell(f1: float) -> dict:
        return {"n": 1, "f1": f1, "precision": f1, "recall": f1, "by_type": {}}
    run = {"meta": {"commit": name, "url": True, "captures": "/c"},
           "summary": {"wcxb": {"tune": {"browser": cell(tune), "static": cell(0.9)},
                                "validate": {"browser": cell(validate), "static": cell(0.9)}},
                       "readability": {"validate": {"browser": cell(article),
                                                    "static": cell(0.9)}}},
           "pages": {"wcxb": {"browser": {"0001": {"f1": tune}, "0002": {"f1": validate}},
                              "static": {"0001": {"f1": 0.9}, "0002": {"f1": 0.9}}},
                     "readability": {"browser": {"a": {"f1": article}},
                                     "static": {"a": {"f1": 0.9}}}}}
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(run), encoding="utf-8")
    return path


def test_compare_applies_the_landing_rule_to_the_browser_rows(tmp_path, capsys):
    old = run_json(tmp_path, "old", tune=0.80, validate=0.80, article=0.95)
    better = run_json(tmp_path, "better", tune=0.82, validate=0.80, article=0.95)
    worse = run_json(tmp_path, "worse", tune=0.82, validate=0.79, article=0.95)
    browser_quality.compare(old, better)
    out = capsys.readouterr().out
    assert "browser path, landing rule" in out and ": met;" in out
    assert "browser pages that moved by 0.01 or more: 1" in out
    assert "static pages that moved by 0.01 or more: 0" in out
    browser_quality.compare(old, worse)
    assert "NOT met" in capsys.readouterr().out
