"""De-duplication in grids of cards: a label or a linked line said at the same place in
sibling cards (dedup's places index)."""
from __future__ import annotations

from dataclasses import replace

from webgist_host.engine.dedup import (
    REASON_REPEAT,
    deduplicate,
)
from webgist_host.engine.model import Block, Rect
from dedup_support import Page, card, titled_card


# ---------------------------------------------------------------- a grid's labels


def test_a_label_at_the_same_place_in_sibling_cards_stays():
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    first = card(page, grid, 1, "Night nurse, Kiel", "Full-time")
    card(page, grid, 2, "Care assistant, Heide", "Part-time")
    third = card(page, grid, 3, "Ward sister, Husum", "Full-time")
    card(page, grid, 4, "Midwife, Bremen", "Contract")
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert first in kept and third in kept and not decisions


def test_a_label_every_card_says_alike_goes():
    # "In Stock" under every card is the grid's furniture, not a value of the card.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    card(page, grid, 1, "Night nurse, Kiel", "Apply now")
    second = card(page, grid, 2, "Ward sister, Husum", "Apply now")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert second not in kept


def test_a_hidden_copy_of_a_grid_still_goes():
    # The same cards twice (a mobile copy): the titles repeat too, so no card has
    # a text of its own.
    page = Page()
    for grid in ("/html[1]/body[1]/main[1]/div[1]", "/html[1]/body[1]/main[1]/div[2]"):
        card(page, grid, 1, "Night nurse, Kiel", "Full-time")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert len(kept) == 2


def test_a_label_at_another_place_in_the_card_goes():
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    card(page, grid, 1, "Night nurse, Kiel", "Full-time")
    elsewhere = Block(kind="paragraph", text="Full-time", rich_text="Full-time", tag="p",
                      xpath=f"{grid}/div[2]/div[1]/p[1]", dom_index=2)
    page.blocks.append(elsewhere)
    page.blocks.append(Block(kind="paragraph", text="Ward sister", rich_text="Ward sister",
                             tag="p", xpath=f"{grid}/div[2]/h2[1]", dom_index=3))
    kept, _ = deduplicate(page.blocks, measured=False)
    assert elsewhere not in kept


def test_a_linked_button_every_titled_card_says_goes_after_the_first():
    # Each card is a section of its own, but its "Learn more" is the grid's button.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    lines = [titled_card(page, grid, slot, title, "Ver la receta", f"/r/{slot}")
             for slot, title in enumerate(("Crema de calabaza", "Arroz de setas",
                                           "Pollo con castañas"), start=1)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert lines[0] in kept and lines[1] not in kept and lines[2] not in kept
    assert [d.reason for d in decisions] == [REASON_REPEAT, REASON_REPEAT]


def test_a_linked_value_half_the_titled_cards_share_stays():
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    tags = [titled_card(page, grid, slot, title, tag, f"/tag/{tag}")
            for slot, (title, tag) in enumerate((("Crema", "Vegetariana"), ("Arroz", "Vegetariana"),
                                                 ("Pollo", "Sin gluten"), ("Bizcocho", "Postres")),
                                                start=1)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert tags[1] in kept and not decisions


def test_an_unlinked_line_every_titled_card_says_stays():
    # Only a link is taken for the grid's button: the sections rule keeps plain text.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    lines = [titled_card(page, grid, slot, title, "Receta de la casa", None)
             for slot, title in enumerate(("Crema", "Arroz", "Pollo"), start=1)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(line in kept for line in lines) and not decisions


def test_a_label_three_of_five_cards_say_goes_after_the_first():
    # More than half the cards say it at one place: the grid's furniture.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    labels = [card(page, grid, slot, title, label)
              for slot, (title, label) in enumerate(
                  (("Nachtschicht, Kiel", "Vollzeit"), ("Pflegehilfe, Heide", "Teilzeit"),
                   ("Stationsleitung, Husum", "Vollzeit"), ("Hebamme, Bremen", "Vollzeit"),
                   ("Pflege, Lübeck", "Befristet")), start=1)]
    kept, _ = deduplicate(page.blocks, measured=False)
    assert [label in kept for label in labels] == [True, True, False, False, True]


