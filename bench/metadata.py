#!/usr/bin/env python3
"""Page metadata (title, author, date) on both development corpora, webgist against
trafilatura, one run.

    .venv/bin/python bench/metadata.py --wcxb ../shared/bench/wcxb-dev \\
        --readability ../shared/bench/readability-dev [--jobs 2] [--out rows.json]
    .venv/bin/python bench/metadata.py --from rows.json --misses author [--part tune]
    .venv/bin/python bench/metadata.py --from NEW.json --compare OLD.json

References. WCXB dev: `ground_truth.title`, `.author`, `.publish_date` (YYYY-MM-DD)
of each ground-truth file; an empty or null value means the annotators found none.
readability-dev: `title`, `byline`, `publishedTime` of `expected-metadata.json`,
which is what Mozilla's Readability printed, so a null there means Readability found
none (not that the page has none), and some bylines are noise ("Follow Author"):
read its spurious counts with that in mind. Pages are the ones bench/quality.py
reads (corpora.py), split into tune / validate by site; readability-dev is its own
part, validate in spirit.

Tools, given the page's URL as bench/quality.py gives it (corpora.py says where it
comes from; `--no-url` gives None): webgist's `read_metadata` on the static path
(the page parsed and its shadow roots composed as `convert` does before reading
metadata; `--convert` runs the whole `convert` instead, slower, same values), fields
`title`, `author`, `published`; trafilatura's `extract_metadata(html,
default_url=URL)` (its own defaults, as `bare_extraction` calls it), fields `title`,
`author`, `date`.

Comparison, per field, only where the reference has a value:
- title: `exact` when equal after NFKC, unified quotes and dashes, collapsed white
  space and case folding; `match` when the word-token F1 (tokens: runs of letters
  and digits, case-folded) is at least TITLE_MATCH_F1 (a site-name suffix left on
  a ten-word title costs about that).
- author: the set of name tokens (case-folded; punctuation and a leading byline word
  such as By / Por / Von / Par / Di / Door dropped); `match` when the token F1 is at
  least AUTHOR_MATCH_F1 (one surname of two co-authors missed is a miss; a
  credential such as "MD" added to a two-word name is not).
- date: `match` when the calendar day (YYYY-MM-DD) the tool names is the reference's.
  A tool's day is the first ISO-like date in its value (YYYY-MM-DD or YYYY/MM/DD),
  as written, without moving it between time zones; else what dateutil reads from
  the whole value (month names in English only); else none. A value with no day
  (a bare year) names none.
Accuracy = matches / pages where the reference has the field. `spurious` = pages
where the reference has none and the tool gives one (author and date only: every
page has a title). Also the mean token F1 (title, author) over the referenced pages.
"""
from __future__ import annotations

import argparse
import json
import re
import signal
import sys
import unicodedata
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import corpora

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "bench"
FIELDS = ("title", "author", "date")
TOOLS = ("webgist", "trafilatura")
TITLE_MATCH_F1 = 0.9
AUTHOR_MATCH_F1 = 0.8
# Leading byline words the bench drops from every author value (tool or reference).
BYLINE_WORDS = frozenset({"by", "por", "von", "par", "di", "door", "av", "af", "przez",
                          "from", "written"})
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'",
                         "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"',
                         "\u00bb": '"', "\u2013": "-", "\u2014": "-", "\u2012": "-",
                         "\u2212": "-", "\u00a0": " "})
_TOKEN_RE = re.compile(r"\w+")
_ISO_DAY_RE = re.compile(r"(\d{4})[-/](\d{1,2})[-/](\d{1,2})")


# ---- comparison ---------------------------------------------------------------------

def normal_text(value: str | None) -> str:
    text = unicodedata.normalize("NFKC", value or "").translate(_QUOTES)
    return " ".join(text.split()).casefold()


def tokens(value: str | None) -> list[str]:
    return _TOKEN_RE.findall(normal_text(value))


def token_f1(found: list[str], reference: list[str]) -> float:
    if not found or not reference:
        return 0.0
    pool = list(reference)
    common = 0
    for token in found:
        if token in pool:
            pool.remove(token)
            common += 1
    if not common:
        return 0.0
    precision, recall = common / len(found), common / len(reference)
    return 2 * precision * recall / (precision + recall)


def name_tokens(value: str | None) -> list[str]:
    found = tokens(value)
    while found and found[0] in BYLINE_WORDS and len(found) > 1:
        found = found[1:]
    return list(dict.fromkeys(found))


