"""How reading order (and de-duplication) scale with page size.

Builds synthetic measured pages of 1,000 to 32,000 blocks, stacked sections of
three shapes (sidebar + article, a grid of product cards, three text columns),
with slightly irregular gaps, and times order_blocks and deduplicate on each.
For O(n log n) the time should grow by a little over 2x per doubling.

    .venv/bin/python bench/order_scaling.py
"""
from __future__ import annotations

import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "host"))

from webgist_host.engine.dedup import deduplicate  # noqa: E402
from webgist_host.engine.model import Block, Rect  # noqa: E402
from webgist_host.engine.order import order_blocks, xycut  # noqa: E402

SIZES = [1000 * 2 ** k for k in range(6)]    # 1k .. 32k
REPEATS = 5          # best of five: the machine may be busy with other work


def synthetic_page(size: int, seed: int = 7) -> list[Block]:
    rng = random.Random(seed)
    boxes: list[tuple[str, str, Rect]] = []
    top, section = 0.0, 0
    while len(boxes) < size:
        section += 1
        root = f"/html[1]/body[1]/div[{section}]"
        shape = section % 3
        if shape == 0:
            top = _sidebar_and_article(boxes, root, top, rng)
        elif shape == 1:
            top = _card_grid(boxes, root, top, rng)
        else:
            top = _three_columns(boxes, root, top, rng)
        top += 40 + rng.random() * 20
    boxes = boxes[:size]
    order = list(range(len(boxes)))
    rng.shuffle(order)                 # source order unrelated to layout: the hard case
    return [Block(kind="paragraph", text=text, rich_text=text, tag="p", xpath=xpath,
                  dom_index=order[k], rect=rect)
            for k, (text, xpath, rect) in enumerate(boxes)]


def _sidebar_and_article(boxes, root, top, rng) -> float:
    y = top
    for k in range(15):
        boxes.append((f"side {root} {k}", f"{root}/nav[1]/ul[1]/li[{k + 1}]", Rect(0, y, 230, 24)))
        y += 24 + 8 + rng.random() * 2
    bottom, y = y, top
    for k in range(25):
        height = rng.choice((24, 51, 78))
        boxes.append((f"para {root} {k}", f"{root}/article[1]/p[{k + 1}]",
                      Rect(266, y, 634, height)))
        y += height + 12 + rng.random() * 3
    return max(bottom, y)


def _card_grid(boxes, root, top, rng) -> float:
    y = top
    for row in range(4):
        for column in range(4):
            card = f"{root}/ul[1]/li[{row * 4 + column + 1}]"
            x = column * 225
            boxes.append((f"img {card}", f"{card}/img[1]", Rect(x, y, 214, 200)))
            boxes.append((f"title {card}", f"{card}/h3[1]", Rect(x, y + 214, 214, 20)))
            boxes.append(("$100", f"{card}/span[1]", Rect(x, y + 248, 214, 16)))
        y += 300 + rng.random() * 4
    return y


def _three_columns(boxes, root, top, rng) -> float:
    bottoms = []
    for column, tag in enumerate(("section", "aside", "footer")):
        y = top
        boxes.append((f"head {root} {tag}", f"{root}/{tag}[1]/h2[1]",
                      Rect(column * 300, y, 260, 24)))
        y += 36
        for k in range(12):
            height = rng.choice((24, 48, 72))
            boxes.append((f"col {root} {tag} {k}", f"{root}/{tag}[1]/p[{k + 1}]",
                          Rect(column * 300, y, 260, height)))
            y += height + 10 + rng.random() * 3
        bottoms.append(y)
    return max(bottoms)


def best_time(function, *args, **kwargs) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        gc.collect()                   # start each run with the same heap
        start = time.perf_counter()
        function(*args, **kwargs)
        best = min(best, time.perf_counter() - start)
    return best


def cut_work(page: list[Block]) -> int:
    """Boxes sorted by the cut, summed over every region: a noise-free cost measure.

    Wraps the module's private band finder for this count only.
    """
    counted = [0]
    original = xycut._bands

    def counting(units, *, vertical):
        counted[0] += len(units)
        return original(units, vertical=vertical)

    xycut._bands = counting
    try:
        order_blocks(page)
    finally:
        xycut._bands = original
    return counted[0]


def main() -> None:
    print(f"{'blocks':>7} {'order s':>9} {'x prev':>7} {'cut work':>9} {'x prev':>7}"
          f" {'dedup s':>9} {'x prev':>7}")
    previous = None
    for size in SIZES:
        page = synthetic_page(size)
        ordered, label, _ = order_blocks(page)
        assert len(ordered) == size and label == "geometric-xy-cut"
        row = (best_time(order_blocks, page), cut_work(page),
               best_time(deduplicate, ordered, measured=True))
        ratios = ([f"{now / then:>7.2f}" for now, then in zip(row, previous)]
                  if previous else [" " * 7] * 3)
        print(f"{size:>7} {row[0]:>9.3f} {ratios[0]} {row[1]:>9} {ratios[1]}"
              f" {row[2]:>9.3f} {ratios[2]}")
        previous = row
    print("n log n predicts about 2.1-2.3 per doubling; n^2 would be 4."
          " Wall-clock ratios carry machine noise; cut work does not.")


if __name__ == "__main__":
    main()
