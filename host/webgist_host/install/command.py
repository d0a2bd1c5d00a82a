"""`webgist install-host`: register the native-messaging host with Chromium browsers.

What gets written (and removed again by --uninstall, from the record kept in the
data directory):

* a launcher in the data dir (`$WEBGIST_HOME`, else `$XDG_DATA_HOME/webgist`, else
  `~/.local/share/webgist`; `%LOCALAPPDATA%\\webgist` on Windows). Browsers cannot
  start a Python module directly, so the launcher is a tiny shell script (a .cmd on
  Windows) that execs this Python with `-m webgist_host.native`;
* the host manifest `com.webgist.host.json` naming that launcher and allowing only
  the webgist extension's origin. On Linux and macOS it goes into each browser's
  `NativeMessagingHosts` folder; on Windows it lives in the data dir and each
  browser gets a registry key under HKCU pointing at it.

The extension id is fixed by the `key` in extension/manifest.json (the id is the
first 32 hex digits of sha256 of the DER public key, with 0-f written as a-p), so
the manifest's `allowed_origins` stays valid wherever the extension is unpacked.

Firefox (`--browser firefox`, or found by its ~/.mozilla folder) gets its own manifest
of the same name with `allowed_extensions: [GECKO_ID]` (the id pinned by
`browser_specific_settings.gecko.id` in extension/manifest.json) instead of
`allowed_origins`, in ~/.mozilla/native-messaging-hosts/ (Linux),
~/Library/Application Support/Mozilla/NativeMessagingHosts/ (macOS), or, on Windows,
the data dir's `firefox` folder named by HKCU\\Software\\Mozilla\\NativeMessagingHosts\\<name>.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

EXTENSION_ID = "lhffnkolijnlanjndjbdjeiodohbkkgi"
HOST_NAME = "com.webgist.host"
ALLOWED_ORIGINS = (f"chrome-extension://{EXTENSION_ID}/",)
GECKO_ID = "webgist@webgist.example"      # extension/manifest.json browser_specific_settings
ALLOWED_EXTENSIONS = (GECKO_ID,)          # Firefox's form of allowed_origins
MANIFEST_FILENAME = f"{HOST_NAME}.json"
HOST_DESCRIPTION = "webgist: turns the page in front of you into clean Markdown"
RECORD_FILENAME = "install-record.json"
LAUNCHER_POSIX = "webgist-native-host"
LAUNCHER_WINDOWS = "webgist-native-host.cmd"
CHECK_TIMEOUT_S = 20.0

LAUNCHER_MODE = 0o755
MANIFEST_MODE = 0o644
DIR_MODE = 0o755           # folders install creates (a stricter umask still applies)


@dataclass(frozen=True)
class Browser:
    key: str
    name: str
    linux_dir: str            # user data dir under ~/.config
    mac_dir: str              # under ~/Library/Application Support
    windows_dir: str          # user data dir under %LOCALAPPDATA%
    windows_key: str          # under HKCU\Software
    snap: str | None = None   # snap name
    flatpak: str | None = None  # flatpak application id
    firefox: bool = False     # Mozilla layout and manifest (allowed_extensions)


BROWSERS: dict[str, Browser] = {b.key: b for b in (
    Browser("chrome", "Google Chrome", "google-chrome", "Google/Chrome",
            r"Google\Chrome\User Data", r"Google\Chrome", None, "com.google.Chrome"),
    Browser("chromium", "Chromium", "chromium", "Chromium",
            r"Chromium\User Data", r"Chromium", "chromium", "org.chromium.Chromium"),
    Browser("edge", "Microsoft Edge", "microsoft-edge", "Microsoft Edge",
            r"Microsoft\Edge\User Data", r"Microsoft\Edge", None, "com.microsoft.Edge"),
    Browser("brave", "Brave", "BraveSoftware/Brave-Browser", "BraveSoftware/Brave-Browser",
            r"BraveSoftware\Brave-Browser\User Data", r"BraveSoftware\Brave-Browser",
            "brave", "com.brave.Browser"),
    Browser("vivaldi", "Vivaldi", "vivaldi", "Vivaldi",
            r"Vivaldi\User Data", r"Vivaldi", None, "com.vivaldi.Vivaldi"),
    # Firefox: linux_dir is under ~ (not ~/.config), windows_dir under %APPDATA%;
    # these are only for detection, browser_target() has the manifest locations.
    Browser("firefox", "Firefox", ".mozilla", "Firefox", r"Mozilla\Firefox", r"Mozilla",
            firefox=True),
)}
# What to install for when no browser's config dir exists yet.
FALLBACK_BROWSERS = ("chromium", "chrome")


def extension_id_from_key(key_b64: str) -> str:
    """The extension id Chromium derives from a manifest `key` (base64 DER)."""
    der = base64.b64decode("".join(key_b64.split()))
    digest = hashlib.sha256(der).hexdigest()[:32]
    return "".join(chr(ord("a") + int(c, 16)) for c in digest)


def _system() -> str:
    if sys.platform == "win32":
        return "windows"
    if sys.platform == "darwin":
        return "mac"
    return "linux"   # the BSDs use the same XDG layout


# --- where things go -----------------------------------------------------------------

@dataclass(frozen=True)
class Env:
    """The facts install depends on, gathered once so tests can point them at tmp."""

    system: str
    home: Path
    environ: dict[str, str]
    root: Path = Path("/")

    @classmethod
    def current(cls) -> "Env":
        return cls(_system(), Path.home(), dict(os.environ))

    def data_dir(self) -> Path:
        if self.environ.get("WEBGIST_HOME"):
            return Path(self.environ["WEBGIST_HOME"]).expanduser().absolute()
        if self.system == "windows":
            base = self.environ.get("LOCALAPPDATA") or str(self.home / "AppData" / "Local")
            return Path(base) / "webgist"
        base = self.environ.get("XDG_DATA_HOME") or str(self.home / ".local" / "share")
        return Path(base).expanduser().absolute() / "webgist"

    def launcher(self) -> Path:
        name = LAUNCHER_WINDOWS if self.system == "windows" else LAUNCHER_POSIX
        return self.data_dir() / name

    def record(self) -> Path:
        return self.data_dir() / RECORD_FILENAME

    def config_dir(self, browser: Browser) -> Path:
        if browser.firefox and self.system == "windows":
            base = self.environ.get("APPDATA") or str(self.home / "AppData" / "Roaming")
            return Path(base) / browser.windows_dir
        if browser.firefox and self.system == "linux":
            return self.home / browser.linux_dir
        if self.system == "windows":
            base = self.environ.get("LOCALAPPDATA") or str(self.home / "AppData" / "Local")
            return Path(base) / browser.windows_dir
        if self.system == "mac":
            return self.home / "Library" / "Application Support" / browser.mac_dir
        base = self.environ.get("XDG_CONFIG_HOME") or str(self.home / ".config")
        return Path(base) / browser.linux_dir


@dataclass(frozen=True)
class Target:
    """One place a browser will look for the manifest."""

    label: str                      # "Chromium", "profile /tmp/x", ...
    manifest: Path                  # where the manifest file goes
    registry_key: str | None = None  # Windows: HKCU subkey whose default value = manifest
    firefox: bool = False           # write Firefox's manifest (allowed_extensions)


def browser_target(env: Env, browser: Browser) -> Target:
    if browser.firefox:
        if env.system == "windows":
            key = rf"Software\{browser.windows_key}\NativeMessagingHosts\{HOST_NAME}"
            return Target(browser.name, env.data_dir() / "firefox" / MANIFEST_FILENAME, key,
                          firefox=True)
        if env.system == "mac":
            folder = env.home / "Library" / "Application Support" / "Mozilla" / "NativeMessagingHosts"
        else:
            folder = env.home / ".mozilla" / "native-messaging-hosts"
        return Target(browser.name, folder / MANIFEST_FILENAME, firefox=True)
    if env.system == "windows":
        key = rf"Software\{browser.windows_key}\NativeMessagingHosts\{HOST_NAME}"
        return Target(browser.name, env.data_dir() / MANIFEST_FILENAME, key)
    return Target(browser.name, env.config_dir(browser) / "NativeMessagingHosts" / MANIFEST_FILENAME)


def profile_target(profile: str | Path) -> Target:
    path = Path(profile).expanduser().absolute()
    return Target(f"profile {path}", path / "NativeMessagingHosts" / MANIFEST_FILENAME)


def detect_browsers(env: Env) -> list[Browser]:
    return [b for b in BROWSERS.values() if env.config_dir(b).is_dir()]


def sandboxed_browser_notes(env: Env) -> list[str]:
    """Explain each Snap or Flatpak browser found: those cannot run native hosts."""
    notes: list[str] = []
    if env.system != "linux":
        return notes
    for browser in BROWSERS.values():
        if browser.snap:
            found = [p for p in (env.root / "snap" / "bin" / browser.snap, env.home / "snap" / browser.snap)
                     if p.exists()]
            if found:
                notes.append(
                    f"{browser.name} from Snap found ({found[0]}). Snap confinement does not let "
                    "the browser start native-messaging hosts, so webgist's host cannot run "
                    f"from it. Use a {browser.name} installed from a .deb/.rpm or the vendor's own "
                    "package (or Google Chrome), then run `webgist install-host` again.")
        if browser.flatpak:
            app_dir = env.home / ".var" / "app" / browser.flatpak
            if app_dir.exists():
                notes.append(
                    f"{browser.name} from Flatpak found ({app_dir}). The Flatpak sandbox does "
                    "not let the browser spawn host processes outside it, so webgist's host "
                    f"cannot run from it. Use a {browser.name} installed from your distribution "
                    "or the vendor's package, then run `webgist install-host` again.")
    return notes


# --- file contents ------------------------------------------------------------------------

def _sh_quote(value: str) -> str:
    return '"' + re.sub(r'([\\"$`])', r"\\\1", value) + '"'


# What the launcher prints to stderr when the Python it was written for is gone.
_MISSING_PYTHON = ("the Python environment webgist was installed with is missing (PYTHON "
                   "does not exist or is not executable). Reinstall webgist if needed, then "
                   "re-run `webgist install-host` and restart the browser.")


def launcher_text(system: str, python: str, pythonpath: str | None = None) -> str:
    if system == "windows":
        lines = ["@echo off",
                 "rem Native-messaging host launcher for webgist, written by `webgist install-host`."]
        if pythonpath:
            lines.append(f'set "PYTHONPATH={pythonpath.replace("%", "%%")};%PYTHONPATH%"')
        quoted = python.replace("%", "%%")
        message = re.sub(r"([\^&|<>()])", r"^\1",
                         _MISSING_PYTHON.replace("PYTHON", python)).replace("%", "%%")
        lines += [f'if not exist "{quoted}" (',
                  f"  echo webgist-native-host: {message} 1>&2",
                  "  exit /b 127",
                  ")",
                  f'"{quoted}" -m webgist_host.native %*']
        return "\r\n".join(lines) + "\r\n"
    lines = ["#!/bin/sh",
             "# Native-messaging host launcher for webgist, written by `webgist install-host`.",
             "# The browser runs it with the calling extension's origin as $1."]
    if pythonpath:
        lines.append(f"PYTHONPATH={_sh_quote(pythonpath)}${{PYTHONPATH:+:$PYTHONPATH}}")
        lines.append("export PYTHONPATH")
    # A Python that has gone (its venv deleted or moved, the interpreter upgraded
    # away) would otherwise end in the shell's terse "not found": say what to do.
    lines += [f"if [ ! -x {_sh_quote(python)} ]; then",
              f"  printf '%s\\n' {_sh_quote('webgist-native-host: ' + _MISSING_PYTHON.replace('PYTHON', python))} >&2",
              "  exit 127",
              "fi",
              f'exec {_sh_quote(python)} -m webgist_host.native "$@"']
    return "\n".join(lines) + "\n"


def manifest_data(launcher: Path, firefox: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": HOST_NAME,
        "description": HOST_DESCRIPTION,
        "path": str(launcher),
        "type": "stdio",
    }
    if firefox:
        data["allowed_extensions"] = list(ALLOWED_EXTENSIONS)
    else:
        data["allowed_origins"] = list(ALLOWED_ORIGINS)
    return data


def _pythonpath_needed(python: str, cwd: Path) -> str | None:
    """The folder to put on PYTHONPATH if `python` cannot import webgist_host on its
    own (running from a source checkout that was never pip-installed)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    probe = subprocess.run([python, "-c", "import webgist_host.native"], cwd=cwd, env=env,
                           stdin=subprocess.DEVNULL, capture_output=True)
    if probe.returncode == 0:
        return None
    return str(Path(__file__).resolve().parents[2])


