"""`webgist install-host --check`: ping the host through each registered manifest.

For each target it reads the registry key (Windows) and the manifest as the browser
would, checks the manifest names this host and allows the webgist extension, then
starts the launcher with the arguments the browser passes (Chromium: the extension
origin; Firefox: the manifest path and the extension id), sends one framed
`{"type": "ping"}` and expects a pong. Each failure is reported with what to do.
"""
from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

from ..host import patterns
from .files import registry_get
from .manifest import ALLOWED_ORIGINS, GECKO_ID, manifest_problem
from .targets import Env, Target, sandboxed_browser_notes

CHECK_TIMEOUT_S = 20.0

Say = Callable[[str], Any]


def ping_host(command: list[str], timeout: float = CHECK_TIMEOUT_S) -> dict[str, Any]:
    """Start the host as the browser would, send one framed ping, return the reply."""
    body = json.dumps({"type": "ping"}).encode("utf-8")
    result = subprocess.run(command, input=struct.pack("=I", len(body)) + body,
                            capture_output=True, timeout=timeout, cwd=Path(command[0]).parent)
    out = result.stdout
    if len(out) < 4:
        raise RuntimeError(f"the host answered nothing (exit status {result.returncode}); "
                           f"its stderr said: {result.stderr.decode(errors='replace').strip()[-500:]}")
    (length,) = struct.unpack("=I", out[:4])
    reply = json.loads(out[4:4 + length].decode("utf-8"))
    if not isinstance(reply, dict):
        raise RuntimeError(f"the host answered with a non-object: {reply!r}")
    return reply


def check(env: Env, targets: list[Target], say: Say = print) -> int:
    """Check every target; 0 if all answered, else 1 (after saying how to fix it)."""
    for note in sandboxed_browser_notes(env):
        say("note: " + note)
    if not targets:
        say("Nothing installed: run `webgist install-host` first.")
        return 1
    failures = 0
    for target in targets:
        problem = _check_one(target, say)
        if problem:
            failures += 1
            say(f"FAIL {target.label}: {problem}")
    say(_patterns_line())
    if failures:
        say("Fix: run `webgist install-host` again (add --browser or --profile for the browser "
            "you use), then restart the browser.")
        return 1
    return 0


def _check_one(target: Target, say: Say) -> str | None:
    """What is wrong with one target (None, after saying "ok", when the host answered)."""
    if target.registry_key:
        value = registry_get(target.registry_key)
        if value != str(target.manifest):
            return f"registry key HKCU\\{target.registry_key} is {value!r}, not {target.manifest}"
    if not target.manifest.is_file():
        return f"no manifest at {target.manifest}"
    try:
        manifest = json.loads(target.manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return f"cannot read {target.manifest}: {exc}"
    problem = manifest_problem(manifest, target.manifest, target.firefox)
    if problem:
        return problem
    launcher = Path(str(manifest.get("path", "")))
    if not launcher.is_absolute():
        return f"the manifest's path {str(launcher)!r} must be absolute"
    if not launcher.is_file():
        return f"the launcher {launcher} is missing"
    if os.name != "nt" and not os.access(launcher, os.X_OK):
        return f"the launcher {launcher} is not executable (chmod 755 it)"
    try:
        # Firefox starts the host with [manifest path, extension id]; Chromium with the origin.
        reply = ping_host([str(launcher), str(target.manifest), GECKO_ID] if target.firefox
                          else [str(launcher), ALLOWED_ORIGINS[0]])
    except subprocess.TimeoutExpired:
        return f"the host did not answer a ping within {CHECK_TIMEOUT_S:.0f} s"
    except (OSError, RuntimeError, ValueError) as exc:
        return f"could not talk to the host through {launcher}: {exc}"
    if reply.get("ok") is not True or reply.get("type") != "pong":
        return f"the host answered {reply!r} instead of a pong"
    say(f"ok   {target.label}: host {reply.get('version')} answered through {launcher}")
    return None


def _patterns_line() -> str:
    """Whether the engine's patterns file (host/patterns.py) is there for this Python,
    the one install-host writes into the launcher. Not a failure: without it the host
    only starts ~30 ms slower."""
    status = patterns.cache_status()
    advice = "" if status == "ok" else "  (the host compiles its patterns as it starts; " \
        "`webgist install-host` writes the file)"
    return f"patterns file {status}: {patterns.cache_file()} for {sys.executable}{advice}"
