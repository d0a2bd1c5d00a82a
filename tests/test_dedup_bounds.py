"""De-duplication's thresholds and branches at their edges (each test fails under a
mutation of dedup.py that the other files let through)."""
from __future__ import annotations

from dataclasses import replace

from webgist_host.engine.dedup import (
    REASON_HEADING,
    REASON_OVERLAP,
    REASON_QUOTATION,
    REASON_TWIN,
    REASON_UNDRAWN,
    deduplicate,
)
from webgist_host.engine.model import Block, Rect
from dedup_support import LEAD, Page, prose, dropped, card_grid, card, titled_card


# ---------------------------------------------------------------- bounds at their edge
# (Each fails under a mutation of dedup.py that test_dedup.py and test_dedup_grids.py
# let through: a threshold moved by one, a branch taken always or never;
# docs/rules/dedup.md, "Session 21".)

def test_the_same_parent_rule_starts_at_eight_words():
    page = Page()
    eight, seven = prose(0, 8), prose(100, 7)
    copies = [page.add(text) for text in (eight, seven, eight, seven)]   # one parent
    kept, _ = deduplicate(page.blocks, measured=False)
    assert [c in kept for c in copies] == [True, True, True, False]


def test_a_copy_drawn_apart_is_judged_from_eight_words():
    page = Page()
    eight, seven = prose(0, 8), prose(100, 7)
    for k, text in enumerate((eight, seven)):
        page.add(text, (10, 100 + 50 * k, 600, 40), parent="/html[1]/body[1]/div[1]")
    again = [page.add(text, (10, 900 + 50 * k, 600, 40), parent="/html[1]/body[1]/div[2]")
             for k, text in enumerate((eight, seven))]
    kept, _ = deduplicate(page.blocks, measured=True)
    assert [copy in kept for copy in again] == [False, True]


def test_a_restated_whole_starts_at_150_words():
    for words, goes in ((150, True), (149, False)):
        page = Page()
        parts = [page.add(prose(k * 30, 30)) for k in range(5)]
        whole = page.add(" ".join(" ".join(p.text for p in parts).split()[:words]))
        kept, _ = deduplicate(page.blocks, measured=False)
        assert (whole not in kept) == goes, words


def test_a_box_with_no_size_is_not_drawn():
    page = Page()
    ghost = page.add("About us", (0, 0, 0, 0))
    drawn = page.add("About us", (0, 2000, 200, 20))
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert kept == [drawn]
    assert dropped(decisions, ghost)[0].reason == REASON_UNDRAWN


def test_a_drawn_heading_replaces_the_copy_it_overlaps_not_another():
    page = Page()
    first = page.add("Contact", (0, 0, 200, 20))
    page.add("Contact", (0, 300, 200, 20))         # apart, in the same grid cell
    heading = page.add("Contact", (0, 305, 200, 30), kind="heading", level=2, tag="h2")
    kept, _ = deduplicate(page.blocks, measured=True)
    assert kept == [first, heading]


def test_copies_drawn_in_boxes_too_big_to_bucket_are_compared_too():
    page = Page()
    first = page.add(LEAD, (0, 0, 1200, 40000))
    over = page.add(LEAD, (0, 100, 1200, 40000))
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert kept == [first]
    assert dropped(decisions, over)[0].reason == REASON_OVERLAP


def test_boxes_that_only_touch_do_not_overlap_and_lines_on_one_line_do():
    page = Page()
    prices = [page.add("$100", (0, y, 100, 20)) for y in (0, 20)]       # edge to edge
    rule = page.add("Sale", (50, 100, 0, 20))                           # no width: a line
    on_it = page.add("Sale", (50, 110, 0, 20))
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert kept == [*prices, rule]
    assert dropped(decisions, on_it)[0].reason == REASON_OVERLAP


def test_an_undrawn_copy_under_another_title_goes_on_a_measured_page():
    page = Page()
    page.add("path.basename(path)", (0, 0, 600, 30), kind="heading", level=2)
    drawn = page.add("For example, on POSIX:", (0, 40, 600, 20))
    page.add("path.dirname(path)", (0, 100, 600, 30), kind="heading", level=2)
    hidden = page.add("For example, on POSIX:")
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert drawn in kept and hidden not in kept
    assert dropped(decisions, hidden)[0].reason == REASON_UNDRAWN


