"""Isolation (issue 7, item 4): the host never touches the network, serves only the
origins its manifest names, and the installer writes only where it says it does.

The host runs for real (`python -m webgist_host.native`, or the launcher that
`webgist install-host` writes) under two independent harnesses:

* a `sitecustomize.py` put first on the child's PYTHONPATH that replaces
  `socket.socket`, `socket.create_connection`, the resolver functions (and the same
  names in `_socket`) with functions that record the call in a log file and raise,
  plus an audit hook that records and refuses every `socket.*` audit event, so
  even a socket made through a reference taken before the patch is caught; it also
  records any process the host tries to start (which could reach the network
  outside Python);
* where `strace` is available, the same session traced at the system-call level
  (`-f -e trace=%network`), which also sees sockets opened by C code (libxml2 has
  its own HTTP and FTP clients).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import stat
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from webgist_host.install.manifest import ALLOWED_ORIGINS, EXTENSION_ID, MANIFEST_FILENAME

ROOT = Path(__file__).resolve().parents[1]
ORIGIN = f"chrome-extension://{EXTENSION_ID}/"
HANG_GUARD_S = 120


def _usable_strace() -> str | None:
    """strace, if it is installed and may trace here (containers often forbid ptrace)."""
    path = shutil.which("strace")
    if path is None:
        return None
    probe = subprocess.run([path, "-qq", "-o", os.devnull, "true"], capture_output=True)
    return path if probe.returncode == 0 else None


STRACE = _usable_strace()

# ---- the blocked-socket harness --------------------------------------------------------

HARNESS = r'''
"""Test harness (tests/test_isolation.py): no network for this process."""
import errno, os, sys

_LOG = os.environ.get("WEBGIST_NET_LOG") or os.devnull


def _record(what, detail=""):
    with open(_LOG, "a", encoding="utf-8") as fh:
        fh.write(f"{os.getpid()} {what} {detail!r}\n")


def _refuse(what):
    return OSError(errno.EACCES, f"network blocked by the webgist test harness ({what})")


import socket as _socket_module, _socket

_real_socket_class = _socket_module.socket


class _BlockedSocket(_real_socket_class):
    def __init__(self, *args, **kwargs):
        _record("socket.socket", args)
        raise _refuse("socket.socket")


def _blocked(name):
    def call(*args, **kwargs):
        _record(name, args)
        raise _refuse(name)
    call.__name__ = name
    return call


_socket_module.socket = _socket_module.SocketType = _BlockedSocket
for _name in ("create_connection", "create_server", "socketpair", "fromfd", "getaddrinfo",
              "gethostbyname", "gethostbyname_ex", "gethostbyaddr", "getnameinfo"):
    if hasattr(_socket_module, _name):
        setattr(_socket_module, _name, _blocked("socket." + _name))
for _name in ("socket", "socketpair", "getaddrinfo", "gethostbyname", "gethostbyname_ex",
              "gethostbyaddr", "getnameinfo"):
    if hasattr(_socket, _name):
        setattr(_socket, _name, _blocked("_socket." + _name))


def _audit(event, args):
    if event.startswith("socket."):
        _record("audit " + event, args[1:] if event == "socket.connect" else args)
        raise _refuse(event)
    if event in ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn",
                 "os.fork", "os.forkpty", "pty.spawn", "urllib.Request", "http.client.connect",
                 "ftplib.connect", "smtplib.connect", "webbrowser.open"):
        _record("audit " + event, args)


sys.addaudithook(_audit)
_record("harness-loaded", sys.argv)
'''


def write_harness(folder: Path) -> Path:
    """The harness as sitecustomize.py in `folder` (put it first on PYTHONPATH)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(HARNESS, encoding="utf-8")
    return folder


def harness_env(folder: Path, log: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(folder), *filter(None, [env.get("PYTHONPATH")])])
    env["WEBGIST_NET_LOG"] = str(log)
    return env


