"""The files the `webgist` command writes (-o, --save-capture, --overlay): checked
before any work starts, and written so that a failure never costs the Markdown."""
from __future__ import annotations

import os
import sys
from pathlib import Path

# Each output option and an example file name for the error that asks for one.
OUTPUT_OPTIONS = (("output", "-o", "page.md"), ("save_capture", "--save-capture", "capture.json"),
                  ("overlay", "--overlay", "order.png"))


class OutputPathError(ValueError):
    """An output path that cannot be written; the message says why and what to do."""


def prepare_output_paths(args) -> None:
    """Check every output path before the page is read: not a folder, and its folder
    made (as `webgist batch -o` makes it) and writable. OutputPathError otherwise."""
    for attribute, flag, example in OUTPUT_OPTIONS:
        name = getattr(args, attribute, None)
        if not name or (attribute == "output" and name == "-"):
            continue
        path = Path(name)
        if path.is_dir():
            raise OutputPathError(f"{flag} {name} is a folder: name a file, such as "
                                  f"{path / example}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputPathError(f"{flag} {name}: its folder {path.parent} cannot be made "
                                  f"({exc.strerror or exc})") from None
        if not os.access(path.parent, os.W_OK | os.X_OK) or (
                path.exists() and not os.access(path, os.W_OK)):
            raise OutputPathError(f"{flag} {name}: not writable here (permission denied); "
                                  "name a file in a folder you can write to")


def save_file(flag: str, name: str, data: str | bytes) -> bool:
    """Write one extra file (a capture, an overlay); on failure say so on stderr and
    return False (the Markdown is still written)."""
    try:
        if isinstance(data, bytes):
            Path(name).write_bytes(data)
        else:
            Path(name).write_text(data, encoding="utf-8")
    except OSError as exc:
        print(f"webgist: {flag} {name} could not be written ({exc.strerror or exc})",
              file=sys.stderr)
        return False
    return True


def write_output(name: str | None, text: str, summary: str) -> bool:
    """The Markdown (or JSON) to `name`, or stdout for None or "-". When the file
    cannot be written the text goes to stdout, and stderr says so; False then."""
    if name and name != "-":
        try:
            Path(name).write_text(text, encoding="utf-8")
        except OSError as exc:
            print(f"webgist: {name} could not be written ({exc.strerror or exc}); "
                  "the output follows on stdout instead", file=sys.stderr)
        else:
            print(f"webgist: wrote {name} ({summary})", file=sys.stderr)
            return True
        sys.stdout.write(text)
        return False
    sys.stdout.write(text)
    return True
