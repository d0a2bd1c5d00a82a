"""Stage 7: the kept blocks, in reading order, as Markdown (and the overlay's rows)."""
from .markdown import render_markdown

__all__ = ["render_markdown"]
