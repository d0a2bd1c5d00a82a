"""The store packages, built by the one command (store/build.py) as a release would:
the Chromium zip has no manifest key and, loaded in real Chromium, runs under the id
Chromium gives it, which `webgist install-host --extension-id ID` lets reach the real
host; the Firefox package passes `web-ext lint` with no errors."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from browser_support import click_copy, devtools_targets, press_extension_shortcut, wait_ready
from conftest import _extension_browser, webgist_command
from test_extension_js import SETUP, _node, _unavailable

ROOT = Path(__file__).resolve().parents[1]
WEB_EXT = ROOT / "node_modules" / "web-ext" / "bin" / "web-ext.js"
FIREFOX_ONLY_KEYS = {"browser_specific_settings"}


@pytest.fixture(scope="module")
def packages(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run([sys.executable, str(ROOT / "store" / "build.py"), "--out", str(out)],
                           capture_output=True, text=True, timeout=60)
    assert built.returncode == 0, built.stderr
    found = dict(line.split(": ", 1) for line in built.stdout.splitlines())
    return {browser: Path(path) for browser, path in found.items()}


def _manifest(package: Path) -> dict:
    with zipfile.ZipFile(package) as archive:
        return json.loads(archive.read("manifest.json"))


def _extension_files() -> set[str]:
    return {p.relative_to(ROOT / "extension").as_posix()
            for p in (ROOT / "extension").rglob("*") if p.is_file()}


def test_both_packages_hold_the_extension_and_no_manifest_key(packages):
    assert set(packages) == {"chromium", "firefox"}
    for browser, package in packages.items():
        with zipfile.ZipFile(package) as archive:
            assert set(archive.namelist()) == _extension_files(), browser
        manifest = _manifest(package)
        assert "key" not in manifest, browser
        assert manifest["icons"]["128"] == "icons/icon-128.png"
    chromium, firefox = _manifest(packages["chromium"]), _manifest(packages["firefox"])
    assert not FIREFOX_ONLY_KEYS & set(chromium) and "scripts" not in chromium["background"]
    assert chromium["background"] == {"service_worker": "background.js", "type": "module"}
    assert firefox["background"] == {"scripts": ["background.js"], "type": "module"}
    assert firefox["browser_specific_settings"]["gecko"]["id"] == "webgist@webgist.example"
    assert "offscreen" not in firefox["permissions"] and "offscreen" in chromium["permissions"]


def test_firefox_package_passes_web_ext_lint(packages):
    node = _node()
    if not WEB_EXT.exists():
        _unavailable(f"web-ext is not installed; run `npm ci` in {ROOT} (or {SETUP})")
    linted = subprocess.run([node, str(WEB_EXT), "lint", "--source-dir", str(packages["firefox"]),
                             "--output", "json", "--no-config-discovery"],
                            capture_output=True, text=True, timeout=180,
                            env={**os.environ, "WEB_EXT_TELEMETRY": "false"})
    report = json.loads(linted.stdout[linted.stdout.index("{"):])
    assert report["summary"]["errors"] == 0, report["errors"]
    # What it warns about is known, each a Chromium API the code asks for only where it
    # exists: the offscreen route to the clipboard (clipboard.js), which Firefox never
    # takes, and chrome.dom's closed shadow roots (flow.js, watch.js), which fall back to
    # el.shadowRoot there.
    known = {("clipboard.js", "runtime.getContexts"), ("clipboard.js", "offscreen."),
             ("flow.js", "dom.openOrClosedShadowRoot"), ("watch.js", "dom.openOrClosedShadowRoot")}
    unknown = [w for w in report["warnings"]
               if not any(w["file"] == file and w["message"].startswith(api) for file, api in known)]
    assert not unknown, unknown


def _unpacked_id(folder: Path) -> str:
    """The id Chromium gives an unpacked extension without a key: from its path."""
    digest = hashlib.sha256(str(folder).encode()).hexdigest()[:32]
    return "".join(chr(ord("a") + int(c, 16)) for c in digest)


@pytest.mark.browser
def test_store_id_registered_with_install_host_reaches_the_host(packages, tmp_path, browser_paths, server):
    unpacked = tmp_path / "webgist-store"
    with zipfile.ZipFile(packages["chromium"]) as archive:
        archive.extractall(unpacked)
    store_id = _unpacked_id(unpacked)
    profile = tmp_path / "profile"
    profile.mkdir()
    env = {**os.environ, "WEBGIST_HOME": str(tmp_path / "webgist-home")}
    refused = subprocess.run(webgist_command() + ["install-host", "--extension-id", "not-an-id"],
                             env=env, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "is not a Chromium extension id" in refused.stderr
    # First as the README's plain command installs it: for webgist's own id only.
    plain = subprocess.run(webgist_command() + ["install-host", "--profile", str(profile)],
                           env=env, capture_output=True, text=True, timeout=60)
    assert plain.returncode == 0, plain.stderr

    for driver in _extension_browser(profile, browser_paths, extension=unpacked):
        driver.get("chrome://extensions")
        infos = driver.execute_async_script(
            "const done = arguments[0]; chrome.developerPrivate.getExtensionsInfo().then(done);")
        (info,) = [i for i in infos if i["id"] == store_id]
        assert info["installWarnings"] == [] and info.get("manifestErrors", []) == [], info
        popup = f"chrome-extension://{store_id}/popup.html"
        driver.get(f"{server}/ext--options.html")
        press_extension_shortcut(driver)
        driver.switch_to.new_window("tab")
        driver.get(popup)
        tabs = driver.execute_async_script(
            "const done = arguments[0]; chrome.tabs.query({}).then(t => done(t.map(x => [x.id, x.index])));")
        driver.get(f"{popup}?tabId={min(tabs, key=lambda t: t[1])[0]}")
        wait_ready(driver)

        # Chromium refuses the host ("…is forbidden"): the popup names this copy's id
        # and the command that allows it, not "not installed".
        forbidden = click_copy(driver)
        assert forbidden["state"] == "error" and forbidden["error_kind"] == "host-not-allowed", forbidden
        assert "does not allow this copy of the extension" in forbidden["status"]
        assert "not installed" not in forbidden["status"]
        command = forbidden["hint"].splitlines()[-1]
        assert command == f"webgist install-host --extension-id {store_id}", forbidden

        # The command the popup gave (in the test's profile) lets the same click work.
        installed = subprocess.run(webgist_command() + command.split()[1:] + ["--profile", str(profile)],
                                   env=env, capture_output=True, text=True, timeout=60)
        assert installed.returncode == 0, installed.stderr
        assert f"chrome-extension://{store_id}/" in installed.stdout
        host_manifest = json.loads((profile / "NativeMessagingHosts" / "com.webgist.host.json").read_text())
        assert host_manifest["allowed_origins"][1:] == [f"chrome-extension://{store_id}/"]
        result = click_copy(driver)
        assert result["state"] == "done", result
        assert result["preview"].startswith("# Rooftop bees\n")
        assert any(t.get("url", "").startswith(f"chrome-extension://{store_id}/") for t in devtools_targets(driver))
