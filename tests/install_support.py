"""What the install tests share: a throwaway HOME and snapshots of a folder tree."""
from __future__ import annotations

import stat
from pathlib import Path

import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    """HOME and the webgist data dir inside tmp; no XDG overrides leaking in."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("WEBGIST_HOME", str(tmp_path / "data" / "webgist"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


def tree(root: Path) -> dict[str, str]:
    """Every path under root with its kind, to compare before/after snapshots."""
    return {str(p.relative_to(root)): ("dir" if p.is_dir() else p.read_text(errors="replace"))
            for p in sorted(root.rglob("*"))}


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)
