"""How install touches the system: folders, files written atomically with exact
modes, and (on Windows only) registry keys under HKCU."""
from __future__ import annotations

import importlib
import os
import tempfile
from pathlib import Path
from typing import Any, Iterable

MANIFEST_MODE = 0o644
RECORD_MODE = 0o644
DIR_MODE = 0o755           # folders install creates (a stricter umask still applies)


def make_dirs(path: Path) -> list[str]:
    """mkdir -p, returning the directories that were created (outermost first)."""
    missing = []
    p = path
    while not p.exists():
        missing.append(p)
        if p.parent == p:
            break
        p = p.parent
    for d in reversed(missing):   # 0755 even under umask 0: never world-writable
        d.mkdir(mode=DIR_MODE, exist_ok=True)
    return [str(p) for p in reversed(missing)]


def write_file(path: Path, text: str, mode: int, newline: str = "\n") -> None:
    """Write atomically with an exact mode (the umask does not get a say)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as fh:
            fh.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def remove_empty_dirs(dirs: Iterable[str]) -> list[str]:
    """rmdir each of `dirs` that is empty, deepest first; return those removed."""
    removed = []
    for d in sorted(set(dirs), key=len, reverse=True):   # deepest first
        try:
            os.rmdir(d)
            removed.append(d)
        except OSError:
            pass   # gone already, or someone put something else there: leave it
    return removed


# --- Windows registry -------------------------------------------------------------------
# winreg exists only on Windows, and only Windows targets have registry keys. It is
# imported when called, by name and as Any, so the type check passes on every platform.


def _winreg() -> Any:
    return importlib.import_module("winreg")


def registry_set(key: str, value: str) -> None:
    winreg = _winreg()
    winreg.SetValue(winreg.HKEY_CURRENT_USER, key, winreg.REG_SZ, value)


def registry_get(key: str) -> str | None:
    winreg = _winreg()
    try:
        value: str = winreg.QueryValue(winreg.HKEY_CURRENT_USER, key)
        return value
    except OSError:
        return None


def registry_delete(key: str) -> bool:
    winreg = _winreg()
    try:
        winreg.DeleteKey(winreg.HKEY_CURRENT_USER, key)
        return True
    except OSError:
        return False
