"""Numbered slideshows set into a story between its paragraphs, by shape.

News sites drop a gallery into the story's text ("Business news in pictures"): a
title, a strip of pictures and one caption per slide, each caption led by the slide's
position ("1/50", "2/50", ... "50/50"). Its captions are other stories; in a browser
the gallery waits behind a button, in the HTML it is all there. Found by shape, in
any language: the counters run from 1 to their total, and the gallery stands between
two of the article's own paragraphs in an element that holds none of them. Only on a
page whose metadata gives a published date (an article): a shop's or a landing page's
carousel ("1/4 ... 4/4") is what the page shows.
"""
from __future__ import annotations

from ..model import Block
from .sections import article_paragraphs, common_element, outermost_apart
from .tuning import SLIDESHOW_MIN_SLIDES
from .vocabulary import SLIDE_COUNTER_PATTERN


def embedded_slideshows(blocks: list[Block], weights: list[int]) -> list[int]:
    """Indices of the main-content blocks of each numbered slideshow that stands
    between two of the article's own paragraphs: the outermost element around its
    counted slides that holds none of those paragraphs (the gallery's title and
    picture strip with it)."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    slides_by_total: dict[int, dict[int, int]] = {}
    for i in kept:
        counter = SLIDE_COUNTER_PATTERN.match(blocks[i].text.lstrip())
        if counter is None:
            continue
        position, total = int(counter[1]), int(counter[2])
        if SLIDESHOW_MIN_SLIDES <= total and 1 <= position <= total:
            slides_by_total.setdefault(total, {}).setdefault(position, i)
    found: list[int] = []
    for total, slides in slides_by_total.items():
        if len(slides) != total:
            continue                # not every slide is counted: dates, scores, ratios
        box = common_element(blocks[i].xpath for i in slides.values())
        own = article_paragraphs(blocks, kept, weights, outside=(box + "/",))
        if not own:
            continue
        box = outermost_apart(box, [blocks[i].xpath for i in own])
        inside = [i for i in kept if blocks[i].xpath.startswith(box + "/")]
        if own[0] < inside[0] and inside[-1] < own[-1]:
            found.extend(inside)
    return sorted(set(found))