def day_of(value: str | None) -> str | None:
    """The calendar day a date value names, as YYYY-MM-DD, or None."""
    if not value:
        return None
    found = _ISO_DAY_RE.search(value)
    if found:
        year, month, day = (int(g) for g in found.groups())
        return f"{year:04d}-{month:02d}-{day:02d}" if 1 <= month <= 12 and 1 <= day <= 31 else None
    try:
        from dateutil import parser as date_parser
        parsed = date_parser.parse(value, fuzzy=True, default=None)  # type: ignore[arg-type]
    except (ValueError, OverflowError, TypeError):
        return None
    return parsed.strftime("%Y-%m-%d") if parsed else None


def judge(field: str, found: str | None, reference: str | None) -> dict:
    """One field of one page: has the reference a value, has the tool one, and the scores."""
    row: dict = {"ref": bool(reference and reference.strip()), "given": bool(found and found.strip())}
    if field == "title":
        row["f1"] = token_f1(tokens(found), tokens(reference))
        row["exact"] = row["ref"] and normal_text(found) == normal_text(reference)
        row["match"] = row["f1"] >= TITLE_MATCH_F1
    elif field == "author":
        row["f1"] = token_f1(name_tokens(found), name_tokens(reference))
        row["match"] = row["f1"] >= AUTHOR_MATCH_F1
    else:
        row["given"] = day_of(found) is not None if found else False
        row["match"] = row["ref"] and day_of(found) is not None and day_of(found) == day_of(reference)
    row["match"] = bool(row["ref"] and row["match"])
    return row


# ---- reading the pages --------------------------------------------------------------

def references(page) -> dict:
    if page.corpus == "wcxb":
        truth = Path(page.html_path).parent.parent / "ground-truth" / f"{page.id}.json"
        found = json.loads(truth.read_text(encoding="utf-8"))["ground_truth"]
        return {"title": found.get("title"), "author": found.get("author"),
                "date": found.get("publish_date")}
    found = json.loads((Path(page.html_path).parent / "expected-metadata.json")
                       .read_text(encoding="utf-8"))
    return {"title": found.get("title"), "author": found.get("byline"),
            "date": found.get("publishedTime")}


def webgist_values(html: str, url: str | None, whole: bool) -> dict:
    import webgist_host
    if whole:
        metadata = webgist_host.convert(html, url=url, scope="main").metadata
    else:
        from webgist_host.engine.dom.capture import read_capture
        from webgist_host.engine.dom.parse import parse_page
        from webgist_host.engine.dom.shadow import compose_shadow_roots
        from webgist_host.engine.limits import Limits
        from webgist_host.engine.metadata import read_metadata
        limits = Limits.from_options({})
        root, _ = parse_page(html, limits)
        root, _ = compose_shadow_roots(root, max_roots=limits.max_shadow_roots, measured=False)
        metadata = read_metadata(root, url=url, capture=read_capture(None))
    return {"title": metadata.title or None, "author": metadata.author,
            "date": metadata.published}


def trafilatura_values(html: str, url: str | None) -> dict:
    found = corpora.trafilatura.extract_metadata(html, default_url=url)
    return {"title": found.title, "author": found.author, "date": found.date}


def read_page(job: tuple) -> dict:
    page, pass_url, with_peer, whole = job
    html = corpora.read_html(page.html_path)
    url = page.url if pass_url else None
    row: dict = {"corpus": page.corpus, "id": page.id, "part": part_of(page),
                 "type": page.page_type, "url": page.url, "ref": references(page), "error": None}
    tools = {"webgist": lambda: webgist_values(html, url, whole)}
    if with_peer:
        tools["trafilatura"] = lambda: trafilatura_values(html, url)
    for tool, read in tools.items():
        try:
            row[tool] = read()
        except Exception as exc:  # a benchmark records failures instead of stopping
            row[tool] = {field: None for field in FIELDS}
            row["error"] = f"{tool}: {type(exc).__name__}: {exc}"
        row[f"{tool}_scores"] = {field: judge(field, row[tool][field], row["ref"][field])
                                 for field in FIELDS}
    return row


def part_of(page) -> str:
    return "readability-dev" if page.corpus == "readability" else page.part


# ---- reporting ----------------------------------------------------------------------

