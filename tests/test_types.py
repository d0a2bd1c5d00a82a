"""The type checker over the engine: block kinds, regions, widgets, decision actions and
reading-order methods are enums, and mypy is what turns a misspelt one into an error."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def test_mypy_passes_on_the_engine():
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.fail("mypy is not installed: run .venv/bin/pip install -e '.[test]'")
    result = subprocess.run([sys.executable, "-m", "mypy", "--config-file",
                             str(REPO / "pyproject.toml")],
                            cwd=REPO, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"mypy found problems:\n{result.stdout}{result.stderr}"


def test_mypy_catches_a_misspelt_block_kind(tmp_path):
    """The check has teeth: a kind that is not a BlockKind member is an error."""
    probe = tmp_path / "probe.py"
    probe.write_text("from webgist_host.engine.model import BlockKind\n"
                     "kind = BlockKind.PARAGRAF\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "mypy", "--config-file",
                             str(REPO / "pyproject.toml"), str(probe)],
                            cwd=REPO, capture_output=True, text=True, timeout=600)
    assert result.returncode != 0 and "PARAGRAF" in result.stdout, result.stdout