def test_a_linked_value_most_titled_cards_share_stays():
    # A blog index's linked category in three posts of four: the place says
    # another category too, so it is the card's value, not its button.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    tags = [titled_card(page, grid, slot, title, tag, f"/tag/{tag}")
            for slot, (title, tag) in enumerate((("Crema", "Vegetariana"), ("Arroz", "Vegetariana"),
                                                 ("Pollo", "Sin gluten"), ("Bizcocho", "Vegetariana")),
                                                start=1)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(tag in kept for tag in tags) and not decisions


def test_a_line_mixing_a_link_and_text_every_titled_card_says_stays():
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    lines = [titled_card(page, grid, slot, title, "Receta de la casa", None,
                         rich=f"Receta de [la casa](/casa/{slot})")
             for slot, title in enumerate(("Crema", "Arroz", "Pollo"), start=1)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(line in kept for line in lines) and not decisions


def test_a_linked_list_item_every_titled_section_says_stays():
    # An article's own reading lists, each opening with the official manual.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    items = [titled_card(page, grid, slot, title, "Offizielle Dokumentation", f"/docs/{slot}",
                         kind="list-item", tag="li")
             for slot, title in enumerate(("PostgreSQL", "SQLite", "DuckDB"), start=1)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(item in kept for item in items) and not decisions


def test_a_linked_button_with_space_around_it_goes_after_the_first():
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    lines = [titled_card(page, grid, slot, title, "Ver la receta", None,
                         rich=f" [Ver la receta](/r/{slot})\n")
             for slot, title in enumerate(("Crema", "Arroz", "Pollo"), start=1)]
    kept, _ = deduplicate(page.blocks, measured=False)
    assert [line in kept for line in lines] == [True, False, False]


def test_a_linked_line_each_section_of_one_flow_says_stays():
    # Not in cards (the sections are siblings in one flow): the sections rule keeps it.
    page = Page()
    flow = "/html[1]/body[1]/main[1]/article[1]"
    lines = []
    for k, title in enumerate(("Installation", "Konfiguration", "Betrieb")):
        page.blocks.append(Block(kind="heading", level=2, text=title, rich_text=title, tag="h2",
                                 xpath=f"{flow}/h2[{k + 1}]", dom_index=len(page.blocks)))
        lines.append(Block(kind="paragraph", text="Handbuch", rich_text=f"[Handbuch](/h/{k})",
                           tag="p", xpath=f"{flow}/p[{k + 1}]", dom_index=len(page.blocks)))
        page.blocks.append(lines[-1])
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(line in kept for line in lines) and not decisions


def test_a_linked_button_goes_though_a_kept_copy_is_read_between_cards():
    # The copy read last is not the card's sibling; an earlier one is.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    first = titled_card(page, grid, 1, "Crema", "Ver la receta", "/r/1")
    page.blocks.append(Block(kind="heading", level=2, text="Sobre nosotros", rich_text="Sobre nosotros",
                             tag="h2", xpath="/html[1]/body[1]/aside[1]/h2[1]",
                             dom_index=len(page.blocks)))
    aside = Block(kind="paragraph", text="Ver la receta", rich_text="[Ver la receta](/r/0)",
                  tag="p", xpath="/html[1]/body[1]/aside[1]/p[1]", dom_index=len(page.blocks))
    page.blocks.append(aside)
    later = [titled_card(page, grid, slot, title, "Ver la receta", f"/r/{slot}")
             for slot, title in ((2, "Arroz"), (3, "Pollo"))]
    kept, _ = deduplicate(page.blocks, measured=False)
    assert first in kept and aside in kept and not any(line in kept for line in later)


