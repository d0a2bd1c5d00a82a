"""What the install tests share: a throwaway HOME and snapshots of a folder tree."""
from __future__ import annotations

import stat
from pathlib import Path

import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    """HOME and the webgist data dir inside tmp; no XDG overrides leaking in, and a
    PATH of one empty folder (tmp/bin), so that the machine's own browsers are not
    detected: a test puts the programs it wants found there (browser_program)."""
    home = tmp_path / "home"
    home.mkdir()
    (tmp_path / "bin").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
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


def browser_program(home: Path, name: str) -> Path:
    """An executable called `name` in the PATH folder the `home` fixture set."""
    program = home.parent / "bin" / name
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    return program


def used_profile(folder: Path) -> Path:
    """A settings folder as the browser leaves it after its first run."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "Local State").write_text("{}")
    return folder
