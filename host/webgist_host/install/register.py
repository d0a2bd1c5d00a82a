"""Writing the registration (install) and taking it away again (uninstall).

Install writes the launcher, then for each target the manifest (and on Windows the
registry key naming it). It keeps a record in the data dir (`install-record.json`:
the launcher, each manifest and registry key, and the folders it had to create), so
uninstall removes exactly what install wrote: a manifest only if it is still ours, a
folder only if it is empty, the launcher only when no target still uses it.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

from ..host import patterns
from .files import (MANIFEST_MODE, RECORD_MODE, make_dirs, registry_delete, registry_get,
                    registry_set, remove_empty_dirs, write_file)
from .launcher import LAUNCHER_MODE, launcher_text, pythonpath_needed
from .manifest import (ALLOWED_ORIGINS, GECKO_ID, HOST_NAME, extra_origins, is_our_manifest,
                       manifest_text)
from .targets import BROWSERS, Env, Target, browser_target, sandboxed_browser_notes

Say = Callable[[str], Any]
Entry = dict[str, Any]     # one target in the record: label, manifest, registry_key, ...


def load_record(env: Env) -> dict[str, Any]:
    """The record install kept, or {} if there is none (or it is unreadable)."""
    try:
        data = json.loads(env.record().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_record(env: Env, record: dict[str, Any]) -> None:
    write_file(env.record(), json.dumps(record, indent=2) + "\n", RECORD_MODE)


def recorded_targets(env: Env) -> list[Target]:
    """The targets the record says install wrote."""
    return [Target(e["label"], Path(e["manifest"]), e.get("registry_key"), bool(e.get("firefox")))
            for e in load_record(env).get("entries", [])]


# The package the launcher's Python imports (this checkout's or the installed one).
HOST_PACKAGE = Path(__file__).resolve().parents[1]


def compile_host() -> bool:
    """Write the host package's bytecode (__pycache__) now, if it is missing or stale.
    The browser starts a fresh host for each popup, and a Python that may not write
    bytecode as it imports (PYTHONDONTWRITEBYTECODE, or a package folder only the
    installer may write) would compile ~150 modules from source each time: ~0.15 s
    of a ~0.25 s start-up. Reading bytecode is always allowed. False when it could
    not be written (the host still runs, only slower to start)."""
    import compileall
    try:
        return bool(compileall.compile_dir(str(HOST_PACKAGE), quiet=2))
    except OSError:
        return False


def install(env: Env, targets: list[Target], say: Say = print,
            extension_ids: tuple[str, ...] = ()) -> int:
    for note in sandboxed_browser_notes(env):
        say("note: " + note)
    record = load_record(env)
    created: list[str] = list(record.get("created_dirs", []))
    entries: list[Entry] = list(record.get("entries", []))

    data_dir = env.data_dir()
    created += make_dirs(data_dir)
    python = os.path.abspath(sys.executable)
    launcher = env.launcher()
    write_file(launcher, launcher_text(env.system, python, pythonpath_needed(python, data_dir),
                                       extension_ids),
               LAUNCHER_MODE, newline="")
    say(f"wrote launcher  {launcher}  (runs {python} -m webgist_host.native)")
    if compile_host():
        say(f"compiled        {HOST_PACKAGE}  (the host's bytecode, for a quick start)")
    # The patterns file is removed at uninstall only if this install wrote it: one
    # already there (an earlier install, from another data folder) is left as found.
    patterns_file = record.get("patterns_file")
    written = patterns.write_cache(str(HOST_PACKAGE))
    if written:
        path = patterns.cache_file(str(HOST_PACKAGE))
        say(f"compiled        {path}  (the engine's patterns{', unchanged' if written == 'unchanged' else ''})")
        if written == "wrote":
            patterns_file = path
    for target in targets:
        entry_dirs = _write_target(target, launcher, say, extension_ids)
        entries = [e for e in entries
                   if (e.get("manifest"), e.get("registry_key")) != (str(target.manifest), target.registry_key)]
        # A re-install keeps the folders an earlier install created for this manifest.
        previous_dirs = [d for e in record.get("entries", [])
                         if e.get("manifest") == str(target.manifest) for d in e.get("created_dirs", [])]
        entries.append({"label": target.label, "manifest": str(target.manifest),
                        "registry_key": target.registry_key, "firefox": target.firefox,
                        "created_dirs": previous_dirs + entry_dirs})

    _save_record(env, {"host": HOST_NAME, "launcher": str(launcher), "created_dirs": created,
                       "entries": entries, **({"patterns_file": patterns_file} if patterns_file else {})})
    say(f"allowed origin  {ALLOWED_ORIGINS[0]}")
    for origin in extra_origins(extension_ids):
        say(f"allowed origin  {origin}  (--extension-id)")
    if any(t.firefox for t in targets):
        say(f"allowed Firefox extension  {GECKO_ID}")
    say("Restart the browser if it was running, then check with `webgist install-host --check`.")
    return 0


def _write_target(target: Target, launcher: Path, say: Say,
                  extension_ids: tuple[str, ...] = ()) -> list[str]:
    """Write one target's manifest (and registry key); return the folders created."""
    created = make_dirs(target.manifest.parent)
    write_file(target.manifest, manifest_text(launcher, target.firefox, extension_ids), MANIFEST_MODE)
    if target.registry_key:
        registry_set(target.registry_key, str(target.manifest))
        say(f"wrote registry  HKCU\\{target.registry_key} = {target.manifest}  ({target.label})")
    say(f"wrote manifest  {target.manifest}  ({target.label})")
    return created


