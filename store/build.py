"""Build the store packages from extension/: one command, two files.

    python store/build.py [--out dist]

- `webgist-chromium-<version>.zip` for the Chrome Web Store: the manifest without
  `key` (the store refuses it and gives the extension an id of its own; register
  that id with `webgist install-host --extension-id ID`) and without the keys only
  Firefox reads.
- `webgist-firefox-<version>.zip` for addons.mozilla.org: the manifest without the
  keys only Chromium reads (the store gets the id from `browser_specific_settings`).

Both hold the same scripts, pages and icons. Entries are stored with a fixed time
and in sorted order, so the same tree builds the same bytes.
"""
from __future__ import annotations

import argparse
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXTENSION = ROOT / "extension"
# The files that ship: everything in extension/ but these (editor and OS litter).
LEFT_OUT = {".DS_Store", "Thumbs.db"}

# Manifest keys each browser's store does not want. Paths are key lists into the
# manifest; a permission is removed from "permissions".
CHROMIUM_DROPS = [["key"], ["browser_specific_settings"], ["background", "scripts"]]
FIREFOX_DROPS = [["key"], ["minimum_chrome_version"], ["background", "service_worker"]]
# Firefox has no offscreen documents (its background is an event page with a DOM).
FIREFOX_DROPPED_PERMISSIONS = ["offscreen"]
# addons.mozilla.org asks every add-on what data it collects: none, all is local.
FIREFOX_DATA_COLLECTION = {"required": ["none"]}
FIXED_TIME = (2026, 1, 1, 0, 0, 0)


def store_manifest(manifest: dict, drops: list[list[str]], permissions: list[str] = ()) -> dict:
    """A copy of `manifest` without the keys at `drops` and the `permissions` named."""
    result = json.loads(json.dumps(manifest))
    for path in drops:
        holder = result
        for key in path[:-1]:
            holder = holder.get(key, {})
        holder.pop(path[-1], None)
    if permissions:
        result["permissions"] = [p for p in result.get("permissions", []) if p not in permissions]
    return result


def package(out: Path, manifest: dict) -> Path:
    files = sorted(p for p in EXTENSION.rglob("*")
                   if p.is_file() and p.name not in LEFT_OUT and p.name != "manifest.json")
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        entries = [("manifest.json", (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode())]
        entries += [(p.relative_to(EXTENSION).as_posix(), p.read_bytes()) for p in files]
        for name, data in entries:
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out


def build(out_dir: Path) -> dict[str, Path]:
    manifest = json.loads((EXTENSION / "manifest.json").read_text(encoding="utf-8"))
    version = manifest["version"]
    out_dir.mkdir(parents=True, exist_ok=True)
    firefox = store_manifest(manifest, FIREFOX_DROPS, FIREFOX_DROPPED_PERMISSIONS)
    firefox["browser_specific_settings"]["gecko"]["data_collection_permissions"] = FIREFOX_DATA_COLLECTION
    return {
        "chromium": package(out_dir / f"webgist-chromium-{version}.zip",
                            store_manifest(manifest, CHROMIUM_DROPS)),
        "firefox": package(out_dir / f"webgist-firefox-{version}.zip", firefox),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="folder for the packages (dist/)")
    args = parser.parse_args(argv)
    for browser, path in build(args.out).items():
        print(f"{browser}: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
