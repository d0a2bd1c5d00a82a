"""Stage 5, reading order (seed 001): recursive XY-cut over the measured boxes."""
from .xycut import order_blocks

__all__ = ["order_blocks"]
