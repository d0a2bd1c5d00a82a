"""Where `webgist batch` writes rows: JSONL, Parquet, or a folder of .md files,
and what an earlier run already wrote there (for --resume).

Rows arrive in input order, so an interrupted run has written a prefix of the
input; resuming writes the rest after it, and the result is the file an
uninterrupted run would have written.
"""
from __future__ import annotations

import itertools
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from .rows import METADATA_FIELDS, ROW_FIELDS
from .sources import PageInput

FORMATS = ("jsonl", "parquet", "md")
# Rows per Parquet part file (and row group): small enough that a killed run
# loses little, large enough that a row group compresses well.
PARQUET_ROW_GROUP = 256
# A folder output keeps every row but the Markdown here, for errors and --resume.
INDEX_NAME = "index.jsonl"
PARQUET_MAGIC = b"PAR1"
# The schema metadata key under which a Parquet output keeps its run's options.
OPTIONS_KEY = "webgist.options"
STDOUT = "-"


def guess_format(out: str) -> str:
    """OUT's format by its name: .jsonl, .parquet, or a folder (a name ending in
    /, an existing folder, or a name without a suffix). ValueError for another
    file name (out.json, pages.csv, out.md), which used to become a folder."""
    name = out.lower()
    if name.endswith((".jsonl", ".ndjson")):
        return "jsonl"
    if name.endswith(".parquet"):
        return "parquet"
    if out.endswith(("/", os.sep)) or Path(out).is_dir() or not Path(out).suffix:
        return "md"
    raise ValueError(
        f"-o {out}: webgist batch writes OUT.jsonl (JSON lines; - for stdout), OUT.parquet, "
        f"or a folder of .md files (a name ending in /, such as {Path(out).with_suffix('')}/); name one "
        "of those, or pass --format jsonl|parquet|md to write this name")


def open_writer(out: str, fmt: str, resume: bool, options: dict[str, Any] | None = None):
    """A writer for OUT, and the sources it already holds (empty unless resume);
    OUT "-" is JSONL on stdout. `options` are what shapes a row (run_options):
    kept with OUT, and a resumed run must ask for the same."""
    if out == STDOUT:
        if fmt != "jsonl":
            raise ValueError(f"-o - writes JSONL to stdout; {fmt} output needs a file or folder")
        if resume:
            raise ValueError("--resume needs OUT to be a file or folder, not stdout")
        return JsonlWriter(None, resume=False)
    path = Path(out)
    if fmt == "md":
        if path.exists() and not path.is_dir():
            raise ValueError(f"{out} is a file; a folder output (--format md) needs a folder")
        _refuse_existing(path / INDEX_NAME if path.is_dir() else path, resume, out)
        return MarkdownFolderWriter(path, resume, options, out)
    _refuse_existing(path, resume, out)
    if fmt == "parquet":
        if any(parquet_parts_folder(path).glob("part-*.parquet")) and not resume:
            raise ValueError(f"{parquet_parts_folder(path)} holds the rows of a run that was "
                             "stopped: pass --resume to continue it, or remove it")
        return ParquetWriter(path, resume, options=options, out=out)
    return JsonlWriter(path, resume, options, out)


def run_options(scope: str, front_matter: bool, render: bool) -> dict[str, Any]:
    """What shapes every row of a run, kept with its output for --resume."""
    return {"scope": scope, "front_matter": front_matter, "render": render}


def _describe(options: dict[str, Any]) -> str:
    return (f"--scope {options.get('scope')}, "
            f"{'with' if options.get('front_matter') else 'without'} --front-matter and "
            f"{'with' if options.get('render') else 'without'} --render")


def _check_resumed(earlier: dict[str, Any] | None, now: dict[str, Any] | None, out: str) -> None:
    """ValueError when a resumed run asks for other options than OUT's rows were
    written with: the rows would mix. (OUT written before options were kept
    says nothing, and is resumed.)"""
    if earlier is None or now is None or all(earlier.get(k) == now.get(k) for k in now):
        return
    raise ValueError(f"{out} holds rows written with {_describe(earlier)}; this run asks for "
                     f"{_describe(now)}, so resuming would mix the two kinds of rows. Resume "
                     "with the options of the first run, or write to a new OUT")


def options_file(jsonl: Path) -> Path:
    """Where a JSONL output (or a folder's index) keeps its run's options."""
    return jsonl.with_name(jsonl.name + ".options.json")


def _read_options(path: Path) -> dict[str, Any] | None:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def _keep_options(jsonl: Path, resume: bool, options: dict[str, Any] | None, out: str) -> None:
    """Check a resumed run's options against the kept ones (before anything in OUT
    is touched), and keep them beside a new output (or an older one without)."""
    if options is None:
        return
    kept = options_file(jsonl)
    earlier = _read_options(kept) if resume and jsonl.exists() else None
    _check_resumed(earlier, options, out)
    if earlier is None:
        jsonl.parent.mkdir(parents=True, exist_ok=True)
        kept.write_text(json.dumps(options) + "\n", encoding="utf-8")


