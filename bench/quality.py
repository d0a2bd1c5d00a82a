#!/usr/bin/env python3
"""Quality and speed on both development corpora, webgist against trafilatura, one run.

    .venv/bin/python bench/quality.py [--jobs 2] [--limit N] [--no-url] [--no-peer]
    .venv/bin/python bench/quality.py --compare OLD.json [NEW.json]

Corpora (../shared/bench by default, see its README): the WCXB dev pages, scored with
tools/score_wcxb.py (word F1 per page, means overall and per page type), split by site
into tune and validate (corpora.site_part); and readability-dev, scored as
tools/score_articles.py does (4-shingle P/R and their F1, plus word F1). Nobody tunes
on readability-dev: it is reported as its own corpus, validate in spirit.

Each page is converted in one worker, back to back: a bare lxml parse, webgist's static
path (`convert(html, url=URL, scope="main")`) and `trafilatura.extract(html, url=URL,
output_format="markdown")`. The URL is the one the corpus records (see corpora.py);
`--no-url` passes None to both. Markdown goes to --out/<corpus>/<tool>/<id>.md, and
one rows file per run to --out/runs/ (summary cells and per-page scores), which
`--compare OLD [NEW]` reads: with one file it runs and compares the fresh run to it;
with two it only compares. A rule lands when webgist gains on WCXB tune and loses no
more than 0.001 overall on WCXB validate and on readability-dev.
"""
from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

import corpora

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "bench"
PARTS = ("tune", "validate", "all")
GATE = 0.001  # largest loss a rule may cost on validate and readability-dev


def score_wcxb(score_wcxb_module, data: Path, out: Path, pages: list, tools: list[str]):
    """Per-page rows and, per part, the scorer's own aggregates (overall and by type)."""
    truth = score_wcxb_module.load_wcxb(data, "dev")
    ids = [p.id for p in pages]
    part_ids = {"tune": [p.id for p in pages if p.part == "tune"],
                "validate": [p.id for p in pages if p.part == "validate"], "all": ids}
    cells: dict = {part: {} for part in PARTS}
    per_page: dict = {}
    for tool in tools:
        predictions, _ = score_wcxb_module.load_predictions(out / "wcxb" / tool, ids, "auto")
        for part, chosen in part_ids.items():
            result = score_wcxb_module.score_wcxb({i: truth[i] for i in chosen}, predictions)
            cells[part][tool] = {**_slim(result["overall"]),
                                 "by_type": {t: _slim(c) for t, c in result["by_type"].items()}}
            if part == "all":
                per_page[tool] = {r["id"]: {"f1": r["f1"], "p": r["p"], "r": r["r"]}
                                  for r in result["pages"]}
    return cells, per_page


def score_readability(score_wcxb_module, score_articles_module, data: Path, out: Path,
                      pages: list, tools: list[str]):
    """score_articles.py's metric, page by page, with its own functions."""
    references = {p.id: score_articles_module.expected_text(data / "pages" / p.id) for p in pages}
    cells: dict = {"validate": {}}
    per_page: dict = {}
    for tool in tools:
        rows = {}
        for page in pages:
            markdown = (out / "readability" / tool / f"{page.id}.md").read_text(encoding="utf-8")
            predicted = score_wcxb_module.markdown_to_text(markdown)
            shingle = score_wcxb_module.zyte_page(predicted, references[page.id])
            word_f1 = score_wcxb_module.wcxb_page(predicted, references[page.id])[2]
            page_f1 = (2 * shingle["p"] * shingle["r"] / (shingle["p"] + shingle["r"])
                       if shingle["p"] and shingle["r"] else 0.0)
            rows[page.id] = {**shingle, "f1": page_f1, "word_f1": word_f1}
        total = score_wcxb_module.zyte_aggregate(list(rows.values()))
        cells["validate"][tool] = {"n": len(rows), "f1": total["f1"], "precision": total["precision"],
                                   "recall": total["recall"],
                                   "word_f1": sum(r["word_f1"] for r in rows.values()) / len(rows)}
        per_page[tool] = rows
    return cells, per_page


def _slim(cell: dict) -> dict:
    return {key: cell[key] for key in ("n", "f1", "precision", "recall")}


