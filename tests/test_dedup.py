"""De-duplication: which copy of a repeated text stays, and why the others go."""
from __future__ import annotations

import pytest

from webgist_host.engine.dedup import (
    REASON_CHROME,
    REASON_DRAWN_AGAIN,
    REASON_HEADING,
    REASON_OVERLAP,
    REASON_QUOTATION,
    REASON_REPEAT,
    REASON_TWIN,
    REASON_UNDRAWN,
    deduplicate,
)
from webgist_host.engine.model import Block
from dedup_support import LEAD, Page, prose, dropped, card_grid, card


# ---------------------------------------------------------------- the key

def test_exact_repeat_is_dropped_and_logged():
    page = Page()
    first = page.add("Sign up for our newsletter")
    page.add("Something else")
    again = page.add("Sign up for our newsletter")
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert again not in kept and first in kept
    [decision] = decisions
    assert (decision.stage, decision.action, decision.reason) == ("dedup", "dropped", REASON_REPEAT)
    assert (decision.xpath, decision.text) == (again.xpath, again.text)


def test_key_ignores_kind_and_whitespace():
    page = Page()
    page.add("One sentence,\n  said once.", kind="list-item")
    repeat = page.add("One sentence, said once.", kind="paragraph")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert repeat not in kept and len(kept) == 1


def test_key_includes_the_image_source():
    page = Page()
    page.add("Logo", kind="image", href="a.png")
    other_picture = page.add("Logo", kind="image", href="b.png")
    same_picture = page.add("Logo", kind="image", href="a.png")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert other_picture in kept
    assert same_picture not in kept