def uninstall(env: Env, targets: list[Target] | None, say: Say = print) -> int:
    """Remove what install wrote. `targets` None means everything recorded."""
    record = load_record(env)
    entries: list[Entry] = list(record.get("entries", []))
    doomed = _entries_to_remove(env, record, entries, targets)
    keep = [e for e in entries if e not in doomed]

    removed_any = False
    still_used = {e.get("manifest") for e in keep}
    for entry in doomed:
        removed_any = _remove_entry(entry, still_used, say) or removed_any

    if keep:
        record["entries"] = keep
        _save_record(env, record)
        say(f"kept the launcher: still registered for {', '.join(e['label'] for e in keep)}")
        return 0
    launcher = Path(record.get("launcher") or env.launcher())
    if launcher.is_file():
        launcher.unlink()
        say(f"removed launcher {launcher}")
        removed_any = True
    patterns_file = record.get("patterns_file")
    if patterns_file and Path(patterns_file).name.startswith("re-patterns.") and Path(patterns_file).is_file():
        try:
            Path(patterns_file).unlink()
            say(f"removed patterns {patterns_file}")
        except OSError as exc:   # a package folder no longer ours to write: harmless left
            say(f"kept patterns   {patterns_file}  ({exc.strerror})")
    if env.record().is_file():
        env.record().unlink()
    for d in remove_empty_dirs(record.get("created_dirs", [])):
        say(f"removed folder   {d}")
    if not removed_any:
        say("Nothing to remove: the webgist host was not installed here.")
    return 0


def _entries_to_remove(env: Env, record: dict[str, Any], entries: list[Entry],
                       targets: list[Target] | None) -> list[Entry]:
    if targets is None:
        if record:
            return entries
        # No record: look for our manifest wherever install could have put it.
        return [{"manifest": str(t.manifest), "registry_key": t.registry_key, "created_dirs": []}
                for t in (browser_target(env, b) for b in BROWSERS.values())]
    wanted = {(str(t.manifest), t.registry_key) for t in targets}
    doomed = [e for e in entries if (e.get("manifest"), e.get("registry_key")) in wanted]
    known = {(e.get("manifest"), e.get("registry_key")) for e in doomed}
    doomed += [{"manifest": m, "registry_key": k, "created_dirs": []} for m, k in wanted - known]
    return doomed


def _remove_entry(entry: Entry, still_used: set[Any], say: Say) -> bool:
    """Remove one target's registry key, manifest (unless a kept entry shares it) and
    empty folders; True if a key or manifest was removed."""
    removed = False
    manifest = Path(entry["manifest"])
    key = entry.get("registry_key")
    if key and registry_get(key) == str(manifest) and registry_delete(key):
        say(f"removed registry HKCU\\{key}")
        removed = True
    if str(manifest) not in still_used and manifest.is_file() and is_our_manifest(manifest):
        manifest.unlink()
        say(f"removed manifest {manifest}")
        removed = True
    for d in remove_empty_dirs(entry.get("created_dirs", [])):
        say(f"removed folder   {d}")
    return removed
