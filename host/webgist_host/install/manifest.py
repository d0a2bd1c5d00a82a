"""The host manifest `com.webgist.host.json`: who may start the host, and how.

Chromium-family browsers read `allowed_origins`, a list of extension origins. The
webgist extension's id is fixed by the `key` in extension/manifest.json (the id is the
first 32 hex digits of sha256 of the DER public key, with 0-f written as a-p), so the
origin stays valid wherever the extension is unpacked.

Firefox reads `allowed_extensions` instead, a list of extension ids; webgist's is
pinned by `browser_specific_settings.gecko.id` in extension/manifest.json.

The native host imports ALLOWED_ORIGINS and ALLOWED_EXTENSIONS from here to refuse
any other caller, so this module stays free of installer machinery (no argparse, no
file writing).
"""
from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # Annotations only: pathlib is ~1.3 ms of the native host's start-up, which
    # imports this module and never a Path.
    from pathlib import Path

EXTENSION_ID = "lhffnkolijnlanjndjbdjeiodohbkkgi"
HOST_NAME = "com.webgist.host"
ALLOWED_ORIGINS = (f"chrome-extension://{EXTENSION_ID}/",)
GECKO_ID = "webgist@webgist.example"      # extension/manifest.json browser_specific_settings
ALLOWED_EXTENSIONS = (GECKO_ID,)          # Firefox's form of allowed_origins
MANIFEST_FILENAME = f"{HOST_NAME}.json"
HOST_DESCRIPTION = "webgist: turns the page in front of you into clean Markdown"


def extension_id_from_key(key_b64: str) -> str:
    """The extension id Chromium derives from a manifest `key` (base64 DER)."""
    # Imported here: the native host imports this module at start-up, and hashlib
    # (OpenSSL) is ~5-10 ms of it that only the installer needs.
    import base64
    import hashlib
    der = base64.b64decode("".join(key_b64.split()))
    digest = hashlib.sha256(der).hexdigest()[:32]
    return "".join(chr(ord("a") + int(c, 16)) for c in digest)


# A Chromium extension id: 32 letters a-p (hex digits written a-p). The store build
# has no manifest key, so the Chrome Web Store gives it an id of its own, which
# `webgist install-host --extension-id ID` adds to allowed_origins.
EXTENSION_ID_RE = re.compile(r"[a-p]{32}")
# The launcher hands the added ids to the host in this variable (space-separated).
EXTRA_IDS_VARIABLE = "WEBGIST_EXTENSION_IDS"


def extra_origins(ids: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The origins of well-formed extension ids in `ids` (a list, or the variable's text)."""
    words = ids.split() if isinstance(ids, str) else ids
    return tuple(f"chrome-extension://{i}/" for i in words if EXTENSION_ID_RE.fullmatch(i))


def manifest_data(launcher: Path, firefox: bool = False,
                  extension_ids: tuple[str, ...] = ()) -> dict[str, Any]:
    """The manifest naming `launcher`, in Chromium's form or (firefox) Firefox's;
    `extension_ids` are Chromium ids allowed besides webgist's own."""
    data: dict[str, Any] = {
        "name": HOST_NAME,
        "description": HOST_DESCRIPTION,
        "path": str(launcher),
        "type": "stdio",
    }
    if firefox:
        data["allowed_extensions"] = list(ALLOWED_EXTENSIONS)
    else:
        data["allowed_origins"] = list(ALLOWED_ORIGINS) + [
            o for o in extra_origins(extension_ids) if o not in ALLOWED_ORIGINS]
    return data


def manifest_text(launcher: Path, firefox: bool = False, extension_ids: tuple[str, ...] = ()) -> str:
    """manifest_data as the file holds it."""
    return json.dumps(manifest_data(launcher, firefox, extension_ids), indent=2) + "\n"


def is_our_manifest(path: Path) -> bool:
    """Whether `path` holds a manifest for this host (so uninstall may delete it)."""
    try:
        name: object = json.loads(path.read_text(encoding="utf-8")).get("name")
    except (OSError, ValueError, AttributeError):
        return False
    return name == HOST_NAME


def manifest_problem(manifest: Any, path: Path, firefox: bool) -> str | None:
    """What is wrong with the parsed manifest at `path` (None when it is fine),
    before anything is run: name, type, and the caller it allows."""
    if not isinstance(manifest, dict) or manifest.get("name") != HOST_NAME:
        return f"{path} is not a {HOST_NAME} manifest"
    if manifest.get("type") != "stdio":
        return f"{path}: type must be 'stdio'"
    if firefox:
        if GECKO_ID not in (manifest.get("allowed_extensions") or []):
            return f"{path} does not allow the Firefox extension {GECKO_ID}"
    elif ALLOWED_ORIGINS[0] not in (manifest.get("allowed_origins") or []):
        return f"{path} does not allow {ALLOWED_ORIGINS[0]}"
    return None
