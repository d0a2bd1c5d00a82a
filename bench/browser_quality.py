#!/usr/bin/env python3
"""Quality of the browser path: pages rendered in headless Chromium, scored like bench/quality.py.

    # once (Chromium; ~10 min for --every 5 with two browsers): render and save
    PYTHONPATH=host .venv/bin/python bench/browser_quality.py capture --every 5 --jobs 2 \\
        --out bench-out/browser-captures
    # at each revision (~1-2 min): replay the engine over the saved captures and score
    PYTHONPATH=host .venv/bin/python bench/browser_quality.py score \\
        --captures bench-out/browser-captures --out bench-out/browser-quality --jobs 2
    PYTHONPATH=host .venv/bin/python bench/browser_quality.py --compare OLD.json NEW.json

What extension users get is the browser path: the page drawn in Chromium, collect.js
measuring every box, the engine reading boxes and reading order. `capture` renders the
WCXB dev pages (all, --every N or --limit N) and the readability-dev pages exactly as
`webgist batch --render` does: the batch's own row code (batch/rows.py convert_file)
with its own renderer (batch/render.py PageRenderer: same flags, viewport, settle, no
host name resolving), and the batch's options for its default --page-timeout. It saves
one gzipped JSON per page: the decoded page, collect.js's result (or why the browser
could not render it), and the batch's own row as it came out at capture time.

`score` (the default) replays the engine that is on PYTHONPATH over the saved captures
through the same batch code, a saved capture standing in for the browser (so the static
fallbacks for a page the browser could not render, or drew empty, are the batch's), and
reads the same pages statically as bench/quality.py does. Both are scored with the
shared scorers (--tools): WCXB word F1 overall, by part (tune/validate, quality.py's
split by site) and by page type; readability-dev 4-shingle F1 with P and R. A run JSON
goes to --out/runs/, which `--compare OLD [NEW]` reads as quality.py's does (the landing
rule applies to the browser rows). `verify` replays as the batch did (no URL) and checks
each page's Markdown against the row saved at capture time (all must match while the
engine is the one that captured), or against the rows of a `webgist batch --render` run
(--rows; a second rendering can draw some pages differently).

The pages are saved pages read offline: most link style sheets that cannot load, so
Chromium draws them unstyled (docs/batch.md, "Session 14"). The figures measure the
engine on those drawings, not on what a reader of the live page sees.
"""
from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import corpora
import quality
from browser_captures import capture_path, read_capture, render_pages, replay_row, verify

import webgist_host
from webgist_host.cli.browser import BrowserError, find_browser

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "bench"
# The checkout whose engine runs (whatever webgist_host is on PYTHONPATH): its commit
# names the run.
ENGINE_REPO = Path(webgist_host.__file__).resolve().parents[2]
CAPTURES = Path("bench-out/browser-captures")
CORPORA = ("wcxb", "readability")
PATHS = ("browser", "static")      # the two readings of each page, scored side by side
MOVED = 0.01                       # a page moved when its F1 changed by this much


# ---- capture ---------------------------------------------------------------------------

def select_pages(args) -> list[corpora.Page]:
    """The corpus pages a command works on (Page records of bench/corpora.py)."""
    pages = []
    if "wcxb" in args.corpus:
        _require(args.wcxb / "ground-truth", "the WCXB dev folder (--wcxb)")
        wcxb = corpora.wcxb_pages(args.wcxb)
        pages += corpora.spread(wcxb[::args.every], args.limit)
    if "readability" in args.corpus:
        _require(args.readability / "pages", "the readability-dev folder (--readability)")
        pages += corpora.readability_pages(args.readability, args.limit)
    if args.ids:
        pages = [p for p in pages if p.id in set(args.ids)]
        missing = set(args.ids) - {p.id for p in pages}
        if missing:
            sys.exit(f"not pages of the corpora chosen: {', '.join(sorted(missing))}")
    return pages