def harness_entries(log: Path) -> list[str]:
    """What the harness recorded, without its own 'loaded' lines."""
    if not log.exists():
        return []
    return [line for line in log.read_text(encoding="utf-8").splitlines()
            if " harness-loaded " not in line]


def harness_loaded(log: Path) -> int:
    """How many processes started with the harness active."""
    if not log.exists():
        return 0
    return sum(" harness-loaded " in line for line in log.read_text(encoding="utf-8").splitlines())


# ---- framing, decoded by hand ---------------------------------------------------------

def frame(obj) -> bytes:
    body = json.dumps(obj).encode("utf-8")
    return struct.pack("=I", len(body)) + body


def frames_of(data: bytes) -> list[dict]:
    pos, out = 0, []
    while pos < len(data):
        assert pos + 4 <= len(data), f"stray bytes on stdout: {data[pos:pos + 80]!r}"
        (length,) = struct.unpack("=I", data[pos:pos + 4])
        assert pos + 4 + length <= len(data), f"stray bytes on stdout: {data[pos:pos + 80]!r}"
        out.append(json.loads(data[pos + 4:pos + 4 + length].decode("utf-8")))
        pos += 4 + length
    return out


# ---- a page full of remote things, and a capture of it ----------------------------------

def remote_page(paragraphs: int, tag: str = "") -> tuple[str, dict]:
    """A two-column article that names remote resources every way HTML can (links,
    images with srcset, <base>, stylesheets, @import, scripts, iframes, SVG images,
    objects, video posters, an external DTD), with a capture as collect.js sends it.
    Nothing in it may make the host go and fetch anything."""
    left, right = [], []
    for i in range(paragraphs):
        left.append(f'<p>Left {i}{tag}: see <a href="https://example.com/a/{i}">remote link {i}</a> '
                    f'and the picture below.</p><figure><img src="https://cdn.example.net/img{i}.png" '
                    f'srcset="https://cdn.example.net/img{i}@2x.png 2x" alt="picture {i}"></figure>')
        right.append(f'<p>Right {i}: <a href="//tracker.example.org/t?{i}">tracker</a> and some '
                     f'more words about the right column so it reads as prose.</p>')
    html = (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
        '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">'
        '<html lang="en"><head><meta charset="utf-8"><title>Remote things</title>'
        '<base href="https://evil.example/">'
        '<link rel="stylesheet" href="https://cdn.example.net/site.css">'
        '<link rel="preload" href="ftp://files.example.net/f.bin">'
        '<script src="https://cdn.example.net/app.js"></script>'
        '<style>@import url(https://cdn.example.net/more.css);</style>'
        '<meta http-equiv="refresh" content="0; url=https://evil.example/next"></head>'
        f'<body><main><h1>Remote things</h1><div class="l">{"".join(left)}</div>'
        f'<div class="r">{"".join(right)}</div>'
        '<iframe src="https://frames.example.com/"></iframe>'
        '<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="http://cdn.example.net/x.svg"/></svg>'
        '<object data="https://cdn.example.net/o.swf"></object>'
        '<video src="https://cdn.example.net/v.mp4" poster="https://cdn.example.net/p.png"></video>'
        '<p><img src="file:///etc/passwd" alt="local file"> '
        '<a href="http://169.254.169.254/latest/meta-data/">metadata</a></p>'
        '</main></body></html>')
    height = 60 + paragraphs * 100
    paths = ["/html[1]", "/html[1]/body[1]", "/html[1]/body[1]/main[1]",
             "/html[1]/body[1]/main[1]/div[1]", "/html[1]/body[1]/main[1]/div[2]",
             "/html[1]/body[1]/main[1]/h1[1]"]
    boxes = [0, 0, 800, height, 3, 0, 0, 800, height, 3, 0, 0, 800, height, 3,
             0, 50, 380, height - 50, 3, 420, 50, 380, height - 50, 3, 0, 0, 800, 40, 3]
    for i in range(paragraphs):
        y = 50 + i * 100
        paths += [f"/html[1]/body[1]/main[1]/div[1]/p[{i + 1}]",
                  f"/html[1]/body[1]/main[1]/div[1]/figure[{i + 1}]/img[1]",
                  f"/html[1]/body[1]/main[1]/div[2]/p[{i + 1}]"]
        boxes += [0, y, 380, 20, 3, 0, y + 24, 120, 66, 3, 420, y, 380, 90, 3]
    capture = {"version": 1, "url": "https://evil.example/article", "title": "Remote things",
               "geometry": {"paths": paths, "boxes": boxes},
               "viewport": {"width": 800, "height": 600}, "dir": {"html": "", "body": ""},
               "lang": {"html": "en", "body": ""}}
    return html, capture


