"""`webgist install-host`: what it writes, that the result really runs, and uninstall."""
from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from install_support import browser_program, home, mode, tree, used_profile  # noqa: F401  (home is a fixture)

import webgist_host
from webgist_host.host import patterns
from webgist_host.install import command as install
from webgist_host.install.launcher import LAUNCHER_POSIX, launcher_text
from webgist_host.install.manifest import (EXTENSION_ID, HOST_DESCRIPTION, HOST_NAME, MANIFEST_FILENAME,
                                           extension_id_from_key)
from webgist_host.install.targets import Env, detect_browsers

REPO = Path(__file__).resolve().parent.parent
ORIGIN = f"chrome-extension://{EXTENSION_ID}/"


def ping_through(launcher: Path, origin: str = ORIGIN) -> dict:
    body = b'{"type": "ping"}'
    result = subprocess.run([str(launcher), origin], input=struct.pack("=I", len(body)) + body,
                            capture_output=True, cwd=launcher.parent, timeout=120)
    assert result.returncode == 0, result.stderr
    (length,) = struct.unpack("=I", result.stdout[:4])
    assert len(result.stdout) == 4 + length
    return json.loads(result.stdout[4:])


def test_extension_id_matches_the_key_in_extension_manifest():
    manifest_path = REPO / "extension" / "manifest.json"
    assert manifest_path.is_file(), "extension/manifest.json (with its 'key') is missing"
    key = json.loads(manifest_path.read_text(encoding="utf-8"))["key"]
    # Derived here independently of extension_id_from_key.
    digest = hashlib.sha256(base64.b64decode(key)).hexdigest()[:32]
    derived = digest.translate(str.maketrans("0123456789abcdef", "abcdefghijklmnop"))
    assert derived == EXTENSION_ID
    assert extension_id_from_key(key) == EXTENSION_ID


def test_install_into_profile_writes_manifest_and_launcher_with_exact_content_and_modes(home, tmp_path, capsys):
    profile = tmp_path / "profile"
    assert install.main(["--profile", str(profile)]) == 0
    launcher = tmp_path / "data" / "webgist" / LAUNCHER_POSIX
    manifest_path = profile / "NativeMessagingHosts" / MANIFEST_FILENAME
    assert json.loads(manifest_path.read_text()) == {
        "name": HOST_NAME,
        "description": HOST_DESCRIPTION,
        "path": str(launcher),
        "type": "stdio",
        "allowed_origins": [ORIGIN],
    }
    assert mode(manifest_path) == 0o644
    assert mode(launcher) == 0o755
    text = launcher.read_text()
    assert text.startswith("#!/bin/sh\n")
    assert f'exec "{os.path.abspath(sys.executable)}" -m webgist_host.native "$@"\n' in text
    out = capsys.readouterr().out
    assert str(launcher) in out and str(manifest_path) in out


def test_installed_launcher_answers_a_ping_as_chrome_would_start_it(home, tmp_path):
    profile = tmp_path / "profile"
    install.main(["--profile", str(profile)])
    manifest = json.loads((profile / "NativeMessagingHosts" / MANIFEST_FILENAME).read_text())
    reply = ping_through(Path(manifest["path"]))
    assert reply == {"ok": True, "type": "pong", "version": webgist_host.__version__, "id": None}


def test_check_pings_through_the_installed_launcher(home, tmp_path, capsys):
    profile = tmp_path / "profile"
    install.main(["--profile", str(profile)])
    capsys.readouterr()
    assert install.main(["--check", "--profile", str(profile)]) == 0
    out = capsys.readouterr().out
    assert f"host {webgist_host.__version__} answered" in out
    assert f"patterns file ok: {patterns.cache_file()} for {sys.executable}" in out
    # Without options it checks what the install record lists.
    assert install.main(["--check"]) == 0


def test_check_fails_and_says_what_to_do_when_the_launcher_is_gone(home, tmp_path, capsys):
    profile = tmp_path / "profile"
    install.main(["--profile", str(profile)])
    (tmp_path / "data" / "webgist" / LAUNCHER_POSIX).unlink()
    capsys.readouterr()
    assert install.main(["--check", "--profile", str(profile)]) == 1
    out = capsys.readouterr().out
    assert "launcher" in out and "is missing" in out
    assert "webgist install-host" in out