def _check_is_jsonl(path: Path, out: str) -> None:
    if path.exists():
        with open(path, "rb") as handle:
            if handle.read(4) == PARQUET_MAGIC:
                raise ValueError(f"{out} is a Parquet file, not JSON lines: resume it with "
                                 "--format parquet (or name it .parquet), or write to a new OUT")


def _refuse_existing(path: Path, resume: bool, out: str) -> None:
    if path.exists() and not resume:
        raise ValueError(f"{out} already holds output: pass --resume to continue it "
                         "(pages already there are skipped), or remove it")


def _jsonl_sources(path: Path) -> set[str]:
    """Sources of the complete lines of a JSONL file; a line cut short by a killed
    run is removed, so appending starts on a fresh line."""
    done: set[str] = set()
    if not path.exists():
        return done
    with open(path, "rb+") as handle:
        data = handle.read()
        complete = data.rfind(b"\n") + 1
        if complete < len(data):
            handle.truncate(complete)
    for number, line in enumerate(data[:complete].splitlines(), 1):
        if line.strip():
            done.add(_row_field(line, "source", number, path))
    return done


def _row_field(line: bytes, field: str, number: int, path: Path) -> Any:
    """`field` of a row of an earlier run; ValueError when the line is none."""
    try:
        row = json.loads(line)
        return row[field] if field == "source" else row.get(field)
    except (ValueError, KeyError, TypeError, AttributeError):
        raise ValueError(f"line {number} of {path} is not a row of webgist batch: --resume "
                         "continues only a file webgist batch wrote; write to a new OUT") from None


class JsonlWriter:
    """Rows as JSON lines in `path`, or on stdout when `path` is None (flushed a
    row at a time there, so a pipe's reader sees each page as it comes)."""

    def __init__(self, path: Path | None, resume: bool, options: dict[str, Any] | None = None,
                 out: str = ""):
        self.path = path
        if path is not None:
            if resume:
                _check_is_jsonl(path, out or str(path))
            _keep_options(path, resume, options, out or str(path))
        self.done = _jsonl_sources(path) if resume and path is not None else set()
        if path is None:
            self.handle = sys.stdout
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.handle = open(path, "a" if resume else "w", encoding="utf-8")

    def write(self, page: PageInput, row: dict[str, Any]) -> None:
        self.handle.write(json.dumps(row, ensure_ascii=False) + "\n")
        if self.path is None:
            self.handle.flush()

    def close(self) -> None:
        if self.path is not None:
            self.handle.close()
        else:
            self.handle.flush()


class MarkdownFolderWriter:
    """DIR/<name>.md for each page with Markdown, and DIR/index.jsonl with every
    row (the Markdown replaced by the file's name)."""

    def __init__(self, folder: Path, resume: bool, options: dict[str, Any] | None = None,
                 out: str = ""):
        self.folder = folder
        index = folder / INDEX_NAME
        _keep_options(index, resume, options, out or str(folder))
        folder.mkdir(parents=True, exist_ok=True)
        self.done = _jsonl_sources(index) if resume else set()
        # The .md names written so far, this run's and (resuming) the earlier
        # run's, compared without case: a page never overwrites another's file.
        self.taken = {name.casefold() for name in _index_files(index)} if resume else set()
        self.index = open(index, "a" if resume else "w", encoding="utf-8")

    def write(self, page: PageInput, row: dict[str, Any]) -> None:
        entry = {key: value for key, value in row.items() if key != "markdown"}
        entry["file"] = None
        if row["markdown"] is not None:
            relative = self._free_name(page.name)
            self.taken.add(relative.casefold())
            target = self.folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(row["markdown"], encoding="utf-8")
            entry["file"] = relative
        self.index.write(json.dumps(entry, ensure_ascii=False) + "\n")

    def close(self) -> None:
        self.index.close()


    def _free_name(self, name: str) -> str:
        """page.html -> page.md, unless an earlier page took it (a.htm beside
        a.html, a.html.gz): then a.htm.md, then a-2.md, a-3.md ..."""
        stem, full = _md_stem(name, strip=True), _md_stem(name, strip=False)
        candidates = itertools.chain((stem, full), (f"{stem}-{n}" for n in itertools.count(2)))
        return next(c + ".md" for c in candidates if (c + ".md").casefold() not in self.taken)


def _md_stem(name: str, strip: bool) -> str:
    """page.html.gz -> page (page.html.gz unless `strip`); names never climb out
    of the output folder."""
    parts = [p for p in Path(name).parts if p not in ("..", "/", "")]
    stem = "/".join(parts) or "page"
    for suffix in (".gz", ".html", ".htm", ".xhtml") if strip else ():
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
    return stem


