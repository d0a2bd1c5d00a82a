"""Scoring for the quality gate: Markdown to words, word F1 and 4-shingle P/R.

The gate must not read ../shared at test time, and the shared scorers
(../shared/bench/tools/score_wcxb.py, score_articles.py) carry no licence that
would let the repository copy them. So this is a reimplementation, from their
documented behaviour, of the parts the gate needs:

- `markdown_words`: score_wcxb.markdown_to_text's reduction of Markdown to the words
  a reader sees. Dropped: images with their alt text, link targets, reference-link
  definitions, code-fence lines with their info string, HTML tags and comments,
  task-list boxes, underscores at word edges (emphasis), backslash escapes. Kept:
  link text, code, table cells, ordered-list numbers, entity-decoded text. Only the
  \\w+ tokens matter to both metrics, so syntax made of punctuation alone (#, >, *,
  |, ---) is left for the tokenizer to skip.
- `word_scores`: WCXB's metric (lower-cased bags of \\w+ tokens, multiset overlap).
- `shingle_scores`: the article benchmark's per-page 4-shingle precision and recall
  (case-sensitive \\w+ tokens).

bench/make_quality_slice.py checks, when it records the floors, that these give the
shared scorers' figures on every page of the slice.
"""
from __future__ import annotations

import gzip
import html
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

WORD = re.compile(r"\w+")

# Applied in this order: a link's text is kept before tags are removed, and escapes
# are undone last so an escaped "\_" is not read as emphasis.
_FENCE_LINE = re.compile(r"^[ \t]{0,3}(?:`{3,}|~{3,}).*$", re.M)
_LINK_DEFINITION = re.compile(r"^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*\S.*$", re.M)
_IMAGE = re.compile(r"!\[[^\]\n]*\](?:\((?:[^()\n]|\([^()\n]*\))*\)|\[[^\]\n]*\])")
_INLINE_LINK = re.compile(r"\[([^\]\n]*)\]\((?:[^()\n]|\([^()\n]*\))*\)")
_REFERENCE_LINK = re.compile(r"\[([^\]\n]+)\]\[[^\]\n]*\]")
_AUTOLINK = re.compile(r"<((?:https?|ftp|mailto):[^>\s]+)>")
_LINE_BREAK_TAG = re.compile(r"<br\s*/?>", re.I)
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>|<!--.*?-->", re.S)
_TASK_BOX = re.compile(r"^((?:[ \t]*>[ \t]?)*[ \t]*[-*+][ \t]+)\[[ xX]\][ \t]+", re.M)
# Markers removed outright (not spaced) before the underscore rule, so "a*_b" reads
# "a_b", one word, as the scorer has it.
_GLUED_MARKERS = re.compile(r"~~|`|(?<!\\)\*+")
_EDGE_UNDERSCORES = re.compile(r"(?<!\w)_+|_+(?!\w)")
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")


def markdown_words(markdown: str) -> str:
    text = (markdown or "").replace("\r\n", "\n").replace("\r", "\n")
    text = _FENCE_LINE.sub("", text)
    text = _LINK_DEFINITION.sub("", text)
    text = _IMAGE.sub("", text)
    text = _INLINE_LINK.sub(r"\1", text)
    text = _REFERENCE_LINK.sub(r"\1", text)
    text = _AUTOLINK.sub(r"\1", text)
    text = _LINE_BREAK_TAG.sub("\n", text)
    text = _HTML_TAG.sub("", text)
    text = _TASK_BOX.sub(r"\1", text)
    text = _GLUED_MARKERS.sub("", text.replace("|", " "))
    text = _EDGE_UNDERSCORES.sub("", text)
    text = _ESCAPED.sub(r"\1", text)
    return html.unescape(text)


