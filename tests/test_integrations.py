"""webgist on Dask (a real LocalCluster with two worker processes) and in a real
DataTrove pipeline run, over the fixture pages."""
from __future__ import annotations

import sys

import pytest

from batch_support import FIXTURES, fixture_html, fixture_markdown, fixture_url


def _records() -> list[dict]:
    records = [{"html": fixture_html(name).decode(), "url": fixture_url(name), "source": name}
               for name in FIXTURES]
    records.insert(2, {"url": "https://example.org/nothing", "source": "no-html"})
    return records


def test_convert_bag_on_a_local_cluster_with_two_workers():
    bag_module = pytest.importorskip("dask.bag")
    distributed = pytest.importorskip("distributed")
    from webgist_host.integrations.dask import convert_bag

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        bag = bag_module.from_sequence(_records(), npartitions=2)
        rows = convert_bag(bag, scope="page").compute()
        engine_loaded = client.run(lambda: "webgist_host.engine.pipeline" in sys.modules)
    assert len(engine_loaded) == 2 and all(engine_loaded.values())
    assert [row["source"] for row in rows] == [r["source"] for r in _records()]
    good = [row for row in rows if row["source"] != "no-html"]
    assert [row["markdown"] for row in good] == [fixture_markdown(n) for n in FIXTURES]
    assert [row["url"] for row in good] == [fixture_url(n) for n in FIXTURES]
    assert all(row["error"] is None and row["reading_order_method"] == "dom-fallback" for row in good)
    bad = rows[2]
    assert bad["markdown"] is None and bad["error"] == "field 'html' holds no HTML"


def test_convert_bag_names_rows_without_a_source_by_their_place_in_the_bag():
    bag_module = pytest.importorskip("dask.bag")
    from webgist_host.integrations.dask import convert_bag

    records = [{"html": fixture_html(name).decode(), "url": fixture_url(name)}
               for name in FIXTURES[:3]]
    records[1]["source"] = "kept"
    records.append("not a record")
    # 4 records in 2 partitions of 2.
    rows = convert_bag(bag_module.from_sequence(records, npartitions=2),
                       scope="page").compute(scheduler="sync")
    assert [row["source"] for row in rows] == ["bag:0:0", "kept", "bag:1:0", "bag:1:1"]
    assert [row["markdown"] for row in rows[:3]] == [fixture_markdown(n) for n in FIXTURES[:3]]
    assert rows[3]["error"].startswith("not a record: a str")


def test_webgist_extractor_in_a_datatrove_pipeline(tmp_path):
    pytest.importorskip("datatrove")
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.readers import ParquetReader
    from datatrove.pipeline.writers import ParquetWriter

    from webgist_host.integrations.datatrove import WebgistExtractor

    source, out = tmp_path / "in", tmp_path / "out"
    source.mkdir()
    pages = [{"id": name, "text": fixture_html(name).decode(), "url": fixture_url(name)}
             for name in FIXTURES]
    pages.append({"id": "png", "text": "", "url": "https://example.org/empty"})
    pq.write_table(pa.Table.from_pylist(pages), source / "pages.parquet")
    LocalPipelineExecutor(
        pipeline=[ParquetReader(str(source)), WebgistExtractor(scope="page"),
                  ParquetWriter(str(out))],
        tasks=1, logging_dir=str(tmp_path / "logs")).run()
    written = [row for path in sorted(out.glob("*.parquet"))
               for row in pq.read_table(path).to_pylist()]
    # The empty document is dropped and counted, as DataTrove's extractors do.
    assert [row["id"] for row in written] == list(FIXTURES)
    assert [row["text"] for row in written] == [fixture_markdown(n) for n in FIXTURES]
    first = written[0]["metadata"]
    assert first["title"] == "Letter" and first["url"] == fixture_url(FIXTURES[0])
    assert first["reading_order_method"] == "dom-fallback" and first["words"] == 16


def test_dask_and_datatrove_are_extras_a_plain_install_leaves_out():
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml")
                           .read_text(encoding="utf-8"))["project"]
    plain = " ".join(project["dependencies"]).lower()
    for heavy in ("dask", "distributed", "datatrove", "pyarrow"):
        assert heavy not in plain
    extras = project["optional-dependencies"]
    assert any(d.startswith("dask") for d in extras["dask"])
    assert any(d.startswith("datatrove") for d in extras["datatrove"])
    assert "webgist[dask,datatrove,parquet]" in extras["test"]
