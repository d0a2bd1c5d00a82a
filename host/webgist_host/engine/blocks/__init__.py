"""Stage 3, the block model (seed 000): one block per innermost block-level element
that holds text. walker.py reads the tree; the other modules read one kind of thing."""
from .walker import extract_blocks

__all__ = ["extract_blocks"]