def word_scores(predicted: str, reference: str) -> tuple[float, float, float]:
    """(precision, recall, F1) over lower-cased bags of words."""
    ours = Counter(WORD.findall(predicted.lower()))
    theirs = Counter(WORD.findall(reference.lower()))
    if not theirs:
        return (1.0, 1.0, 1.0) if not ours else (0.0, 0.0, 0.0)
    overlap = sum((ours & theirs).values())
    if not overlap:
        return 0.0, 0.0, 0.0
    precision, recall = overlap / sum(ours.values()), overlap / sum(theirs.values())
    return precision, recall, 2 * precision * recall / (precision + recall)


def _shingles(text: str) -> Counter:
    tokens = WORD.findall(text)
    if len(tokens) <= 4:  # a short text is one (shorter) shingle; none without words
        return Counter([tuple(tokens)]) if tokens else Counter()
    return Counter(tuple(tokens[i:i + 4]) for i in range(len(tokens) - 3))


def shingle_scores(predicted: str, reference: str) -> tuple[float, float, float]:
    """(precision, recall, F1) of one page's 4-shingle bags; an empty side scores 0."""
    ours, theirs = _shingles(predicted), _shingles(reference)
    if ours == theirs:
        return 1.0, 1.0, 1.0
    hits = sum((ours & theirs).values())
    if not hits:
        return 0.0, 0.0, 0.0
    precision, recall = hits / sum(ours.values()), hits / sum(theirs.values())
    return precision, recall, 2 * precision * recall / (precision + recall)


# --- the slices, and their reading on the browser path ---------------------------------

def slice_records(quality: Path) -> list[dict]:
    """Every slice page as {"id", "html", "url", "reference", "metric"}, in a fixed order:
    the WCXB slice (word F1), then the readability slice (4-shingle F1)."""
    records = []
    wcxb, readability = quality / "wcxb-slice", quality / "readability-slice"
    for truth_file in sorted((wcxb / "ground-truth").glob("*.json")):
        truth = json.loads(truth_file.read_text(encoding="utf-8"))
        records.append({"id": f"wcxb/{truth_file.stem}", "url": truth["url"],
                        "html": _gunzip(wcxb / "html" / f"{truth_file.stem}.html.gz"),
                        "reference": truth["main_content"], "metric": "word"})
    for truth_file in sorted((readability / "pages").glob("*.json")):
        truth = json.loads(truth_file.read_text(encoding="utf-8"))
        records.append({"id": f"readability/{truth_file.stem}", "url": truth["url"],
                        "html": _gunzip(readability / "pages" / f"{truth_file.stem}.html.gz"),
                        "reference": truth["reference_text"], "metric": "shingle"})
    return records


def _gunzip(path: Path) -> str:
    return gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")


def score(record: dict, markdown: str) -> float:
    words = markdown_words(markdown)
    if record["metric"] == "word":
        return word_scores(words, record["reference"])[2]
    return shingle_scores(words, record["reference"])[2]


def render_scores(records: list[dict], work: Path) -> dict[str, float]:
    """Each page read as a user of `webgist batch --render 1` reads it: loaded in one
    headless Chromium (offline: the pages' other hosts are blocked), settled, measured
    by collect.js and converted with that geometry. Returns page id -> score."""
    work.mkdir(parents=True, exist_ok=True)
    pages, rows = work / "pages.jsonl", work / "rows.jsonl"
    with pages.open("w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps({"html": record["html"], "url": record["url"]}) + "\n")
    webgist = Path(sys.executable).with_name("webgist")
    done = subprocess.run([str(webgist), "batch", str(pages), "--render", "1", "-o", str(rows),
                           "--quiet"], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"webgist batch --render failed ({done.returncode}): {done.stderr}")
    results = [json.loads(line) for line in rows.read_text(encoding="utf-8").splitlines()]
    if len(results) != len(records):
        raise RuntimeError(f"{len(results)} rows for {len(records)} pages")
    scores = {}
    for record, row in zip(records, results):
        if row.get("error"):
            raise RuntimeError(f"{record['id']}: {row['error']}")
        scores[record["id"]] = score(record, row["markdown"] or "")
    return scores
