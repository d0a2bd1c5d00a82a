"""Stage 5, reading order (seed 001): recursive XY-cut over the measured boxes.

`stage` is the entry point and the decision log, `units` forms the pieces the cut
moves (cards, floats), `xycut` is the cut itself, `tuning` holds every threshold.
"""
from .stage import order_blocks, page_line_height

__all__ = ["order_blocks", "page_line_height"]
