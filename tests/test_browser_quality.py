"""bench/browser_quality.py's replay: a saved capture stands in for the browser in the
batch's own conversion, and its failures fall back as the batch's do. No browser and
no ../shared: the capture is the version-1 one kept in tests/captures, whose page lists
its notices in flex row-reverse (only the measured order reads them oldest first)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import webgist_host

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import browser_captures  # noqa: E402
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
    row = browser_captures.replay_row(saved_record(capture), None)
    expected = (FOLDER / "expected.md").read_text(encoding="utf-8").strip()
    static = webgist_host.convert(capture["html"], scope="main").markdown.strip()
    assert row["error"] is None
    assert row["reading_order_method"] != "dom-fallback"
    assert row["markdown"].strip() == expected
    assert static != expected      # source order: the page proves the capture was used


def test_a_page_the_browser_could_not_render_is_read_as_the_batch_reads_it():
    record = saved_record(None, error="the page crashed the browser tab")
    row = browser_captures.replay_row(record, None)
    static = webgist_host.convert(record["text"], scope="main",
                                  options=browser_captures.BATCH_OPTIONS.engine_options())
    assert row["markdown"] == static.markdown
    assert row["notes"][0] == ("not rendered (the page crashed the browser tab); "
                               "read without the browser")


def test_a_replay_does_not_change_the_saved_capture():
    capture = json.loads((FOLDER / "capture.json").read_text(encoding="utf-8"))
    record = saved_record(capture)
    before = json.dumps(record, sort_keys=True)
    first = browser_captures.replay_row(record, None)["markdown"]
    assert json.dumps(record, sort_keys=True) == before
    assert browser_captures.replay_row(record, None)["markdown"] == first


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


# Stand-ins for ../shared/bench/tools (which the tests must not read): the functions
# bench/quality.py calls, built on tests/quality_support.py's reimplementation of the
# two metrics.
STUB_SCORE_WCXB = '''
import json, statistics
from pathlib import Path
from quality_support import markdown_words, shingle_scores, word_scores

def load_wcxb(data, split):
    return {p.stem: json.loads(p.read_text(encoding="utf-8"))
            for p in (Path(data) / "ground-truth").glob("*.json")}

def load_predictions(folder, ids, fmt):
    return {i: (Path(folder) / f"{i}.md").read_text(encoding="utf-8") for i in ids}, None

def markdown_to_text(markdown):
    return markdown_words(markdown)

def _cell(pages):
    return {"n": len(pages), "f1": statistics.fmean(p["f1"] for p in pages),
            "precision": statistics.fmean(p["p"] for p in pages),
            "recall": statistics.fmean(p["r"] for p in pages)}

def score_wcxb(truth, predictions):
    pages = []
    for page_id, record in truth.items():
        p, r, f1 = word_scores(markdown_words(predictions[page_id]), record["reference"])
        pages.append({"id": page_id, "f1": f1, "p": p, "r": r,
                      "type": record["_internal"]["page_type"]["primary"]})
    types = {t: _cell([p for p in pages if p["type"] == t]) for t in {p["type"] for p in pages}}
    return {"overall": _cell(pages) if pages else {"n": 0, "f1": 0.0, "precision": 0.0,
                                                  "recall": 0.0},
            "by_type": types, "pages": pages}

def zyte_page(predicted, reference):
    p, r, _ = shingle_scores(predicted, reference)
    return {"p": p, "r": r}

def wcxb_page(predicted, reference):
    return word_scores(predicted, reference)

def zyte_aggregate(pages):
    p = statistics.fmean(x["p"] for x in pages)
    r = statistics.fmean(x["r"] for x in pages)
    return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0}
'''
STUB_SCORE_ARTICLES = '''
from pathlib import Path

def expected_text(folder):
    return (Path(folder) / "expected.txt").read_text(encoding="utf-8")
'''


def write_capture(path: Path, record: dict) -> None:
    import gzip

    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        json.dump(record, handle)


@pytest.fixture
def stub_tools(tmp_path):
    """A --tools folder of stand-in scorers; imported by the bench, forgotten after."""
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "score_wcxb.py").write_text(STUB_SCORE_WCXB, encoding="utf-8")
    (tools / "score_articles.py").write_text(STUB_SCORE_ARTICLES, encoding="utf-8")
    saved_path, names = list(sys.path), ("score_wcxb", "score_articles")
    saved_modules = {name: sys.modules.pop(name) for name in names if name in sys.modules}
    sys.path.insert(0, str(Path(__file__).parent))      # quality_support
    try:
        yield tools
    finally:
        sys.path[:] = saved_path
        for name in names:
            sys.modules.pop(name, None)
        sys.modules.update(saved_modules)


def test_score_reads_the_browser_path_and_the_static_path_side_by_side(tmp_path, stub_tools):
    """One page in each corpus, its capture the saved one: on readability-dev's metric,
    which follows word order, the measured order scores 1.0 and source order less."""
    import gzip

    capture = json.loads((FOLDER / "capture.json").read_text(encoding="utf-8"))
    expected = (FOLDER / "expected.md").read_text(encoding="utf-8")
    tools = stub_tools

    wcxb, readability = tmp_path / "wcxb-dev", tmp_path / "readability-dev"
    (wcxb / "ground-truth").mkdir(parents=True)
    (wcxb / "html").mkdir()
    (wcxb / "ground-truth" / "0001.json").write_text(json.dumps({
        "url": "https://ferries.example/timetable", "reference": expected,
        "_internal": {"page_type": {"primary": "article"}}}), encoding="utf-8")
    (wcxb / "html" / "0001.html.gz").write_bytes(gzip.compress(capture["html"].encode()))
    page = readability / "pages" / "ferries"
    page.mkdir(parents=True)
    (page / "source.html").write_text(capture["html"], encoding="utf-8")
    (page / "expected.txt").write_text(expected, encoding="utf-8")
    captures = tmp_path / "captures"
    write_capture(captures / "wcxb" / "0001.json.gz", saved_record(capture))
    write_capture(captures / "readability" / "ferries.json.gz",
                  {**saved_record(capture), "corpus": "readability", "id": "ferries"})

    out = tmp_path / "out"
    assert browser_quality.main([
        "--captures", str(captures), "--wcxb", str(wcxb), "--readability", str(readability),
        "--tools", str(tools), "--out", str(out)]) == 0
    run = json.loads(next((out / "runs").glob("*.json")).read_text(encoding="utf-8"))
    articles = run["summary"]["readability"]["validate"]
    assert articles["browser"]["f1"] == 1.0
    assert articles["static"]["f1"] < 0.9, articles["static"]
    words = run["summary"]["wcxb"]["all"]
    assert words["browser"]["n"] == words["static"]["n"] == 1
    assert words["browser"]["f1"] == 1.0 == words["static"]["f1"]   # word bags ignore order
    assert run["parts"] == {"0001": "tune"} or run["parts"] == {"0001": "validate"}
    assert (out / "wcxb" / "browser" / "0001.md").read_text(encoding="utf-8").strip() \
        == expected.strip()
