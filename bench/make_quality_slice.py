#!/usr/bin/env python3
"""Copy the quality gate's slices into tests/quality and record their per-page floors.

    .venv/bin/python bench/make_quality_slice.py [--wcxb ../shared/bench/wcxb-dev] \
        [--readability ../shared/bench/readability-dev] [--tools ../shared/bench/tools] \
        [--floors-only]

- tests/quality/wcxb-slice: four pages per page type from the WCXB dev *validate* part
  (corpora.site_part), at even steps through each type's sorted ids; pages with an
  empty reference are skipped. WCXB is CC-BY-4.0 (Murrough Foley, 2026).
- tests/quality/readability-slice: twelve readability-dev pages at even steps through
  the sorted names, source gzipped, the reference kept as the text score_articles.py
  reads from expected.html. Mozilla Readability's tests are Apache-2.0.
No page is picked by hand. Each licence travels with its slice.

`--browser-floors` records tests/quality/floors_browser.json instead: each slice page
read on the browser path (`webgist batch --render 1`, offline), twice; a page's floor
is the lower of its two scores, and a page whose two readings differ by more than
the gate's page tolerance is listed as unsteady and checked only through the mean.

Then it converts every slice page with the engine as it is now (static path, scope
main, the page's URL when the corpus records one) and writes tests/quality/floors.json:
per page, the score the shared scorer gives (word F1 for WCXB, 4-shingle F1 for
readability-dev), and the mean per slice. Recording today's output as floors is the
point: the gate detects regressions. It also checks that tests/quality_support.py,
which the test uses in place of the unlicensed scorers, gives the same scores on every
page, and stops if not. `--floors-only` keeps the copied pages and re-records floors
(after an engine change that is meant to move them).
"""
from __future__ import annotations

import argparse
import datetime
import gzip
import json
import shutil
import sys
from pathlib import Path

import corpora

import webgist_host

REPO = Path(__file__).resolve().parents[1]
QUALITY = REPO / "tests" / "quality"
WCXB_SLICE, READABILITY_SLICE = QUALITY / "wcxb-slice", QUALITY / "readability-slice"
FLOORS = QUALITY / "floors.json"
BROWSER_FLOORS = QUALITY / "floors_browser.json"
SHARED = REPO.parent / "shared" / "bench"
PER_TYPE, READABILITY_PAGES = 4, 12
sys.path.insert(0, str(REPO / "tests"))
import quality_support  # noqa: E402  (the test's own scoring, checked against the scorer)


def even_steps(items: list, count: int) -> list:
    step = len(items) / count
    return [items[int(step * k + step / 2)] for k in range(count)]


def copy_wcxb(data: Path) -> None:
    by_type: dict[str, list[str]] = {}
    for page in corpora.wcxb_pages(data):
        truth = json.loads((data / "ground-truth" / f"{page.id}.json").read_text(encoding="utf-8"))
        if page.part == "validate" and (truth["ground_truth"].get("main_content") or "").strip():
            by_type.setdefault(page.page_type, []).append(page.id)
    shutil.rmtree(WCXB_SLICE, ignore_errors=True)
    (WCXB_SLICE / "html").mkdir(parents=True)
    (WCXB_SLICE / "ground-truth").mkdir()
    chosen = [i for _, ids in sorted(by_type.items()) for i in even_steps(ids, PER_TYPE)]
    for page_id in chosen:
        shutil.copy(data / "html" / f"{page_id}.html.gz", WCXB_SLICE / "html")
        record = json.loads((data / "ground-truth" / f"{page_id}.json").read_text(encoding="utf-8"))
        slim = {"url": record.get("url") or None,
                "page_type": record["_internal"]["page_type"]["primary"],
                "main_content": record["ground_truth"]["main_content"]}
        (WCXB_SLICE / "ground-truth" / f"{page_id}.json").write_text(
            json.dumps(slim, ensure_ascii=False, indent=1), encoding="utf-8")
    shutil.copy(data / "LICENSE", WCXB_SLICE / "LICENSE")
    (WCXB_SLICE / "README.md").write_text(
        "# WCXB slice\n\nA fixed slice of the development split of WCXB, the Web Content "
        "eXtraction Benchmark (Murrough Foley, 2026), CC-BY-4.0 (see LICENSE). Changes: only "
        f"{len(chosen)} pages ({PER_TYPE} per page type, at even steps through the ids of the "
        "validate part: sites whose host hashes outside the tune part, see bench/corpora.py) "
        "and, of each ground-truth record, only url, page type and main_content.\n"
        "Made by bench/make_quality_slice.py; read by tests/test_quality_gate.py.\n",
        encoding="utf-8")
    print(f"WCXB: {len(chosen)} validate pages -> {WCXB_SLICE}")


