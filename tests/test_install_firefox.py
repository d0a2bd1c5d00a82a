"""`webgist install-host --browser firefox`: Firefox's host manifest, where it goes,
uninstall, and the host accepting Firefox's calling convention.

The files, the paths and the host's argv handling; Firefox itself starting the host
is tested in tests/test_firefox_extension.py."""
from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from install_support import home, mode, tree, used_profile  # noqa: F401  (home is a fixture)

import webgist_host
from webgist_host.install import command as install
from webgist_host.install.launcher import LAUNCHER_POSIX
from webgist_host.install.manifest import (EXTENSION_ID, GECKO_ID, HOST_DESCRIPTION, HOST_NAME,
                                           MANIFEST_FILENAME, manifest_data)
from webgist_host.install.targets import BROWSERS, Env, Target, browser_target

REPO = Path(__file__).resolve().parent.parent


def frames(data: bytes) -> list[dict]:
    out = []
    while data:
        (length,) = struct.unpack("=I", data[:4])
        out.append(json.loads(data[4:4 + length]))
        data = data[4 + length:]
    return out


def run_as_firefox(launcher: Path, manifest: Path, extension_id: str) -> subprocess.CompletedProcess:
    """Start the host the way Firefox does: argv [manifest path, extension id]."""
    body = json.dumps({"type": "ping"}).encode()
    return subprocess.run([str(launcher), str(manifest), extension_id],
                          input=struct.pack("=I", len(body)) + body,
                          capture_output=True, cwd=launcher.parent, timeout=120)


def firefox_manifest_path(home: Path) -> Path:
    return home / ".mozilla" / "native-messaging-hosts" / MANIFEST_FILENAME


def test_extension_manifest_pins_the_gecko_id_the_host_allows():
    manifest = json.loads((REPO / "extension" / "manifest.json").read_text(encoding="utf-8"))
    gecko = manifest["browser_specific_settings"]["gecko"]
    assert gecko == {"id": GECKO_ID, "strict_min_version": "115.0"}
    # Chromium's service worker and Firefox's event page, both named.
    assert manifest["background"]["service_worker"] == "background.js"
    assert manifest["background"]["scripts"] == ["background.js"]


def test_install_for_firefox_writes_allowed_extensions_manifest(home, tmp_path, capsys):
    before = tree(tmp_path)
    assert install.main(["--browser", "firefox"]) == 0
    launcher = tmp_path / "data" / "webgist" / LAUNCHER_POSIX
    manifest_path = firefox_manifest_path(home)
    assert json.loads(manifest_path.read_text()) == {
        "name": HOST_NAME,
        "description": HOST_DESCRIPTION,
        "path": str(launcher),
        "type": "stdio",
        "allowed_extensions": [GECKO_ID],
    }
    assert mode(manifest_path) == 0o644
    assert mode(manifest_path.parent) == 0o755
    assert mode(launcher) == 0o755
    # Only Firefox's manifest: nothing under ~/.config for Chromium browsers.
    written = sorted(p.relative_to(home).as_posix() for p in home.rglob(MANIFEST_FILENAME))
    assert written == [f".mozilla/native-messaging-hosts/{MANIFEST_FILENAME}"]
    out = capsys.readouterr().out
    assert str(manifest_path) in out and GECKO_ID in out

    assert install.main(["--check"]) == 0
    assert f"host {webgist_host.__version__} answered" in capsys.readouterr().out

    assert install.main(["--uninstall"]) == 0
    assert tree(tmp_path) == before


def test_uninstall_with_browser_firefox_removes_only_firefox(home, tmp_path):
    before = tree(tmp_path)
    install.main(["--browser", "firefox", "--browser", "chromium"])
    chromium = home / ".config" / "chromium" / "NativeMessagingHosts" / MANIFEST_FILENAME
    assert json.loads(chromium.read_text())["allowed_origins"] == [f"chrome-extension://{EXTENSION_ID}/"]
    assert "allowed_extensions" not in json.loads(chromium.read_text())
    install.main(["--uninstall", "--browser", "firefox"])
    assert not firefox_manifest_path(home).exists()
    assert not (home / ".mozilla").exists()
    assert chromium.is_file()
    install.main(["--uninstall"])
    assert tree(tmp_path) == before


