"""`webgist batch`: the static engine over folders, WARC and JSONL files.

sources.py reads inputs into PageInputs (warc.py for WARC records, pagebytes.py
for the checks every page's bytes go through); rows.py turns one page into one
output row; pool.py runs rows.py in watched worker processes; output.py writes
JSONL, Parquet or a folder of .md files; command.py is the command line.
"""
from .rows import ROW_FIELDS, ConvertOptions, convert_file, convert_html

__all__ = ["ROW_FIELDS", "ConvertOptions", "convert_html", "convert_file"]