# --- small file helpers ---------------------------------------------------------------------

def _make_dirs(path: Path) -> list[str]:
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


def _write(path: Path, text: str, mode: int, newline: str = "\n") -> None:
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


def _remove_empty_dirs(dirs: Iterable[str]) -> list[str]:
    removed = []
    for d in sorted(set(dirs), key=len, reverse=True):   # deepest first
        try:
            os.rmdir(d)
            removed.append(d)
        except OSError:
            pass   # gone already, or someone put something else there: leave it
    return removed


def _load_record(env: Env) -> dict[str, Any]:
    try:
        data = json.loads(env.record().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _is_our_manifest(path: Path) -> bool:
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("name") == HOST_NAME
    except (OSError, ValueError, AttributeError):
        return False


# --- Windows registry (imported only there) ----------------------------------------------

def _registry_set(key: str, value: str) -> None:
    import winreg
    winreg.SetValue(winreg.HKEY_CURRENT_USER, key, winreg.REG_SZ, value)


def _registry_get(key: str) -> str | None:
    import winreg
    try:
        return winreg.QueryValue(winreg.HKEY_CURRENT_USER, key)
    except OSError:
        return None


def _registry_delete(key: str) -> bool:
    import winreg
    try:
        winreg.DeleteKey(winreg.HKEY_CURRENT_USER, key)
        return True
    except OSError:
        return False


# --- the three actions -----------------------------------------------------------------

def resolve_targets(env: Env, browsers: list[str], profiles: list[str],
                    say=print, *, fallback: bool = True) -> list[Target]:
    targets = [profile_target(p) for p in profiles]
    chosen = [BROWSERS[b] for b in browsers]
    if not browsers and not profiles:
        chosen = detect_browsers(env)
        if chosen:
            say("Detected: " + ", ".join(b.name for b in chosen))
        elif fallback:
            chosen = [BROWSERS[b] for b in FALLBACK_BROWSERS]
            say("No Chromium-family browser profile found; installing for "
                + " and ".join(b.name for b in chosen) + " anyway.")
    targets += [browser_target(env, b) for b in chosen]
    unique: dict[tuple, Target] = {}
    for t in targets:
        unique.setdefault((str(t.manifest), t.registry_key), t)
    return list(unique.values())


def install(env: Env, targets: list[Target], say=print) -> int:
    for note in sandboxed_browser_notes(env):
        say("note: " + note)
    record = _load_record(env)
    created: list[str] = list(record.get("created_dirs", []))
    entries: list[dict[str, Any]] = list(record.get("entries", []))

    data_dir = env.data_dir()
    created += _make_dirs(data_dir)
    python = os.path.abspath(sys.executable)
    launcher = env.launcher()
    _write(launcher, launcher_text(env.system, python, _pythonpath_needed(python, data_dir)),
           LAUNCHER_MODE, newline="")
    say(f"wrote launcher  {launcher}  (runs {python} -m webgist_host.native)")
    for target in targets:
        entry_dirs = _make_dirs(target.manifest.parent)
        manifest_text = json.dumps(manifest_data(launcher, target.firefox), indent=2) + "\n"
        _write(target.manifest, manifest_text, MANIFEST_MODE)
        if target.registry_key:
            _registry_set(target.registry_key, str(target.manifest))
            say(f"wrote registry  HKCU\\{target.registry_key} = {target.manifest}  ({target.label})")
        say(f"wrote manifest  {target.manifest}  ({target.label})")
        entries = [e for e in entries
                   if (e.get("manifest"), e.get("registry_key")) != (str(target.manifest), target.registry_key)]
        previous_dirs = [d for e in record.get("entries", [])
                         if e.get("manifest") == str(target.manifest) for d in e.get("created_dirs", [])]
        entries.append({"label": target.label, "manifest": str(target.manifest),
                        "registry_key": target.registry_key, "firefox": target.firefox,
                        "created_dirs": previous_dirs + entry_dirs})

    record = {"host": HOST_NAME, "launcher": str(launcher), "created_dirs": created,
              "entries": entries}
    _write(env.record(), json.dumps(record, indent=2) + "\n", 0o644)
    say(f"allowed origin  {ALLOWED_ORIGINS[0]}")
    if any(t.firefox for t in targets):
        say(f"allowed Firefox extension  {GECKO_ID}")
    say("Restart the browser if it was running, then check with `webgist install-host --check`.")
    return 0


def uninstall(env: Env, targets: list[Target] | None, say=print) -> int:
    """Remove what install wrote. `targets` None means everything recorded."""
    record = _load_record(env)
    entries: list[dict[str, Any]] = list(record.get("entries", []))
    if targets is None:
        doomed = entries
        if not record:   # no record: look for our manifest wherever install could have put it
            doomed = [{"manifest": str(t.manifest), "registry_key": t.registry_key, "created_dirs": []}
                      for t in (browser_target(env, b) for b in BROWSERS.values())]
    else:
        wanted = {(str(t.manifest), t.registry_key) for t in targets}
        doomed = [e for e in entries if (e.get("manifest"), e.get("registry_key")) in wanted]
        known = {(e.get("manifest"), e.get("registry_key")) for e in doomed}
        doomed += [{"manifest": m, "registry_key": k, "created_dirs": []}
                   for m, k in wanted - known]
    keep = [e for e in entries if e not in doomed]

    removed_any = False
    still_used = {e.get("manifest") for e in keep}
    for entry in doomed:
        manifest = Path(entry["manifest"])
        key = entry.get("registry_key")
        if key and _registry_get(key) == str(manifest) and _registry_delete(key):
            say(f"removed registry HKCU\\{key}")
            removed_any = True
        if str(manifest) not in still_used and manifest.is_file() and _is_our_manifest(manifest):
            manifest.unlink()
            say(f"removed manifest {manifest}")
            removed_any = True
        for d in _remove_empty_dirs(entry.get("created_dirs", [])):
            say(f"removed folder   {d}")

    if keep:
        record["entries"] = keep
        _write(env.record(), json.dumps(record, indent=2) + "\n", 0o644)
        say(f"kept the launcher: still registered for {', '.join(e['label'] for e in keep)}")
        return 0
    launcher = Path(record.get("launcher") or env.launcher())
    if launcher.is_file():
        launcher.unlink()
        say(f"removed launcher {launcher}")
        removed_any = True
    if env.record().is_file():
        env.record().unlink()
    for d in _remove_empty_dirs(record.get("created_dirs", [])):
        say(f"removed folder   {d}")
    if not removed_any:
        say("Nothing to remove: the webgist host was not installed here.")
    return 0


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


def check(env: Env, targets: list[Target], say=print) -> int:
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
    if failures:
        say("Fix: run `webgist install-host` again (add --browser or --profile for the browser "
            "you use), then restart the browser.")
        return 1
    return 0


def _check_one(target: Target, say) -> str | None:
    if target.registry_key:
        value = _registry_get(target.registry_key)
        if value != str(target.manifest):
            return f"registry key HKCU\\{target.registry_key} is {value!r}, not {target.manifest}"
    if not target.manifest.is_file():
        return f"no manifest at {target.manifest}"
    try:
        manifest = json.loads(target.manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return f"cannot read {target.manifest}: {exc}"
    if not isinstance(manifest, dict) or manifest.get("name") != HOST_NAME:
        return f"{target.manifest} is not a {HOST_NAME} manifest"
    if manifest.get("type") != "stdio":
        return f"{target.manifest}: type must be 'stdio'"
    if target.firefox:
        if GECKO_ID not in (manifest.get("allowed_extensions") or []):
            return f"{target.manifest} does not allow the Firefox extension {GECKO_ID}"
    elif ALLOWED_ORIGINS[0] not in (manifest.get("allowed_origins") or []):
        return f"{target.manifest} does not allow {ALLOWED_ORIGINS[0]}"
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


# --- command line ---------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="webgist install-host",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Register webgist's native-messaging host so the browser extension can\n"
            "convert pages. Writes a launcher into the webgist data folder\n"
            "($WEBGIST_HOME, else $XDG_DATA_HOME/webgist or ~/.local/share/webgist) and\n"
            f"the manifest {MANIFEST_FILENAME} where each browser looks for it\n"
            "(the registry under HKCU on Windows). Without --browser or --profile it\n"
            "installs for every browser whose settings folder exists. Firefox\n"
            "(--browser firefox, or found by ~/.mozilla) gets a manifest with\n"
            f"allowed_extensions [{GECKO_ID}] in its native-messaging-hosts folder."),
        epilog=(
            "examples:\n"
            "  webgist install-host                      every detected browser\n"
            "  webgist install-host --browser chrome     Google Chrome only\n"
            "  webgist install-host --profile /tmp/p     a Chromium --user-data-dir\n"
            "  webgist install-host --check              ping the host as the browser would\n"
            "  webgist install-host --uninstall          remove everything install wrote\n"
            "\n"
            "Snap and Flatpak browsers cannot start native hosts (their sandbox forbids\n"
            f"it). The host only answers the extension {ALLOWED_ORIGINS[0]}"),
    )
    parser.add_argument("--browser", action="append", default=[], choices=sorted(BROWSERS),
                        metavar="NAME",
                        help="install for this browser (repeatable): " + ", ".join(BROWSERS))
    parser.add_argument("--profile", action="append", default=[], metavar="DIR",
                        help="a Chromium user-data-dir; the manifest goes to "
                             "DIR/NativeMessagingHosts/ (repeatable)")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--uninstall", action="store_true",
                        help="remove the launcher and manifests that install wrote")
    action.add_argument("--check", action="store_true",
                        help="send a ping through each installed manifest's launcher, as the "
                             "browser would, and report the answer")
    return parser


def main(argv: list[str] | None = None, *, env: Env | None = None) -> int:
    args = build_parser().parse_args(argv)
    env = env or Env.current()
    try:
        if args.uninstall:
            targets = (resolve_targets(env, args.browser, args.profile)
                       if args.browser or args.profile else None)
            return uninstall(env, targets)
        if args.check:
            if args.browser or args.profile:
                targets = resolve_targets(env, args.browser, args.profile)
            else:
                recorded = _load_record(env).get("entries", [])
                targets = [Target(e["label"], Path(e["manifest"]), e.get("registry_key"),
                                  bool(e.get("firefox")))
                           for e in recorded]
                if not recorded:
                    targets = resolve_targets(env, [], [], fallback=False)
            return check(env, targets)
        return install(env, resolve_targets(env, args.browser, args.profile))
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