def session_requests() -> list[bytes]:
    """ping, conversions of the remote page (every output mode, with the capture),
    a chunked upload, a bad frame, ping."""
    html, capture = remote_page(150)
    requests = [frame({"type": "ping", "id": "p1"})]
    modes = [{"scope": "main", "explain": True, "overlay": True},
             {"scope": "page", "images": "link", "link_style": "reference", "front_matter": True},
             {"scope": "page", "images": "drop"}]
    for n, options in enumerate(modes):
        requests.append(frame({"type": "convert", "id": f"c{n}", "html": html, **capture,
                               "options": options}))
    text = json.dumps({"type": "convert", "html": html, "url": capture["url"],
                       "options": {"scope": "main"}})
    pieces = [text[i:i + 20_000] for i in range(0, len(text), 20_000)]
    requests.append(frame({"type": "begin", "id": "up", "chunks": len(pieces)}))
    requests += [frame({"type": "chunk", "id": "up", "seq": k, "data": p}) for k, p in enumerate(pieces)]
    requests.append(frame({"type": "end", "id": "up"}))
    requests.append(struct.pack("=I", 5) + b"nope!")
    requests.append(frame({"type": "ping", "id": "p2"}))
    return requests


def check_session_replies(replies: list[dict]) -> None:
    assert [r.get("id") for r in replies] == ["p1", "c0", "c1", "c2", "up", None, "p2"], replies
    assert replies[0]["type"] == replies[-1]["type"] == "pong"
    for reply in replies[1:5]:
        assert reply["ok"] is True, reply
        assert "Left 149" in reply["markdown"]
    main = replies[1]
    assert main["method"].startswith("geometric") and main["measured"] is True, main["method"]
    assert main["overlay"] and "explain" in main
    assert "](https://example.com/a/3)" in main["markdown"]
    assert "![picture 3](https://cdn.example.net/img3.png)" in main["markdown"]
    linked = replies[2]["markdown"]
    assert linked.startswith("---\n") and "\n[1]: https://example.com/a/0\n" in linked
    assert "[picture 3](https://cdn.example.net/img3.png)" in linked and "![picture" not in linked
    assert "cdn.example.net/img3" not in replies[3]["markdown"]
    assert replies[5]["ok"] is False and "not valid JSON" in replies[5]["error"]


def run_host(command: list[str], env: dict[str, str], stdin: bytes) -> subprocess.CompletedProcess:
    return subprocess.run(command, input=stdin, capture_output=True, env=env, timeout=HANG_GUARD_S)


# ---- tests ----------------------------------------------------------------------------

