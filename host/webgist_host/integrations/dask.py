"""A Dask bag of pages to a bag of webgist rows (pip install 'webgist[dask]').

    import dask.bag as db
    from webgist_host.integrations.dask import convert_bag

    pages = db.read_text("crawl-*.jsonl").map(json.loads)      # {"html", "url"} records
    rows = convert_bag(pages, scope="main")
    rows.map(json.dumps).to_textfiles("rows-*.jsonl")

Each partition is converted by one call in its worker, so the engine is imported
once per worker process and its patterns compiled once. The rows are those
`webgist batch` writes (webgist_host.batch.rows), in the bag's order. A row whose
record carries no `source` is named by its place in the bag, "bag:P:I" (partition P,
record I within it, both from 0), so every row can be traced to its record.
"""
from __future__ import annotations

from typing import Any, Iterable

from ..batch.rows import ConvertOptions


def convert_bag(bag, *, html_field: str = "html", url_field: str = "url",
                source_field: str = "source", scope: str = "main", front_matter: bool = False,
                time_budget_s: float | None = None):
    """`bag` of dicts holding the page's HTML (str or bytes) under `html_field`
    and its URL under `url_field` → a bag of rows. A record's `source_field`, when
    present, becomes the row's `source`; otherwise the row's `source` is the
    record's place in the bag, "bag:P:I": partition P, record I within it (both
    from 0; `bag.to_delayed()[P].compute()[I]` is that record). A record that is
    not a page (no HTML, not a dict) is an error row, never an exception that fails
    the partition."""
    import dask.bag as db

    options = ConvertOptions(scope=scope, front_matter=front_matter, time_budget_s=time_budget_s)
    fields = (html_field, url_field, source_field)
    # One number per partition, partitioned as the pages are: each partition's call
    # is handed its own partition number alongside its records.
    numbers = db.range(bag.npartitions, npartitions=bag.npartitions)
    return bag.map_partitions(_convert_numbered, numbers, options, fields)


def _convert_numbered(records: Iterable[Any], number: Iterable[int], options: ConvertOptions,
                      fields: tuple[str, str, str]) -> list[dict[str, Any]]:
    return convert_partition(records, options, fields, partition=next(iter(number)))


def convert_partition(records: Iterable[Any], options: ConvertOptions,
                      fields: tuple[str, str, str] = ("html", "url", "source"),
                      partition: int = 0) -> list[dict[str, Any]]:
    """One partition's rows (runs in the Dask worker); `partition` is its number,
    which names the rows of records without a source."""
    from ..batch.rows import convert_html, error_row

    html_field, url_field, source_field = fields
    rows = []
    for index, record in enumerate(records):
        place = f"bag:{partition}:{index}"
        if not isinstance(record, dict):
            rows.append(error_row(place, None, f"not a record: a {type(record).__name__}, "
                                               f"not a dict with {html_field!r}"))
            continue
        url, source = record.get(url_field), record.get(source_field)
        if source is None:
            source = place
        html = record.get(html_field)
        if not isinstance(html, (str, bytes)):
            rows.append(error_row(source, url, f"field {html_field!r} holds no HTML"))
            continue
        rows.append(convert_html(html, url=url, source=source, options=options))
    return rows
