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

Without --browser or --profile, install is for every browser whose settings folder
exists (Firefox: ~/.mozilla), else for Chromium and Chrome. Snap and Flatpak browsers
are found only to explain that their sandbox cannot start native hosts.
"""
from __future__ import annotations

import os
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
    return [b for b in BROWSERS.values() if env.config_dir(b).is_dir()]


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
            say("No Chromium-family browser profile found; installing for "
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
