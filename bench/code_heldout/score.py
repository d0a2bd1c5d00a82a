"""Score webgist's code fences on the held-out probe pages (bench/code_heldout/README.md).

  PYTHONPATH=<tree>/host python bench/code_heldout/score.py [--half probe|check|all]
      [--json OUT] [--show]

Each probe is probes/<family>--<slug>.html beside <family>--<slug>.expected.md, whose
fences are the hand-written expected blocks. An expected block is *found* when an
output fence holds its first non-blank line, *language right* when that fence's info
string names the expected language (SAME_LANGUAGE folds "js"/"javascript"; both bare
counts), *text exact* when its text is the
expected text. A page whose output has more or fewer fences than expected counts once
under "fence missing or extra". halves.json assigns each family to a half.
"""
from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_FENCE_OPEN = re.compile(r"^(?P<indent> {0,3})(?P<mark>`{3,}|~{3,})(?P<info>[^`\n]*)$")


def fences(markdown: str) -> list[tuple[str, str]]:
    """(language, text) of every fenced block, in order (list-item indentation too)."""
    out, lines, i = [], markdown.split("\n"), 0
    while i < len(lines):
        stripped = lines[i].lstrip(" >")
        pad = len(lines[i]) - len(stripped)
        m = _FENCE_OPEN.match(stripped)
        if not m:
            i += 1
            continue
        mark, info = m.group("mark"), m.group("info").strip()
        body, i = [], i + 1
        while i < len(lines):
            line = lines[i][pad:] if lines[i][:pad].strip(" >") == "" else lines[i]
            if line.strip().startswith(mark[0] * len(mark)) and not line.strip().strip(mark[0]):
                break
            body.append(line)
            i += 1
        out.append((info.split()[0] if info else "", "\n".join(body)))
        i += 1
    return out


# Names one language goes by in fences every renderer highlights alike ("js" and
# "javascript"): folded before two info strings are compared. The scorer's own table,
# not the engine's, so the scorer does not grade the engine by its own aliases.
SAME_LANGUAGE = {"javascript": "js", "typescript": "ts", "shell": "sh", "bash": "sh",
                 "zsh": "sh", "yml": "yaml", "py": "python", "golang": "go", "rb": "ruby"}


def same_language(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return SAME_LANGUAGE.get(a, a) == SAME_LANGUAGE.get(b, b)


def first_line(text: str) -> str:
    return next((line.strip() for line in text.split("\n") if line.strip()), "")


def score_probe(html_path: Path, convert) -> dict:
    expected = fences((html_path.parent / (html_path.stem + ".expected.md")).read_text(encoding="utf-8"))
    got = fences(convert(html_path))
    blocks = []
    for lang, text in expected:
        head = first_line(text)
        match = next(((l, t) for l, t in got if head and head in t), None)
        blocks.append({
            "expected_language": lang, "found": match is not None,
            "language": match is not None and same_language(match[0], lang),
            "text": match is not None and match[1] == text,
            "got_language": match[0] if match else None,
        })
    return {"probe": html_path.stem, "family": html_path.stem.split("--")[0],
            "blocks": blocks, "fence_count_wrong": len(got) != len(expected),
            "got_fences": len(got), "expected_fences": len(expected)}


def main(convert=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--half", default="all", choices=("probe", "check", "all"))
    ap.add_argument("--json")
    ap.add_argument("--show", action="store_true", help="print each miss")
    args = ap.parse_args()
    import webgist_host

    def static(path: Path) -> str:
        return webgist_host.convert(path.read_text(encoding="utf-8"), scope="page").markdown

    convert = convert or static
    halves = json.loads((HERE / "halves.json").read_text())
    results = []
    for path in sorted((HERE / "probes").glob("*.html")):
        family = path.stem.split("--")[0]
        half = halves[family]
        if args.half not in ("all", half):
            continue
        r = score_probe(path, convert)
        r["half"] = half
        results.append(r)
    totals = collections.defaultdict(collections.Counter)
    for r in results:
        t = totals[r["half"]]
        t["pages"] += 1
        t["blocks"] += len(r["blocks"])
        t["found"] += sum(b["found"] for b in r["blocks"])
        t["language"] += sum(b["language"] for b in r["blocks"])
        t["text"] += sum(b["text"] for b in r["blocks"])
        t["fence_count_wrong"] += r["fence_count_wrong"]
        if args.show:
            for b in r["blocks"]:
                if not (b["found"] and b["language"] and b["text"]):
                    print(f"  {r['half']:5} {r['probe']}: found={b['found']} lang={b['got_language']!r}"
                          f" (want {b['expected_language']!r}) text={b['text']}")
            if r["fence_count_wrong"]:
                print(f"  {r['half']:5} {r['probe']}: {r['got_fences']} fences, want {r['expected_fences']}")
    print("half   pages blocks found language text fence-missing-or-extra")
    for half in sorted(totals):
        t = totals[half]
        print(f"{half:6} {t['pages']:5} {t['blocks']:6} {t['found']:5} {t['language']:8} {t['text']:4}"
              f" {t['fence_count_wrong']}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    sys.exit(main())
