"""webgist: the web page in front of you, as clean Markdown in reading order."""
from .model import Block, Decision, Document, Metadata, Rect
from .pipeline import convert

__version__ = "0.1.0"

__all__ = ["convert", "Document", "Block", "Decision", "Metadata", "Rect", "__version__"]
