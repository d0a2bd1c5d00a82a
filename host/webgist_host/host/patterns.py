"""The engine's regular expressions, compiled at install instead of at every start.

The browser starts a fresh host for each popup, and the engine compiles ~150
patterns as it is imported: ~25-45 ms of its ~100-150 ms of imports, all of it in
the `re` module's Python parser and compiler, before the host can read a page.
What that compiler makes for a pattern is a list of integers that the C matcher
(`_sre.compile`) takes as it is, so `webgist install-host` records those lists
(`write_cache`, beside the package's bytecode) and each later start hands them
straight to `_sre.compile` (`load_cache`, the first thing `webgist_host` does),
putting the patterns in `re`'s own cache: the engine's `re.compile` calls then
find them there. The objects are the same `re.Pattern`s a compile makes (the test
compares them); the file is tied to this exact Python, and any mismatch, damage or
absence only means the patterns are compiled as before.
"""
from __future__ import annotations

import marshal
import os
import re
import sys
from typing import Any

import _sre

FORMAT = 1
# Set to "off" to ignore the file (write_cache does, so that it records only the
# patterns the code still compiles, not ones a stale file put in the cache).
SWITCH = "WEBGIST_PATTERN_CACHE"
# `re` keeps 512 patterns; the file fills at most half, leaving room for the rest.
MAX_ENTRIES = 256


def cache_file(package: str | None = None) -> str | None:
    """Where the file for this Python lives: the package's own __pycache__
    (`package`: the webgist_host folder, this one's by default)."""
    tag = sys.implementation.cache_tag
    if tag is None:
        return None
    package = package or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.join(package, "__pycache__", f"re-patterns.{tag}.marshal")


def _header() -> tuple[Any, ...]:
    return (FORMAT, sys.version, _sre.MAGIC, _sre.CODESIZE)


def _re_cache() -> dict[Any, Any] | None:
    cache = getattr(re, "_cache", None)
    return cache if isinstance(cache, dict) else None


def _read(path: str) -> tuple[Any, Any]:
    """The file's header and entries (raises on a missing or damaged file)."""
    with open(path, "rb") as stream:
        header, entries = marshal.loads(stream.read())   # load() reads in small pieces
    return header, entries


def load_cache(path: str | None = None) -> int:
    """Put the recorded patterns in `re`'s cache; how many. Never raises."""
    if os.environ.get(SWITCH) == "off":
        return 0
    try:
        path = path or cache_file()
        cache = _re_cache()
        if path is None or cache is None:
            return 0
        header, entries = _read(path)
        if header != _header():
            return 0
        loaded = 0
        for pattern, flags, args in entries[:MAX_ENTRIES]:
            key = (type(pattern), pattern, flags)
            if args[0] != pattern or key in cache:
                continue
            cache[key] = _sre.compile(*args)   # checks the code: damage raises
            loaded += 1
        return loaded
    except Exception:   # missing, unreadable, another format: compiled as before
        return 0


class _Recorder:
    """Stands in for `_sre` inside `re._compiler`, keeping the last compile's arguments."""

    def __init__(self) -> None:
        self.args: tuple[Any, ...] | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(_sre, name)

    def compile(self, *args: Any) -> Any:
        self.args = args
        return _sre.compile(*args)


def recorded_entries() -> list[tuple[Any, Any, tuple[Any, ...]]]:
    """(pattern, flags, `_sre.compile`'s arguments) for each pattern in `re`'s cache
    now, each compiled again by `re`'s own compiler; kept only where the result
    equals the cached pattern and the arguments can be stored."""
    compiler = getattr(re, "_compiler", None)
    cache = _re_cache()
    if compiler is None or cache is None:
        return []
    entries: list[tuple[Any, Any, tuple[Any, ...]]] = []
    recorder = _Recorder()
    real = compiler._sre
    compiler._sre = recorder
    try:
        for (kind, pattern, flags), compiled in list(cache.items()):
            if kind not in (str, bytes) or not isinstance(flags, int):
                continue
            recorder.args = None
            again = compiler.compile(pattern, flags)
            if recorder.args is None or again != compiled:
                continue
            # The code holds re's named opcodes, int subclasses marshal cannot store.
            args = tuple([int(op) for op in arg] if isinstance(arg, list) else arg
                         for arg in recorder.args)
            try:
                marshal.dumps(args)
            except ValueError:
                continue
            entries.append((pattern, flags, args))
    finally:
        compiler._sre = real
    return entries[:MAX_ENTRIES]


def write_cache(package: str | None = None) -> str | None:
    """Record the patterns the host compiles as it starts, in a fresh Python that
    imports the webgist_host folder `package` (this one's by default) and does not
    read the file, and write them beside its bytecode. "wrote", "unchanged" (the
    file already held exactly this: nothing is written, so an install over an
    unchanged package leaves the package folder alone), or None when not written."""
    import subprocess   # here: the host's start-up need not import it
    package = os.path.abspath(package or os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = cache_file(package)
    if path is None:
        return None
    parent = os.path.dirname(package)
    env = {**os.environ, SWITCH: "off", "PYTHONPATH": os.pathsep.join(
        filter(None, [parent, os.environ.get("PYTHONPATH")]))}
    code = ("import sys, marshal, webgist_host.host.native\n"
            "from webgist_host.host import patterns\n"
            "sys.stdout.buffer.write(marshal.dumps((patterns._header(), patterns.recorded_entries())))\n")
    try:
        # `-c` puts the current folder first on sys.path: run from the package's
        # parent, so that it is `package` that is imported, not another copy here.
        made = subprocess.run([sys.executable, "-c", code], env=env, cwd=parent, capture_output=True,
                              stdin=subprocess.DEVNULL, timeout=120)
        if made.returncode != 0 or not made.stdout:
            return None
        try:
            with open(path, "rb") as stream:
                if stream.read() == made.stdout:
                    return "unchanged"
        except OSError:
            pass
        os.makedirs(os.path.dirname(path), exist_ok=True)
        # A new name then a rename: a host starting meanwhile reads the old file or the new.
        partial = f"{path}.{os.getpid()}.tmp"
        with open(partial, "wb") as stream:
            stream.write(made.stdout)
        os.replace(partial, path)
        return "wrote"
    except (OSError, subprocess.SubprocessError):
        return None


def cache_status(package: str | None = None) -> str:
    """For `install-host --check`: "ok", "missing", or "made by another Python"
    (or "unreadable"), for the file this Python would load."""
    path = cache_file(package)
    if path is None or not os.path.isfile(path):
        return "missing"
    try:
        header, _entries = _read(path)
    except Exception:   # damaged: loading it is safe, it only gives nothing
        return "unreadable"
    return "ok" if header == _header() else "made by another Python"
