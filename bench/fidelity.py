#!/usr/bin/env python3
"""Structural fidelity of webgist's Markdown against Markdown written by other projects.

    .venv/bin/python bench/fidelity.py [--data ../shared/bench/fidelity] \
        [--score-tool ../shared/bench/tools/score_md.py] [--sets defuddle,turndown,...] \
        [--scope main] [--limit N] [--jobs 4] [--out bench-out/fidelity]

Sets (all by default):
  defuddle          fidelity/defuddle: html/<name>.html converted with the URL from
                    meta/<name>.json and --scope (main by default), against expected/<name>.md
  turndown          fidelity/turndown/cases.jsonl, the cases with default `options`:
                    each case's input_html converted with scope="page", against expected_md
  turndown-options  the cases with non-default turndown `options`, scored apart (webgist
                    has no equivalent of most of them; they are converted with webgist's
                    defaults, and the scorer ignores the style choices they select)
  html-to-markdown  fidelity/html-to-markdown: html/<name>.html with scope="page" against
                    expected/<name>.md
  project           the project's own hand-written fixtures, scope="page":
                    tests/pages/<name>/page.html + expected.md (an optional options.json
                    there gives url, scope and options, as for tests/test_fixtures.py), and the older tests/fixtures/<name>.html
                    + <name>.md pairs where no directory of the same name exists

Every prediction is written to --out/<set>/pred/<name>.md (and the gold it was scored
against to --out/<set>/gold/ when the gold is not already a file), then scored item by item
with score_md.py, loaded from --score-tool: the repository never depends on ../shared,
only this script reads it, through these path arguments. score_md.py needs
markdown-it-py and mdit-py-plugins: `pip install -e '.[bench]'`.

Printed per set: score_md's headline (block F1 and friends, macro over fixtures), its
per-kind table (strict and loose P/R/F1, micro over items), and the share of expected
code blocks that name a language for which webgist wrote that language. A summary across
sets closes the run.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "host"))

import webgist_host  # noqa: E402

SETS = ("defuddle", "turndown", "turndown-options", "html-to-markdown", "project")
# The kinds shown in the closing summary, in the scorer's own names.
SUMMARY_KINDS = ("heading", "paragraph", "list_item", "code", "table", "table_cell", "image",
                 "link", "emphasis", "inline_code", "math", "footnote", "blockquote")


@dataclass
class Case:
    name: str
    html_path: str | None = None     # read by the worker, or
    html: str | None = None          # given inline (turndown)
    gold_path: str | None = None     # scored against this file, or
    gold: str | None = None          # this text (written under --out/<set>/gold)
    url: str | None = None
    title: str | None = None         # the scorer's title tolerance (defuddle meta)
    scope: str = "page"
    options: dict = field(default_factory=dict)


# ------------------------------------------------------------------ the sets

def defuddle_cases(data: Path, scope: str) -> list[Case]:
    root = data / "defuddle"
    cases = []
    for html in sorted((root / "html").glob("*.html")):
        name = html.stem
        meta_path = root / "meta" / f"{name}.json"
        meta = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.exists() else {}
        cases.append(Case(name, html_path=str(html), gold_path=str(root / "expected" / f"{name}.md"),
                          url=meta.get("url") or None, title=meta.get("title") or None,
                          scope=scope))
    return cases


def turndown_cases(data: Path, with_options: bool) -> list[Case]:
    cases = []
    for line in (data / "turndown" / "cases.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if bool(row.get("options")) != with_options:
            continue
        cases.append(Case(row["id"], html=row["input_html"], gold=row["expected_md"]))
    return cases


def h2m_cases(data: Path) -> list[Case]:
    root = data / "html-to-markdown"
    return [Case(html.stem, html_path=str(html), gold_path=str(root / "expected" / f"{html.stem}.md"))
            for html in sorted((root / "html").glob("*.html"))]


def project_cases(repo: Path) -> tuple[list[Case], dict[str, int]]:
    """tests/pages/<name>/page.html + expected.md, then the older tests/fixtures pairs
    not yet migrated (a name present in both layouts is taken from the directory)."""
    cases: dict[str, Case] = {}
    counts = Counter()
    pages = repo / "tests" / "pages"
    for page in sorted(pages.glob("*/page.html")):
        expected = page.with_name("expected.md")
        if not expected.exists():
            counts["dirs without expected.md (skipped)"] += 1
            continue
        # The same settings tests/test_fixtures.py passes to convert().
        meta_path = page.with_name("options.json")
        meta = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.exists() else {}
        name = page.parent.name
        cases[name] = Case(name, html_path=str(page), gold_path=str(expected),
                           url=meta.get("url"), scope=meta.get("scope", "page"),
                           options=meta.get("options") or {})
        counts["tests/pages dirs"] += 1
    for page in sorted((repo / "tests" / "fixtures").glob("*.html")):
        expected = page.with_suffix(".md")
        if not expected.exists():
            counts["fixtures without .md"] += 1
            continue
        if page.stem in cases:
            counts["tests/fixtures already migrated (skipped)"] += 1
            continue
        cases[page.stem] = Case(page.stem, html_path=str(page), gold_path=str(expected))
        counts["tests/fixtures pairs"] += 1
    return [cases[k] for k in sorted(cases)], dict(counts)


def spread(cases: list[Case], limit: int | None) -> list[Case]:
    if not limit or limit >= len(cases):
        return cases
    step = max(1, len(cases) // limit)
    return cases[::step][:limit]


# ------------------------------------------------------------------ workers

_SCORER = None


def load_scorer(path: str):
    spec = importlib.util.spec_from_file_location("score_md", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _init_worker(score_tool: str) -> None:
    global _SCORER
    _SCORER = load_scorer(score_tool)


def run_case(job: tuple[Case, str]) -> dict:
    """Convert one case, write its prediction, score it; returns a JSON-able row."""
    case, folder = job
    scorer = _SCORER
    row: dict = {"name": case.name, "error": None}
    if case.html is not None:
        html = case.html
    else:
        html = Path(case.html_path).read_text(encoding="utf-8", errors="replace")
    start = time.perf_counter()
    try:
        markdown = webgist_host.convert(html, url=case.url, scope=case.scope,
                                        options=case.options or None).markdown
    except Exception as exc:  # a benchmark records failures instead of stopping
        markdown, row["error"] = "", f"{type(exc).__name__}: {exc}"
    row["ms"] = (time.perf_counter() - start) * 1000
    (Path(folder) / "pred" / f"{case.name}.md").write_text(markdown, encoding="utf-8")
    if case.gold is not None:
        gold = case.gold
        (Path(folder) / "gold" / f"{case.name}.md").write_text(gold, encoding="utf-8")
    else:
        gold = Path(case.gold_path).read_text(encoding="utf-8", errors="replace")
    res = scorer.score_pair(markdown, gold, case.url, case.title)
    # The scorer's code-language counts cover matched code blocks only; count every
    # expected code block that names a language, so a missed block counts as wrong.
    gold_doc = scorer.parse_markdown(gold, case.url)
    row["gold_code_lang"] = sum(1 for it in gold_doc.items if it.kind == "code" and it.extra["lang"])
    row["result"] = res
    return row


# ------------------------------------------------------------------ reporting

def fmt(x, nd=3):
    return "-" if x is None else f"{x:.{nd}f}"


def prf(tp, n_pred, n_gold):
    p = tp / n_pred if n_pred else (1.0 if n_gold == 0 else 0.0)
    r = tp / n_gold if n_gold else (1.0 if n_pred == 0 else 0.0)
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def set_summary(scorer, rows: list[dict]) -> dict:
    tot = scorer.aggregate([r["result"] for r in rows])
    kinds = {}
    for kind, v in tot["kinds"].items():
        n_gold, n_pred = v.get("n_gold", 0), v.get("n_pred", 0)
        if not n_gold and not n_pred:
            continue
        p, r, f = prf(v.get("tp_strict", 0), n_pred, n_gold)
        kinds[kind] = {"n_gold": n_gold, "n_pred": n_pred, "p": p, "r": r, "f1": f}
    code = tot["kinds"]["code"]
    block = tot["block_micro"]
    named = sum(r["gold_code_lang"] for r in rows)
    return {
        "n": len(rows),
        "errors": sum(1 for r in rows if r["error"]),
        "block_f1_macro": tot["macro"]["block_f1"],
        "block_f1_micro": prf(block.get("tp", 0), block.get("n_pred", 0), block.get("n_gold", 0))[2],
        "word_f1_macro": tot["macro"]["word_f1"],
        "order_lcs_macro": tot["macro"]["order_lcs"],
        "kinds": kinds,
        "code_lang_named": named,
        "code_lang_right": code.get("gold_lang_ok", 0),
        "code_lang_matched": code.get("gold_lang", 0),
        "tot": tot,
    }


def print_set(scorer, label: str, rows: list[dict], summary: dict, note: str, per_fixture: bool,
              categories: bool) -> None:
    tot = summary["tot"]
    print(f"\n## {label}: {len(rows)} cases{note}")
    print(scorer.headline(tot))
    print(f"block F1 micro (over all blocks pooled): {fmt(summary['block_f1_micro'])}")
    named, right = summary["code_lang_named"], summary["code_lang_right"]
    print(f"code language: {right}/{named} expected code blocks naming a language got it"
          f" ({fmt(right / named) if named else 'n/a'}); among the {summary['code_lang_matched']}"
          f" of them matched to a predicted block: {right}/{summary['code_lang_matched']}")
    errors = [r for r in rows if r["error"]]
    for r in errors[:10]:
        print(f"error on {r['name']}: {r['error']}")
    print()
    if per_fixture:
        print(scorer.fixture_table([(r["name"], scorer.summarize(r["result"])) for r in rows]))
        print()
    print(scorer.kinds_table(tot))
    if categories:
        print()
        print(scorer.category_table([(r["name"], r["result"]) for r in rows]))


def print_overview(summaries: dict[str, dict]) -> None:
    labels = list(summaries)
    print("\n## Summary (kinds: strict F1, micro over items; n_gold in brackets)")
    print("| | " + " | ".join(labels) + " |")
    print("|---|" + "---:|" * len(labels))

    def row(title, values):
        print(f"| {title} | " + " | ".join(values) + " |")
    row("cases", [str(summaries[s]["n"]) for s in labels])
    row("errors", [str(summaries[s]["errors"]) for s in labels])
    row("block F1 (macro)", [fmt(summaries[s]["block_f1_macro"]) for s in labels])
    row("block F1 (micro)", [fmt(summaries[s]["block_f1_micro"]) for s in labels])
    row("word F1 (macro)", [fmt(summaries[s]["word_f1_macro"]) for s in labels])
    row("order LCS (macro)", [fmt(summaries[s]["order_lcs_macro"]) for s in labels])
    for kind in SUMMARY_KINDS:
        cells = []
        for s in labels:
            k = summaries[s]["kinds"].get(kind)
            cells.append(f"{fmt(k['f1'])} ({k['n_gold']})" if k else "-")
        if any(c != "-" for c in cells):
            row(f"{kind} F1", cells)
    cells = []
    for s in labels:
        named, right = summaries[s]["code_lang_named"], summaries[s]["code_lang_right"]
        cells.append(f"{fmt(right / named)} ({right}/{named})" if named else "-")
    row("code language right", cells)


# ------------------------------------------------------------------ main

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / ".." / "shared" / "bench" / "fidelity",
                        help="the fidelity folder (default ../shared/bench/fidelity from the repo)")
    parser.add_argument("--score-tool", type=Path,
                        default=REPO / ".." / "shared" / "bench" / "tools" / "score_md.py",
                        help="score_md.py (default ../shared/bench/tools/score_md.py from the repo)")
    parser.add_argument("--sets", default=",".join(SETS),
                        help=f"comma-separated, from {', '.join(SETS)} (default all)")
    parser.add_argument("--scope", default="main", choices=("main", "page"),
                        help="scope for the defuddle set (the others are whole documents: page)")
    parser.add_argument("--out", type=Path, default=REPO / "bench-out" / "fidelity")
    parser.add_argument("--limit", type=int, help="at most N cases per set, evenly spread")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1),
                        help="worker processes (default min(4, cores))")
    parser.add_argument("--per-fixture", action="store_true", help="a row per case as well")
    parser.add_argument("--categories", action="store_true",
                        help="a row per <category>-- name prefix (defuddle, project)")
    parser.add_argument("--json", type=Path, help="also write every figure here")
    args = parser.parse_args(argv)

    score_tool = args.score_tool.resolve()
    if not score_tool.exists():
        parser.error(f"no scorer at {score_tool}: pass --score-tool")
    try:
        scorer = load_scorer(str(score_tool))
    except ImportError as exc:
        parser.error(f"{exc}: the scorer needs `pip install -e '.[bench]'`")
    wanted = [s.strip() for s in args.sets.split(",") if s.strip()]
    unknown = [s for s in wanted if s not in SETS]
    if unknown:
        parser.error(f"unknown set(s) {unknown}; choose from {', '.join(SETS)}")
    data = args.data.resolve()
    if any(s != "project" for s in wanted) and not data.is_dir():
        parser.error(f"no fidelity data at {data}: pass --data")

    notes: dict[str, str] = {}
    plan: dict[str, list[Case]] = {}
    for s in wanted:
        if s == "defuddle":
            plan[s] = defuddle_cases(data, args.scope)
            notes[s] = f", scope={args.scope}"
        elif s == "turndown":
            plan[s] = turndown_cases(data, with_options=False)
            skipped = len(turndown_cases(data, with_options=True))
            notes[s] = (f", default options only ({skipped} with non-default options are"
                        " reported as turndown-options)")
        elif s == "turndown-options":
            plan[s] = turndown_cases(data, with_options=True)
            notes[s] = ", non-default turndown options, converted with webgist's defaults"
        elif s == "html-to-markdown":
            plan[s] = h2m_cases(data)
        elif s == "project":
            plan[s], counts = project_cases(REPO)
            notes[s] = " (" + ", ".join(f"{v} {k}" for k, v in counts.items()) + ")"
        plan[s] = spread(plan[s], args.limit)

    summaries: dict[str, dict] = {}
    all_rows: dict[str, list[dict]] = {}
    with ProcessPoolExecutor(max_workers=args.jobs, initializer=_init_worker,
                             initargs=(str(score_tool),)) as pool:
        for s, cases in plan.items():
            folder = args.out / s
            for sub in ("pred", "gold"):
                (folder / sub).mkdir(parents=True, exist_ok=True)
                for stale in (folder / sub).glob("*.md"):
                    stale.unlink()
            rows = []
            jobs = [(c, str(folder)) for c in cases]
            step = 1 if sys.stderr.isatty() else max(1, len(jobs) // 10)
            for n, row in enumerate(pool.map(run_case, jobs, chunksize=2), 1):
                rows.append(row)
                if n % step == 0 or n == len(jobs):
                    print(f"\r{s}: {n}/{len(jobs)} cases", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
            all_rows[s] = rows
            summaries[s] = set_summary(scorer, rows)

    print("# webgist structural fidelity (score_md.py: " + str(score_tool) + ")")
    for s, rows in all_rows.items():
        print_set(scorer, s, rows, summaries[s], notes.get(s, ""), args.per_fixture,
                  args.categories and s in ("defuddle", "project"))
    print_overview(summaries)
    if args.json:
        payload = {s: {k: v for k, v in summaries[s].items() if k != "tot"} | {
            "totals": summaries[s]["tot"],
            "cases": {r["name"]: {"error": r["error"], "ms": r["ms"],
                                  "summary": scorer.summarize(r["result"])} for r in all_rows[s]}}
            for s in summaries}
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(payload, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