def test_blocks_with_an_empty_key_are_never_matched():
    page = Page()
    rules = [page.add("", kind="rule") for _ in range(3)]
    bare_images = [page.add("", kind="image") for _ in range(2)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert kept == rules + bare_images
    assert decisions == []


# ---------------------------------------------------------------- drawn copies

def test_copies_drawn_in_two_places_both_stay():
    page = Page()
    prices = [page.add("$100", (x * 323, 250, 312, 16)) for x in range(6)]
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert kept == prices
    assert decisions == []


def test_label_most_drawn_cards_say_alike_goes_after_the_first():
    page, titles, labels = card_grid(label_cards=3)
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert [label in kept for label in labels] == [True, False, False, True]
    assert all(title in kept for title in titles)
    assert {d.reason for d in decisions} == {REASON_DRAWN_AGAIN}


def test_value_half_the_drawn_cards_share_stays():
    page, _, labels = card_grid(label_cards=2)
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert all(label in kept for label in labels) and decisions == []


def test_sentence_drawn_twice_apart_is_read_once():
    page = Page()
    first = page.add(LEAD, (10, 100, 600, 40), parent="/html[1]/body[1]/div[1]")
    page.add("Between the two", (10, 200, 600, 20))
    again = page.add(LEAD, (10, 900, 600, 40), parent="/html[1]/body[1]/div[2]")
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert first in kept and again not in kept
    assert dropped(decisions, again)[0].reason == REASON_DRAWN_AGAIN


def test_sentence_drawn_twice_under_one_parent_stays():
    page = Page()
    copies = [page.add(LEAD, (10, y, 600, 40)) for y in (100, 300)]   # a refrain
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert kept == copies and decisions == []


def test_drawn_quotation_of_drawn_text_goes_whichever_is_read_first():
    sentence = "Is one of them a mistake, or are they close enough that either will do?"
    page = Page()
    pull_quote = page.add(sentence, (600, 100, 200, 60), kind="quote", tag="blockquote")
    original = page.add(sentence, (10, 300, 560, 40))
    reply_quote = page.add(sentence, (10, 900, 560, 40), quoted=True,
                           quote_of="/html[1]/body[1]/div[1]/blockquote[1]")
    note = page.add(sentence, (10, 1200, 560, 40), quoted=True, callout="[!NOTE]")
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert kept == [original, note]        # a callout box is the page's own words
    for quotation in (pull_quote, reply_quote):
        assert dropped(decisions, quotation)[0].reason == REASON_QUOTATION


def test_drawn_quotations_of_text_given_nowhere_else_stay():
    page = Page()
    quotes = [page.add("Measure twice, cut once.", (10, y, 560, 40), kind="quote",
                       tag="blockquote") for y in (100, 900)]
    kept, _ = deduplicate(page.blocks, measured=True)
    assert kept == quotes


def test_drawn_copy_overlapping_one_already_read_goes():
    page = Page()
    first = page.add("Add to cart", (10, 10, 100, 30))
    overlapping = page.add("Add to cart", (20, 15, 100, 30))
    elsewhere = page.add("Add to cart", (10, 900, 100, 30))
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert kept == [first, elsewhere]
    assert dropped(decisions, overlapping)[0].reason == REASON_OVERLAP


def test_measured_copy_beats_an_unmeasured_one_read_before_it():
    page = Page()
    hidden_menu = page.add("About us")                     # hidden dropdown, anchored first
    page.add("Welcome", (0, 0, 500, 40))
    footer_link = page.add("About us", (0, 2000, 200, 20))
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert hidden_menu not in kept
    assert kept[-1] == footer_link                         # stays where it was drawn
    assert dropped(decisions, hidden_menu)[0].reason == REASON_UNDRAWN


def test_unmeasured_copy_after_a_measured_one_goes():
    page = Page()
    drawn = page.add("Contact", (0, 0, 200, 20))
    echo = page.add("Contact")
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert kept == [drawn]
    assert dropped(decisions, echo)[0].reason == REASON_UNDRAWN


# ---------------------------------------------------------------- the page's own copy

def test_later_heading_beats_an_earlier_non_heading():
    page = Page()
    sidebar_entry = page.add("json — JSON encoder and decoder", region="aside", in_main=False)
    heading = page.add("json — JSON encoder and decoder", kind="heading", level=1)
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert kept == [heading]
    assert dropped(decisions, sidebar_entry)[0].reason == REASON_HEADING


@pytest.mark.parametrize("chrome", ["nav", "footer"])
def test_main_copy_beats_the_same_text_read_first_in_navigation_or_the_footer(chrome):
    page = Page()
    echo = page.add("Installation guide", region=chrome, in_main=False)
    body = page.add("Installation guide", region="main", in_main=True)
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert kept == [body]
    assert dropped(decisions, echo)[0].reason == REASON_CHROME


def test_navigation_echo_after_the_main_copy_goes_too():
    page = Page()
    body = page.add("Installation guide", region="main", in_main=True)
    nav_link = page.add("Installation guide", region="nav", in_main=False)
    kept, _ = deduplicate(page.blocks, measured=False)
    assert kept == [body] and nav_link not in kept


# ---------------------------------------------------------------- the company rule

def demo_table_page(kind: str) -> tuple[Page, list[Block]]:
    """A sample page showing one demo block three times among different prose."""
    page = Page()
    copies = []
    for k in range(3):
        page.add(f"Explanation number {k}")
        copies.append(page.add("a|b|c|1|2|3", kind=kind))
    return page, copies


def test_table_repeated_among_different_neighbours_stays_on_an_unmeasured_page():
    page, tables = demo_table_page("table")
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(t in kept for t in tables)
    assert decisions == []


def test_code_repeated_among_different_neighbours_stays_on_an_unmeasured_page():
    page, snippets = demo_table_page("code")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert all(s in kept for s in snippets)


def test_table_whose_neighbour_repeats_too_is_a_twin_and_goes():
    page = Page()
    page.add("Prices")
    page.add("a|b|1|2", kind="table")
    page.add("Shipping")
    twin_heading = page.add("Prices")          # the hidden layout copies the whole run
    twin = page.add("a|b|1|2", kind="table")
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert twin not in kept and twin_heading not in kept
    assert dropped(decisions, twin)[0].reason == REASON_TWIN


def test_company_rule_is_only_for_unmeasured_pages():
    page, tables = demo_table_page("table")
    kept, _ = deduplicate(page.blocks, measured=True)
    assert [t in kept for t in tables] == [True, False, False]


def test_repeated_prose_in_other_wrappers_is_deduplicated_on_an_unmeasured_page():
    page = Page()
    copies = []
    for k in range(3):
        page.add(f"Furniture {k}")
        copies.append(page.add(LEAD, parent=f"/html[1]/body[1]/div[{k + 1}]"))
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert [c in kept for c in copies] == [True, False, False]
    assert {d.reason for d in decisions} == {REASON_REPEAT}


def test_sentence_repeated_under_the_same_parent_stays_on_an_unmeasured_page():
    page = Page()
    copies = []
    for k in range(3):
        page.add(f"Verse number {k}")
        copies.append(page.add(LEAD))         # a refrain: all under one parent
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(c in kept for c in copies) and decisions == []


def test_short_label_repeated_under_the_same_parent_is_deduplicated():
    page = Page()
    first = page.add("NEW in stock")
    page.add("Walking boots")
    again = page.add("NEW in stock")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert first in kept and again not in kept


def test_same_parent_rule_is_only_for_unmeasured_pages():
    page = Page()
    first = page.add(LEAD)
    page.add("Verse")
    again = page.add(LEAD)
    kept, _ = deduplicate(page.blocks, measured=True)   # neither drawn: one copy stays
    assert first in kept and again not in kept


# ---------------------------------------------------------------- sections

def test_text_repeated_under_two_titles_said_once_stays_on_an_unmeasured_page():
    page = Page()
    page.add("path.basename(path)", kind="heading", level=3)
    first = page.add("For example, on POSIX:", parent="/html[1]/body[1]/section[1]")
    page.add("path.dirname(path)", kind="heading", level=3)
    again = page.add("For example, on POSIX:", parent="/html[1]/body[1]/section[2]")
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert first in kept and again in kept and decisions == []


def test_subsection_title_repeated_under_two_entries_stays():
    page = Page()
    page.add("assert.deepEqual()", kind="heading", level=3)
    first = page.add("Comparison details", kind="heading", level=4)
    item = page.add("Type tags of objects should be the same.", kind="list-item")
    page.add("assert.deepStrictEqual()", kind="heading", level=3)
    again = page.add("Comparison details", kind="heading", level=4)
    item_again = page.add("Type tags of objects should be the same.", kind="list-item")
    kept, _ = deduplicate(page.blocks, measured=False)
    # the items' own title repeats: their section is the entry above it
    assert all(b in kept for b in (first, item, again, item_again))


def test_text_repeated_under_definition_terms_said_once_stays():
    page = Page()
    page.add("Basic Usage", kind="heading", level=2)
    page.add("json.dump(obj, fp)", tag="dt")
    first = page.add("If indent is a non-negative integer, arrays are pretty-printed.",
                     parent="/html[1]/body[1]/dl[1]/dd[1]")
    page.add("class json.JSONEncoder(*, indent=None)", tag="dt")
    again = page.add("If indent is a non-negative integer, arrays are pretty-printed.",
                     parent="/html[1]/body[1]/dl[2]/dd[1]")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert first in kept and again in kept


def test_copy_in_its_originals_section_goes():
    page = Page()
    page.add("Featured", kind="heading", level=2)
    first = page.add("Walking boots", kind="heading", level=3)
    page.add("Trail shoes", kind="heading", level=3)
    clone = page.add("Walking boots", kind="heading", level=3)   # a carousel's clone
    kept, _ = deduplicate(page.blocks, measured=False)
    assert first in kept and clone not in kept


def test_copy_evicted_by_a_heading_no_longer_counts_against_later_sections():
    # The kept copies are counted by section; a copy the heading replaced must leave
    # the count, or the untitled first copy would still sink the third.
    page = Page()
    untitled = page.add("For example, on POSIX:")
    page.add("path.basename(path)", kind="heading", level=2)
    heading = page.add("For example, on POSIX:", kind="heading", level=3)
    page.add("path.dirname(path)", kind="heading", level=2)
    again = page.add("For example, on POSIX:", parent="/html[1]/body[1]/section[2]")
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert untitled not in kept and heading in kept and again in kept
    assert [d.reason for d in decisions] == [REASON_HEADING]


def test_page_laid_out_twice_repeats_its_titles_and_goes():
    page = Page()
    copies = []
    for k in range(2):                 # the desktop and the mobile layout
        page.add("Our story", kind="heading", level=2)
        copies.append(page.add(LEAD, parent=f"/html[1]/body[1]/div[{k + 1}]"))
    kept, _ = deduplicate(page.blocks, measured=False)
    assert [c in kept for c in copies] == [True, False]


def test_label_repeated_under_linked_card_titles_goes():
    page = Page()
    page.add("Mirrorless cameras", kind="heading", level=2)
    page.add("Canon EOS R50 V", kind="heading", level=3,
             rich_text="[Canon EOS R50 V](https://shop.example/c/1886961.html)")
    first = page.add("In Stock", parent="/html[1]/body[1]/div[1]")
    page.add("Sony a7 V", kind="heading", level=3,
             rich_text="[Sony a7 V](https://shop.example/c/1935439.html)")
    again = page.add("In Stock", parent="/html[1]/body[1]/div[2]")
    kept, _ = deduplicate(page.blocks, measured=False)
    # a linked title names a card: both labels sit in the grid's own section
    assert first in kept and again not in kept


def test_copy_with_no_titled_section_goes():
    page = Page()
    first = page.add(LEAD, parent="/html[1]/body[1]/div[1]")
    page.add("Stories", kind="heading", level=2)
    again = page.add(LEAD, parent="/html[1]/body[1]/div[2]")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert first in kept and again not in kept


# ---------------------------------------------------------------- restated wholes

def test_long_block_restating_several_shorter_blocks_goes():
    page = Page()
    paragraphs = [page.add(prose(k * 40, 40)) for k in range(5)]
    whole = page.add(" ".join(p.text for p in paragraphs))     # 200 words
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert kept == paragraphs
    [decision] = dropped(decisions, whole)
    assert decision.action == "dropped" and "restates 5 shorter blocks" in decision.reason


def test_near_repeat_of_one_other_block_is_a_revision_and_stays():
    page = Page()
    original = page.add(prose(0, 160))
    revised_words = prose(0, 160).split()
    revised_words[80] = "changed"
    revision = page.add(" ".join(revised_words))
    longer = page.add(prose(0, 160) + " " + prose(1000, 20))   # one block plus a tail
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert kept == [original, revision, longer]
    assert decisions == []


def test_long_block_with_little_shared_text_stays():
    page = Page()
    page.add(prose(0, 40))
    page.add(prose(40, 40))
    own_words = page.add(prose(0, 20) + " " + prose(40, 20) + " " + prose(5000, 160))
    kept, _ = deduplicate(page.blocks, measured=False)
    assert own_words in kept


def test_short_blocks_are_never_restated_wholes():
    page = Page()
    parts = [page.add(prose(k * 30, 30)) for k in range(4)]
    short_whole = page.add(" ".join(p.text for p in parts[:3]) + " " + prose(90, 10))  # 100 words
    kept, _ = deduplicate(page.blocks, measured=False)
    assert short_whole in kept


# ---------------------------------------------------------------- hygiene

def test_every_dropped_block_has_a_decision_and_inputs_are_untouched():
    page = Page()
    page.add("x y")
    page.add("x y")
    page.add("About", kind="paragraph")
    page.add("About", (0, 0, 10, 10))
    before = list(page.blocks)
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert page.blocks == before
    assert len(kept) + len(decisions) == len(before)
    assert all(d.stage == "dedup" and d.action == "dropped" and d.xpath for d in decisions)