def _index_files(index: Path) -> list[str]:
    """The "file" of every complete row of a folder output's index."""
    if not index.exists():
        return []
    with open(index, "rb") as handle:
        files = [_row_field(line, "file", number, index)
                 for number, line in enumerate(handle, 1) if line.strip()]
    return [file for file in files if isinstance(file, str)]


class ParquetWriter:
    """Rows as one Parquet file (pyarrow, the [parquet] extra).

    While a run goes, every PARQUET_ROW_GROUP rows are written as a finished part
    file in OUT.parts/ (written under a temporary name, then renamed), so a run
    killed outright keeps every complete part. Closing merges OUT (an earlier
    run's rows, when resuming) and the parts, in order, into a new OUT: row group
    by row group, as Arrow data, never as Python rows, so a resume costs one
    streaming copy of the file and the memory of one row group.
    """

    def __init__(self, path: Path, resume: bool, part_rows: int = PARQUET_ROW_GROUP,
                 options: dict[str, Any] | None = None, out: str = ""):
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise ValueError("Parquet output needs pyarrow: pip install 'webgist[parquet]'") from None
        self.pa, self.pq, self.path, self.part_rows = pa, pq, path, part_rows
        self.schema = pa.schema([
            ("source", pa.string()), ("url", pa.string()), ("markdown", pa.string()),
            ("title", pa.string()),
            ("metadata", pa.struct([(name, pa.string()) for name in METADATA_FIELDS])),
            ("reading_order_method", pa.string()), ("words", pa.int64()), ("ms", pa.float64()),
            ("notes", pa.list_(pa.string())), ("error", pa.string()),
        ], metadata=None if options is None else {OPTIONS_KEY: json.dumps(options)})
        self.parts = parquet_parts_folder(path)
        self.done: set[str] = set()
        if resume:
            self._check_earlier(options, out or str(path))
            self.done = self._sources(path) if path.exists() else set()
            self._drop_merged_parts()
            for part in self._part_files():
                self.done |= self._sources(part)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.parts.mkdir(exist_ok=True)
        self.next_part = len(self._part_files())
        self.rows: list[dict[str, Any]] = []

    def _check_earlier(self, options: dict[str, Any] | None, out: str) -> None:
        """ValueError when OUT is not Parquet, or its rows were written with other
        options (kept in the schema's metadata, OUT's or its first part's)."""
        if self.path.exists():
            with open(self.path, "rb") as handle:
                start = handle.read(4)
            if start[:1] == b"{":
                raise ValueError(f"{out} holds JSON lines, not Parquet: resume it with "
                                 "--format jsonl (or name it .jsonl), or write to a new OUT")
            if start != PARQUET_MAGIC:
                raise ValueError(f"{out} is not a Parquet file: --resume continues only a "
                                 "file webgist batch wrote; write to a new OUT")
        earlier_file = self.path if self.path.exists() else next(iter(self._part_files()), None)
        if earlier_file is not None:
            metadata = self.pq.read_schema(earlier_file).metadata or {}
            earlier = metadata.get(OPTIONS_KEY.encode())
            _check_resumed(json.loads(earlier) if earlier else None, options, out)

    def _sources(self, path: Path) -> set[str]:
        return set(self.pq.read_table(path, columns=["source"]).column("source").to_pylist())

    def _part_files(self) -> list[Path]:
        return sorted(self.parts.glob("part-*.parquet")) if self.parts.is_dir() else []

    def _drop_merged_parts(self) -> None:
        # A run killed after its merge replaced OUT but before the parts were
        # removed: OUT already holds them (a merge takes all parts or none).
        parts = self._part_files()
        if parts and self.path.exists():
            first = self.pq.read_table(parts[0], columns=["source"]).column("source")[0].as_py()
            if first in self.done:
                shutil.rmtree(self.parts)

    def write(self, page: PageInput, row: dict[str, Any]) -> None:
        self.rows.append({key: row.get(key) for key in ROW_FIELDS})
        if len(self.rows) >= self.part_rows:
            self._flush()

    def _flush(self) -> None:
        if not self.rows:
            return
        part = self.parts / f"part-{self.next_part:06d}.parquet"
        temporary = part.with_suffix(".tmp")
        self.pq.write_table(self.pa.Table.from_pylist(self.rows, schema=self.schema), temporary)
        os.replace(temporary, part)
        self.next_part += 1
        self.rows = []

    def close(self) -> None:
        self._flush()
        partial = self.path.with_name(self.path.name + ".partial")
        with self.pq.ParquetWriter(partial, self.schema) as merged:
            if self.path.exists():
                earlier = self.pq.ParquetFile(self.path)
                for group in range(earlier.num_row_groups):
                    merged.write_table(earlier.read_row_group(group))
            for part in self._part_files():
                merged.write_table(self.pq.read_table(part, schema=self.schema))
        os.replace(partial, self.path)
        shutil.rmtree(self.parts, ignore_errors=True)


def parquet_parts_folder(path: Path) -> Path:
    """Where a Parquet run keeps its finished parts until it closes."""
    return path.with_name(path.name + ".parts")