def copy_readability(data: Path, score_articles) -> None:
    chosen = even_steps(corpora.readability_pages(data), READABILITY_PAGES)
    shutil.rmtree(READABILITY_SLICE, ignore_errors=True)
    (READABILITY_SLICE / "pages").mkdir(parents=True)
    for page in chosen:
        source = Path(page.html_path).read_bytes()
        (READABILITY_SLICE / "pages" / f"{page.id}.html.gz").write_bytes(
            gzip.compress(source, mtime=0))
        reference = score_articles.expected_text(data / "pages" / page.id)
        (READABILITY_SLICE / "pages" / f"{page.id}.json").write_text(
            json.dumps({"url": None, "reference_text": reference}, ensure_ascii=False, indent=1),
            encoding="utf-8")
    for name in ("LICENSE.md", "NOTICE"):
        shutil.copy(data / name, READABILITY_SLICE / name)
    (READABILITY_SLICE / "README.md").write_text(
        "# readability-dev slice\n\nPages from the test suite of Mozilla Readability "
        "(Apache-2.0, see LICENSE.md and NOTICE). Changes: only "
        f"{len(chosen)} pages (at even steps through the sorted names); each page's "
        "source.html is gzipped as <name>.html.gz; of expected.html only its text is kept "
        "(<name>.json, `reference_text`: the text nodes joined by spaces, scripts and "
        "styles dropped), the reference the article scorer reads.\n"
        "Made by bench/make_quality_slice.py; read by tests/test_quality_gate.py.\n",
        encoding="utf-8")
    print(f"readability-dev: {len(chosen)} pages -> {READABILITY_SLICE}")


def slice_pages() -> list[tuple[str, str, str | None, str, str]]:
    """(slice, id, url, html, reference) for every page now in tests/quality."""
    pages = []
    for truth_file in sorted((WCXB_SLICE / "ground-truth").glob("*.json")):
        truth = json.loads(truth_file.read_text(encoding="utf-8"))
        html = corpora.read_html(str(WCXB_SLICE / "html" / f"{truth_file.stem}.html.gz"))
        pages.append(("wcxb", truth_file.stem, truth["url"], html, truth["main_content"]))
    for truth_file in sorted((READABILITY_SLICE / "pages").glob("*.json")):
        truth = json.loads(truth_file.read_text(encoding="utf-8"))
        html = corpora.read_html(str(READABILITY_SLICE / "pages" / f"{truth_file.stem}.html.gz"))
        pages.append(("readability", truth_file.stem, truth["url"], html, truth["reference_text"]))
    return pages


def record_floors(score_wcxb) -> None:
    floors: dict = {"wcxb": {}, "readability": {}}
    for slice_name, page_id, url, html, reference in slice_pages():
        markdown = webgist_host.convert(html, url=url, scope="main").markdown
        text, ours = score_wcxb.markdown_to_text(markdown), quality_support.markdown_words(markdown)
        if slice_name == "wcxb":
            expected, got = score_wcxb.wcxb_page(text, reference)[2], \
                quality_support.word_scores(ours, reference)[2]
        else:
            shingle = score_wcxb.zyte_page(text, reference)
            p, r = shingle["p"] or 0.0, shingle["r"] or 0.0
            expected = 2 * p * r / (p + r) if p and r else 0.0
            got = quality_support.shingle_scores(ours, reference)[2]
        if abs(expected - got) > 1e-9:
            sys.exit(f"tests/quality_support.py disagrees with the scorer on {slice_name} "
                     f"{page_id}: {got:.6f} vs {expected:.6f}; fix it before recording floors")
        floors[slice_name][page_id] = round(expected, 4)
    commit = corpora.engine_version(REPO)
    FLOORS.write_text(json.dumps({
        "recorded": {"commit": commit, "date": datetime.date.today().isoformat(),
                     "metric": {"wcxb": "word F1", "readability": "4-shingle F1 per page"}},
        "mean": {name: round(sum(scores.values()) / len(scores), 4)
                 for name, scores in floors.items()},
        **floors}, indent=1) + "\n", encoding="utf-8")
    for name, scores in floors.items():
        print(f"{name}: {len(scores)} pages, mean {sum(scores.values()) / len(scores):.3f}")
    print(f"floors -> {FLOORS}")


def record_browser_floors(runs: int = 2) -> None:
    import tempfile
    records = quality_support.slice_records(QUALITY)
    with tempfile.TemporaryDirectory() as work:
        readings = [quality_support.render_scores(records, Path(work) / str(k))
                    for k in range(runs)]
    tolerance = 0.05   # tests/test_quality_gate_browser.PAGE_TOLERANCE
    floors = {page: round(min(r[page] for r in readings), 4) for page in readings[0]}
    unsteady = sorted(page for page in floors
                      if max(r[page] for r in readings) - floors[page] > tolerance)
    BROWSER_FLOORS.write_text(json.dumps({
        "recorded": {"commit": corpora.engine_version(REPO),
                     "date": datetime.date.today().isoformat(),
                     "how": f"webgist batch --render 1, {runs} runs, the lower score"},
        "mean": round(sum(floors.values()) / len(floors), 4),
        "unsteady": unsteady,
        "pages": floors}, indent=1) + "\n", encoding="utf-8")
    print(f"browser: {len(floors)} pages, mean {sum(floors.values()) / len(floors):.3f}, "
          f"unsteady {unsteady or 'none'}")
    print(f"floors -> {BROWSER_FLOORS}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wcxb", type=Path, default=SHARED / "wcxb-dev")
    parser.add_argument("--readability", type=Path, default=SHARED / "readability-dev")
    parser.add_argument("--tools", type=Path, default=SHARED / "tools")
    parser.add_argument("--floors-only", action="store_true",
                        help="keep the copied pages; only re-record floors.json")
    parser.add_argument("--browser-floors", action="store_true",
                        help="keep the copied pages; only re-record floors_browser.json "
                             "(needs Chromium; about a minute)")
    args = parser.parse_args()
    if args.browser_floors:
        record_browser_floors()
        return 0
    score_wcxb, score_articles = corpora.load_scorers(args.tools)
    if not args.floors_only:
        copy_wcxb(args.wcxb)
        copy_readability(args.readability, score_articles)
    record_floors(score_wcxb)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