def test_check_fails_when_nothing_is_installed(home, tmp_path, capsys):
    assert install.main(["--check", "--profile", str(tmp_path / "empty")]) == 1
    assert "no manifest at" in capsys.readouterr().out


def test_uninstall_removes_exactly_what_install_wrote(home, tmp_path):
    profile = tmp_path / "profile"
    profile.mkdir()
    (profile / "Default").mkdir()
    (profile / "Local State").write_text("{}")
    before = tree(tmp_path)
    install.main(["--profile", str(profile)])
    install.main(["--profile", str(profile)])   # installing twice is harmless
    assert tree(tmp_path) != before
    assert install.main(["--uninstall"]) == 0
    assert tree(tmp_path) == before


def test_uninstall_keeps_files_it_did_not_write(home, tmp_path):
    profile = tmp_path / "profile"
    hosts = profile / "NativeMessagingHosts"
    hosts.mkdir(parents=True)
    (hosts / "org.other.host.json").write_text("{}")
    data = tmp_path / "data" / "webgist"
    data.mkdir(parents=True)
    (data / "notes.txt").write_text("mine")
    before = tree(tmp_path)
    install.main(["--profile", str(profile)])
    install.main(["--uninstall"])
    assert tree(tmp_path) == before


def test_uninstalling_one_of_two_profiles_keeps_the_launcher_for_the_other(home, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    before = tree(tmp_path)
    install.main(["--profile", str(a), "--profile", str(b)])
    launcher = tmp_path / "data" / "webgist" / LAUNCHER_POSIX
    install.main(["--uninstall", "--profile", str(a)])
    assert not (a / "NativeMessagingHosts" / MANIFEST_FILENAME).exists()
    assert (b / "NativeMessagingHosts" / MANIFEST_FILENAME).is_file()
    assert launcher.is_file()
    assert ping_through(launcher)["type"] == "pong"
    install.main(["--uninstall", "--profile", str(b)])
    assert tree(tmp_path) == before


def test_install_goes_to_each_detected_browser(home, tmp_path, capsys):
    browser_program(home, "chromium")                                # its program on PATH
    used_profile(home / ".config" / "BraveSoftware" / "Brave-Browser")  # its settings
    before = tree(tmp_path)
    assert install.main([]) == 0
    out = capsys.readouterr().out
    assert "Detected: Chromium, Brave" in out
    for sub in ("chromium", "BraveSoftware/Brave-Browser"):
        assert (home / ".config" / sub / "NativeMessagingHosts" / MANIFEST_FILENAME).is_file()
    assert not (home / ".config" / "google-chrome").exists()
    install.main(["--uninstall"])
    assert tree(tmp_path) == before


def test_no_detected_browser_installs_for_chromium_and_chrome_and_says_so(home, capsys):
    assert install.main([]) == 0
    out = capsys.readouterr().out
    assert "installing for Chromium and Google Chrome anyway" in out
    for sub in ("chromium", "google-chrome"):
        assert (home / ".config" / sub / "NativeMessagingHosts" / MANIFEST_FILENAME).is_file()
    # The folders that install made are not browsers found the next time.
    assert install.main([]) == 0
    again = capsys.readouterr().out
    assert "Detected" not in again and "installing for Chromium and Google Chrome anyway" in again
    # Nor is an empty settings folder; --check still finds the manifests install wrote.
    (home / ".config" / "vivaldi").mkdir()
    assert install.main([]) == 0
    assert "Detected" not in capsys.readouterr().out
    (home.parent / "data" / "webgist" / "install-record.json").unlink()
    assert install.main(["--check"]) == 0
    checked = capsys.readouterr().out
    assert "ok   Chromium" in checked and "ok   Google Chrome" in checked


def test_a_second_install_detects_the_same_browsers_as_the_first(home, capsys):
    # A machine with Chromium alone, never started: its program is what is found.
    browser_program(home, "chromium")
    for _ in range(2):
        assert install.main([]) == 0
        out = capsys.readouterr().out
        assert "Detected: Chromium\n" in out, out
        assert "Google Chrome" not in out
    assert not (home / ".config" / "google-chrome").exists()


def test_browsers_are_detected_by_program_or_by_a_settings_folder_they_filled(home, tmp_path):
    browser_program(home, "google-chrome-stable")
    used_profile(home / ".config" / "vivaldi")
    (home / ".config" / "microsoft-edge" / "NativeMessagingHosts").mkdir(parents=True)  # install's
    env = Env.current()
    assert [b.key for b in detect_browsers(env)] == ["chrome", "vivaldi"]
    # macOS: the application bundle, in /Applications or ~/Applications.
    mac = Env("mac", home, {}, root=tmp_path / "root")
    (tmp_path / "root" / "Applications" / "Brave Browser.app").mkdir(parents=True)
    (home / "Applications" / "Firefox.app").mkdir(parents=True)
    assert [b.key for b in detect_browsers(mac)] == ["brave", "firefox"]


def test_browser_option_selects_browsers(home, capsys):
    assert install.main(["--browser", "edge", "--browser", "vivaldi"]) == 0
    written = sorted(p.relative_to(home).as_posix() for p in home.rglob(MANIFEST_FILENAME))
    assert written == [f".config/microsoft-edge/NativeMessagingHosts/{MANIFEST_FILENAME}",
                       f".config/vivaldi/NativeMessagingHosts/{MANIFEST_FILENAME}"]


def test_unknown_browser_is_a_usage_error(home, capsys):
    with pytest.raises(SystemExit) as info:
        install.main(["--browser", "netscape"])
    assert info.value.code == 2


def test_snap_and_flatpak_browsers_are_explained(home, tmp_path, capsys):
    (home / "snap" / "chromium").mkdir(parents=True)
    (home / ".var" / "app" / "com.google.Chrome").mkdir(parents=True)
    install.main(["--profile", str(tmp_path / "p")])
    out = capsys.readouterr().out
    assert "Chromium from Snap found" in out and "cannot run" in out
    assert "Google Chrome from Flatpak found" in out and "spawn host processes" in out


def test_default_data_dir_follows_xdg_data_home_then_local_share(home, tmp_path, monkeypatch):
    monkeypatch.delenv("WEBGIST_HOME")
    assert Env.current().data_dir() == home / ".local" / "share" / "webgist"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert Env.current().data_dir() == tmp_path / "xdg" / "webgist"


def test_windows_launcher_is_a_cmd_file_passing_arguments_on():
    text = launcher_text("windows", r"C:\Py 3\python.exe")
    assert text.endswith('"C:\\Py 3\\python.exe" -m webgist_host.native %*\r\n')
    assert "\n" not in text.replace("\r\n", "")


def test_launcher_quotes_awkward_interpreter_paths_for_sh(tmp_path):
    odd = '/opt/my "py" $HOME `x`/python'
    launcher = tmp_path / "l.sh"
    # The interpreter does not exist here: the launcher's check for it (`[ ! -x ...]`)
    # is turned into one that passes, and exec into printf.
    launcher.write_text(launcher_text("linux", odd).replace("[ ! -x ", "[ ! -n ", 1).replace(
        "exec ", "printf '%s\\n' ", 1))
    result = subprocess.run(["sh", str(launcher), "arg one"], capture_output=True, text=True)
    assert result.stdout.splitlines() == [odd, "-m", "webgist_host.native", "arg one"]


def test_help_describes_every_option():
    text = install.build_parser().format_help()
    for option in ("--browser", "--profile", "--uninstall", "--check"):
        assert option in text
    assert "NativeMessagingHosts" in text and "Snap and Flatpak" in text


def test_module_runs_as_a_command(home, tmp_path):
    env = dict(os.environ)
    result = subprocess.run([sys.executable, "-m", "webgist_host.install.command", "--profile",
                             str(tmp_path / "p")], capture_output=True, text=True, env=env,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "p" / "NativeMessagingHosts" / MANIFEST_FILENAME).is_file()


def test_install_writes_the_hosts_bytecode(home, tmp_path, monkeypatch):
    """A host that may not write bytecode as it imports (PYTHONDONTWRITEBYTECODE)
    still starts from bytecode: install-host wrote it. Installed (into a temporary
    profile) with a copy of the package as the host's, so the checkout's own
    __pycache__ plays no part."""
    import importlib.util
    import shutil
    from webgist_host.install import register
    package = tmp_path / "webgist_host"
    shutil.copytree(register.HOST_PACKAGE, package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    source = package / "engine" / "pipeline.py"
    cached = Path(importlib.util.cache_from_source(str(source)))
    assert not cached.exists()
    monkeypatch.setattr(register, "HOST_PACKAGE", package)
    assert install.main(["--profile", str(tmp_path / "profile")]) == 0
    assert cached.exists()
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    imported = subprocess.run([sys.executable, "-v", "-c", "import webgist_host.engine.pipeline"],
                              env=env, capture_output=True, text=True, timeout=60)
    assert imported.returncode == 0, imported.stderr
    assert f"matches {source}" in imported.stderr


_COUNT_COMPILES = """
import json, re, sys
compiled = []
real = re._compiler.compile
def counting(pattern, flags=0):
    compiled.append(pattern)
    return real(pattern, flags)
re._compiler.compile = counting
import webgist_host.host.native
from webgist_host.host import patterns
# Every pattern the file put in re's cache is the one re compiles for it.
different = [key for key, made in list(re._cache.items()) if made != real(key[1], key[2])]
print(json.dumps({"compiled": len(compiled), "cached": len(re._cache), "different": len(different),
                  "file": patterns.cache_file()}))
"""


def test_install_writes_the_engines_patterns(home, tmp_path, monkeypatch):
    """install-host records the patterns the engine compiles as it is imported, so a
    host started later compiles none of them (~30 ms of its start-up) and gets the
    very patterns a compile makes. Installed with a copy of the package, as above."""
    import shutil
    from webgist_host.install import register
    package = tmp_path / "webgist_host"
    shutil.copytree(register.HOST_PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(register, "HOST_PACKAGE", package)
    assert install.main(["--profile", str(tmp_path / "profile")]) == 0
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}

    def start(**extra):
        ran = subprocess.run([sys.executable, "-c", _COUNT_COMPILES], env={**env, **extra},
                             capture_output=True, text=True, timeout=60)
        assert ran.returncode == 0, ran.stderr
        return json.loads(ran.stdout)

    with_file = start()
    assert with_file["file"] == str(package / "__pycache__" / Path(with_file["file"]).name)
    assert Path(with_file["file"]).is_file()
    without = start(WEBGIST_PATTERN_CACHE="off")
    assert without["compiled"] > 100
    assert with_file["compiled"] == 0
    assert with_file["cached"] >= without["compiled"] - 5
    assert with_file["different"] == 0 and without["different"] == 0


def test_a_damaged_pattern_file_is_ignored(tmp_path):
    """Whatever the file holds, loading it never raises; the patterns are then
    compiled as before and match as before."""
    import marshal
    import re
    from webgist_host.host import patterns
    good = tmp_path / "good"
    key_pattern = r"webgist-test-(\d+)-pattern"
    cached = dict(re._cache)
    try:
        re._cache.clear()
        re.compile(key_pattern)
        entries = patterns.recorded_entries()
        assert [e[0] for e in entries] == [key_pattern]
        good.write_bytes(marshal.dumps((patterns._header(), entries)))
        (pattern, flags, args), = entries
        broken = (pattern, flags, (args[0], args[1], [999999] * 8, *args[3:]))
        files = {
            "garbage": b"\x00not marshal at all",
            "truncated": good.read_bytes()[:40],
            "other_python": marshal.dumps(((patterns.FORMAT, "2.7", 0, 0), entries)),
            "bad_code": marshal.dumps((patterns._header(), [broken])),
            "wrong_shape": marshal.dumps((patterns._header(), [("x", 0)])),
        }
        for name, data in files.items():
            (tmp_path / name).write_bytes(data)
            re._cache.clear()
            assert patterns.load_cache(str(tmp_path / name)) == 0, name
            assert re.compile(key_pattern).match("webgist-test-42-pattern").group(1) == "42", name
        re._cache.clear()
        assert patterns.load_cache(str(good)) == 1
        assert re.compile(key_pattern).match("webgist-test-7-pattern").group(1) == "7"
    finally:
        re._cache.clear()
        re._cache.update(cached)