def capture(args) -> int:
    try:
        find_browser()
    except BrowserError as exc:
        # The CLI's hint ends with its --static way out, which a capture does not have.
        sys.exit(f"capture needs Chromium and chromedriver: {str(exc).split('. ')[0]}. On "
                 "Debian or Ubuntu: apt-get install chromium chromium-driver fonts-dejavu-core "
                 "fonts-liberation, or point WEBGIST_CHROMIUM and WEBGIST_CHROMEDRIVER at the "
                 "binaries. (`score` replays saved captures and needs no browser.)")
    pages = select_pages(args)
    todo = [p for p in pages if args.force or not capture_path(args.out, p).exists()]
    for corpus in CORPORA:
        (args.out / corpus).mkdir(parents=True, exist_ok=True)
    print(f"{len(pages)} pages, {len(pages) - len(todo)} captured already "
          f"(--force renders them again); rendering {len(todo)} with {args.jobs} browser(s) "
          f"into {args.out}", file=sys.stderr)
    if not todo:
        return 0
    render_pages(todo, args.out, args.jobs, corpora.engine_version(ENGINE_REPO))
    records = [read_capture(capture_path(args.out, p)) for p in todo]
    print(f"captured {len(records)} pages: {sum(r['capture'] is None for r in records)} "
          "not rendered (the batch reads those without the browser)", file=sys.stderr)
    return 0


# ---- replay and score --------------------------------------------------------------------

def _replay_job(job: tuple) -> dict:
    """Worker: one page read both ways; Markdown to --out/<corpus>/<path>/<id>.md."""
    capture_file, page, pass_url, out = job
    record = read_capture(Path(capture_file))
    url = page.url if pass_url else None
    started = time.perf_counter()
    row = replay_row(record, url)
    browser_ms = (time.perf_counter() - started) * 1000
    static = corpora.convert_timed(corpora.read_html(page.html_path), url, "main", False)
    folder = Path(out) / page.corpus
    (folder / "browser" / f"{page.id}.md").write_text(row["markdown"] or "", encoding="utf-8")
    (folder / "static" / f"{page.id}.md").write_text(static["webgist_md"], encoding="utf-8")
    notes = " ".join(row.get("notes") or ())
    return {"corpus": page.corpus, "id": page.id, "error": row["error"],
            "rendered": record["capture"] is not None,
            "fallback": "read without the browser" in notes,
            "browser_ms": browser_ms, "static_ms": static["webgist_ms"],
            "engine_at_capture": record["engine"], "chromium": record.get("chromium")}


def captured_pages(args) -> list[tuple[Path, corpora.Page]]:
    """(capture file, corpus Page) for every capture in --captures, in corpus order."""
    if not args.captures.is_dir() or not any(args.captures.glob("*/*.json.gz")):
        sys.exit(f"no captures in {args.captures}: make them once with\n"
                 f"  PYTHONPATH=host .venv/bin/python bench/browser_quality.py capture "
                 f"--every 5 --jobs 2 --out {args.captures}\n(needs Chromium), or point "
                 "--captures at a folder made earlier")
    found: list[tuple[Path, corpora.Page]] = []
    for corpus, pages in (("wcxb", lambda: corpora.wcxb_pages(args.wcxb)),
                          ("readability", lambda: corpora.readability_pages(args.readability))):
        files = sorted((args.captures / corpus).glob("*.json.gz"))
        if not files:
            continue
        _require(args.wcxb / "ground-truth" if corpus == "wcxb" else args.readability / "pages",
                 f"the {corpus} corpus its captures were made from")
        by_id = {p.id: p for p in pages()}
        unknown = [f.name for f in files if f.name.removesuffix(".json.gz") not in by_id]
        if unknown:
            sys.exit(f"{len(unknown)} captures in {args.captures / corpus} are not pages of "
                     f"the corpus given (e.g. {unknown[0]}): check --wcxb / --readability")
        found += [(f, by_id[f.name.removesuffix(".json.gz")]) for f in files]
    return found


