"""webgist: the web page in front of you, as clean Markdown in reading order.

engine/ is the conversion pipeline (engine/pipeline.py names its stages); host/ is the
native-messaging host the browser starts; cli/ is the `webgist` command; install/
registers the host with browsers. docs/architecture.md walks through them.
"""
__version__ = "0.1.0"

import time

# When this process began importing webgist (epoch ms): the native host reports it,
# so bench/latency.py can tell Python's own start from the imports.
IMPORT_STARTED_AT = round(time.time() * 1000, 1)

# Before the engine: its patterns, compiled at install (host/patterns.py).
from .host.patterns import load_cache  # noqa: E402

load_cache()

from .engine.model import Block, Decision, Document, Metadata, Rect  # noqa: E402
from .engine.pipeline import convert  # noqa: E402

__all__ = ["convert", "Document", "Block", "Decision", "Metadata", "Rect", "__version__"]
