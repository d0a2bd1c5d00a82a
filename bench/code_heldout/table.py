"""Per-family table of one or more score.py --json results (same probe set), as
docs/history/blocks.md shows it: found, language right, text exact per family,
each column "a / b / ..." across the given runs.

  python bench/code_heldout/table.py RUN.json [RUN2.json ...]
"""
from __future__ import annotations

import collections
import json
import sys


def per_family(path: str) -> dict:
    rows: dict = collections.defaultdict(collections.Counter)
    for r in json.load(open(path)):
        key = (r["half"], r["family"])
        rows[key]["pages"] += 1
        rows[key]["blocks"] += len(r["blocks"])
        for b in r["blocks"]:
            rows[key]["found"] += b["found"]
            rows[key]["language"] += b["language"]
            rows[key]["text"] += b["text"]
        rows[key]["extra"] += r["fence_count_wrong"]
    return rows


def main() -> None:
    runs = [per_family(p) for p in sys.argv[1:]]
    print("| half | family | pages | blocks | found | language | text | fence missing or extra |")
    print("|---|---|---|---|---|---|---|---|")
    for key in sorted(runs[0]):
        first = runs[0][key]
        cols = [" / ".join(str(run[key][c]) for run in runs) for c in ("found", "language", "text", "extra")]
        print(f"| {key[0]} | {key[1]} | {first['pages']} | {first['blocks']} | " + " | ".join(cols) + " |")


if __name__ == "__main__":
    main()