def print_wcxb(cells: dict, pages: list) -> None:
    sites = {part: {corpora.site_of(p.url) for p in pages if p.part == part}
             for part in ("tune", "validate")}
    print(f"\n## WCXB dev: {len(pages)} pages; tune {sum(p.part == 'tune' for p in pages)} "
          f"({len(sites['tune'])} sites), validate {sum(p.part == 'validate' for p in pages)} "
          f"({len(sites['validate'])} sites), split by host hash")
    print("In-sample: the rules were tuned on all of WCXB dev until now, so tune and all are "
          "in-sample; validate is a partial guard until the rules are re-examined.\n")
    types = list(cells["all"]["webgist"]["by_type"])
    print("| part | tool | pages | F1 | P | R | " + " | ".join(types) + " |")
    print("|" + "---|" * (6 + len(types)))
    for part in PARTS:
        for tool, cell in cells[part].items():
            by_type = cell["by_type"]
            print(f"| {part} | {tool} | {cell['n']} | {cell['f1']:.3f} | {cell['precision']:.3f} | "
                  f"{cell['recall']:.3f} | "
                  + " | ".join(f"{by_type[t]['f1']:.3f} ({by_type[t]['n']})" if t in by_type else "-"
                               for t in types) + " |")


def print_readability(cells: dict) -> None:
    print("\n## readability-dev (its own corpus; nobody tunes on it: validate in spirit)\n")
    print("| tool | pages | shingle F1 | P | R | word F1 |")
    print("|---|---|---|---|---|---|")
    for tool, cell in cells["validate"].items():
        print(f"| {tool} | {cell['n']} | {cell['f1']:.3f} | {cell['precision']:.3f} | "
              f"{cell['recall']:.3f} | {cell['word_f1']:.3f} |")


def print_worst(per_page: dict, count: int) -> None:
    webgist, peer = per_page.get("webgist", {}), per_page.get("trafilatura", {})
    worst = sorted(webgist, key=lambda i: webgist[i]["f1"])[:count]
    print(f"\nreadability-dev, webgist's {count} worst pages by shingle F1 (trafilatura beside):")
    for page in worst:
        mine = webgist[page]
        theirs = f"  trafilatura {peer[page]['f1']:.2f}" if page in peer else ""
        print(f"  {page:42s} F1 {mine['f1']:.2f}  P {mine['p'] or 0:.2f}  R {mine['r'] or 0:.2f}"
              + theirs)


def print_deltas(old: dict, new: dict, column: str = "tool") -> None:
    """A Markdown table of two runs' F1 (`summary`: corpus -> part -> tool or path ->
    cell), a row per cell both runs have, with each page type's delta."""
    print(f"| corpus | part | {column} | pages old/new | F1 old | F1 new | delta | per type delta |")
    print("|---|---|---|---|---|---|---|---|")
    for corpus, parts in new.items():
        for part, cells in parts.items():
            for name, cell in cells.items():
                before = old.get(corpus, {}).get(part, {}).get(name)
                if not before:
                    continue
                types = " ".join(f"{t} {c['f1'] - before['by_type'][t]['f1']:+.3f}"
                                 for t, c in cell.get("by_type", {}).items()
                                 if t in before.get("by_type", {}))
                print(f"| {corpus} | {part} | {name} | {before['n']}/{cell['n']} | "
                      f"{before['f1']:.4f} | {cell['f1']:.4f} | {cell['f1'] - before['f1']:+.4f} | "
                      f"{types} |")


def compare(old_path: Path, new_path: Path) -> None:
    old, new = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (old_path, new_path))
    def label(run: dict) -> str:
        return f"{run['meta']['commit']}, URL {'passed' if run['meta']['url'] else 'not passed'}"
    print(f"\n## new - old: {new_path} ({label(new)}) vs {old_path} ({label(old)})\n")
    print_deltas(old["summary"], new["summary"])
    verdict = _gate(old["summary"], new["summary"])
    if verdict:
        print("\n" + verdict)
    moved = [(corpus, page, rows[page]["f1"] - old["pages"][corpus]["webgist"][page]["f1"])
             for corpus, per_tool in new["pages"].items()
             for rows in [per_tool.get("webgist", {})] for page in rows
             if page in old["pages"].get(corpus, {}).get("webgist", {})]
    moved = sorted((m for m in moved if abs(m[2]) >= 0.01), key=lambda m: m[2])
    print(f"\nwebgist pages that moved by 0.01 or more: {len(moved)}")
    for corpus, page, delta in moved if len(moved) <= 20 else moved[:10] + moved[-10:]:
        print(f"  {corpus:11s} {page:42s} {delta:+.3f}")