def test_the_harness_blocks_and_records_every_way_python_opens_a_socket(tmp_path):
    """The control: the harness is active in a child and refuses each call."""
    folder, log = write_harness(tmp_path / "harness"), tmp_path / "net.log"
    code = r'''
import socket, _socket, urllib.request
outcomes = []
for name, call in [
        ("create_connection", lambda: socket.create_connection(("127.0.0.1", 9), timeout=1)),
        ("socket", lambda: socket.socket()),
        ("_socket.socket", lambda: _socket.socket()),
        ("getaddrinfo", lambda: socket.getaddrinfo("example.com", 80)),
        ("urlopen", lambda: urllib.request.urlopen("http://127.0.0.1:9/", timeout=1)),
        ("socketpair", lambda: socket.socketpair())]:
    try:
        call()
        outcomes.append(name + " OPENED")
    except OSError as exc:
        outcomes.append(name + (" blocked" if "webgist test harness" in str(exc) else " other " + str(exc)))
print("\n".join(outcomes))
'''
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=harness_env(folder, log), timeout=HANG_GUARD_S)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:6] == [
        "create_connection blocked", "socket blocked", "_socket.socket blocked",
        "getaddrinfo blocked", "urlopen blocked", "socketpair blocked"], result.stdout
    entries = harness_entries(log)
    for what in ("socket.create_connection", "socket.socket", "_socket.socket",
                 "socket.getaddrinfo", "socket.socketpair", "audit urllib.Request"):
        assert any(f" {what} " in e for e in entries), (what, entries)
    assert harness_loaded(log) == 1


def test_host_serves_a_whole_session_without_opening_a_socket(tmp_path):
    """ping, three conversions of a page naming remote resources every way (with a
    capture, overlay, explain, every image and link mode), a chunked upload, a bad
    frame, ping: every reply is right and the harness recorded nothing."""
    folder, log = write_harness(tmp_path / "harness"), tmp_path / "net.log"
    result = run_host([sys.executable, "-m", "webgist_host.native", ORIGIN],
                      harness_env(folder, log), b"".join(session_requests()))
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    check_session_replies(frames_of(result.stdout))
    assert harness_loaded(log) == 1, "the harness did not load in the host"
    assert harness_entries(log) == []


def test_installed_launcher_runs_the_host_without_a_socket(tmp_path):
    """The same through the launcher `webgist install-host` writes, as Chromium starts it."""
    folder, log = write_harness(tmp_path / "harness"), tmp_path / "net.log"
    env = {**os.environ, "WEBGIST_HOME": str(tmp_path / "home")}
    installed = subprocess.run([sys.executable, "-m", "webgist_host.install.command", "--profile",
                                str(tmp_path / "profile")], env=env, capture_output=True,
                               text=True, timeout=HANG_GUARD_S)
    assert installed.returncode == 0, installed.stderr
    manifest = json.loads((tmp_path / "profile" / "NativeMessagingHosts" / MANIFEST_FILENAME).read_text())
    result = run_host([manifest["path"], ORIGIN], harness_env(folder, log),
                      frame({"type": "ping"}) + frame({"type": "convert", "id": 1,
                                                        "html": remote_page(5)[0]}))
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    replies = frames_of(result.stdout)
    assert replies[0]["type"] == "pong" and replies[1]["ok"] is True
    assert harness_loaded(log) == 1 and harness_entries(log) == []


@pytest.mark.skipif(STRACE is None, reason="strace is not installed or may not trace here")
def test_no_network_system_call_even_from_c_code(tmp_path):
    """At the system-call level (socket, connect, bind, sendto, ... from any code,
    libxml2 included), over the same session: none."""
    trace = tmp_path / "net.trace"
    command = [STRACE, "-f", "-qq", "-e", "trace=%network", "-o", str(trace),
               sys.executable, "-m", "webgist_host.native", ORIGIN]
    result = run_host(command, dict(os.environ), b"".join(session_requests()))
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    check_session_replies(frames_of(result.stdout))
    calls = [line for line in trace.read_text().splitlines() if line.strip()]
    assert calls == []
    # The control: the same tracing sees a socket when one is made.
    subprocess.run([STRACE, "-f", "-qq", "-e", "trace=%network", "-o", str(trace), sys.executable,
                    "-c", "import socket; socket.socket().close()"], check=True, timeout=HANG_GUARD_S)
    assert any(re.search(r"\bsocket\(AF_INET", line) for line in trace.read_text().splitlines())


