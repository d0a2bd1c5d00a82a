"""Labels laid over a chart picture: axis ticks, values, a unit, a legend word.

News graphics tools (ai2html and its kind) draw a chart as a picture and set its
labels as separate text boxes over it: "$915", "600", "300", "’17", "’18", "%".
Read as text they are a column of numbers without the picture's axes. By shape:
an element whose pictures are few, holding many lines of a word or three, most
of them figures. The picture stays (with its caption and any sentence set over
it); the short labels go.
"""
from __future__ import annotations

from ..model import Block, BlockKind
from ..words import word_count
from .tuning import (CHART_LABEL_MAX_WORDS, CHART_MAX_PICTURES, CHART_MIN_FIGURES,
                     CHART_MIN_SHORT_SHARE)

_IMAGE = BlockKind.IMAGE
_PARAGRAPH = BlockKind.PARAGRAPH


def chart_labels(blocks: list[Block]) -> list[int]:
    """Indices of the main-content lines that label a chart picture."""
    found: set[int] = set()
    done: set[str] = set()
    for i, block in enumerate(blocks):
        if block.kind != _IMAGE or not block.in_main:
            continue
        holder = block.xpath.rsplit("/", 1)[0] + "/"
        if holder in done:
            continue
        done.add(holder)
        inside = _contiguous_under(blocks, i, holder)
        pictures = [k for k in inside if blocks[k].kind == _IMAGE]
        lines = [k for k in inside if blocks[k].kind == _PARAGRAPH and blocks[k].in_main]
        short = [k for k in lines if word_count(blocks[k].text) <= CHART_LABEL_MAX_WORDS]
        figures = [k for k in short if any(c.isdigit() for c in blocks[k].text)]
        if (len(pictures) <= CHART_MAX_PICTURES and len(figures) >= CHART_MIN_FIGURES
                and len(short) >= CHART_MIN_SHORT_SHARE * len(lines)):
            found.update(short)
    return sorted(found)


def _contiguous_under(blocks: list[Block], i: int, holder: str) -> list[int]:
    """The blocks around block i (in document order) whose paths are under `holder`."""
    start = i
    while start > 0 and blocks[start - 1].xpath.startswith(holder):
        start -= 1
    end = i + 1
    while end < len(blocks) and blocks[end].xpath.startswith(holder):
        end += 1
    return list(range(start, end))
