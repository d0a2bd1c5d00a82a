"""Which browsers, and where each looks for the host manifest.

* Linux (and the BSDs, same XDG layout): `$XDG_CONFIG_HOME` (else ~/.config) /
  the browser's folder / `NativeMessagingHosts/`.
* macOS: ~/Library/Application Support / the browser's folder / `NativeMessagingHosts/`.
* Windows: the manifest lives in the data dir, and each browser gets a registry key
  `HKCU\\Software\\<vendor>\\NativeMessagingHosts\\com.webgist.host` whose default
  value is the manifest's path.
* Firefox has its own folders: ~/.mozilla/native-messaging-hosts/ (Linux),
  ~/Library/Application Support/Mozilla/NativeMessagingHosts/ (macOS), or on Windows
  the data dir's `firefox` folder, named by HKCU\\Software\\Mozilla\\NativeMessagingHosts\\<name>.
* `--profile DIR` (a Chromium `--user-data-dir`): DIR/NativeMessagingHosts/.

Without --browser or --profile, install is for every browser found: its program (on
PATH, or its .app in /Applications on macOS), or a settings folder the browser itself
filled (Firefox: ~/.mozilla). A folder holding only the NativeMessagingHosts folder
an earlier install made does not count. None found: Chromium and Chrome. Snap and
Flatpak browsers are found only to explain that their sandbox cannot start native
hosts.
"""
from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .launcher import launcher_filename
from .manifest import HOST_NAME, MANIFEST_FILENAME

RECORD_FILENAME = "install-record.json"


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
    commands: tuple[str, ...] = ()  # its program's names on PATH (Linux, the BSDs)
    mac_app: str | None = None      # its bundle in /Applications or ~/Applications


BROWSERS: dict[str, Browser] = {b.key: b for b in (
    # The commands are the names the vendors' .deb/.rpm packages and Debian's put on
    # PATH for the stable channel (beta and dev channels keep other settings folders).
    Browser("chrome", "Google Chrome", "google-chrome", "Google/Chrome",
            r"Google\Chrome\User Data", r"Google\Chrome", None, "com.google.Chrome",
            commands=("google-chrome", "google-chrome-stable"), mac_app="Google Chrome.app"),
    Browser("chromium", "Chromium", "chromium", "Chromium",
            r"Chromium\User Data", r"Chromium", "chromium", "org.chromium.Chromium",
            commands=("chromium", "chromium-browser"), mac_app="Chromium.app"),
    Browser("edge", "Microsoft Edge", "microsoft-edge", "Microsoft Edge",
            r"Microsoft\Edge\User Data", r"Microsoft\Edge", None, "com.microsoft.Edge",
            commands=("microsoft-edge", "microsoft-edge-stable"), mac_app="Microsoft Edge.app"),
    Browser("brave", "Brave", "BraveSoftware/Brave-Browser", "BraveSoftware/Brave-Browser",
            r"BraveSoftware\Brave-Browser\User Data", r"BraveSoftware\Brave-Browser",
            "brave", "com.brave.Browser",
            commands=("brave-browser", "brave-browser-stable", "brave"), mac_app="Brave Browser.app"),
    Browser("vivaldi", "Vivaldi", "vivaldi", "Vivaldi",
            r"Vivaldi\User Data", r"Vivaldi", None, "com.vivaldi.Vivaldi",
            commands=("vivaldi", "vivaldi-stable"), mac_app="Vivaldi.app"),
    # Firefox: linux_dir is under ~ (not ~/.config), windows_dir under %APPDATA%;
    # these are only for detection, browser_target() has the manifest locations.
    Browser("firefox", "Firefox", ".mozilla", "Firefox", r"Mozilla\Firefox", r"Mozilla",
            firefox=True, commands=("firefox", "firefox-esr"), mac_app="Firefox.app"),
)}
# The folder install writes its manifest into, inside a settings folder (Firefox's on
# Linux sits in ~/.mozilla): on its own, it says an install ran, not that a browser did.
_HOSTS_FOLDERS = {"NativeMessagingHosts", "native-messaging-hosts"}
# What to install for when no browser's config dir exists yet.
FALLBACK_BROWSERS = ("chromium", "chrome")


def _system() -> str:
    if sys.platform == "win32":
        return "windows"
    if sys.platform == "darwin":
        return "mac"
    return "linux"   # the BSDs use the same XDG layout


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
        return self.data_dir() / launcher_filename(self.system)

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
    """The browsers installed here: by their program, else by a settings folder the
    browser itself wrote in (not one holding only the hosts folder install made)."""
    return [b for b in BROWSERS.values() if _program_found(env, b) or _used_settings(env, b)]


def _program_found(env: Env, browser: Browser) -> bool:
    if env.system == "mac":
        return browser.mac_app is not None and any(
            (folder / "Applications" / browser.mac_app).is_dir() for folder in (env.root, env.home))
    if env.system == "windows":   # install writes no folder of the browser's there
        return False
    path = env.environ.get("PATH", "")
    return any(shutil.which(name, path=path) for name in browser.commands)


def _used_settings(env: Env, browser: Browser) -> bool:
    try:
        return any(entry.name not in _HOSTS_FOLDERS for entry in env.config_dir(browser).iterdir())
    except OSError:   # missing, or not a folder we may read
        return False


def installed_browsers(env: Env) -> list[Browser]:
    """The browsers whose manifest file is where install writes it."""
    return [b for b in BROWSERS.values() if browser_target(env, b).manifest.is_file()]


def resolve_targets(env: Env, browsers: list[str], profiles: list[str],
                    say: Callable[[str], Any] = print, *, fallback: bool = True) -> list[Target]:
    """The targets for --browser and --profile; without either, the detected browsers
    (or, with `fallback`, FALLBACK_BROWSERS when none is found). No duplicates."""
    targets = [profile_target(p) for p in profiles]
    chosen = [BROWSERS[b] for b in browsers]
    if not browsers and not profiles:
        chosen = detect_browsers(env)
        if chosen:
            say("Detected: " + ", ".join(b.name for b in chosen))
        elif fallback:
            chosen = [BROWSERS[b] for b in FALLBACK_BROWSERS]
            say("No browser found (neither its program nor its settings folder); installing for "
                + " and ".join(b.name for b in chosen) + " anyway.")
    targets += [browser_target(env, b) for b in chosen]
    unique: dict[tuple[str, str | None], Target] = {}
    for t in targets:
        unique.setdefault((str(t.manifest), t.registry_key), t)
    return list(unique.values())


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
