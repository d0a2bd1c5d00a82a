#!/usr/bin/env python3
"""Held-out articles from public test suites: webgist against trafilatura, 4-shingle F1.

    .venv/bin/python bench/heldout_articles.py --data DIR [--tools TOOLS] [--out OUT]
        [--json rows.json] [--jobs 2]

DIR holds manifest.json (bench/heldout_manifest.json is a copy: where each page and
its reference text came from, its language, site and probe/check half) and, per page,
<source>/<id>.html with <source>/<id>.txt, the reference article text. The pages are
not in the repository; the manifest says how to fetch them again.

Each page is converted as bench/quality.py does (corpora.convert_timed: webgist's
static path `convert(html, url=URL, scope="main")`, trafilatura's
`extract(html, url=URL, output_format="markdown")`) and scored with
tools/score_wcxb.py's own functions, as quality.py scores readability-dev: Markdown
reduced to words (markdown_to_text), 4-shingle precision and recall per page
(zyte_page), means over pages and their F1 (zyte_aggregate).

Printed: F1/P/R of both tools per source, per language, per half and overall, then the
pages where webgist's shingle F1 trails trafilatura's by TRAIL or more, or is below
LOW. The *check* half is for scoring only; rules may be read from the probe half.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import corpora

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "bench"
TOOLS = ("webgist", "trafilatura")
TRAIL = 0.05  # per-page F1 gap to trafilatura worth a look
LOW = 0.8     # per-page F1 worth a look whatever the peer scored


def load_pages(data: Path) -> list[tuple[corpora.Page, dict]]:
    """(Page, manifest entry) for every manifest entry whose two files are present."""
    entries = json.loads((data / "manifest.json").read_text(encoding="utf-8"))["pages"]
    pages = []
    for entry in entries:
        html = data / entry["source"] / f"{entry['id']}.html"
        if not html.exists() or not html.with_suffix(".txt").exists():
            print(f"missing files for {entry['source']}/{entry['id']}", file=sys.stderr)
            continue
        page_id = f"{entry['source']}--{entry['id']}"
        pages.append((corpora.Page("heldout", page_id, entry.get("url") or None,
                                   entry["source"], entry["half"], str(html)), entry))
    return pages


def score_pages(score_wcxb, pages, out: Path) -> dict:
    """{page id: {tool: shingle row with its own F1}}, as quality.score_readability."""
    rows: dict = {}
    for page, _ in pages:
        reference = Path(page.html_path).with_suffix(".txt").read_text(encoding="utf-8")
        rows[page.id] = {}
        for tool in TOOLS:
            markdown = (out / tool / f"{page.id}.md").read_text(encoding="utf-8")
            shingle = score_wcxb.zyte_page(score_wcxb.markdown_to_text(markdown), reference)
            p, r = shingle["p"], shingle["r"]
            rows[page.id][tool] = {**shingle, "f1": 2 * p * r / (p + r) if p and r else 0.0}
    return rows


def print_groups(score_wcxb, title: str, key, pages, rows) -> None:
    groups = defaultdict(list)
    for page, entry in pages:
        groups[key(entry)].append(page.id)
    print(f"\n## {'overall' if title == 'all' else 'per ' + title}\n")
    print(f"| {title} | pages | sites | webgist F1 (P / R) | trafilatura F1 (P / R) |")
    print("|---|---:|---:|---|---|")
    sites = {page.id: entry["site"] for page, entry in pages}
    for name in sorted(groups):
        ids = groups[name]
        cells = []
        for tool in TOOLS:
            total = score_wcxb.zyte_aggregate([rows[i][tool] for i in ids])
            cells.append(f"{total['f1']:.3f} ({total['precision']:.3f} / {total['recall']:.3f})")
        print(f"| {name} | {len(ids)} | {len({sites[i] for i in ids})} | {cells[0]} | {cells[1]} |")


def print_trailing(pages, rows) -> None:
    print(f"\n## pages where webgist trails trafilatura by >= {TRAIL} or scores < {LOW}\n")
    print("| page | half | lang | webgist F1 (P / R) | trafilatura F1 |")
    print("|---|---|---|---|---|")
    for page, entry in sorted(pages, key=lambda pe: rows[pe[0].id]["webgist"]["f1"]):
        ours, theirs = rows[page.id]["webgist"], rows[page.id]["trafilatura"]
        if theirs["f1"] - ours["f1"] >= TRAIL or ours["f1"] < LOW:
            print(f"| {page.id} | {entry['half']} | {entry['language']} | {ours['f1']:.2f} "
                  f"({ours['p'] or 0:.2f} / {ours['r'] or 0:.2f}) | {theirs['f1']:.2f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="folder with manifest.json")
    parser.add_argument("--tools", type=Path, default=SHARED / "tools",
                        help="folder of score_wcxb.py")
    parser.add_argument("--out", type=Path, default=Path("bench-out/heldout"))
    parser.add_argument("--json", type=Path, help="write per-page rows here")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)
    if corpora.trafilatura is None:
        parser.error("trafilatura is not installed (pip install -e '.[bench]')")

    score_wcxb, _ = corpora.load_scorers(args.tools)
    pages = load_pages(args.data)
    corpora.empty_output_folders(args.out)
    timings = corpora.convert_all([(page, str(args.out), "main", True, True)
                                   for page, _ in pages], args.jobs)
    for row in [r for r in timings if r["error"]]:
        print(f"error on {row['id']}: {row['error']}", file=sys.stderr)
    rows = score_pages(score_wcxb, pages, args.out)

    print(f"# webgist {corpora.engine_version(REPO)}, {len(pages)} pages, "
          f"{len({e['site'] for _, e in pages})} sites, errors: "
          f"{sum(bool(r['error']) for r in timings)}")
    for title, key in (("source", lambda e: e["source"]), ("language", lambda e: e["language"]),
                       ("half", lambda e: e["half"]), ("all", lambda e: "all")):
        print_groups(score_wcxb, title, key, pages, rows)
    print_trailing(pages, rows)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