def tally(rows: list[dict], tool: str) -> dict:
    """Per field: referenced pages, matches, exact titles, mean F1, spurious of unreferenced."""
    cells: dict = {}
    for field in FIELDS:
        scored = [r[f"{tool}_scores"][field] for r in rows if f"{tool}_scores" in r]
        referenced = [s for s in scored if s["ref"]]
        unreferenced = [s for s in scored if not s["ref"]]
        cell = {"n": len(referenced), "match": sum(s["match"] for s in referenced),
                "unreferenced": len(unreferenced),
                "spurious": sum(s["given"] for s in unreferenced)}
        if field == "title":
            cell["exact"] = sum(s["exact"] for s in referenced)
        if "f1" in (referenced[0] if referenced else {}):
            cell["mean_f1"] = sum(s["f1"] for s in referenced) / len(referenced)
        cells[field] = cell
    return cells


def groups(rows: list[dict]) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        found[row["part"]].append(row)
    ordered = {part: found[part] for part in ("tune", "validate", "readability-dev") if part in found}
    for row in sorted(rows, key=lambda r: r["type"]):
        if row["corpus"] == "wcxb":
            ordered.setdefault(f"wcxb {row['type']}", []).append(row)
    return ordered


def summary(rows: list[dict]) -> dict:
    tools = [t for t in TOOLS if any(t in r for r in rows)]
    return {group: {tool: tally(chosen, tool) for tool in tools}
            for group, chosen in groups(rows).items()}


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.3f}" if whole else "-"


def print_summary(cells: dict) -> None:
    tools = list(next(iter(cells.values())))
    print("Accuracy = matches / pages whose reference has the field; spurious = a value "
          "where the reference has none (of that many pages).\n")
    print("| part | tool | title exact (pages) | title match | author match (pages) | date match (pages) | "
          "author spurious | date spurious |")
    print("|---|---|---|---|---|---|---|---|")
    for group, per_tool in cells.items():
        for tool in tools:
            c = per_tool[tool]
            print(f"| {group} | {tool} | "
                  f"{_share(c['title']['exact'], c['title']['n'])} ({c['title']['n']}) | "
                  f"{_share(c['title']['match'], c['title']['n'])} | "
                  f"{_share(c['author']['match'], c['author']['n'])} ({c['author']['n']}) | "
                  f"{_share(c['date']['match'], c['date']['n'])} ({c['date']['n']}) | "
                  f"{c['author']['spurious']}/{c['author']['unreferenced']} | "
                  f"{c['date']['spurious']}/{c['date']['unreferenced']} |")


def print_misses(rows: list[dict], field: str, part: str | None, tool: str,
                 peer_wins: bool) -> None:
    peer = "trafilatura" if tool == "webgist" else "webgist"
    chosen = [r for r in rows if (part is None or r["part"] == part)
              and r[f"{tool}_scores"][field]["ref"] and not r[f"{tool}_scores"][field]["match"]
              and (not peer_wins or r.get(f"{peer}_scores", {}).get(field, {}).get("match"))]
    print(f"{tool} misses on {field} ({part or 'all parts'}"
          f"{', where ' + peer + ' matches' if peer_wins else ''}): {len(chosen)}")
    for row in chosen:
        mark = "+" if row.get(f"{peer}_scores", {}).get(field, {}).get("match") else " "
        print(f"{row['corpus']}/{row['id']} [{row['type']}] {row['url'] or ''}\n"
              f"    reference  {row['ref'][field]!r}\n    {tool:11s}{row[tool][field]!r}")
        if peer in row:
            print(f"  {mark} {peer:11s}{row[peer][field]!r}")


def print_spurious(rows: list[dict], field: str, part: str | None, tool: str) -> None:
    chosen = [r for r in rows if (part is None or r["part"] == part)
              and not r[f"{tool}_scores"][field]["ref"] and r[f"{tool}_scores"][field]["given"]]
    print(f"{tool} spurious {field} ({part or 'all parts'}): {len(chosen)}")
    for row in chosen:
        print(f"{row['corpus']}/{row['id']} [{row['type']}] {row[tool][field]!r}")


