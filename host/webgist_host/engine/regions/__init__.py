"""Stage 4, regions (seed 004): which landmark, widget or page furniture each block
sits in, the main content container, and what the scope keeps."""
from .stage import apply_regions

__all__ = ["apply_regions"]