def test_a_linked_sentence_every_titled_card_says_stays():
    # A sentence each card repeats as a link (an appeal) is text the card says, not its button.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    appeal = "Soutenez la réserve naturelle et aidez-nous à garder les caméras allumées"
    lines = [titled_card(page, grid, slot, title, appeal, "/don")
             for slot, title in enumerate(("Col du Lautaret", "Lac Blanc", "Pic du Midi"), start=1)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(line in kept for line in lines) and not decisions


def test_a_download_every_titled_card_says_stays():
    # Each release's "Download" fetches its own file: what the card is there to deliver.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    lines = [titled_card(page, grid, slot, f"Version 2.{slot}", "Download",
                         f"/files/tool-2.{slot}.tar.gz") for slot in (1, 2, 3)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(line in kept for line in lines) and not decisions


def test_a_linked_value_another_card_says_unlinked_stays():
    # The walker's paths: a linked line is p[1]/a[1], a plain one p[1]. A venue linked
    # in three cards and written out in the fourth is a value, not a button.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    venues = [titled_card(page, grid, slot, title, venue, href, inner="/a[1]" if href else "")
              for slot, (title, venue, href) in enumerate((
                  ("Bokcirkel", "Stadsbiblioteket", "/plats/1"),
                  ("Författarkväll", "Stadsbiblioteket", "/plats/1"),
                  ("Poesiverkstad", "Stadsbiblioteket", "/plats/1"),
                  ("Läsecirkel online", "Digitalt via Zoom", None)), start=1)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(venue in kept for venue in venues) and not decisions


# ---------------------------------------------------------------- the places' index
# (Each test below fails under one mutation of dedup.py that the tests above and test_dedup.py let
# through; docs/rules/dedup.md, "Session 21: mut8", has the table.)

def test_another_grid_at_the_same_depth_does_not_count_at_a_grids_place():
    # Three grids whose paths are as long as each other's: the middle one's buttons
    # go; the others' values sit at the same place below their own grid, not its.
    page = Page()
    main = "/html[1]/body[1]/main[1]"
    titled_card(page, f"{main}/div[1]", 1, "Kürbissuppe", "Vegetarisch", "/tag/veg")
    lines = [titled_card(page, f"{main}/div[2]", slot, title, "Ver la receta", f"/r/{slot}")
             for slot, title in enumerate(("Crema", "Arroz", "Pollo"), start=1)]
    titled_card(page, f"{main}/div[3]", 1, "Apfelkuchen", "Nachspeise", "/tag/dessert")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert [line in kept for line in lines] == [True, False, False]


def test_a_nested_place_is_read_at_its_own_depth():
    # A card's linked value at p[1] is asked about first, then its button one box
    # deeper (div[1]/p[1]) under the same grid: each depth has its own table.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    buttons = []
    for slot, (title, tag) in enumerate((("Crema", "Vegetariana"), ("Arroz", "Vegetariana"),
                                          ("Pollo", "Sin gluten"), ("Tarta", "Postres")), start=1):
        titled_card(page, grid, slot, title, tag, f"/tag/{slot}")
        buttons.append(Block(kind="paragraph", text="Ver la receta",
                             rich_text=f"[Ver la receta](/r/{slot})", tag="p",
                             xpath=f"{grid}/div[{slot}]/div[1]/p[1]", dom_index=len(page.blocks)))
        page.blocks.append(buttons[-1])
    kept, _ = deduplicate(page.blocks, measured=False)
    assert [button in kept for button in buttons] == [True, False, False, False]


def test_a_linked_value_stays_though_a_kept_copy_is_read_between_cards():
    # The copy read last (an aside's) is no sibling; the first card's is, and its
    # place says another venue in the fourth card.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    first = titled_card(page, grid, 1, "Bokcirkel", "Stadsbiblioteket", "/plats/1")
    page.blocks.append(Block(kind="heading", level=2, text="Hitta hit", rich_text="Hitta hit",
                             tag="h2", xpath="/html[1]/body[1]/aside[1]/h2[1]",
                             dom_index=len(page.blocks)))
    page.blocks.append(Block(kind="paragraph", text="Stadsbiblioteket",
                             rich_text="[Stadsbiblioteket](/plats/1)", tag="p",
                             xpath="/html[1]/body[1]/aside[1]/p[1]", dom_index=len(page.blocks)))
    later = [titled_card(page, grid, slot, title, venue, f"/plats/{venue}")
             for slot, title, venue in ((2, "Författarkväll", "Stadsbiblioteket"),
                                          (3, "Poesiverkstad", "Stadsbiblioteket"),
                                          (4, "Läsecirkel", "Kulturhuset"))]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert first in kept and all(line in kept for line in later) and not decisions