def score(args) -> int:
    if args.compare and len(args.compare) == 2:
        compare(*args.compare)
        return 0
    if not (args.tools / "score_wcxb.py").exists():
        sys.exit(f"the shared scorers are not in {args.tools} (score_wcxb.py, "
                 "score_articles.py): point --tools at ../shared/bench/tools")
    score_wcxb, score_articles = corpora.load_scorers(args.tools)
    work = captured_pages(args)
    for corpus in CORPORA:
        for path in PATHS:
            folder = args.out / corpus / path
            folder.mkdir(parents=True, exist_ok=True)
            for stale in folder.glob("*.md"):
                stale.unlink()
    jobs = [(str(f), page, not args.no_url, str(args.out)) for f, page in work]
    rows = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for done, row in enumerate(pool.map(_replay_job, jobs, chunksize=4), 1):
            rows.append(row)
            if done % 50 == 0 or done == len(jobs):
                print(f"\r{done}/{len(jobs)} pages replayed", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)

    pages = {c: [p for _, p in work if p.corpus == c] for c in CORPORA}
    summary, per_page = {}, {}
    if pages["wcxb"]:
        summary["wcxb"], per_page["wcxb"] = quality.score_wcxb(
            score_wcxb, args.wcxb, args.out, pages["wcxb"], list(PATHS))
    if pages["readability"]:
        summary["readability"], per_page["readability"] = quality.score_readability(
            score_wcxb, score_articles, args.readability, args.out, pages["readability"],
            list(PATHS))
    commit = corpora.engine_version(ENGINE_REPO)
    capture_engines = Counter(r["engine_at_capture"] for r in rows)
    print(f"# webgist {commit}, browser path replayed from {args.captures} (captured by "
          + ", ".join(f"{e} x{n}" for e, n in capture_engines.items())
          + f"), URL passed: {'no' if args.no_url else 'yes'}")
    print(f"pages: {len(rows)}; not rendered at capture {sum(not r['rendered'] for r in rows)}, "
          f"read without the browser (the batch's fallbacks) {sum(r['fallback'] for r in rows)}, "
          f"errors {sum(bool(r['error']) for r in rows)}")
    if "wcxb" in summary:
        print_wcxb(summary["wcxb"], pages["wcxb"])
    if "readability" in summary:
        print_readability(summary["readability"])
    for corpus in summary:
        print_gaps(corpus, per_page[corpus], args.worst)
    speed = engine_speed(rows)
    print("\nengine time: " + speed)

    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    rows_path = args.out / "runs" / f"{stamp}-{commit}{'-nourl' if args.no_url else ''}.json"
    rows_path.parent.mkdir(parents=True, exist_ok=True)
    rows_path.write_text(json.dumps({
        "meta": {"commit": commit, "date": stamp, "url": not args.no_url,
                 "captures": str(args.captures.resolve()),
                 "engine_at_capture": dict(capture_engines),
                 "chromium": dict(Counter(str(r["chromium"]) for r in rows)),
                 "not_rendered": sorted(_name(r) for r in rows if not r["rendered"]),
                 "fallback": sorted(_name(r) for r in rows if r["fallback"])},
        "summary": summary, "pages": per_page,
        "parts": {p.id: p.part for p in pages["wcxb"]}, "speed": speed}, indent=1),
        encoding="utf-8")
    print(f"\nrows: {rows_path}")
    if args.compare:
        compare(args.compare[0], rows_path)
    return 0


def _name(row: dict) -> str:
    return f"{row['corpus']}/{row['id']}"


def print_wcxb(cells: dict, pages: list) -> None:
    tune = sum(p.part == "tune" for p in pages)
    print(f"\n## WCXB dev, {len(pages)} pages (tune {tune}, validate {len(pages) - tune}; "
          "quality.py's split by site)\n")
    types = sorted(cells["all"]["browser"]["by_type"],
                   key=lambda t: -cells["all"]["browser"]["by_type"][t]["n"])
    print("| part | path | pages | F1 | P | R | " + " | ".join(types) + " |")
    print("|" + "---|" * (6 + len(types)))
    for part in quality.PARTS:
        for path, cell in cells[part].items():
            by_type = cell["by_type"]
            print(f"| {part} | {path} | {cell['n']} | {cell['f1']:.4f} | {cell['precision']:.3f} | "
                  f"{cell['recall']:.3f} | "
                  + " | ".join(f"{by_type[t]['f1']:.3f} ({by_type[t]['n']})" if t in by_type
                               else "-" for t in types) + " |")


