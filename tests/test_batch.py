"""`webgist batch` over real inputs: folders, WARC files written by warcio, JSONL;
JSONL, Parquet and folder output; order, resume, and the time and memory caps.

Bad inputs (one error row each) are in test_batch_bad_input.py.
"""
from __future__ import annotations

import gzip
import json
import shutil
import time
from pathlib import Path
from unittest.mock import ANY

import pytest

from batch_support import (FIXTURES, big_text_page, many_blocks_page, fixture_html, fixture_markdown,
                           fixture_url, fixture_warc_records, read_rows, warc_records)
from webgist_host.batch.rows import ROW_FIELDS
from webgist_host.cli import main


def batch(*argv) -> int:
    return main(["batch", "--quiet", *map(str, argv)])


@pytest.fixture
def fixture_folder(tmp_path) -> Path:
    """The fixture pages as a nested folder: plain, .htm and gzipped."""
    folder = tmp_path / "pages"
    (folder / "b" / "deeper").mkdir(parents=True)
    (folder / "a.html").write_bytes(fixture_html(FIXTURES[0]))
    (folder / "b" / "c.htm").write_bytes(fixture_html(FIXTURES[1]))
    (folder / "b" / "deeper" / "d.html.gz").write_bytes(gzip.compress(fixture_html(FIXTURES[2])))
    (folder / "b" / "notes.txt").write_text("not a page, not read")
    return folder


def test_folder_recursive_rows_in_sorted_order_match_hand_written_markdown(fixture_folder, tmp_path):
    out = tmp_path / "out.jsonl"
    assert batch(fixture_folder, "-o", out, "--scope", "page", "--jobs", "2") == 0
    rows = read_rows(out)
    assert [Path(r["source"]).relative_to(fixture_folder).as_posix() for r in rows] == [
        "a.html", "b/c.htm", "b/deeper/d.html.gz"]
    assert [r["markdown"] for r in rows] == [fixture_markdown(n) for n in FIXTURES[:3]]
    for row in rows:
        assert tuple(row) == ROW_FIELDS
        assert row["error"] is None
        assert row["reading_order_method"] == "dom-fallback"
        assert row["ms"] > 0
    assert rows[0]["title"] == "Letter" == rows[0]["metadata"]["title"]
    # "Dear committee, / Thank you for the invitation. / I will arrive on Friday. /
    # With best wishes, / Mira", counted by hand.
    assert rows[0]["words"] == 16


@pytest.mark.parametrize("gz", [False, True], ids=["warc", "warc.gz"])
def test_warc_response_records_with_html_become_rows_with_their_urls(tmp_path, gz):
    data, offsets = warc_records(fixture_warc_records(), gz=gz)
    warc = tmp_path / ("crawl.warc.gz" if gz else "crawl.warc")
    warc.write_bytes(data)
    out = tmp_path / "out.jsonl"
    assert batch(warc, "-o", out, "--scope", "page") == 0
    rows = read_rows(out)
    # Request records and the image responses are not pages.
    assert [r["url"] for r in rows] == [fixture_url(n) for n in FIXTURES]
    assert [r["markdown"] for r in rows] == [fixture_markdown(n) for n in FIXTURES]
    assert [r["source"] for r in rows] == [f"{warc}@{offsets[3 * i + 1]}" for i in range(len(FIXTURES))]