def test_an_undrawn_copy_of_a_card_value_goes_on_a_measured_page():
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    for slot, (title, label) in enumerate((("Night nurse, Kiel", "Full-time"),
                                           ("Care assistant, Heide", "Part-time"),
                                           ("Ward sister, Husum", "Full-time"),
                                           ("Midwife, Bremen", "Contract")), start=1):
        card(page, grid, slot, title, label)
    page.blocks = [block if k == 5 else replace(block, rect=Rect((k // 2) * 300, 100 + 40 * (k % 2), 280, 30))
                   for k, block in enumerate(page.blocks)]
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert page.blocks[5] not in kept
    assert dropped(decisions, page.blocks[5])[0].reason == REASON_UNDRAWN


def test_an_image_repeated_under_two_titles_goes():
    # The sections rule keeps paragraphs, list items and headings, not pictures.
    page = Page()
    page.add("Kiel", kind="heading", level=2)
    page.add("Leuchtturm", kind="image", href="/img/leuchtturm.png")
    page.add("Husum", kind="heading", level=2)
    again = page.add("Leuchtturm", kind="image", href="/img/leuchtturm.png")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert again not in kept


def test_a_quoted_copy_under_another_title_goes():
    # A reply quoting the post above it: the sections rule leaves quotations out.
    page = Page()
    page.add("Re: Wintering hives", kind="heading", level=2)
    page.add(LEAD, parent="/html[1]/body[1]/div[1]")
    page.add("Re: Re: Wintering hives", kind="heading", level=2)
    quoted = page.add(LEAD, parent="/html[1]/body[1]/div[2]/blockquote[1]", quoted=True,
                      quote_of="/html[1]/body[1]/div[2]/blockquote[1]")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert quoted not in kept


def test_a_linked_value_half_the_untitled_cards_share_goes():
    # The grid rule keeps a card's plain value; a line wholly a link is furniture.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    lines = []
    for slot, (title, label) in enumerate((("Night nurse, Kiel", "Full-time"),
                                           ("Care assistant, Heide", "Part-time"),
                                           ("Ward sister, Husum", "Full-time"),
                                           ("Midwife, Bremen", "Contract")), start=1):
        card(page, grid, slot, title, label)
        lines.append(replace(page.blocks[-1], rich_text=f"[{label}](/jobs/{label})"))
        page.blocks[-1] = lines[-1]
    kept, _ = deduplicate(page.blocks, measured=False)
    assert [line in kept for line in lines] == [True, True, False, True]


def test_a_list_item_sentence_repeated_under_one_parent_goes():
    # The same-parent rule is for paragraphs and quotations: a menu listed twice goes.
    page = Page()
    first = page.add(LEAD, kind="list-item", tag="li")
    page.add("Verse", kind="list-item", tag="li")
    again = page.add(LEAD, kind="list-item", tag="li")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert first in kept and again not in kept


def test_a_field_name_under_every_entry_leaves_the_entrys_term_in_place():
    # "Parameters:" is said under each entry: the entry's own term still titles the text.
    page = Page()
    page.add("os.path", kind="heading", level=1)
    copies = []
    for entry in ("basename(path)", "dirname(path)"):
        page.add(entry, tag="dt")
        page.add("Parameters:", tag="dt")
        copies.append(page.add("path -- a path-like object"))
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(c in kept for c in copies) and not decisions


def test_a_linked_term_titles_no_section():
    # A term wholly a link (a glossary's links elsewhere) names no section of this page.
    page = Page()
    page.add("Glossar", kind="heading", level=1)
    copies = []
    for term in ("Bienenstock", "Honigraum"):
        page.add(term, tag="dt", rich_text=f"[{term}](/lexikon/{term})")
        copies.append(page.add("Siehe auch: Imkerei"))
    kept, _ = deduplicate(page.blocks, measured=False)
    assert copies[0] in kept and copies[1] not in kept


def test_the_pages_first_block_can_title_a_section():
    # Section -1 is "none"; the title at position 0 is a title like any other.
    page = Page()
    page.add("os.path", kind="heading", level=1)
    page.add("basename(path)", tag="dt")
    first = page.add("For example, on POSIX:")
    page.add("Changes", tag="dt", rich_text="[Changes](/changes)")   # back to the heading
    again = page.add("For example, on POSIX:")
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert first in kept and again in kept and not decisions


def test_a_twin_is_known_by_its_next_neighbour_at_either_end_of_the_page():
    # The first copy opens the page and the repeat is read second to last: each
    # one's next neighbour is the same caption.
    page = Page()
    page.add("a|b|1|2", kind="table")
    page.add("Prices in euros")
    page.add("Shipping")
    twin = page.add("a|b|1|2", kind="table")
    page.add("Prices in euros")
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert twin not in kept
    assert dropped(decisions, twin)[0].reason == REASON_TWIN


def test_a_linked_line_of_eight_words_every_titled_card_says_stays():
    # Eight words make a sentence (DRAWN_PROSE_MIN_WORDS), not a button.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    appeal = "Aidez-nous à garder les caméras allumées cet hiver"
    lines = [titled_card(page, grid, slot, title, appeal, "/don")
             for slot, title in enumerate(("Col du Lautaret", "Lac Blanc", "Pic du Midi"), start=1)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(line in kept for line in lines) and not decisions


def test_a_link_to_a_one_letter_file_every_titled_card_says_stays():
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    lines = [titled_card(page, grid, slot, f"Beispiel {slot}", "Quelltext", f"/src/beispiel{slot}.c")
             for slot in (1, 2, 3)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(line in kept for line in lines) and not decisions


def test_a_label_in_a_box_of_another_kind_is_no_sibling_card():
    page = Page()
    main = "/html[1]/body[1]/main[1]"
    for path, text in ((f"{main}/aside[1]/h2[1]", "Stellenmarkt Nord"),
                       (f"{main}/aside[1]/p[1]", "Vollzeit"),
                       (f"{main}/div[1]/h2[1]", "Pflegehilfe, Heide"),
                       (f"{main}/div[1]/p[1]", "Teilzeit"),
                       (f"{main}/div[2]/h2[1]", "Hebamme, Bremen"),
                       (f"{main}/div[2]/p[1]", "Vollzeit")):
        page.blocks.append(Block(kind="paragraph", text=text, rich_text=text, tag="p",
                                 xpath=path, dom_index=len(page.blocks)))
    kept, _ = deduplicate(page.blocks, measured=False)
    assert page.blocks[-1] not in kept


def test_a_heading_said_again_under_a_title_keeps_the_heading():
    # The heading opens the page under no title; its copy under "Linux" is not in
    # another titled section, so the heading's rank decides.
    page = Page()
    heading = page.add("Installation", kind="heading", level=2)
    page.add("Linux", kind="heading", level=2)
    again = page.add("Installation")
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert heading in kept and again not in kept
    assert dropped(decisions, again)[0].reason == REASON_HEADING


def whole_of(parts: list[int], tail: int) -> tuple[Page, Block]:
    """Paragraphs of `parts` words each, then a whole made of them all and `tail`
    words of its own (distinct words throughout)."""
    page, start, words = Page(), 0, []
    for size in parts:
        page.add(prose(start, size))
        words.append(prose(start, size))
        start += size
    whole = page.add(" ".join(words + [prose(10_000, tail)]))
    return page, whole


def test_a_restated_whole_is_measured_at_exactly_seventy_percent():
    # 155 words, 150 six-word phrases: 105 of them in the parts is 70%, 104 is not.
    for parts, tail, goes in (([65, 50], 40, True), ([64, 50], 41, False),
                              ([110], 45, False),          # one block holds 70%: a revision
                              ([109, 7], 39, True)):       # one holds 104, another 2
        page, whole = whole_of(parts, tail)
        kept, _ = deduplicate(page.blocks, measured=False)
        assert (whole not in kept) == goes, parts


def test_a_whole_of_two_halves_is_restated_and_one_as_long_as_it_is_no_source():
    page, whole = whole_of([80, 80], 0)
    kept, _ = deduplicate(page.blocks, measured=False)
    assert whole not in kept
    # A block as long as the whole, holding its second half, is a partner, not a part.
    page = Page()
    first = page.add(prose(0, 100))
    partner = page.add(prose(100, 100) + " " + prose(5_000, 100))
    whole = page.add(prose(0, 100) + " " + prose(100, 100))
    kept, _ = deduplicate(page.blocks, measured=False)
    assert kept == [first, partner, whole]


def test_a_whole_of_one_letter_words_is_restated_too():
    # 150 one-character words are 299 characters: the least a whole can be.
    letters = [chr(0x4E00 + k) for k in range(150)]
    page = Page()
    parts = [page.add(" ".join(letters[k:k + 30])) for k in range(0, 150, 30)]
    whole = page.add(" ".join(letters))
    assert len(whole.text) == 299
    kept, _ = deduplicate(page.blocks, measured=False)
    assert kept == parts


def test_a_sibling_card_is_looked_for_among_the_last_eight_kept_copies():
    # GRID_RECENT_COPIES: the first card's label is the eighth kept copy back, and
    # found; one more copy read between and it is not (the label then stays, drawn apart).
    for between, second_goes in ((7, True), (8, False)):
        page, _, labels = card_grid(label_cards=3)
        footer = [Block(kind="paragraph", text="Subscribe and Save", rich_text="Subscribe and Save",
                        tag="li", xpath=f"/html[1]/body[1]/footer[1]/ul[1]/li[{k + 1}]",
                        dom_index=100 + k, rect=Rect(k * 120, 3000, 110, 20)) for k in range(between)]
        page.blocks[2:2] = footer          # read after the first card, before the second
        kept, _ = deduplicate(page.blocks, measured=True)
        assert (labels[1] not in kept) == second_goes, between


def test_a_drawn_quotation_of_text_said_once_more_goes_once():
    # Said twice: a pull quote and the paragraph, each in a box of its own. The
    # quotation goes, with one decision, and the page's copy stays.
    page = Page()
    pull_quote = page.add(LEAD, (600, 100, 200, 60), kind="quote", tag="blockquote",
                          parent="/html[1]/body[1]/aside[1]")
    original = page.add(LEAD, (10, 300, 560, 40), parent="/html[1]/body[1]/main[1]")
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert kept == [original]
    assert [d.reason for d in decisions] == [REASON_QUOTATION]


def test_a_drawn_quotation_of_a_hidden_copy_stays():
    # Only a copy the browser drew outside any quotation makes a quotation go: a
    # hidden copy of the text loses to the drawn quotation instead.
    page = Page()
    hidden = page.add(LEAD, parent="/html[1]/body[1]/div[9]")
    quote = page.add(LEAD, (10, 300, 560, 40), kind="quote", tag="blockquote")
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert kept == [quote]
    assert dropped(decisions, hidden)[0].reason == REASON_UNDRAWN


def test_lines_and_edges_meet_only_where_they_touch():
    # A line with no width on a box's edge meets it, whichever is read first; lines
    # on one row at different places do not; boxes edge to edge in either order do not.
    for first, then, meet in (((100, 0, 0, 20), (0, 0, 100, 20), True),
                              ((0, 0, 100, 20), (100, 0, 0, 20), True),
                              ((50, 0, 0, 20), (500, 0, 0, 20), False),
                              ((0, 20, 100, 20), (0, 0, 100, 20), False)):
        page = Page()
        a = page.add("Sale", first, parent="/html[1]/body[1]/div[1]")
        b = page.add("Sale", then, parent="/html[1]/body[1]/div[2]")
        kept, _ = deduplicate(page.blocks, measured=True)
        assert kept == ([a] if meet else [a, b]), (first, then)


def test_a_label_goes_unless_both_cards_hold_a_text_of_their_own():
    # Four job cards under the grid's own heading; the first and third say "Vollzeit".
    # Unless both of those cards also say something of their own, the repeat goes.
    for first_own, third_own, stays in ((False, False, False), (False, True, False),
                                        (True, False, False), (True, True, True)):
        page = Page()
        grid = "/html[1]/body[1]/main[1]/div[1]"
        page.blocks.append(Block(kind="heading", level=2, text="Offene Stellen",
                                 rich_text="Offene Stellen", tag="h2", xpath=f"{grid}/h2[1]",
                                 dom_index=0))
        labels = []
        for slot, (label, own) in enumerate((("Vollzeit", first_own), ("Teilzeit", False),
                                             ("Vollzeit", third_own), ("Befristet", False)),
                                            start=1):
            if own:
                page.blocks.append(Block(kind="paragraph", text=f"Ab sofort, Stelle {slot}",
                                         rich_text=f"Ab sofort, Stelle {slot}", tag="h3",
                                         xpath=f"{grid}/div[{slot}]/h3[1]", dom_index=len(page.blocks)))
            labels.append(Block(kind="paragraph", text=label, rich_text=label, tag="p",
                                xpath=f"{grid}/div[{slot}]/p[1]", dom_index=len(page.blocks)))
            page.blocks.append(labels[-1])
        kept, _ = deduplicate(page.blocks, measured=False)
        assert (labels[2] in kept) == stays, (first_own, third_own)


def test_a_heading_under_no_title_replaces_a_copy_under_one():
    page = Page()
    page.add("Linux", kind="heading", level=2)
    body = page.add("Installation")
    heading = page.add("Installation", kind="heading", level=2)
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert heading in kept and body not in kept
    assert dropped(decisions, body)[0].reason == REASON_HEADING


def test_a_restated_whole_read_before_its_parts_goes():
    # The whole comes first, then its parts, then a longer block holding it all:
    # the parts are its sources though a longer block holds the phrases too.
    page = Page()
    text = [prose(k * 40, 40) for k in range(5)]
    whole = page.add(" ".join(text))
    parts = [page.add(t) for t in text]
    longer = page.add(" ".join(text) + " " + prose(5_000, 100))
    kept, _ = deduplicate(page.blocks, measured=False)
    assert whole not in kept and all(p in kept for p in parts) and longer in kept