def print_readability(cells: dict) -> None:
    print("\n## readability-dev (nobody tunes on it)\n")
    print("| path | pages | shingle F1 | P | R | word F1 |")
    print("|---|---|---|---|---|---|")
    for path, cell in cells["validate"].items():
        print(f"| {path} | {cell['n']} | {cell['f1']:.4f} | {cell['precision']:.3f} | "
              f"{cell['recall']:.3f} | {cell['word_f1']:.3f} |")


def print_gaps(corpus: str, per_page: dict, count: int) -> None:
    browser, static = per_page["browser"], per_page["static"]
    gaps = sorted(browser, key=lambda i: browser[i]["f1"] - static[i]["f1"])
    below = sum(browser[i]["f1"] < static[i]["f1"] - 0.05 for i in gaps)
    above = sum(browser[i]["f1"] > static[i]["f1"] + 0.05 for i in gaps)
    print(f"\n{corpus}: browser below static by 0.05+ on {below} pages, above on {above}; "
          f"furthest below (at most {count}):")
    for page in gaps[:count]:
        if browser[page]["f1"] < static[page]["f1"]:
            print(f"  {page:42s} browser {browser[page]['f1']:.3f}  "
                  f"static {static[page]['f1']:.3f}")


def engine_speed(rows: list[dict]) -> str:
    """The engine's time with the capture against the static read (the browser's own
    time is not in a replay); a median ratio, never one absolute time."""
    timed = [r for r in rows if r["browser_ms"] > 0 and r["static_ms"] > 0 and r["rendered"]]
    if not timed:
        return "no rendered pages timed"
    return (f"median per-page ratio, browser path (replay of the capture) / static: "
            f"{statistics.median(r['browser_ms'] / r['static_ms'] for r in timed):.2f} "
            f"over {len(timed)} rendered pages")


# ---- compare ------------------------------------------------------------------

def compare(old_path: Path, new_path: Path) -> None:
    old, new = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (old_path, new_path))

    def label(run: dict) -> str:
        return f"{run['meta']['commit']}, URL {'passed' if run['meta']['url'] else 'not passed'}"
    print(f"\n## new - old: {new_path} ({label(new)}) vs {old_path} ({label(old)})\n")
    if old["meta"].get("captures") != new["meta"].get("captures"):
        print(f"(different captures: {old['meta'].get('captures')} and "
              f"{new['meta'].get('captures')}; rendering differs too)\n")
    if any(set(old["pages"].get(c, {}).get("browser", {})) != set(per_path.get("browser", {}))
           for c, per_path in new["pages"].items()):
        print("(the runs cover different pages: the deltas mix pages and engines)\n")
    quality.print_deltas(old["summary"], new["summary"], column="path")
    # quality.py's landing rule, read on the browser rows.
    as_webgist = [{c: {p: {"webgist": t["browser"]} for p, t in parts.items() if "browser" in t}
                   for c, parts in run["summary"].items()} for run in (old, new)]
    verdict = quality._gate(*as_webgist)
    if verdict:
        print("\nbrowser path, " + verdict)
    for path in PATHS:
        moved = sorted(((corpus, page, rows[page]["f1"] - old["pages"][corpus][path][page]["f1"])
                        for corpus, per_path in new["pages"].items()
                        for rows in [per_path.get(path, {})] for page in rows
                        if page in old["pages"].get(corpus, {}).get(path, {})),
                       key=lambda m: m[2])
        moved = [m for m in moved if abs(m[2]) >= MOVED]
        print(f"\n{path} pages that moved by {MOVED} or more: {len(moved)}")
        for corpus, page, delta in moved if len(moved) <= 20 else moved[:10] + moved[-10:]:
            print(f"  {corpus:11s} {page:42s} {delta:+.3f}")


# ---- command line ------------------------------------------------------------------------

