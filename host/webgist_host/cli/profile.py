"""The folders a browser run writes in, and their removal after it: once the
browser has ended, also when Ctrl-C (which a terminal sends to the browser too)
stopped it mid-write."""
from __future__ import annotations

import contextlib
import os
import re
import shutil
import time
from pathlib import Path

# The longest temporary folder given to a browser: its socket's path below it
# ("org.chromium.Chromium.XXXXXX/SingletonSocket") must fit in 108 bytes.
MAX_SCRATCH_PATH = 60
# How long a browser killed by Ctrl-C is given to end before its profile is removed.
PROFILE_REMOVAL_S = 3.0


def scratch_env(folder: str) -> dict[str, str]:
    """The environment for a browser whose own temporary files go in `folder`/tmp,
    removed with it (a browser killed by Ctrl-C cannot remove them itself). Only
    when that path is short: the browser keeps a Unix socket in it, and a socket's
    path must stay under 108 bytes."""
    scratch = Path(folder) / "tmp"
    if len(os.fsencode(scratch)) > MAX_SCRATCH_PATH:
        return dict(os.environ)
    scratch.mkdir(parents=True, exist_ok=True)
    return {**os.environ, "TMPDIR": str(scratch)}


def remove_profile(profile: str, within: float = PROFILE_REMOVAL_S) -> None:
    """Remove a browser profile folder once the browser that used it has ended.
    Ctrl-C in a terminal reaches the browser too: it may still be writing there for
    a moment after its driver is gone, so its end is waited for (at most `within`)."""
    deadline = time.monotonic() + within
    pid = _profile_owner(profile)
    while pid is not None and _running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    shutil.rmtree(profile, ignore_errors=True)
    while os.path.exists(profile) and time.monotonic() < deadline:
        time.sleep(0.05)
        shutil.rmtree(profile, ignore_errors=True)


def _profile_owner(profile: str) -> int | None:
    """The browser's process id, from the lock it keeps in its profile: Chromium's
    "SingletonLock" -> "hostname-PID", Firefox's "lock" -> "address:+PID" (in the
    profile geckodriver made inside `profile`)."""
    locks = [os.path.join(profile, "SingletonLock")]
    with contextlib.suppress(OSError):
        locks += [os.path.join(profile, sub, "lock") for sub in os.listdir(profile)]
    for lock in locks:
        try:
            return int(re.split(r"[-+]", os.readlink(lock))[-1])
        except (OSError, ValueError):
            continue
    return None


def _running(pid: int) -> bool:
    """True while process `pid` runs (a zombie has ended: it writes nothing)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        pass
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return not os.path.isdir("/proc")      # no /proc: os.kill's answer is all there is
