"""The engine's patterns file (host/patterns.py) as install-host writes, rewrites and
removes it, and as the host loads it. Each test works on a copy of the package (no
__pycache__), so the checkout's own file plays no part."""
from __future__ import annotations

import marshal
import os
import re
import shutil
import sys
from pathlib import Path

import _sre
import pytest

from install_support import home  # noqa: F401  (a fixture)

from webgist_host.host import patterns
from webgist_host.install import command as install
from webgist_host.install import register

DROPPED = r"webgist-dropped-(\d+)"


@pytest.fixture
def package(tmp_path) -> Path:
    copy = tmp_path / "pkg" / "webgist_host"
    shutil.copytree(register.HOST_PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


@pytest.fixture
def own_re_cache():
    """re's cache as the test found it, put back afterwards."""
    saved = dict(re._cache)
    re._cache.clear()
    yield re._cache
    re._cache.clear()
    re._cache.update(saved)


def read(path: str) -> tuple:
    return marshal.loads(Path(path).read_bytes())


def dropped_only(entries: list) -> list:
    """The entries for DROPPED (re may compile patterns of its own meanwhile)."""
    return [e for e in entries if e[0] == DROPPED]


def stale_entry() -> tuple:
    """An entry for a pattern the engine no longer compiles (as an older version's file has)."""
    saved = dict(re._cache)
    try:
        re._cache.clear()
        re.compile(DROPPED)
        (entry,) = dropped_only(patterns.recorded_entries())
        return entry
    finally:
        re._cache.clear()
        re._cache.update(saved)


def test_a_reinstall_drops_patterns_the_engine_no_longer_compiles(package):
    """The recording Python must not load the old file: its patterns would be
    recorded again on every install, and could push current ones past the cut."""
    assert patterns.write_cache(str(package)) == "wrote"
    path = patterns.cache_file(str(package))
    header, entries = read(path)
    Path(path).write_bytes(marshal.dumps((header, [stale_entry(), *entries])))
    assert patterns.write_cache(str(package)) == "wrote"
    assert [e for e in read(path)[1] if e[0] == DROPPED] == []
    assert read(path) == (header, entries)


def test_an_unchanged_file_is_not_written_again_and_a_changed_one_is_replaced_whole(package):
    """Unchanged: nothing is written (an install over an unchanged package leaves its
    folder alone). Changed: a new file is renamed over the old one, so a host reading
    the old file meanwhile reads all of it, never a half-written one."""
    assert patterns.write_cache(str(package)) == "wrote"
    path = Path(patterns.cache_file(str(package)))
    first = path.stat()
    assert patterns.write_cache(str(package)) == "unchanged"
    assert (path.stat().st_ino, path.stat().st_mtime_ns) == (first.st_ino, first.st_mtime_ns)

    header, entries = read(str(path))
    old = marshal.dumps((header, entries[:-1]))
    path.write_bytes(old)
    with open(path, "rb") as reading:   # a host that opened the old file
        assert patterns.write_cache(str(package)) == "wrote"
        assert reading.read() == old
    assert read(str(path)) == (header, entries)
    assert sorted(os.listdir(path.parent)) == [path.name]   # no .tmp left behind


def test_the_recorder_imports_the_package_it_is_given_not_one_in_the_current_folder(
        package, tmp_path, monkeypatch):
    decoy = tmp_path / "here"
    (decoy / "webgist_host").mkdir(parents=True)
    (decoy / "webgist_host" / "__init__.py").write_text("raise SystemExit('the wrong webgist_host')\n")
    monkeypatch.chdir(decoy)
    assert patterns.write_cache(str(package)) == "wrote"
    assert len(read(patterns.cache_file(str(package)))[1]) > 100


def write(tmp_path: Path, header: tuple, entries: list) -> str:
    path = tmp_path / "re-patterns.marshal"
    path.write_bytes(marshal.dumps((header, entries)))
    return str(path)


def test_the_file_of_a_python_that_differs_only_in_its_version_is_not_loaded(own_re_cache, tmp_path):
    """The compiler's output may change between patch releases while _sre's MAGIC and
    CODESIZE stay the same: the version alone must be enough to refuse the file."""
    re.compile(DROPPED)
    entries = dropped_only(patterns.recorded_entries())
    header = patterns._header()
    other = tuple(f"{part} (another build)" if part == sys.version else part for part in header)
    assert other != header and other[-2:] == (_sre.MAGIC, _sre.CODESIZE)
    own_re_cache.clear()
    assert patterns.load_cache(write(tmp_path, other, entries)) == 0
    assert patterns.load_cache(write(tmp_path, header, entries)) == 1


def test_an_entry_whose_code_is_for_another_pattern_is_not_loaded(own_re_cache, tmp_path):
    """A pattern is cached under its own text only: code recorded for another text
    (a damaged or hand-made file) would make re.compile return the wrong pattern."""
    re.compile(DROPPED)
    (entry,) = dropped_only(patterns.recorded_entries())
    own_re_cache.clear()
    path = write(tmp_path, patterns._header(), [("webgist-other", entry[1], entry[2])])
    assert patterns.load_cache(path) == 0
    assert re.compile("webgist-other").match("webgist-12") is None


def test_a_pattern_already_in_res_cache_is_kept(own_re_cache, tmp_path):
    compiled = re.compile(DROPPED)
    path = write(tmp_path, patterns._header(), patterns.recorded_entries())
    assert patterns.load_cache(path) == 0
    assert re.compile(DROPPED) is compiled


def test_only_patterns_the_compiler_makes_again_are_recorded(own_re_cache):
    """A cache entry that is not what compiling its key gives now (put there by other
    means) is not recorded, so the file holds only what a compile would make."""
    own_re_cache[(str, "webgist-a", 0)] = re.compile("webgist-b")
    re.compile(DROPPED)
    recorded = [e[0] for e in patterns.recorded_entries()]
    assert DROPPED in recorded and "webgist-b" in recorded
    assert "webgist-a" not in recorded


def test_uninstall_removes_the_patterns_file_its_install_wrote_and_no_other(home, package, tmp_path,
                                                                             monkeypatch, capsys):
    monkeypatch.setattr(register, "HOST_PACKAGE", package)
    path = Path(patterns.cache_file(str(package)))
    profile = str(tmp_path / "profile")
    assert install.main(["--profile", profile]) == 0
    assert path.is_file()
    assert install.main(["--profile", profile]) == 0   # unchanged: still this install's
    assert install.main(["--uninstall"]) == 0
    assert not path.exists()
    assert "removed patterns" in capsys.readouterr().out

    # A file that was there before the install (another install's) stays.
    assert patterns.write_cache(str(package)) == "wrote"
    assert install.main(["--profile", profile]) == 0
    assert install.main(["--uninstall"]) == 0
    assert path.is_file()


def test_check_says_whether_the_patterns_file_is_there_and_for_this_python(package, tmp_path,
                                                                          monkeypatch):
    assert patterns.cache_status(str(package)) == "missing"
    assert patterns.write_cache(str(package)) == "wrote"
    assert patterns.cache_status(str(package)) == "ok"
    path = patterns.cache_file(str(package))
    header, entries = read(path)
    Path(path).write_bytes(marshal.dumps(((header[0], "3.0.0", *header[2:]), entries)))
    assert patterns.cache_status(str(package)) == "made by another Python"
    Path(path).write_bytes(b"\x00garbage")
    assert patterns.cache_status(str(package)) == "unreadable"
