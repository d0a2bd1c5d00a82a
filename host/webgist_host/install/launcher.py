"""The launcher: the file a host manifest's `path` names.

Browsers cannot start a Python module directly, so install writes a tiny script into
the data dir (`$WEBGIST_HOME`, else `$XDG_DATA_HOME/webgist`, else
`~/.local/share/webgist`; `%LOCALAPPDATA%\\webgist` on Windows) that runs the Python
webgist was installed with as `python -m webgist_host.native`: a POSIX shell script
`webgist-native-host`, or `webgist-native-host.cmd` on Windows.

When that Python cannot import webgist_host by itself (a source checkout that was
never pip-installed), the launcher also puts the checkout's `host` folder on
PYTHONPATH. When the Python has gone (its venv deleted, the interpreter upgraded
away), the launcher says so on stderr and exits 127, instead of the shell's terse
"not found".
"""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from .manifest import EXTRA_IDS_VARIABLE

LAUNCHER_POSIX = "webgist-native-host"
LAUNCHER_WINDOWS = "webgist-native-host.cmd"
LAUNCHER_MODE = 0o755

# What the launcher prints to stderr when the Python it was written for is gone.
_MISSING_PYTHON = ("the Python environment webgist was installed with is missing (PYTHON "
                   "does not exist or is not executable). Reinstall webgist if needed, then "
                   "re-run `webgist install-host` and restart the browser.")


def launcher_filename(system: str) -> str:
    return LAUNCHER_WINDOWS if system == "windows" else LAUNCHER_POSIX


def launcher_text(system: str, python: str, pythonpath: str | None = None,
                  extension_ids: tuple[str, ...] = ()) -> str:
    """The launcher for `system` ("linux", "mac" or "windows") that starts `python`;
    `extension_ids` (checked ids only) are handed to the host as allowed callers."""
    ids = " ".join(extension_ids)
    if system == "windows":
        return _windows_launcher(python, pythonpath, ids)
    return _posix_launcher(python, pythonpath, ids)


def _sh_quote(value: str) -> str:
    return '"' + re.sub(r'([\\"$`])', r"\\\1", value) + '"'


def _posix_launcher(python: str, pythonpath: str | None, ids: str = "") -> str:
    lines = ["#!/bin/sh",
             "# Native-messaging host launcher for webgist, written by `webgist install-host`.",
             "# The browser runs it with the calling extension's origin as $1."]
    if pythonpath:
        lines.append(f"PYTHONPATH={_sh_quote(pythonpath)}${{PYTHONPATH:+:$PYTHONPATH}}")
        lines.append("export PYTHONPATH")
    if ids:
        lines.append(f"{EXTRA_IDS_VARIABLE}={_sh_quote(ids)}")
        lines.append(f"export {EXTRA_IDS_VARIABLE}")
    missing = _sh_quote("webgist-native-host: " + _MISSING_PYTHON.replace("PYTHON", python))
    lines += [f"if [ ! -x {_sh_quote(python)} ]; then",
              f"  printf '%s\\n' {missing} >&2",
              "  exit 127",
              "fi",
              f'exec {_sh_quote(python)} -m webgist_host.native "$@"']
    return "\n".join(lines) + "\n"


def _windows_launcher(python: str, pythonpath: str | None, ids: str = "") -> str:
    lines = ["@echo off",
             "rem Native-messaging host launcher for webgist, written by `webgist install-host`."]
    if pythonpath:
        lines.append(f'set "PYTHONPATH={pythonpath.replace("%", "%%")};%PYTHONPATH%"')
    if ids:
        lines.append(f'set "{EXTRA_IDS_VARIABLE}={ids}"')
    quoted = python.replace("%", "%%")
    # cmd.exe's echo needs ^ before its metacharacters, and %% for a literal %.
    message = re.sub(r"([\^&|<>()])", r"^\1",
                     _MISSING_PYTHON.replace("PYTHON", python)).replace("%", "%%")
    lines += [f'if not exist "{quoted}" (',
              f"  echo webgist-native-host: {message} 1>&2",
              "  exit /b 127",
              ")",
              f'"{quoted}" -m webgist_host.native %*']
    return "\r\n".join(lines) + "\r\n"


def pythonpath_needed(python: str, cwd: Path) -> str | None:
    """The folder to put on PYTHONPATH if `python` cannot import webgist_host on its
    own (running from a source checkout that was never pip-installed)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    probe = subprocess.run([python, "-c", "import webgist_host.native"], cwd=cwd, env=env,
                           stdin=subprocess.DEVNULL, capture_output=True)
    if probe.returncode == 0:
        return None
    return str(Path(__file__).resolve().parents[2])   # host/, above webgist_host/