def test_mozilla_folder_is_detected(home, tmp_path, capsys):
    (home / ".mozilla" / "firefox").mkdir(parents=True)
    used_profile(home / ".config" / "chromium")
    before = tree(tmp_path)
    assert install.main([]) == 0
    assert "Detected: Chromium, Firefox" in capsys.readouterr().out
    assert "allowed_extensions" in json.loads(firefox_manifest_path(home).read_text())
    install.main(["--uninstall"])
    assert tree(tmp_path) == before


def test_firefox_targets_on_macos_and_windows(tmp_path):
    firefox = BROWSERS["firefox"]
    mac = Env("mac", tmp_path, {"WEBGIST_HOME": str(tmp_path / "d")})
    assert browser_target(mac, firefox) == Target(
        "Firefox", tmp_path / "Library" / "Application Support" / "Mozilla" / "NativeMessagingHosts"
        / MANIFEST_FILENAME, None, firefox=True)
    win = Env("windows", tmp_path, {"WEBGIST_HOME": str(tmp_path / "d")})
    target = browser_target(win, firefox)
    assert target.registry_key == rf"Software\Mozilla\NativeMessagingHosts\{HOST_NAME}"
    assert target.firefox
    # Not the Chromium manifest's file: the two say different things.
    assert target.manifest == tmp_path / "d" / "firefox" / MANIFEST_FILENAME
    assert browser_target(win, BROWSERS["chrome"]).manifest != target.manifest
    assert "allowed_origins" not in manifest_data(Path("x"), firefox=True)


def test_launcher_answers_a_ping_when_started_as_firefox_does(home):
    install.main(["--browser", "firefox"])
    manifest_path = firefox_manifest_path(home)
    launcher = Path(json.loads(manifest_path.read_text())["path"])
    result = run_as_firefox(launcher, manifest_path, GECKO_ID)
    assert result.returncode == 0, result.stderr
    assert frames(result.stdout) == [
        {"ok": True, "type": "pong", "version": webgist_host.__version__, "id": None}]


@pytest.mark.parametrize("extension_id", [
    "other@webgist.example",
    GECKO_ID.upper(),
    GECKO_ID + "x",
    "{00000000-0000-0000-0000-000000000000}",
    EXTENSION_ID,
    "",
])
def test_other_firefox_extension_ids_are_refused_with_a_framed_error(home, extension_id):
    install.main(["--browser", "firefox"])
    manifest_path = firefox_manifest_path(home)
    launcher = Path(json.loads(manifest_path.read_text())["path"])
    result = run_as_firefox(launcher, manifest_path, extension_id)
    assert result.returncode == 2
    replies = frames(result.stdout)
    assert len(replies) == 1 and replies[0]["ok"] is False
    assert "not allowed" in replies[0]["error"]
    assert b"refusing origin" in result.stderr


def test_host_module_with_firefox_argv(tmp_path):
    """Same through `python -m webgist_host.native`, no launcher in between."""
    body = b'{"type": "ping"}'
    frame = struct.pack("=I", len(body)) + body
    command = [sys.executable, "-m", "webgist_host.native", str(tmp_path / MANIFEST_FILENAME)]
    ok = subprocess.run(command + [GECKO_ID], input=frame, capture_output=True, timeout=120,
                        env=dict(os.environ))
    assert ok.returncode == 0 and frames(ok.stdout)[0]["type"] == "pong"
    bad = subprocess.run(command + ["evil@example.com"], input=frame, capture_output=True,
                         timeout=120)
    assert bad.returncode == 2 and frames(bad.stdout)[0]["ok"] is False
