"""webgist as a DataTrove extractor step (pip install 'webgist[datatrove]').

    from datatrove.pipeline.readers import WarcReader
    from datatrove.pipeline.writers import JsonlWriter
    from webgist_host.integrations.datatrove import WebgistExtractor

    pipeline = [WarcReader("crawl/"), WebgistExtractor(scope="main"), JsonlWriter("out/")]

Where DataTrove's own Trafilatura step turns `doc.text` from HTML into plain
text, this one turns it into Markdown and adds to `doc.metadata` the title,
`reading_order_method`, `words` and the engine's `webgist_notes`. Each document
is converted in DataTrove's extractor sandbox, a child process stopped after
`timeout` seconds, as every DataTrove extractor is. A document that comes out
empty (no main content) or cannot be read is dropped and counted, as DataTrove
extractors do; `keep_errors=True` keeps it instead, with the text empty and the
reason in `metadata["webgist_error"]`.
"""
from __future__ import annotations

from typing import Any

from datatrove.pipeline.extractors.base import BaseExtractor, ExtractorSandbox
from datatrove.utils.logging import logger
from datatrove.utils.typeshelper import StatHints

from ..batch.rows import ConvertOptions, convert_html, error_row

WARM_UP = ("<html><head><title>t</title></head><body><p>warm up</p></body></html>", None)


class WebgistExtractor(BaseExtractor):
    """HTML documents to Markdown with webgist's static engine.

    Args:
        scope: "main" (the page's main content) or "page" (everything).
        front_matter: start the Markdown with YAML front matter.
        timeout: seconds one document may take before its process is stopped.
        keep_errors: keep documents webgist could not convert (text "").
    """

    name = "🧭 webgist"

    def __init__(self, scope: str = "main", front_matter: bool = False, timeout: float = 10.0,
                 keep_errors: bool = False):
        super().__init__(timeout)
        # The engine's own budget is half the sandbox's, so a slow page comes back
        # (with its later stages skipped and a note) before it is stopped.
        self.options = ConvertOptions(scope=scope, front_matter=front_matter,
                                      time_budget_s=timeout / 2)
        self.keep_errors = keep_errors

    def extract(self, text: str) -> str:
        """The Markdown for one HTML text ("" when it cannot be converted)."""
        return self.convert(text)["markdown"] or ""

    def convert(self, text: str, url: str | None = None) -> dict[str, Any]:
        """The webgist row for one document (webgist_host.batch.rows)."""
        return convert_html(text, url=url, options=self.options)

    def run(self, data, rank: int = 0, world_size: int = 1):
        with ExtractorSandbox(timeout=self.timeout, warmup_text=WARM_UP) as sandbox:
            for doc in data:
                self.stat_update(StatHints.total)
                with self.track_time():
                    row = self._convert_in_sandbox(sandbox, doc)
                if row["markdown"]:
                    self.stat_update("extracted")
                _annotate(doc, row)
                if doc.text or self.keep_errors:
                    self.stat_update(StatHints.forwarded)
                    self.update_doc_stats(doc)
                    yield doc
                else:
                    self.stat_update(StatHints.dropped)

    def _convert_in_sandbox(self, sandbox: ExtractorSandbox, doc) -> dict[str, Any]:
        url = doc.metadata.get("url")
        try:
            return sandbox.process_document((doc.text, url), self.convert)
        except TimeoutError:
            self.stat_update("timeout")
            logger.warning(f"webgist: {doc.id} took over {self.timeout:g} s; stopped")
            return error_row(doc.id, url, f"over the time budget: still converting after "
                                          f"{self.timeout:g} s")
        except EOFError:
            self.stat_update("broken_process")
            logger.warning(f"webgist: the process converting {doc.id} died")
            return error_row(doc.id, url, "the process converting this document died")


def _annotate(doc, row: dict[str, Any]) -> None:
    doc.text = row["markdown"] or ""
    doc.metadata.update({
        "title": row["title"], "reading_order_method": row["reading_order_method"],
        "words": row["words"], "webgist_notes": row["notes"]})
    if row["error"] is not None:
        doc.metadata["webgist_error"] = row["error"]
