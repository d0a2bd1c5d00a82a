"""`webgist install-host`: register the native-messaging host with the browsers.

What gets written (and removed again by --uninstall, from the record kept in the
data directory):

* a launcher in the data dir that starts this Python as `-m webgist_host.native`
  (launcher.py);
* the host manifest `com.webgist.host.json` naming that launcher and allowing only
  the webgist extension (manifest.py), in each browser's `NativeMessagingHosts`
  folder, or on Windows in the data dir with a registry key under HKCU pointing at
  it (targets.py says which browsers and where).

register.py writes and removes those files, check.py (`--check`) pings the host
through them as the browser would. This module is the command line: the options,
which action they pick, and the exit status (0 done, 1 an OSError or a failed
check, 2 a usage error from argparse).
"""
from __future__ import annotations

import argparse
import sys

from .check import check
from .manifest import ALLOWED_ORIGINS, EXTENSION_ID_RE, GECKO_ID, MANIFEST_FILENAME
from .register import install, recorded_targets, uninstall
from .targets import BROWSERS, Env, browser_target, installed_browsers, resolve_targets

_DESCRIPTION = (
    "Register webgist's native-messaging host so the browser extension can\n"
    "convert pages. Writes a launcher into the webgist data folder\n"
    "($WEBGIST_HOME, else $XDG_DATA_HOME/webgist or ~/.local/share/webgist) and\n"
    f"the manifest {MANIFEST_FILENAME} where each browser looks for it\n"
    "(the registry under HKCU on Windows). Without --browser or --profile it\n"
    "installs for every browser found (its program on PATH, or its settings\n"
    "folder). Firefox (--browser firefox, or found) gets a manifest with\n"
    f"allowed_extensions [{GECKO_ID}] in its native-messaging-hosts folder.")

_EPILOG = (
    "examples:\n"
    "  webgist install-host                      every detected browser\n"
    "  webgist install-host --browser chrome     Google Chrome only\n"
    "  webgist install-host --profile /tmp/p     a Chromium --user-data-dir\n"
    "  webgist install-host --check              ping the host as the browser would\n"
    "  webgist install-host --uninstall          remove everything install wrote\n"
    "\n"
    "Snap and Flatpak browsers cannot start native hosts (their sandbox forbids\n"
    f"it). The host only answers the extension {ALLOWED_ORIGINS[0]}")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="webgist install-host",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=_DESCRIPTION, epilog=_EPILOG)
    parser.add_argument("--browser", action="append", default=[], choices=sorted(BROWSERS),
                        metavar="NAME",
                        help="install for this browser (repeatable): " + ", ".join(BROWSERS))
    parser.add_argument("--profile", action="append", default=[], metavar="DIR",
                        help="a Chromium user-data-dir; the manifest goes to "
                             "DIR/NativeMessagingHosts/ (repeatable)")
    parser.add_argument("--extension-id", action="append", default=[], metavar="ID",
                        type=_extension_id,
                        help="also allow the Chromium extension with this id (repeatable): "
                             "the id a store gave the packaged extension")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--uninstall", action="store_true",
                        help="remove the launcher and manifests that install wrote")
    action.add_argument("--check", action="store_true",
                        help="send a ping through each installed manifest's launcher, as the "
                             "browser would, and report the answer")
    return parser


def _extension_id(text: str) -> str:
    if not EXTENSION_ID_RE.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a Chromium extension id (32 letters a-p, as chrome://extensions shows it)")
    return text


def main(argv: list[str] | None = None, *, env: Env | None = None) -> int:
    args = build_parser().parse_args(argv)
    env = env or Env.current()
    chosen = bool(args.browser or args.profile)
    try:
        if args.uninstall:
            return uninstall(env, resolve_targets(env, args.browser, args.profile) if chosen else None)
        if args.check:
            if chosen:
                return check(env, resolve_targets(env, args.browser, args.profile))
            # What the record says was installed, else the manifests found where browsers
            # look, else the browsers found (each then says what is missing).
            targets = (recorded_targets(env) or [browser_target(env, b) for b in installed_browsers(env)]
                       or resolve_targets(env, [], [], fallback=False))
            return check(env, targets)
        return install(env, resolve_targets(env, args.browser, args.profile),
                       extension_ids=tuple(args.extension_id))
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
