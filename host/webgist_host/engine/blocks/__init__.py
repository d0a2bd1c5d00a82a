"""Stage 3, the block model (seed 000): one block per innermost block-level element
that holds text. page_index.py reads the tree once, visibility.py judges what a
reader never sees, walker.py walks and emits, kinds.py handles each kind of element;
the other modules read one kind of thing. Every tunable rule is in tuning.py."""
from .page_index import PageIndex
from .walker import extract_blocks

__all__ = ["PageIndex", "extract_blocks"]