def test_jsonl_with_named_fields(tmp_path):
    source = tmp_path / "dump.jsonl"
    source.write_text("".join(json.dumps({"content": fixture_html(n).decode(), "link": fixture_url(n)}) + "\n"
                              for n in FIXTURES), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert batch(source, "-o", out, "--scope", "page", "--html-field", "content",
                 "--url-field", "link") == 0
    rows = read_rows(out)
    assert [r["source"] for r in rows] == [f"{source}:{i}" for i in range(1, len(FIXTURES) + 1)]
    assert [r["url"] for r in rows] == [fixture_url(n) for n in FIXTURES]
    assert [r["markdown"] for r in rows] == [fixture_markdown(n) for n in FIXTURES]


def test_jsonl_default_field_names_and_a_missing_field_says_which_option(tmp_path):
    source = tmp_path / "dump.jsonl"
    source.write_text(json.dumps({"html": "<p>One</p>", "url": "https://a.example/"}) + "\n"
                      + json.dumps({"body": "<p>Two</p>"}) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert batch(source, "-o", out) == 0
    first, second = read_rows(out)
    assert (first["markdown"], first["url"], first["error"]) == ("One\n", "https://a.example/", None)
    assert second["markdown"] is None and "'html' is missing" in second["error"]
    assert "--html-field" in second["error"]


def test_two_workers_write_the_same_rows_in_the_same_order_as_one(tmp_path, fixture_folder):
    data, _ = warc_records(fixture_warc_records() * 3, gz=True)
    warc = tmp_path / "crawl.warc.gz"
    warc.write_bytes(data)
    outputs = []
    for jobs in (1, 2):
        out = tmp_path / f"out-{jobs}.jsonl"
        assert batch(warc, fixture_folder, "-o", out, "--jobs", jobs) == 0
        outputs.append([{k: v for k, v in r.items() if k != "ms"} for r in read_rows(out)])
    assert len(outputs[0]) == 3 * len(FIXTURES) + 3
    assert outputs[0] == outputs[1]


def test_resume_after_a_stop_gives_the_file_an_uninterrupted_run_gives(tmp_path):
    data, _ = warc_records(fixture_warc_records() * 2, gz=True)
    warc = tmp_path / "crawl.warc.gz"
    warc.write_bytes(data)
    full = tmp_path / "full.jsonl"
    assert batch(warc, "-o", full) == 0
    lines = full.read_text(encoding="utf-8").splitlines(keepends=True)
    stopped = tmp_path / "stopped.jsonl"
    # A run stopped after three rows, in the middle of writing the fourth.
    stopped.write_text("".join(lines[:3]) + lines[3][:40], encoding="utf-8")
    assert batch(warc, "-o", stopped) == 2            # no --resume: OUT is kept as it is
    assert stopped.read_text(encoding="utf-8").endswith(lines[3][:40])
    assert batch(warc, "-o", stopped, "--resume") == 0
    strip = lambda path: [{k: v for k, v in r.items() if k != "ms"} for r in read_rows(path)]
    assert strip(stopped) == strip(full)
    assert read_rows(stopped)[:3] == read_rows(full)[:3]   # the first three were not redone


def test_markdown_folder_output_with_an_index_of_every_row(tmp_path, fixture_folder):
    (fixture_folder / "empty.html").write_bytes(b"")
    out = tmp_path / "md"
    assert batch(fixture_folder, "-o", out, "--scope", "page") == 0
    index = read_rows(out / "index.jsonl")
    assert [r["file"] for r in index] == ["a.md", "b/c.md", "b/deeper/d.md", None]
    assert "markdown" not in index[0]
    assert index[3]["error"] == "empty page: 0 bytes"
    assert (out / "b" / "deeper" / "d.md").read_text(encoding="utf-8") == fixture_markdown(FIXTURES[2])
    # Resuming a finished folder output adds nothing.
    assert batch(fixture_folder, "-o", out, "--scope", "page", "--resume") == 0
    assert len(read_rows(out / "index.jsonl")) == 4


def test_markdown_folder_output_keeps_two_inputs_files_apart(tmp_path):
    for site, fixture in (("site-a", FIXTURES[0]), ("site-b", FIXTURES[1])):
        (tmp_path / site).mkdir()
        (tmp_path / site / "index.html").write_bytes(fixture_html(fixture))
    out = tmp_path / "md"
    assert batch(tmp_path / "site-a", tmp_path / "site-b", "-o", out, "--scope", "page") == 0
    assert [r["file"] for r in read_rows(out / "index.jsonl")] == ["site-a/index.md", "site-b/index.md"]
    assert (out / "site-b" / "index.md").read_text(encoding="utf-8") == fixture_markdown(FIXTURES[1])


def test_markdown_folder_output_never_overwrites_a_page_whose_name_collides(tmp_path):
    # a.html, a.htm and a.html.gz all used to be written to a.md (the last one
    # won, and every index row said "a.md"); names differing only in case are the
    # same file on macOS and Windows. The first keeps today's name.
    folder = tmp_path / "c"
    folder.mkdir()
    texts = {}
    for name in ("A.HTML", "a.htm", "a.html", "a.html.gz", "b.html"):
        texts[name] = f"From the page saved as {name}, and from no other page."
        html = f"<html><body><h1>Page {name}</h1><p>{texts[name]}</p></body></html>".encode()
        (folder / name).write_bytes(gzip.compress(html) if name.endswith(".gz") else html)
    out = tmp_path / "md"
    assert batch(folder, "-o", out) == 0
    index = read_rows(out / "index.jsonl")
    assert [(Path(r["source"]).name, r["file"]) for r in index] == [
        ("A.HTML", "A.md"), ("a.htm", "a.htm.md"), ("a.html", "a.html.md"),
        ("a.html.gz", "a.html.gz.md"), ("b.html", "b.md")]
    for row in index:
        assert texts[Path(row["source"]).name] in (out / row["file"]).read_text(encoding="utf-8")
    assert sorted(p.name for p in out.iterdir()) == sorted([r["file"] for r in index] + ["index.jsonl", "index.jsonl.options.json"])

    # A resumed run knows the names the earlier run took.
    resumed = tmp_path / "resumed"
    assert batch(folder, "-o", resumed, "--limit", "2") == 0
    assert batch(folder, "-o", resumed, "--resume") == 0
    assert read_rows(resumed / "index.jsonl") == [dict(r, ms=ANY) for r in index]
    for row in index:
        assert (resumed / row["file"]).read_bytes() == (out / row["file"]).read_bytes()


def test_markdown_folder_output_keeps_two_inputs_of_the_same_name_apart(tmp_path):
    inputs = []
    for site, fixture in (("s1", FIXTURES[0]), ("s2", FIXTURES[1]), ("s3", FIXTURES[2])):
        (tmp_path / site).mkdir()
        (tmp_path / site / "index.html").write_bytes(fixture_html(fixture))
        inputs.append(tmp_path / site / "index.html")
    for parent, fixture in (("x", FIXTURES[0]), ("y", FIXTURES[1])):
        (tmp_path / parent / "site").mkdir(parents=True)
        (tmp_path / parent / "site" / "page.html").write_bytes(fixture_html(fixture))
        inputs.append(tmp_path / parent / "site")
    out = tmp_path / "md"
    assert batch(*inputs, "-o", out, "--scope", "page") == 0
    assert [r["file"] for r in read_rows(out / "index.jsonl")] == [
        "index.html/index.md", "index.html-2/index.md", "index.html-3/index.md",
        "site/page.md", "site-2/page.md"]
    for file, fixture in (("index.html/index.md", FIXTURES[0]), ("index.html-2/index.md", FIXTURES[1]),
                          ("index.html-3/index.md", FIXTURES[2]), ("site/page.md", FIXTURES[0]),
                          ("site-2/page.md", FIXTURES[1])):
        assert (out / file).read_text(encoding="utf-8") == fixture_markdown(fixture), file


def test_parquet_output_holds_the_same_rows_and_resumes(tmp_path, fixture_folder):
    pq = pytest.importorskip("pyarrow.parquet")
    out_jsonl, out_parquet = tmp_path / "out.jsonl", tmp_path / "out.parquet"
    assert batch(fixture_folder, "-o", out_jsonl, "--scope", "page") == 0
    (fixture_folder / "z.html").write_bytes(fixture_html(FIXTURES[3]))
    shutil.copy(fixture_folder / "z.html", tmp_path / "kept.html")
    (fixture_folder / "z.html").unlink()
    assert batch(fixture_folder, "-o", out_parquet, "--scope", "page") == 0
    shutil.copy(tmp_path / "kept.html", fixture_folder / "z.html")
    assert batch(fixture_folder, "-o", out_parquet, "--scope", "page", "--resume") == 0
    rows = pq.read_table(out_parquet).to_pylist()
    drop_ms = lambda rs: [{k: v for k, v in r.items() if k != "ms"} for r in rs]
    assert drop_ms(rows[:3]) == drop_ms(read_rows(out_jsonl))
    assert rows[3]["markdown"] == fixture_markdown(FIXTURES[3])
    assert len(rows) == 4


@pytest.mark.parametrize("out_name", ["out.jsonl", "out/", "out.parquet"])
def test_resume_with_other_options_than_the_rows_written_is_refused(tmp_path, fixture_folder,
                                                                     capsys, out_name):
    # The rows would mix: some with the main content, some with everything.
    if out_name.endswith(".parquet"):
        pytest.importorskip("pyarrow")
    out = tmp_path / out_name
    assert batch(fixture_folder, "-o", out, "--limit", "1") == 0
    capsys.readouterr()
    before = sorted((p.relative_to(tmp_path), p.read_bytes()) for p in tmp_path.rglob("*")
                    if p.is_file() and tmp_path / "pages" not in p.parents)
    assert batch(fixture_folder, "-o", out, "--resume", "--scope", "page", "--front-matter") == 2
    err = capsys.readouterr().err
    assert "--scope main" in err and "without --front-matter" in err, err
    assert "--scope page" in err and "with --front-matter" in err, err
    assert "Traceback" not in err
    after = sorted((p.relative_to(tmp_path), p.read_bytes()) for p in tmp_path.rglob("*")
                   if p.is_file() and tmp_path / "pages" not in p.parents)
    assert after == before
    # The same options resume, and the rows are all there.
    assert batch(fixture_folder, "-o", out, "--resume") == 0


def test_resume_over_a_file_of_another_format_says_which_it_is(tmp_path, fixture_folder, capsys):
    pytest.importorskip("pyarrow")
    jsonl, parquet = tmp_path / "rows.jsonl", tmp_path / "rows.parquet"
    assert batch(fixture_folder, "-o", jsonl, "--limit", "1") == 0
    assert batch(fixture_folder, "-o", parquet, "--limit", "1") == 0
    capsys.readouterr()
    assert batch(fixture_folder, "-o", jsonl, "--format", "parquet", "--resume") == 2
    err = capsys.readouterr().err
    assert f"{jsonl} holds JSON lines, not Parquet" in err and "--format jsonl" in err, err
    assert "magic" not in err
    assert batch(fixture_folder, "-o", parquet, "--format", "jsonl", "--resume") == 2
    err = capsys.readouterr().err
    assert f"{parquet} is a Parquet file, not JSON lines" in err and "--format parquet" in err, err
    (tmp_path / "notes.jsonl").write_text("some notes\n")
    assert batch(fixture_folder, "-o", tmp_path / "notes.jsonl", "--resume") == 2
    err = capsys.readouterr().err
    assert "line 1 of" in err and "not a row of webgist batch" in err, err


def test_parquet_resume_after_a_kill_keeps_the_finished_parts_and_merges_in_order(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    from webgist_host.batch.output import ParquetWriter

    data, _ = warc_records(fixture_warc_records() * 2, gz=True)
    warc = tmp_path / "crawl.warc.gz"
    warc.write_bytes(data)
    full, stopped = tmp_path / "full.parquet", tmp_path / "stopped.parquet"
    assert batch(warc, "-o", full) == 0
    full_rows = pq.read_table(full).to_pylist()
    assert len(full_rows) == 2 * len(FIXTURES)
    # A run killed outright (no close): rows 1-3 are a finished part, 4-5 were
    # still in memory and are lost.
    killed = ParquetWriter(stopped, resume=False, part_rows=3)
    for row in full_rows[:5]:
        killed.write(None, row)
    parts = tmp_path / "stopped.parquet.parts"
    assert [p.name for p in parts.iterdir()] == ["part-000000.parquet"] and not stopped.exists()
    assert batch(warc, "-o", stopped) == 2           # the parts are not thrown away unasked
    assert batch(warc, "-o", stopped, "--resume") == 0
    rows = pq.read_table(stopped).to_pylist()
    assert not parts.exists()
    assert rows[:3] == full_rows[:3]                  # kept, not converted again
    drop_ms = lambda rs: [{k: v for k, v in r.items() if k != "ms"} for r in rs]
    assert drop_ms(rows) == drop_ms(full_rows)
    # Resuming a finished file adds nothing and keeps every row.
    assert batch(warc, "-o", stopped, "--resume") == 0
    assert pq.read_table(stopped).to_pylist() == rows
    # Killed after the merge replaced OUT, before the parts were removed: they
    # are in OUT already, and not merged twice.
    left = ParquetWriter(stopped.with_name("left.parquet"), resume=False, part_rows=3)
    for row in full_rows[:3]:
        left.write(None, row)
    shutil.move(tmp_path / "left.parquet.parts", parts)
    assert batch(warc, "-o", stopped, "--resume") == 0
    assert pq.read_table(stopped).to_pylist() == rows and not parts.exists()


def test_a_page_over_the_time_budget_is_an_error_row_and_the_run_goes_on(tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    # The engine skips its stages after the block model once half the budget is
    # spent, but parsing and the block model alone take over a second of CPU on
    # this page (1.3 s here in December 2026); the small page after it takes
    # milliseconds, and a page's clock starts once its worker is ready. So a budget
    # of 0.6 s tells them apart on an idle machine and on a loaded one.
    (folder / "1-slow.html").write_bytes(many_blocks_page())
    (folder / "2-small.html").write_bytes(fixture_html(FIXTURES[0]))
    out = tmp_path / "out.jsonl"
    assert batch(folder, "-o", out, "--scope", "page", "--jobs", "1", "--page-timeout", "0.6") == 0
    slow, small = read_rows(out)
    assert slow["markdown"] is None
    assert slow["error"] == "over the time budget: still converting after 0.6 s"
    assert small["error"] is None and small["markdown"] == fixture_markdown(FIXTURES[0])


def test_a_page_over_the_memory_cap_is_an_error_row_and_the_run_goes_on(tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "1-huge.html").write_bytes(big_text_page())
    (folder / "2-small.html").write_bytes(fixture_html(FIXTURES[0]))
    out = tmp_path / "out.jsonl"
    assert batch(folder, "-o", out, "--scope", "page", "--jobs", "1", "--max-memory", "100") == 0
    huge, small = read_rows(out)
    assert huge["markdown"] is None
    assert huge["error"].startswith("over the memory cap: the worker reached ")
    assert huge["error"].endswith("MB (cap 100 MB)")
    assert small["error"] is None and small["markdown"] == fixture_markdown(FIXTURES[0])


def test_jsonl_on_stdout_a_limit_and_a_summary_that_names_the_errors(tmp_path, capsys):
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "a.html").write_bytes(fixture_html(FIXTURES[0]))
    (folder / "b.html").write_bytes(b"")
    (folder / "c.html.gz").write_bytes(gzip.compress(fixture_html(FIXTURES[1]))[:30])
    (folder / "d.html").write_bytes(b"")
    (folder / "e.html").write_bytes(fixture_html(FIXTURES[2]))
    assert main(["batch", str(folder), "-o", "-", "--limit", "4", "--scope", "page"]) == 0
    captured = capsys.readouterr()
    rows = [json.loads(line) for line in captured.out.splitlines()]
    assert [Path(row["source"]).name for row in rows] == ["a.html", "b.html", "c.html.gz", "d.html"]
    assert rows[0]["markdown"] == fixture_markdown(FIXTURES[0])
    summary = captured.err.strip().splitlines()[-1]
    assert summary.startswith("webgist batch: 4 pages in ")
    assert "1 converted, 3 errors (2 empty page, 1 truncated gzip)" in summary
    assert summary.endswith("; wrote stdout")
    for wrong in (["-o", "-", "--format", "parquet"], ["-o", "-", "--resume"]):
        assert main(["batch", "--quiet", str(folder), *wrong]) == 2
    assert "-o - writes JSONL to stdout" in capsys.readouterr().err


def test_help_names_inputs_outputs_and_limits(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["batch", "--help"])
    assert exited.value.code == 0
    text = capsys.readouterr().out
    for words in (".warc.gz", "--html-field", "OUT.parquet", "--resume", "--page-timeout",
                  "--max-memory", "--jobs", "index.jsonl", "a URL list", "--limit", "- for stdout",
                  "Exit status"):
        assert words in text


def test_a_missing_input_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exited:
        batch(tmp_path / "nowhere", "-o", tmp_path / "out.jsonl")
    assert exited.value.code == 2
    assert "no such file or folder" in capsys.readouterr().err
    assert not (tmp_path / "out.jsonl").exists()


def test_an_output_name_batch_cannot_write_is_a_usage_error_naming_what_it_writes(
        tmp_path, fixture_folder, capsys):
    # out.json for out.jsonl is the likely slip; each used to make a folder of .md files.
    for name in ("out.json", "pages.csv", "out.md", "rows.txt", "out.JSON"):
        assert batch(fixture_folder, "-o", tmp_path / name) == 2
        err = capsys.readouterr().err
        assert f"-o {tmp_path / name}:" in err, err
        for written in (".jsonl", ".parquet", "folder", "--format"):
            assert written in err, (written, err)
        assert "Traceback" not in err
        assert not (tmp_path / name).exists()
    # A name without a suffix, or ending in /, is a folder, as before; --format
    # writes any name.
    assert batch(fixture_folder, "-o", tmp_path / "plain") == 0
    assert (tmp_path / "plain" / "index.jsonl").is_file()
    assert batch(fixture_folder, "-o", f"{tmp_path / 'pages.d'}/") == 0
    assert (tmp_path / "pages.d" / "index.jsonl").is_file()
    assert batch(fixture_folder, "-o", tmp_path / "rows.json", "--format", "jsonl") == 0
    assert len(read_rows(tmp_path / "rows.json")) == 3


@pytest.mark.parametrize("closed", ["stdout", "stderr"])
def test_a_reader_that_stops_reading_ends_the_run_quietly_and_its_workers(tmp_path, closed):
    # `webgist batch ... -o - | head -1`: head closes the pipe after one row. The
    # run stops as the usual command-line tools do (status 141, as killed by
    # SIGPIPE), without a traceback, and leaves no worker behind. The same when
    # it is the progress bar's pipe that closes (`-o out.jsonl 2>&1 | head -1`).
    import os
    import subprocess
    import uuid

    import psutil

    from conftest import webgist_command

    folder = tmp_path / "pages"
    folder.mkdir()
    for number in range(40):
        (folder / f"p{number:02d}.html").write_bytes(fixture_html(FIXTURES[number % len(FIXTURES)]))
    tag = uuid.uuid4().hex
    command = webgist_command() + ["batch", str(folder), "--jobs", "2"]
    if closed == "stdout":
        run = subprocess.Popen(command + ["-o", "-", "--quiet"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env={**os.environ, "WEBGIST_TEST_RUN": tag})
        assert json.loads(run.stdout.readline())["source"].endswith("p00.html")
        run.stdout.close()
        status = run.wait(timeout=120)
        stderr = run.stderr.read()
        assert b"Traceback" not in stderr and b"Error" not in stderr, stderr
    else:
        run = subprocess.Popen(command + ["-o", str(tmp_path / "out.jsonl")], stderr=subprocess.PIPE,
                               env={**os.environ, "WEBGIST_TEST_RUN": tag})
        run.stderr.read(10)
        run.stderr.close()
        status = run.wait(timeout=120)
    assert status == 141

    def left() -> list:
        found = []
        for process in psutil.process_iter(["cmdline"]):
            try:
                if process.environ().get("WEBGIST_TEST_RUN") == tag:
                    found.append(process.info["cmdline"])
            except (psutil.Error, OSError):
                pass
        return found

    # (the forkserver and resource tracker see their parent's pipe close and go)
    deadline = time.monotonic() + 10
    while left() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not left()


def _last_percent(stderr: str) -> int:
    import re

    return int(re.findall(r"(\d+)%\|", stderr)[-1])


def test_the_progress_bar_reaches_100_percent_on_a_resumed_run(tmp_path, capsys):
    # The bar counts input bytes; a resumed run's pages already in OUT used to
    # stay in its total, so it stopped at the share of the pages left (and its
    # ETA was computed on that). A WARC's last records that are not pages (an
    # image after each page) count too.
    folder = tmp_path / "pages"
    folder.mkdir()
    for number in range(10):
        (folder / f"p{number}.html").write_bytes(fixture_html(FIXTURES[number % len(FIXTURES)]))
    data, _ = warc_records(fixture_warc_records(), gz=True)
    warc = tmp_path / "crawl.warc.gz"
    warc.write_bytes(data)
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(folder), str(warc), "-o", str(out), "--jobs", "1"]) == 0
    assert _last_percent(capsys.readouterr().err) == 100
    out.unlink()
    assert batch(folder, warc, "-o", out, "--limit", "6") == 0
    assert main(["batch", str(folder), str(warc), "-o", str(out), "--resume", "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert _last_percent(err) == 100, err
    assert "8 pages in" in err and "6 already in" in err, err
    # A .jsonl.gz's lines count the compressed bytes, as the total does.
    jsonl = tmp_path / "pages.jsonl.gz"
    jsonl.write_bytes(gzip.compress("".join(
        json.dumps({"html": fixture_html(FIXTURES[n % len(FIXTURES)]).decode(), "url": f"https://e.org/{n}"})
        + "\n" for n in range(30)).encode()))
    assert batch(jsonl, "-o", tmp_path / "j.jsonl", "--limit", "10") == 0
    assert main(["batch", str(jsonl), "-o", str(tmp_path / "j.jsonl"), "--resume", "--jobs", "1"]) == 0
    assert _last_percent(capsys.readouterr().err) == 100
    # With --limit the bar counts pages: fewer left than the limit still end it.
    assert main(["batch", str(folder), "-o", str(tmp_path / "few.jsonl"), "--limit", "50",
                 "--jobs", "1"]) == 0
    assert _last_percent(capsys.readouterr().err) == 100