# ---- origins --------------------------------------------------------------------------

REFUSED_ORIGINS = [
    "chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/",              # another extension
    f"chrome-extension://{EXTENSION_ID.upper()}/",                       # case is not ignored
    f"chrome-extension://{EXTENSION_ID}x/",                              # a longer id
    f"chrome-extension://{EXTENSION_ID[:-1]}/",                          # a shorter id
    f"chrome-extension://{EXTENSION_ID}/popup.html",                     # not an origin
    f"chrome-extension://{EXTENSION_ID}.evil.example/",
    f"moz-extension://{EXTENSION_ID}/",
    f"https://{EXTENSION_ID}/",
    "http://127.0.0.1:8000/",
]


def test_host_serves_exactly_the_origins_in_its_installed_manifest(tmp_path):
    env = {**os.environ, "WEBGIST_HOME": str(tmp_path / "home")}
    installed = subprocess.run([sys.executable, "-m", "webgist_host.install.command", "--profile",
                                str(tmp_path / "profile")], env=env, capture_output=True,
                               text=True, timeout=HANG_GUARD_S)
    assert installed.returncode == 0, installed.stderr
    manifest = json.loads((tmp_path / "profile" / "NativeMessagingHosts" / MANIFEST_FILENAME).read_text())
    assert manifest["allowed_origins"] == list(ALLOWED_ORIGINS) == [ORIGIN]

    # All at once: each is a host process started through the installed launcher.
    def start(origin):
        return subprocess.Popen([manifest["path"], origin], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    allowed = {origin: start(origin) for origin in manifest["allowed_origins"]}
    refused = {origin: start(origin) for origin in REFUSED_ORIGINS}
    for origin, proc in allowed.items():
        out, err = proc.communicate(frame({"type": "ping"}), timeout=HANG_GUARD_S)
        assert proc.returncode == 0, err
        assert frames_of(out)[0]["type"] == "pong", origin
    for origin, proc in refused.items():
        try:
            out, err = proc.communicate(frame({"type": "convert", "html": "<p>secret</p>"}),
                                        timeout=HANG_GUARD_S)
        except BrokenPipeError:   # the host may be gone before stdin is written
            out, err = proc.stdout.read(), proc.stderr.read()
            proc.wait(timeout=HANG_GUARD_S)
        assert proc.returncode == 2, (origin, err)
        replies = frames_of(out)
        assert len(replies) == 1, (origin, replies)     # the refusal, and no conversion
        assert replies[0]["ok"] is False and "is not allowed" in replies[0]["error"], origin
        assert b"refusing origin" in err


# ---- the installer's footprint ---------------------------------------------------------

WRITE_CALLS = {"mkdir", "mkdirat", "rename", "renameat", "renameat2", "unlink", "unlinkat",
               "rmdir", "chmod", "fchmodat", "chown", "fchownat", "lchown", "symlink",
               "symlinkat", "link", "linkat", "truncate", "creat", "utimensat", "mknod", "mknodat"}
_CALL_RE = re.compile(r"^\d+\s+(\w+)\((.*)\)\s+=\s+\d+")


def written_paths(trace: Path) -> list[tuple[str, str]]:
    """(call, path) for every successful call in an strace -e trace=%file log that
    writes to the file system."""
    found = []
    for line in trace.read_text().splitlines():
        match = _CALL_RE.match(line)
        if not match:
            continue
        call, args = match.groups()
        opens_for_writing = call in ("open", "openat") and re.search(r"O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND", args)
        if call not in WRITE_CALLS and not opens_for_writing:
            continue
        for path in re.findall(r'"((?:[^"\\]|\\.)*)"', args):
            if path != "/dev/null":
                found.append((call, path))
    return found


def modes_under(root: Path) -> dict[str, int]:
    return {str(p.relative_to(root)): stat.S_IMODE(p.lstat().st_mode) for p in sorted(root.rglob("*"))}


@pytest.mark.parametrize("umask", [0o022, 0o000], ids=["umask-022", "umask-000"])
def test_installer_writes_only_its_folder_and_the_manifest_folders_with_sane_modes(tmp_path, umask):
    """Install for two detected browsers and a profile, then uninstall, each as its
    own process, every write traced where strace is available. Under any umask
    (even 0) nothing it creates is group- or world-writable: the launcher is 0755,
    manifests 0644, folders 0755. Uninstall leaves the tree exactly as it was."""
    home, data = tmp_path / "home", tmp_path / "data" / "webgist"
    (home / ".config" / "chromium").mkdir(parents=True)
    (home / ".config" / "BraveSoftware" / "Brave-Browser").mkdir(parents=True)
    (home / ".config" / "chromium" / "Local State").write_text("{}")
    (home / ".config" / "BraveSoftware" / "Brave-Browser" / "Local State").write_text("{}")
    profile = tmp_path / "profile"
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    # No browser programs on PATH: the two used settings folders are what is detected.
    env.update(HOME=str(home), WEBGIST_HOME=str(data), PYTHONDONTWRITEBYTECODE="1",
               PATH=str(tmp_path / "no-programs"))
    before = modes_under(tmp_path)
    manifest_dirs = [home / ".config" / "chromium" / "NativeMessagingHosts",
                     home / ".config" / "BraveSoftware" / "Brave-Browser" / "NativeMessagingHosts",
                     profile / "NativeMessagingHosts"]
    allowed_roots = [data, *manifest_dirs, profile, tmp_path / "data"]

    def run(*args: str, trace: Path) -> str:
        command = [sys.executable, "-m", "webgist_host.install.command", *args]
        if STRACE:
            command = [STRACE, "-f", "-qq", "-e", "trace=%file", "-e", "status=successful",
                       "-o", str(trace), *command]
        result = subprocess.run(command, env=env, capture_output=True, text=True,
                                timeout=HANG_GUARD_S, preexec_fn=lambda: os.umask(umask))
        assert result.returncode == 0, result.stderr
        return result.stdout

    traces = tmp_path.parent / f"traces-{umask:o}"
    traces.mkdir(exist_ok=True)
    run(trace=traces / "detected.trace")
    run("--profile", str(profile), trace=traces / "profile.trace")

    after = modes_under(tmp_path)
    created = {p: m for p, m in after.items() if p not in before}
    expected_files = {str((d / MANIFEST_FILENAME).relative_to(tmp_path)) for d in manifest_dirs}
    expected_files |= {"data/webgist/webgist-native-host", "data/webgist/install-record.json"}
    expected_dirs = {"data", "data/webgist", "profile", *(str(d.relative_to(tmp_path)) for d in manifest_dirs)}
    assert set(created) == expected_files | expected_dirs, sorted(created)
    for path, mode in created.items():
        assert not mode & 0o022, f"{path} is group- or world-writable: {mode:o}"
        if path in expected_dirs:
            assert mode == 0o755, (path, oct(mode))
    assert created["data/webgist/webgist-native-host"] == 0o755
    assert created["data/webgist/install-record.json"] == 0o644
    for d in manifest_dirs:
        assert created[str((d / MANIFEST_FILENAME).relative_to(tmp_path))] == 0o644
    assert before == {p: m for p, m in after.items() if p in before}, "modes of existing paths changed"

    run("--uninstall", trace=traces / "uninstall.trace")
    assert modes_under(tmp_path) == before

    if STRACE:
        for name in ("detected", "profile", "uninstall"):
            writes = written_paths(traces / f"{name}.trace")
            assert writes, f"the trace of {name} saw no writes: is strace working?"
            outside = [(call, path) for call, path in writes
                       if not any(Path(path) == root or Path(path).is_relative_to(root)
                                  for root in allowed_roots)]
            assert outside == [], f"{name} wrote outside its folders: {outside}"