def compare(old_rows: list[dict], new_rows: list[dict], tool: str) -> None:
    old_cells, new_cells = summary(old_rows), summary(new_rows)
    print(f"## {tool}: new - old, matches (and spurious) per part\n")
    print("| part | field | pages | old | new | delta | spurious old | spurious new |")
    print("|---|---|---|---|---|---|---|---|")
    for group in ("tune", "validate", "readability-dev"):
        if group not in new_cells or group not in old_cells:
            continue
        for field in FIELDS:
            o, n = old_cells[group][tool][field], new_cells[group][tool][field]
            print(f"| {group} | {field} | {n['n']} | {o['match']} | {n['match']} | "
                  f"{n['match'] - o['match']:+d} | {o['spurious']} | {n['spurious']} |")
    old_by_id = {(r["corpus"], r["id"]): r for r in old_rows}
    print("\npages whose match or spurious value changed:")
    for row in new_rows:
        before = old_by_id.get((row["corpus"], row["id"]))
        if not before:
            continue
        for field in FIELDS:
            o, n = before[f"{tool}_scores"][field], row[f"{tool}_scores"][field]
            if (o["match"], o["given"]) != (n["match"], n["given"]):
                verdict = ("gained" if n["match"] and not o["match"] else
                           "LOST" if o["match"] and not n["match"] else
                           "spurious" if not n["ref"] and n["given"] else
                           "unspurious" if not n["ref"] else "still missed")
                print(f"  {row['part']:15s} {row['corpus']}/{row['id']} {field:6s} {verdict:11s} "
                      f"{before[tool][field]!r} -> {row[tool][field]!r} (ref {row['ref'][field]!r})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--wcxb", type=Path, default=SHARED / "wcxb-dev", help="wcxb-dev folder")
    parser.add_argument("--readability", type=Path, default=SHARED / "readability-dev",
                        help="readability-dev folder")
    parser.add_argument("--out", type=Path, default=Path("bench-out/metadata.json"),
                        help="per-page rows written here (default %(default)s)")
    parser.add_argument("--from", dest="rows", type=Path, metavar="ROWS_JSON",
                        help="read the rows of an earlier run instead of running")
    parser.add_argument("--compare", type=Path, metavar="OLD_JSON",
                        help="compare this run (or --from) with an earlier run's rows")
    parser.add_argument("--limit", type=int, help="an evenly spread sample of N pages per corpus")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--no-peer", action="store_true", help="skip trafilatura")
    parser.add_argument("--no-url", action="store_true", help="pass url=None to both tools")
    parser.add_argument("--convert", action="store_true",
                        help="read webgist's metadata from a whole convert() (slower)")
    parser.add_argument("--misses", choices=FIELDS,
                        help="list the pages where --tool misses FIELD, the peer beside")
    parser.add_argument("--spurious", choices=("author", "date"),
                        help="list the pages where --tool gives FIELD and the reference none")
    parser.add_argument("--peer-wins", action="store_true",
                        help="with --misses: only pages the peer gets right")
    parser.add_argument("--part", choices=("tune", "validate", "readability-dev"),
                        help="with --misses / --spurious: one part only (default all)")
    parser.add_argument("--tool", choices=TOOLS, default="webgist")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # `--misses title | head` ends quietly

    if args.rows:
        rows = json.loads(args.rows.read_text(encoding="utf-8"))["rows"]
    else:
        with_peer = corpora.trafilatura is not None and not args.no_peer
        pages = (corpora.wcxb_pages(args.wcxb, args.limit)
                 + corpora.readability_pages(args.readability, args.limit))
        jobs = [(page, not args.no_url, with_peer, args.convert) for page in pages]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            rows = list(pool.map(read_page, jobs, chunksize=8))
        for row in [r for r in rows if r["error"]][:10]:
            print(f"error on {row['corpus']} {row['id']}: {row['error']}", file=sys.stderr)
        commit = corpora.engine_version(REPO)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({
            "meta": {"commit": commit, "url": not args.no_url, "limit": args.limit,
                     "whole_convert": args.convert, "peer": with_peer},
            "summary": summary(rows), "rows": rows}, indent=1, ensure_ascii=False),
            encoding="utf-8")
        print(f"# webgist {commit}, URL passed: {'no' if args.no_url else 'yes'}, "
              f"errors: {sum(bool(r['error']) for r in rows)}; rows: {args.out}\n")
    if args.misses:
        print_misses(rows, args.misses, args.part, args.tool, args.peer_wins)
    elif args.spurious:
        print_spurious(rows, args.spurious, args.part, args.tool)
    elif args.compare:
        old = json.loads(args.compare.read_text(encoding="utf-8"))["rows"]
        compare(old, rows, args.tool)
    else:
        print_summary(summary(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
