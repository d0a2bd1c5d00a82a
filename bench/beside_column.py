#!/usr/bin/env python3
"""What the browser path places beside an article's text column, on saved captures.

    PYTHONPATH=host .venv/bin/python bench/beside_column.py \\
        --captures bench-out/browser-captures --jobs 2

Asked before writing a rule that reads boxes for rails ("Most read", "Trending",
newsletter boxes, related lists) drawn beside the article's column (issue 16). Each
capture of bench/browser_quality.py is converted as the extension does (scope "page",
so the blocks the regions stage took out are there too, with in_main False). The
column is the median left and right edge of the article's own paragraphs (the regions
stage's `story_text`); a block lies beside it when its box starts at or right of the
column's right edge, or ends at or left of its left edge (SLACK_PX either way), level
with the text (between the top of its first paragraph and the foot of its last).
Pages whose column spans most of the viewport (COLUMN_MAX_SHARE) have no side to speak
of: saved pages read offline mostly lack their style sheets and draw one column.

Per part (tune, validate, readability-dev): pages with an article text, pages with a
drawn column, words beside it that the engine keeps and that it drops, and each page
with any.
"""
from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import corpora

from webgist_host.engine.pipeline import convert
from webgist_host.engine.regions.sections import story_text
from webgist_host.engine.regions.vocabulary import MARKDOWN_LINK_PATTERN
from webgist_host.engine.words import word_count

SHARED = Path(__file__).resolve().parents[2] / "shared" / "bench"
SLACK_PX = 8.0              # a paragraph's box may overhang the column's median edge
COLUMN_MAX_SHARE = 0.7      # a column wider than this share of the viewport has no side


def _outside_links(block) -> int:
    if block.kind in ("image", "media"):
        return 0
    linked = sum(word_count(m.group(1)) for m in MARKDOWN_LINK_PATTERN.finditer(block.rich_text))
    return max(0, word_count(block.text) - linked)


def _page(job: tuple) -> dict | None:
    capture_file, page = job
    record = json.loads(gzip.decompress(Path(capture_file).read_bytes()))
    capture = record["capture"]
    if capture is None:
        return None
    blocks = list(convert(capture["html"], url=page.url, geometry=capture,
                          scope="page").blocks)
    part = "readability" if page.corpus == "readability" else page.part
    row = {"page": page.id, "part": part, "story": False, "column": False,
           "kept": 0, "dropped": 0}
    # story_text reads the main content's blocks by their words outside links, as the
    # regions stage weighs them (the links counted here from the rendered text).
    main = [b for b in blocks if b.in_main]
    story = story_text(main, [_outside_links(b) for b in main])
    own = [main[i].rect for i in story.own] if story else []
    own = [r for r in own if r is not None and r.w > 0]
    if len(own) < 2:
        return row
    row["story"] = True
    left = statistics.median(r.x for r in own)
    right = statistics.median(r.right for r in own)
    top, foot = min(r.y for r in own), max(r.bottom for r in own)
    if right - left >= COLUMN_MAX_SHARE * capture["viewport"]["width"]:
        return row
    row["column"] = True
    for block in blocks:
        r = block.rect
        if r is None or r.w <= 0 or r.h <= 0 or not (r.y < foot and r.bottom > top):
            continue
        if r.x >= right - SLACK_PX or r.right <= left + SLACK_PX:
            row["kept" if block.in_main else "dropped"] += word_count(block.text)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--captures", type=Path, default=Path("bench-out/browser-captures"))
    parser.add_argument("--wcxb", type=Path, default=SHARED / "wcxb-dev")
    parser.add_argument("--readability", type=Path, default=SHARED / "readability-dev")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    by_id = {("wcxb", p.id): p for p in corpora.wcxb_pages(args.wcxb)}
    by_id.update({("readability", p.id): p for p in corpora.readability_pages(args.readability)})
    jobs = [(str(f), by_id[(f.parent.name, f.name.removesuffix(".json.gz"))])
            for f in sorted(args.captures.glob("*/*.json.gz"))]
    if not jobs:
        sys.exit(f"no captures in {args.captures} (bench/browser_quality.py capture makes them)")
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [r for r in pool.map(_page, jobs, chunksize=4) if r is not None]
    print("| part | rendered | article text | drawn column | words beside, kept | "
          "words beside, dropped | pages with any |")
    print("|---|---|---|---|---|---|---|")
    for part in ("tune", "validate", "readability"):
        mine = [r for r in rows if r["part"] == part]
        total = Counter()
        for r in mine:
            total.update({"story": r["story"], "column": r["column"], "kept": r["kept"],
                          "dropped": r["dropped"], "any": bool(r["kept"] or r["dropped"])})
        print(f"| {part} | {len(mine)} | {total['story']} | {total['column']} | "
              f"{total['kept']} | {total['dropped']} | {total['any']} |")
    print("\npages with words beside the column (kept / dropped):")
    for r in rows:
        if r["kept"] or r["dropped"]:
            print(f"  {r['part']:11s} {r['page']:24s} {r['kept']:5d} / {r['dropped']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