def test_a_drawn_linked_value_most_titled_cards_share_stays():
    # The measured page's version of the blog index above: the drawn copies are
    # the ones asked.
    page = Page()
    grid = "/html[1]/body[1]/main[1]/div[1]"
    for slot, (title, tag) in enumerate((("Crema", "Vegetariana"), ("Arroz", "Vegetariana"),
                                         ("Pollo", "Sin gluten"), ("Bizcocho", "Vegetariana")),
                                        start=1):
        titled_card(page, grid, slot, title, tag, f"/tag/{tag}")
    page.blocks = [replace(block, rect=Rect((k // 2) * 300, 100 + 40 * (k % 2), 280, 30))
                   for k, block in enumerate(page.blocks)]
    kept, decisions = deduplicate(page.blocks, measured=True)
    assert kept == page.blocks and not decisions


def test_a_label_two_steps_from_its_other_copy_goes():
    # The other copy is in another grid and another card: no sibling place.
    page = Page()
    main = "/html[1]/body[1]/main[1]"
    card(page, f"{main}/div[1]", 1, "Nachtschicht, Kiel", "Vollzeit")
    card(page, f"{main}/div[1]", 2, "Pflegehilfe, Heide", "Teilzeit")
    card(page, f"{main}/div[2]", 1, "Hebamme, Bremen", "Befristet")
    again = card(page, f"{main}/div[2]", 2, "Stationsleitung, Husum", "Vollzeit")
    kept, _ = deduplicate(page.blocks, measured=False)
    assert again not in kept


def test_a_linked_value_stays_when_any_of_its_places_says_another():
    # A menu of weeks by weekday: Tuesday's category in week 2 is said alike by
    # week 2's cards, but Tuesdays across the weeks say another one too.
    page = Page()
    plan = "/html[1]/body[1]/main[1]/div[1]"
    lines = {}
    for week, days in enumerate((("Sin gluten", "Vegetariana"), ("Vegetariana", "Vegetariana"),
                                 ("Pescado", "Postres")), start=1):
        for day, tag in enumerate(days, start=1):
            lines[week, day] = titled_card(page, f"{plan}/section[{week}]", day,
                                           f"Semana {week}, día {day}", tag, f"/tag/{tag}")
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(line in kept for line in lines.values()) and not decisions


def test_drawn_and_undrawn_copies_are_both_asked_about_a_linked_value():
    # Source order (too few boxes to order by): an aside's copy was drawn, the
    # cards' were not. The first card is still the second's sibling, and its place
    # says another venue in the fourth card.
    page = Page()
    page.blocks.append(Block(kind="heading", level=2, text="Hitta hit", rich_text="Hitta hit",
                             tag="h2", xpath="/html[1]/body[1]/aside[1]/h2[1]", dom_index=0,
                             rect=Rect(900, 100, 280, 30)))
    page.blocks.append(Block(kind="paragraph", text="Stadsbiblioteket",
                             rich_text="[Stadsbiblioteket](/plats/1)", tag="p",
                             xpath="/html[1]/body[1]/aside[1]/p[1]", dom_index=1,
                             rect=Rect(900, 140, 280, 20)))
    grid = "/html[1]/body[1]/main[1]/div[1]"
    venues = [titled_card(page, grid, slot, title, venue, f"/plats/{venue}")
              for slot, (title, venue) in enumerate((
                  ("Bokcirkel", "Stadsbiblioteket"), ("Författarkväll", "Stadsbiblioteket"),
                  ("Poesiverkstad", "Stadsbiblioteket"), ("Läsecirkel", "Kulturhuset")), start=1)]
    kept, decisions = deduplicate(page.blocks, measured=False)
    assert all(venue in kept for venue in venues) and not decisions
