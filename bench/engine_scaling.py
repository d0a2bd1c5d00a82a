"""How the whole engine's static path scales with page size.

Builds synthetic pages of 250 to 4,000 sections (up to 92,000 elements: past
limits.MAX_ELEMENTS, 100,000, the rest of a page is read as plain text). Each section holds a heading,
prose with links, a list, a table, a screen-reader-only label, a hidden dropdown
(d-none), a nested display:none panel and a post signature, under a header, a
<nav> and a page footer, so every per-element rule of the blocks and regions stages
runs on every section. Times webgist_host.convert(scope="main") on each (best of
three). For O(n log n) the time should grow by a little over 2x per doubling.

`--shape cards` builds a grid instead: each "section" is a card with a title of its
own and two sub-boxes that each end with a value it shares with other cards
("Remote"), the shape the unmeasured path's de-duplication weighs place by place
(a per-place pass over the page was quadratic here: docs/rules/dedup.md).

`--shape teasers` puts a 40-paragraph dated story first and then, per "section", a
box of six teasers (a linked headline and a line about it): the shape the regions
stage's series rules read, series by series (site_series, trailing_series and
article_paragraphs each scanned every block per series once: docs/history/latency.md,
session 17).

    .venv/bin/python bench/engine_scaling.py [--max-sections 4000] [--shape sections|cards|teasers]
"""
from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "host"))

import webgist_host  # noqa: E402

REPEATS = 3          # best of three: the machine may be busy with other work


def section(n: int) -> str:
    return (
        f'<section class="entry"><h2>Section {n}</h2>'
        f'<p>Paragraph {n} about rooftop hives, with <a href="/s/{n}">a link</a> and '
        f'<em>emphasis</em>; the keeper notes the weather and the flow for colony {n}.'
        f'<span class="sr-only">Spoken label {n}</span></p>'
        f'<ul><li>First point of {n}</li><li>Second point of {n}</li></ul>'
        f'<table><tr><th>Hive</th><th>Weight</th></tr><tr><td>{n}</td><td>{n % 40} kg</td></tr></table>'
        f'<div class="dropdown d-none"><a href="/m/{n}">Menu item {n}</a></div>'
        f'<div style="display:none"><div style="display:none"><p>Hidden panel {n}</p></div></div>'
        f'<div class="post-signature"><p>Signature line {n}</p></div></section>')


def card(n: int) -> str:
    return (
        f'<div class="card"><h3><a href="/jobs/{n}">Job opening {n}</a></h3>'
        f'<div class="facts"><p>Team {n % 97} in city {n % 53}</p><p>{("Remote", "On site")[n % 2]}</p></div>'
        f'<div class="facts"><p>Level {n % 7}, ref {n}</p><p>{("Remote", "On site")[n % 2]}</p></div>'
        f'</div>')


def teasers(n: int) -> str:
    return ('<div class="box"><ul>' + "".join(
        f'<li><p><a href="/post/{n}-{k}">A headline of several words, number {n}.{k}</a></p>'
        f'<p>What the story {n}.{k} says, in a line of a dozen words or so.</p></li>'
        for k in range(6)) + '</ul></div>')


STORY = "".join(f"<p>Paragraph {k} of the story, with enough words in it to read as prose "
                f"and not as a caption or a teaser line.</p>" for k in range(40))


def page(sections: int, shape: str = "sections") -> str:
    make = {"cards": card, "teasers": teasers}.get(shape, section)
    body = (STORY if shape == "teasers" else "") + "".join(make(n) for n in range(sections))
    return (f'<!DOCTYPE html><html lang="en"><head><title>Scaling</title>'
            f'<meta property="article:published_time" content="2026-12-01T08:00:00Z"></head><body>'
            f'<header class="site-header"><a href="/">Home</a></header>'
            f'<nav><a href="/a">A</a> <a href="/b">B</a></nav>'
            f'<main><article><h1>Scaling</h1>{body}</article></main>'
            f'<footer><p>Footer text</p></footer></body></html>')


def best_time(html: str) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        gc.collect()
        started = time.perf_counter()
        webgist_host.convert(html, scope="main")
        best = min(best, time.perf_counter() - started)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-sections", type=int, default=4000)
    parser.add_argument("--shape", choices=("sections", "cards", "teasers"), default="sections")
    args = parser.parse_args()
    sizes = []
    size = 250
    while size <= args.max_sections:
        sizes.append(size)
        size *= 2
    print("| sections | bytes | best of 3 (s) | ratio to previous |")
    print("|---:|---:|---:|---:|")
    previous = None
    for size in sizes:
        html = page(size, args.shape)
        seconds = best_time(html)
        ratio = f"{seconds / previous:.2f}" if previous else "-"
        print(f"| {size} | {len(html):,} | {seconds:.3f} | {ratio} |", flush=True)
        previous = seconds
    return 0


if __name__ == "__main__":
    sys.exit(main())