def _gate(old: dict, new: dict) -> str:
    """The landing rule, for webgist: gains on tune, <= GATE loss on validate and readability."""
    try:
        delta = {name: new[c][p]["webgist"]["f1"] - old[c][p]["webgist"]["f1"]
                 for name, c, p in (("tune", "wcxb", "tune"), ("validate", "wcxb", "validate"),
                                    ("readability-dev", "readability", "validate"))}
    except KeyError:
        return ""
    ok = delta["tune"] > 0 and delta["validate"] >= -GATE and delta["readability-dev"] >= -GATE
    return ("landing rule (gain on tune, lose <= 0.001 on validate and readability-dev): "
            + ("met" if ok else "NOT met") + "; "
            + ", ".join(f"{name} {value:+.4f}" for name, value in delta.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wcxb", type=Path, default=SHARED / "wcxb-dev", help="wcxb-dev folder")
    parser.add_argument("--readability", type=Path, default=SHARED / "readability-dev",
                        help="readability-dev folder")
    parser.add_argument("--tools", type=Path, default=SHARED / "tools",
                        help="folder of score_wcxb.py and score_articles.py")
    parser.add_argument("--out", type=Path, default=Path("bench-out/quality"))
    parser.add_argument("--limit", type=int, help="an evenly spread sample of N pages per corpus")
    parser.add_argument("--scope", default="main", choices=("main", "page"))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--no-peer", action="store_true", help="skip trafilatura")
    parser.add_argument("--no-url", action="store_true", help="pass url=None to both tools")
    parser.add_argument("--worst", type=int, default=10, help="readability-dev pages to list")
    parser.add_argument("--compare", type=Path, nargs="+", metavar="ROWS_JSON",
                        help="OLD [NEW]: compare a fresh run (or NEW) with OLD")
    args = parser.parse_args(argv)
    if args.compare and len(args.compare) > 2:
        parser.error("--compare takes OLD or OLD NEW")
    if args.compare and len(args.compare) == 2:
        compare(*args.compare)
        return 0

    score_wcxb_module, score_articles_module = corpora.load_scorers(args.tools)
    with_peer = corpora.trafilatura is not None and not args.no_peer
    tools = ["webgist"] + (["trafilatura"] if with_peer else [])
    wcxb = corpora.wcxb_pages(args.wcxb, args.limit)
    readability = corpora.readability_pages(args.readability, args.limit)
    for corpus in ("wcxb", "readability"):
        corpora.empty_output_folders(args.out / corpus)

    jobs = [(page, str(args.out / page.corpus), args.scope, with_peer, not args.no_url)
            for page in wcxb + readability]
    timings = corpora.convert_all(jobs, args.jobs)
    for row in [r for r in timings if r["error"]][:10]:
        print(f"error on {row['corpus']} {row['id']}: {row['error']}", file=sys.stderr)

    wcxb_cells, wcxb_pages = score_wcxb(score_wcxb_module, args.wcxb, args.out, wcxb, tools)
    read_cells, read_pages = score_readability(score_wcxb_module, score_articles_module,
                                               args.readability, args.out, readability, tools)
    commit = corpora.engine_version(REPO)
    print(f"# webgist {commit}, scope={args.scope}, URL passed: {'no' if args.no_url else 'yes'}, "
          f"errors: {sum(bool(r['error']) for r in timings)}")
    print_wcxb(wcxb_cells, wcxb)
    print_readability(read_cells)
    print_worst(read_pages, args.worst)
    speed = {}
    for corpus, label in (("wcxb", "WCXB dev"), ("readability", "readability-dev")):
        speed[corpus] = corpora.summarise_speed([r for r in timings if r["corpus"] == corpus])
        print(f"\nspeed, {label}:\n  " + "\n  ".join(speed[corpus]))

    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    rows_path = args.out / "runs" / f"{stamp}-{commit}{'-nourl' if args.no_url else ''}.json"
    rows_path.parent.mkdir(parents=True, exist_ok=True)
    rows_path.write_text(json.dumps({
        "meta": {"commit": commit, "date": stamp, "scope": args.scope, "url": not args.no_url,
                 "limit": args.limit},
        "summary": {"wcxb": wcxb_cells, "readability": read_cells},
        "pages": {"wcxb": wcxb_pages, "readability": read_pages},
        "parts": {p.id: p.part for p in wcxb},
        "speed": speed}, indent=1), encoding="utf-8")
    print(f"\nrows: {rows_path}")
    if args.compare:
        compare(args.compare[0], rows_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
