#!/usr/bin/env python3
"""What each of the regions stage's take-out rules is worth: the page set without it.

    .venv/bin/python bench/rule_ablation.py [--jobs 2] [--rules NAME ...]

Issue 16 asks that rules fitted to one page earn their place on the validate part and
on readability-dev, or go. This answers it rule by rule without one full quality run
per rule:

1. one pass converts every page of both corpora (as `bench/quality.py` does: the
   static path, scope "main", the page's URL passed) with each rule wrapped, and notes
   which rules returned anything on which page;
2. for each rule, only the pages it fired on are converted again with the rule
   answering "nothing" (every take-out rule returns the blocks it takes out, so on a
   page where it returned nothing the output cannot change), and scored with the
   shared scorers.

Reported per rule: the pages it fires on (tune / validate / readability-dev), the
change in the mean WCXB word F1 of tune and of validate, and in readability-dev's
shingle F1, *if the rule were removed*, and the pages that move by 0.01 or more. A
rule whose removal gains on validate and readability-dev fits its own pages only.
"""
from __future__ import annotations

import argparse
import collections
import sys
from multiprocessing import Pool
from pathlib import Path

import corpora

SHARED = Path(__file__).resolve().parents[2] / "shared" / "bench"
# The rules the regions stage (stage.py) calls to take blocks out (or, for the last
# four, to bring them in); each returns the indices it acts on, `furniture_sections`
# a dict. They are looked up in the stage module's namespace, where the stage calls them.
RULES = (
    "furniture_sections", "byline_lines", "comment_call_lines", "chart_labels", "share_links",
    "read_also_lines", "other_stories", "menu_above_title", "title_trails", "headline_boxes",
    "embedded_slideshows", "signup_boxes", "teaser_cards", "teaser_rails", "trailing_series",
    "site_series_in_text", "trailing_tag_lists", "closing_site_links", "after_text_band",
    "before_text_lines", "author_box", "above_product_name", "lone_links",
    "other_product_cards", "headline_in_header", "fact_boxes", "review_boxes",
    "lead_sentences", "story_named_as_ad", "closing_cards", "product_button_lines",
    "link_cards", "lone_call_links", "counted_controls",
)
MOVED = 0.01


def _stage():
    from webgist_host.engine.regions import stage
    return stage


_fired: list[str] = []     # per worker process: the rules that answered on this page


def _watch_rules() -> None:
    stage = _stage()
    for name in RULES:
        rule = getattr(stage, name)

        def watched(*args, _rule=rule, _name=name, **kwargs):
            found = _rule(*args, **kwargs)
            if found:
                _fired.append(_name)
            return found
        setattr(stage, name, watched)


def _silence_rule(name: str) -> None:
    setattr(_stage(), name, (lambda *a, **k: {}) if name == "furniture_sections"
            else (lambda *a, **k: []))


def _convert(page: corpora.Page) -> tuple[corpora.Page, str, list[str]]:
    import webgist_host
    _fired.clear()
    try:
        markdown = webgist_host.convert(corpora.read_html(page.html_path), url=page.url,
                                        scope="main").markdown
    except Exception:                  # a page that fails scores 0, as in quality.py
        markdown = ""
    return page, markdown, sorted(set(_fired))


class Scores:
    """Per-page scores as bench/quality.py computes them."""

    def __init__(self, score_wcxb, score_articles, wcxb: Path, readability: Path):
        self.sw = score_wcxb
        truth = score_wcxb.load_wcxb(wcxb, "dev")
        self.wcxb_refs = {k: v["text"] for k, v in truth.items()}
        self.rd_refs = {folder.name: score_articles.expected_text(folder)
                        for folder in (readability / "pages").iterdir() if folder.is_dir()}

    def page(self, page: corpora.Page, markdown: str):
        text = self.sw.markdown_to_text(markdown)
        if page.corpus == "wcxb":
            return self.sw.wcxb_page(text, self.wcxb_refs[page.id])[2]
        return self.sw.zyte_page(text, self.rd_refs[page.id])

    def rd_f1(self, rows: dict) -> float:
        return self.sw.zyte_aggregate(list(rows.values()))["f1"]


def _shingle_f1(row: dict) -> float:
    p, r = row["p"], row["r"]
    return 2 * p * r / (p + r) if p and r else 0.0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wcxb", type=Path, default=SHARED / "wcxb-dev")
    parser.add_argument("--readability", type=Path, default=SHARED / "readability-dev")
    parser.add_argument("--tools", type=Path, default=SHARED / "tools")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--rules", nargs="+", choices=RULES, metavar="NAME",
                        help="only these rules (default: all of them)")
    args = parser.parse_args(argv)
    for folder in (args.wcxb, args.readability, args.tools):
        if not folder.is_dir():
            parser.error(f"{folder} is not a folder (see ../shared/bench/README.md)")
    scores = Scores(*corpora.load_scorers(args.tools), args.wcxb, args.readability)
    pages = corpora.wcxb_pages(args.wcxb) + corpora.readability_pages(args.readability)
    counts = collections.Counter(_part(p) for p in pages)

    with Pool(args.jobs, initializer=_watch_rules) as pool:
        first = list(pool.imap_unordered(_convert, pages, chunksize=4))
    base = {(p.corpus, p.id): scores.page(p, md) for p, md, _ in first}
    fired = {(p.corpus, p.id): rules for p, _, rules in first}
    rd_base = {pid: row for (corpus, pid), row in base.items() if corpus == "readability"}
    print(f"{len(pages)} pages: tune {counts['tune']}, validate {counts['validate']}, "
          f"readability-dev {counts['rd']}; rule removed -> change in the means\n")
    print("| rule | fires on (tune/validate/rd) | tune | validate | readability-dev |")
    print("|---|---|---:|---:|---:|")
    moved_lines = []
    for name in args.rules or RULES:
        chosen = [p for p in pages if name in fired[(p.corpus, p.id)]]
        with Pool(args.jobs, initializer=_silence_rule, initargs=(name,)) as pool:
            again = list(pool.imap_unordered(_convert, chosen, chunksize=2))
        change = collections.Counter()
        rd_rows = dict(rd_base)
        for page, markdown, _ in again:
            old = base[(page.corpus, page.id)]
            new = scores.page(page, markdown)
            if page.corpus == "wcxb":
                delta = new - old
                change[page.part] += delta / counts[page.part]
            else:
                rd_rows[page.id] = new
                delta = _shingle_f1(new) - _shingle_f1(old)
            if abs(delta) >= MOVED:
                moved_lines.append(f"- {name}: {page.corpus} {_part(page)} {page.id} "
                                   f"({page.page_type}) {delta:+.3f}")
        fires = collections.Counter(_part(p) for p in chosen)
        rd_change = scores.rd_f1(rd_rows) - scores.rd_f1(rd_base)
        print(f"| {name} | {fires['tune']}/{fires['validate']}/{fires['rd']} | "
              f"{change['tune']:+.5f} | {change['validate']:+.5f} | {rd_change:+.5f} |",
              flush=True)
    print(f"\nPages moved by {MOVED} or more when the rule is removed:\n")
    print("\n".join(moved_lines) or "(none)")
    return 0


def _part(page: corpora.Page) -> str:
    return page.part if page.corpus == "wcxb" else "rd"


if __name__ == "__main__":
    sys.exit(main())
