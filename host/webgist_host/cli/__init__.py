"""The `webgist` command: one page from a file, a URL or the demo, rendered in
headless Chromium (or read statically), and `webgist install-host`."""
from .command import main

__all__ = ["main"]