def _require(path: Path, what: str) -> None:
    if not path.exists():
        sys.exit(f"{path} not found: {what}. The corpora are in ../shared/bench "
                 "(see its README); point --wcxb / --readability at them")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bench/browser_quality.py", description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", metavar="{capture,score,verify}")

    def corpus_options(sub) -> None:
        sub.add_argument("--wcxb", type=Path, default=SHARED / "wcxb-dev",
                         help="WCXB dev folder (default ../shared/bench/wcxb-dev)")
        sub.add_argument("--readability", type=Path, default=SHARED / "readability-dev",
                         help="readability-dev folder (default ../shared/bench/readability-dev)")

    cap = commands.add_parser("capture", help="render the corpus pages in Chromium and save "
                              "each capture (once; needs Chromium)")
    corpus_options(cap)
    cap.add_argument("--out", type=Path, default=CAPTURES,
                     help=f"captures folder (default {CAPTURES}); pages captured already are "
                          "kept, so an interrupted run continues")
    cap.add_argument("--corpus", choices=("wcxb", "readability", "both"), default="both")
    cap.add_argument("--every", type=int, default=1, metavar="N",
                     help="every Nth WCXB dev page in ID order, from the first (5: the 296-page "
                          "sample docs/batch.md reports)")
    cap.add_argument("--limit", type=int, metavar="N",
                     help="an evenly spread N pages per corpus (after --every)")
    cap.add_argument("--ids", nargs="+", metavar="ID",
                     help="only these pages (WCXB IDs such as 0001, readability-dev names)")
    cap.add_argument("--jobs", type=int, default=1, metavar="N",
                     help="browsers rendering at once (default 1; the machine is shared)")
    cap.add_argument("--force", action="store_true", help="render pages captured already again")

    run = commands.add_parser("score", help="replay the engine over the captures and score "
                              "it, with the static path on the same pages (the default)")
    corpus_options(run)
    run.add_argument("--captures", type=Path, default=CAPTURES,
                     help=f"captures folder (default {CAPTURES})")
    run.add_argument("--tools", type=Path, default=SHARED / "tools",
                     help="folder of score_wcxb.py and score_articles.py "
                          "(default ../shared/bench/tools)")
    run.add_argument("--out", type=Path, default=Path("bench-out/browser-quality"),
                     help="Markdown and runs/ go here (default bench-out/browser-quality)")
    run.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes")
    run.add_argument("--no-url", action="store_true",
                     help="pass url=None to both paths, as `webgist batch` does for saved "
                          "pages (default: the corpus URL, as quality.py and the extension)")
    run.add_argument("--worst", type=int, default=10,
                     help="pages furthest below static to list, per corpus")
    run.add_argument("--compare", type=Path, nargs="+", metavar="RUN_JSON",
                     help="OLD [NEW]: compare a fresh run (or NEW) with OLD")

    check = commands.add_parser("verify", help="replay as the batch did and check each page "
                                "against the batch row saved at capture")
    check.add_argument("--captures", type=Path, default=CAPTURES)
    check.add_argument("--rows", type=Path, nargs="+", metavar="ROWS_JSONL",
                       help="compare with these `webgist batch --render` rows instead (pages "
                            "matched by file name), made with the same engine")
    check.add_argument("--jobs", type=int, default=1, metavar="N")
    check.add_argument("--show", type=int, default=10, help="differing pages to name")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in ("capture", "score", "verify", "-h", "--help"):
        argv.insert(0, "score")
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "jobs", 1) < 1:
        parser.error("--jobs must be at least 1")
    if args.command == "capture":
        if args.every < 1 or (args.limit is not None and args.limit < 1):
            parser.error("--every and --limit must be at least 1")
        args.corpus = CORPORA if args.corpus == "both" else (args.corpus,)
        return capture(args)
    if args.command == "verify":
        return verify(args.captures, args.rows, args.jobs, args.show,
                      corpora.engine_version(ENGINE_REPO))
    if args.compare and len(args.compare) > 2:
        parser.error("--compare takes OLD or OLD NEW")
    return score(args)


if __name__ == "__main__":
    sys.exit(main())
