"""Stage 6: remove text the reader would otherwise meet twice (seed 000).

Runs after reading order, so "first" means first read. Copies are matched on a
key of whitespace-free text plus the image source (href), never on kind: a
sentence emitted once as a list item and once as a paragraph is still a repeat.
Blocks whose key is empty (rules, images with neither alt nor source) are never
matched by text.

Two copies may both stay:
- both were drawn by the browser, in places that do not overlap (six product
  cards each showing "$100"), unless one is a quotation of the other (a forum
  reply quoting the post above it, a pull quote): the page's own copy is kept;
  a drawn copy of a sentence or of a card's furniture is judged by the rules of
  unmeasured pages below instead;
- on a page nobody measured, a table or code block the page repeats on purpose:
  a repeat whose neighbours also repeat the first copy's neighbours is a hidden
  twin and goes, a repeat among different neighbours stays ("the company rule");
  and text a reference page repeats in each section, under titles said once,
  except a card's button: a short line wholly a link (not a list item, not a
  file) at the same place in the titled cards, the place saying nothing else in
  any of them, linked or not.

When one copy must go, the survivor is chosen by rank: a copy the browser drew
beats one it did not; then a heading beats a non-heading; then the page's own
copy (in main, not navigation) beats chrome's echo; otherwise the first read stays.

A last pass drops long blocks that restate several shorter blocks already on
the page (an article body repeated as one block after its paragraphs).
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from heapq import merge
from itertools import islice
from operator import ne

from .model import Action, Block, BlockKind, Decision, Rect, Region
from .regions.name_guards import links_to_file
from .words import word_count

STAGE = "dedup"

# --- the rule table ------------------------------------------------------------------
# Kinds a page may legitimately show twice (a demo table shown once per section,
# the same snippet in two tutorials); repeated prose is de-duplicated regardless:
# prose said twice on one page is almost always a hidden or responsive copy.
COMPANY_RULE_KINDS = frozenset({BlockKind.TABLE, BlockKind.CODE})

# Ranking the copies of one text (after "drawn beats undrawn"): a heading's copy
# beats a body copy, since the heading is what names the section ...
PREFERRED_KINDS = frozenset({BlockKind.HEADING})
# ... and a copy in these landmarks is chrome echoing the page (a menu entry
# repeating the title), so the page's own copy beats it.
CHROME_REGIONS = frozenset({Region.NAV})

# Prose repeated among the same parent's children, on an unmeasured page: a refrain,
# a chorus, a sentence a writer says twice in one flow. A hidden or responsive copy
# lives in a wrapper of its own, so sharing the parent is the page repeating itself.
# Only sentences count: labels such as "NEW" or a spec value repeat under one parent
# in every product grid (words counted as `word_count` does, CJK characters too). A
# drawn copy apart from the kept ones is judged by this rule too (DRAWN_PROSE_MIN_WORDS).
SIBLING_REPEAT_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.QUOTE})
SIBLING_REPEAT_MIN_WORDS = 8

# Text a reference page repeats in each of its sections, on an unmeasured page: "For
# example, on POSIX:" under every path function, "Comparison details" under two API
# entries, a parameter described alike under two classes. A repeat stays when its
# section's title and every kept copy's are each said once on the page and differ.
# Hidden and responsive copies fail that: a clone set sits in its original's
# section, and a page laid out twice repeats its titles. Section titles are headings
# (a heading's section is the nearest heading above its level) and definition terms
# (an API entry's signature, whose description is its section); a repeated title
# defers to the one above it. Neighbours are not asked: an entry's parameter list
# repeats as a run ("callback", "delay", "args" under setTimeout and setInterval).
# Text inside a quotation is left out (a forum reply quoting the post above it), text
# inside a callout box is not (a "Changed in version 3.6" note under two functions).
# A line wholly a link that is a card's furniture (the grid rule below) is left
# out too: a "Learn more" or "Get the recipe" under each card's own heading is
# the grid's button, which the references leave out, not text each section says.
# Not a list item (an article's own reading list opening each section with the
# manual), not a sentence (an appeal each card repeats), not a download (each
# card's own file), and not when the place says another text in some card, linked
# or not (a forum post's linked author, a blog post's category, a venue: the card's
# value, not its button).
SECTION_REPEAT_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM,
                                  BlockKind.HEADING})
SECTION_TITLE_TAGS = frozenset({"dt"})
# The label opening a footnote's definition ("[^2]: ").
_NOTE_DEFINITION_RE = re.compile(r"\[\^[^\]\s]+\]: ")

# A title that is wholly a link to elsewhere names a card, a teaser or a forum post's
# author, not a section of this document: a product grid's "In Stock" under each
# product's linked title is the grid repeating its furniture.
LINK_TITLE = re.compile(r"\[(?:[^\[\]]|!\[[^\]]*\]\([^()\s]*\))*\]\([^()\s]*\)")

# Drawn twice, apart, on a measured page: a sentence or more, or a label most cards
# say at one place (the grid furniture below: "Reply With Quote", "Quick view",
# "Subscribe and Save" under every product), is judged as on an unmeasured page (the
# rules above and below may keep it; otherwise the first read stays). A teaser
# listed under "Latest" and again under "Most read", a newsletter box set twice in a
# story, a card's button: the reader meets the same words again. Shorter texts stay
# wherever they are drawn: a price, a size, a link labelled alike in a list.
DRAWN_PROSE_MIN_WORDS = 8

# A grid's values, on an unmeasured page: "For Monitors: 5-22 lbs", "Remote",
# "Full-Time" in the same place of several cards. A repeat stays when a kept copy
# stands at the same path in a sibling box (the two paths differ in one step's
# position only), each of the two boxes holds a text the page says once (its card's
# own title), and that place says this text in at most half the cards (a field whose
# value this card happens to share). A hidden or responsive copy of a grid repeats
# its titles too, so its boxes hold no text of their own; a text said in most cards
# at one place is the grid's furniture ("Rate this book", "In Stock", "Top", a
# "BRAND NEW" badge), and so is a line that is wholly a link: the references leave
# both out. On a measured page the same test reads a drawn copy apart from the kept
# ones (DRAWN_PROSE_MIN_WORDS).
GRID_VALUE_MAX_SHARE = 0.5
# Bound, for speed: a repeat is compared with the most recent kept copies only (the
# card before it is the likeliest sibling).
GRID_RECENT_COPIES = 8

# Restated wholes: a block of at least 150 words whose six-word phrases are at
# least 70% present across several shorter blocks (an article body repeated as one
# block after its paragraphs). "Several" is enforced by requiring that no single
# block reaches the 70% on its own: that case is a revision of one block, kept.
RESTATED_MIN_WORDS = 150
# Six words: long enough that stock phrases ("click here to read more") rarely
# match, short enough that a lightly edited sentence still shares most phrases.
SHINGLE_WORDS = 6
RESTATED_MIN_COVERAGE = 0.70

# --- bounds: speed, not judgement -----------------------------------------------------
# A phrase's index remembers only this many owners, keeping boilerplate phrases
# (found in hundreds of blocks) from making the pass quadratic.
MAX_OWNERS_PER_SHINGLE = 8

# Spatial buckets for "do these drawn copies overlap?": side in CSS px, and the
# most buckets one box is filed under before it goes to an always-checked list.
GRID_CELL_PX = 512.0
MAX_CELLS_PER_BOX = 64

# --- the decision log's reasons, one per rule that picks a survivor -------------------
REASON_UNDRAWN = "the browser did not draw this copy; the copy it drew is kept"
REASON_OVERLAP = "drawn over a copy of the same text that was already read"
REASON_HEADING = "repeats the page's own heading, which is kept instead"
REASON_CHROME = "navigation or page chrome echoing text kept in the main content"
REASON_TWIN = "hidden twin of an earlier table or code block: its neighbours repeat too"
REASON_REPEAT = "repeats text already read"
REASON_DRAWN_AGAIN = "drawn again elsewhere: a sentence or a card's label already read"
REASON_QUOTATION = "quotes text the page gives in full elsewhere, which is kept instead"


def deduplicate(blocks: list[Block], *, measured: bool) -> tuple[list[Block], list[Decision]]:
    """Return the blocks worth reading once, and a decision for every block dropped."""
    keep, decisions = _drop_repeats(list(blocks), measured)
    survivors = [block for block, kept in zip(blocks, keep) if kept]
    survivors, restated = _drop_restated_wholes(survivors)
    return survivors, decisions + restated


def dedup_key(block: Block) -> str:
    """Whitespace-free text plus the image source; "" when there is nothing to match."""
    # The spaces first, in one pass in C: most of the whitespace, leaving split less to cut.
    text = "".join(block.text.replace(" ", "").split())
    if not text and not block.href:
        return ""
    # A note's definition is its label's only one: two notes saying "Ibid." are two
    # notes, and a paragraph with a note's words does not stand in for it.
    note = _NOTE_DEFINITION_RE.match(block.rich_text)
    label = note.group(0) if note else ""
    return text + "\0" + (block.href or "") + label


# ================================================================================
# Exact repeats
# ================================================================================

@dataclass
class _Copies:
    """The copies of one key currently kept, with a grid of the drawn ones.

    `drawn` (position -> box) and `undrawn` (an ordered set) are dicts of kept
    positions, so admitting, evicting and finding a rival all cost O(1) however
    many copies a text has. So does asking whether some kept copy shares a feature
    with a new one (its section, parent, neighbours: the rules of unmeasured
    pages): `tallies` counts the kept copies by each feature asked about, from its
    first ask on (`_tally`).
    """

    drawn: dict[int, Rect] = field(default_factory=dict)
    undrawn: dict[int, None] = field(default_factory=dict)
    cells: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    wide: list[int] = field(default_factory=list)       # drawn boxes too big to bucket
    tallies: dict[str, tuple[Callable[[int], Hashable], Counter]] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.drawn and not self.undrawn


def _drop_repeats(blocks: list[Block], measured: bool) -> tuple[list[bool], list[Decision]]:
    """Walk the blocks in reading order, deciding each repeat against the copies kept so far."""
    keys = [dedup_key(b) for b in blocks]
    boxes = [_drawn_box(b) for b in blocks]
    neighbours = _neighbour_keys(keys) if not measured else None   # for the company rule
    counts = Counter(keys)
    # Texts drawn outside any quotation: a drawn quotation of one of them goes.
    # (Asked only of texts said more than once.)
    quoted_elsewhere = ({key for key, box, block in zip(keys, boxes, blocks)
                         if box is not None and counts[key] > 1 and not _is_quotation(block)}
                        if measured else set())
    sections: list[int] | None = None    # read once, when a repeat first asks
    places: _Places | None = None         # likewise
    keep = [True] * len(blocks)
    decisions: list[Decision] = []
    groups: dict[str, _Copies] = {}
    for i, key in enumerate(keys):
        if not key or counts[key] == 1:
            continue             # no other copy to weigh it against (most blocks): kept
        if key in quoted_elsewhere and _is_quotation(blocks[i]):
            keep[i] = False
            decisions.append(Decision(STAGE, Action.DROPPED, REASON_QUOTATION,
                                      blocks[i].xpath, blocks[i].text))
            continue
        copies = groups.get(key)
        if copies is None:       # not setdefault: it would build a _Copies every time
            copies = groups[key] = _Copies()
        box = boxes[i]
        cells = _cells(box) if box is not None else None     # asked up to twice below
        # A drawn copy clashing with no kept copy stays, unless it is a sentence or
        # a card's furniture: then it is judged as on an unmeasured page.
        apart = measured and _drawn_apart(copies, box, cells)
        if apart:
            if places is None:
                places = _Places(blocks, keys, counts)
            if (word_count(blocks[i].text) < DRAWN_PROSE_MIN_WORDS
                    and not _grid_furniture(i, copies, places)):
                _admit(copies, i, box, cells)
                continue
        judged = not measured or apart
        twin_checked = judged and blocks[i].kind in COMPANY_RULE_KINDS
        if twin_checked and not copies.empty:
            if neighbours is None:
                neighbours = _neighbour_keys(keys)
            if not _is_twin(i, copies, *neighbours):
                _admit(copies, i, box, cells)     # the page repeats itself on purpose
                continue
        if (judged and blocks[i].kind in SIBLING_REPEAT_KINDS
                and _sibling_of_kept_copy(i, copies, blocks)):
            _admit(copies, i, box, cells)
            continue
        # (Either rule admits; the sections' test is the cheaper one, so it asks first.)
        if (judged and blocks[i].kind in SECTION_REPEAT_KINDS and not copies.empty
                and not _is_quotation(blocks[i])):
            if sections is None:
                sections = _sections(blocks, keys, counts)
            if _in_other_sections(i, copies, sections):
                if places is None:
                    places = _Places(blocks, keys, counts)
                if not _linked_furniture(i, copies, blocks, places):
                    _admit(copies, i, box, cells)
                    continue
        if (judged and not copies.empty
                and not LINK_TITLE.fullmatch(blocks[i].rich_text.strip())):
            if places is None:
                places = _Places(blocks, keys, counts)
            if _in_sibling_card(i, copies, places):
                _admit(copies, i, box, cells)
                continue
        for loser, reason in _settle(i, copies, blocks, boxes, cells,
                                     twin_checked=twin_checked, apart=apart):
            keep[loser] = False
            decisions.append(Decision(STAGE, Action.DROPPED, reason,
                                      blocks[loser].xpath, blocks[loser].text))
    return keep, decisions


def _settle(i: int, copies: _Copies, blocks: list[Block], boxes: list[Rect | None],
            cells: list[tuple[int, int]] | None, *, twin_checked: bool,
            apart: bool = False) -> list[tuple[int, str]]:
    """Admit block i or not; return the copies that lose, each with its reason.

    Block i stays beside every kept copy it does not clash with. Against the ones
    it does clash with it must outrank all of them to replace them; otherwise it goes.
    A copy drawn `apart` that no rule kept clashes with every kept copy. `cells`
    are block i's grid cells (`_cells`; None if it is undrawn).
    """
    box = boxes[i]
    conflicts = list(copies.drawn) if apart else _conflicts(i, copies, box, cells)
    mine = _rank(blocks[i], box)
    if all(mine > _rank(blocks[k], boxes[k]) for k in conflicts):
        for k in conflicts:
            _evict(copies, k)
        _file_copy(copies, i, box, cells)
        return [(k, _why_lost(k, i, blocks, boxes, twin=False)) for k in conflicts]
    winner = next(k for k in conflicts if _rank(blocks[k], boxes[k]) >= mine)
    return [(i, _why_lost(i, winner, blocks, boxes, twin=twin_checked))]


def _is_quotation(block: Block) -> bool:
    """A quotation, or a block inside one; not a callout box (a note is the
    page's own words)."""
    return block.kind == BlockKind.QUOTE or (block.quoted and block.callout is None)


def _drawn_box(block: Block) -> Rect | None:
    """The block's box, or None when it was not measured or has no size at all."""
    rect = block.rect
    if rect is None or (rect.w <= 0 and rect.h <= 0):
        return None
    return rect


def _rank(block: Block, box: Rect | None) -> tuple[bool, bool, bool]:
    """Which copy of a text to keep: drawn, then heading, then the page's own."""
    page_own = block.in_main and block.region not in CHROME_REGIONS
    return (box is not None, block.kind in PREFERRED_KINDS, page_own)


def _why_lost(loser: int, winner: int, blocks: list[Block], boxes: list[Rect | None],
              *, twin: bool) -> str:
    """Name the rule that decided between two copies, in plain words."""
    lost = _rank(blocks[loser], boxes[loser])
    won = _rank(blocks[winner], boxes[winner])
    for position, reason in enumerate((REASON_UNDRAWN, REASON_HEADING, REASON_CHROME)):
        if won[position] != lost[position]:
            return reason
    if twin:
        return REASON_TWIN
    won_box, lost_box = boxes[winner], boxes[loser]
    if won_box is not None and lost_box is not None:
        return REASON_OVERLAP if _boxes_overlap(won_box, lost_box) else REASON_DRAWN_AGAIN
    return REASON_REPEAT


def _conflicts(i: int, copies: _Copies, box: Rect | None,
               cells: list[tuple[int, int]] | None) -> list[int]:
    """Kept copies that block i cannot stand beside.

    A drawn copy clashes only with undrawn copies and drawn ones it overlaps. An
    undrawn copy clashes with every kept copy; when one of those was drawn, that
    one is enough to name, since a drawn copy always outranks an undrawn one.
    `box` is block i's (None if undrawn), `cells` its grid cells (`_cells`).
    """
    if box is None:
        if copies.drawn:
            return [next(iter(copies.drawn))]
        return list(copies.undrawn)
    return [*copies.undrawn, *_overlapping(box, cells, copies)]


def _drawn_apart(copies: _Copies, box: Rect | None,
                 cells: list[tuple[int, int]] | None) -> bool:
    """A block drawn at `box` (grid cells `cells`) has some copy kept, and every
    kept copy is drawn where the box does not overlap it."""
    if box is None or copies.undrawn or not copies.drawn:
        return False
    drawn = copies.drawn
    return not any(k in drawn and _boxes_overlap(box, drawn[k])
                   for k in _candidates(cells, copies))


def _admit(copies: _Copies, i: int, box: Rect | None,
           cells: list[tuple[int, int]] | None) -> None:
    _file_copy(copies, i, box, cells)


def _file_copy(copies: _Copies, i: int, box: Rect | None,
               cells: list[tuple[int, int]] | None) -> None:
    """Keep block i, whose box is `box` (None if undrawn) and grid cells `cells`."""
    for feature, counts in copies.tallies.values():
        counts[feature(i)] += 1
    if box is None:
        copies.undrawn[i] = None
        return
    copies.drawn[i] = box
    if cells is None:
        copies.wide.append(i)
        return
    for cell in cells:
        copies.cells.setdefault(cell, []).append(i)


def _evict(copies: _Copies, i: int) -> None:
    """Forget a kept copy; the grid keeps its entry, filtered out on lookup."""
    if i in copies.drawn or i in copies.undrawn:
        for feature, counts in copies.tallies.values():
            counts[feature(i)] -= 1
    copies.drawn.pop(i, None)
    copies.undrawn.pop(i, None)


def _tally(copies: _Copies, name: str, feature: Callable[[int], Hashable]) -> Counter:
    """How many kept copies have each value of `feature` (of a block's position),
    counted now and kept up to date as copies are admitted and evicted."""
    entry = copies.tallies.get(name)
    if entry is not None:
        return entry[1]
    counts = Counter(map(feature, (*copies.drawn, *copies.undrawn)))
    copies.tallies[name] = (feature, counts)
    return counts


def _overlapping(box: Rect, cells: list[tuple[int, int]] | None, copies: _Copies) -> list[int]:
    drawn = copies.drawn
    return sorted(k for k in _candidates(cells, copies)
                  if k in drawn and _boxes_overlap(box, drawn[k]))


def _candidates(cells: list[tuple[int, int]] | None, copies: _Copies) -> set[int]:
    """Kept copies filed in the grid cells `cells` (and the wide ones), some perhaps
    evicted since; every drawn copy when `cells` is None (a huge box)."""
    if cells is None:
        return set(copies.drawn)
    candidates = set(copies.wide)
    for cell in cells:
        candidates.update(copies.cells.get(cell, ()))
    return candidates


def _cells(box: Rect) -> list[tuple[int, int]] | None:
    """Grid cells the box touches, or None when there are too many to file it under."""
    x0, x1 = int(box.x // GRID_CELL_PX), int((box.x + box.w) // GRID_CELL_PX)
    y0, y1 = int(box.y // GRID_CELL_PX), int((box.y + box.h) // GRID_CELL_PX)
    if (x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_BOX:
        return None
    return [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]


def _boxes_overlap(a: Rect, b: Rect) -> bool:
    return (_spans_meet(a.x, a.right, b.x, b.right)
            and _spans_meet(a.y, a.bottom, b.y, b.bottom))


def _spans_meet(a0: float, a1: float, b0: float, b1: float) -> bool:
    """Open intervals share some length; a zero-length span only needs to touch."""
    if a1 > a0 and b1 > b0:
        return a0 < b1 and b0 < a1
    return a0 <= b1 and b0 <= a1


# ================================================================================
# The company rule
# ================================================================================

def _neighbour_keys(keys: list[str]) -> tuple[list[str], list[str]]:
    """For each block, the key of the nearest matchable block before and after it."""
    before, after = [""] * len(keys), [""] * len(keys)
    last = ""
    for i, key in enumerate(keys):
        before[i] = last
        last = key or last
    last = ""
    for i in range(len(keys) - 1, -1, -1):
        after[i] = last
        last = keys[i] or last
    return before, after


def _is_twin(i: int, copies: _Copies, before: list[str], after: list[str]) -> bool:
    """True when a neighbour of this repeat also repeats a kept copy's neighbour.
    Only tables and code blocks ask: on unmeasured pages, and on measured ones when
    drawn apart from the kept copies."""
    return bool((before[i] and _tally(copies, "before", before.__getitem__)[before[i]])
                or (after[i] and _tally(copies, "after", after.__getitem__)[after[i]]))


def _sibling_of_kept_copy(i: int, copies: _Copies, blocks: list[Block]) -> bool:
    """True when a kept copy of this text, a sentence or more, has the same parent."""
    if word_count(blocks[i].text) < SIBLING_REPEAT_MIN_WORDS:
        return False
    def parent(k: int) -> str:
        return blocks[k].xpath.rpartition("/")[0]
    return _tally(copies, "parent", parent)[parent(i)] > 0


def _boxes_with_own_text(blocks: list[Block], keys: list[str], counts: Counter) -> set[str]:
    """The paths of every element holding a block whose text the page says once."""
    paths: set[str] = set()
    for block, key in zip(blocks, keys):
        if key and counts[key] == 1:
            path = block.xpath
            while path and path not in paths:
                paths.add(path)
                path = path.rpartition("/")[0]
    return paths


class _Places:
    """What the grid rules read of the page, each worked out once, when first asked:
    the paths holding a text the page says once, each block's path cut into steps
    (a kept copy is compared with up to `GRID_RECENT_COPIES` later repeats), and the
    texts said at a place (`said_at`)."""

    def __init__(self, blocks: list[Block], keys: list[str], counts: Counter):
        self.blocks = blocks
        self.keys = keys
        self.own_texts = _boxes_with_own_text(blocks, keys, counts)
        self._steps: list[list[str] | None] = [None] * len(blocks)
        self._by_depth: dict[int, tuple[list[str], list[str]]] | None = None
        self._tables: dict[tuple[int, str], dict[str, Counter]] = {}

    def steps(self, k: int) -> list[str]:
        """Block k's path steps (shared: not to be changed)."""
        steps = self._steps[k]
        if steps is None:
            steps = self._steps[k] = self.blocks[k].xpath.split("/")
        return steps

    def said_at(self, steps: list[str], step: int) -> Counter | None:
        """How often each text is said at the place of the path `steps` with its
        `step`th step's position blanked (`.../li[*]/p[1]`), or None when no block
        stands there. A block whose last step is that step stands at no such place
        (its path has nothing after it)."""
        if step >= len(steps) - 1:
            return None
        tag = steps[step].partition("[")[0]
        prefix = "".join(part + "/" for part in steps[:step])
        return self._table(len(steps), prefix).get(tag + "/" + "/".join(steps[step + 1:]))

    def _table(self, depth: int, prefix: str) -> dict[str, Counter]:
        """For the blocks `depth` steps deep under `prefix`, by their place below it
        (the next step's tag, then the rest of the path), how often each text is said.
        Only the blocks under `prefix` are read, found by bisection in the paths
        sorted once, so a page of nested cards costs each card's blocks once per
        card around them, not the page once per nesting level."""
        table = self._tables.get((depth, prefix))
        if table is not None:
            return table
        table = self._tables[(depth, prefix)] = {}
        if self._by_depth is None:
            self._by_depth = _paths_by_depth(self.blocks, self.keys)
        paths, keys = self._by_depth.get(depth, ([], []))
        # Every path starting with `prefix` sorts between it and `prefix` with its
        # closing "/" raised to the next character.
        lo = bisect_left(paths, prefix)
        hi = bisect_left(paths, prefix[:-1] + "0", lo) if prefix else len(paths)
        start = len(prefix)
        for path, key in zip(paths[lo:hi], keys[lo:hi]):
            step, _, rest = path[start:].partition("/")
            tag, _, position = step.partition("[")
            if not (position.endswith("]") and position[:-1].isdigit()):
                continue
            place = tag + "/" + rest
            counts = table.get(place)
            if counts is None:
                counts = table[place] = Counter()
            counts[key] += 1
        return table


def _paths_by_depth(blocks: list[Block], keys: list[str]) -> dict[int, tuple[list[str], list[str]]]:
    """By path depth (steps), the blocks' paths sorted, with their keys alongside."""
    grouped: dict[int, list[tuple[str, str]]] = {}
    for block, key in zip(blocks, keys):
        grouped.setdefault(block.xpath.count("/") + 1, []).append((block.xpath, key))
    by_depth: dict[int, tuple[list[str], list[str]]] = {}
    for depth, pairs in grouped.items():
        pairs.sort()
        by_depth[depth] = ([path for path, _ in pairs], [key for _, key in pairs])
    return by_depth


def _in_sibling_card(i: int, copies: _Copies, places: _Places) -> bool:
    """True when a kept copy stands at block i's place in a sibling box, both boxes
    hold a text of their own (`_Places.own_texts`), and the place says this text in
    at most `GRID_VALUE_MAX_SHARE` of its cards."""
    return any(_places_vary(i, copies, places))


def _grid_furniture(i: int, copies: _Copies, places: _Places) -> bool:
    """True when a kept copy stands at block i's place in a sibling box, both boxes
    hold a text of their own, and the place says this text in more than
    `GRID_VALUE_MAX_SHARE` of its cards: the grid's furniture."""
    return not all(_places_vary(i, copies, places))


def _places_vary(i: int, copies: _Copies, places: _Places):
    """For each sibling place of block i, once per place, whether it says block i's
    text in at most `GRID_VALUE_MAX_SHARE` of its cards. A sibling place: a recent
    kept copy stands at the same path in a sibling box (one step's position
    differs), both boxes holding a text the page says once. (Kept copies in sibling
    cards one step apart share one place: asked once.)"""
    mine = places.steps(i)
    own_texts = places.own_texts
    asked: set[int] = set()
    for theirs, step in _one_step_apart(mine, _recent(copies), places):
        if (step in asked
                or mine[step].partition("[")[0] != theirs[step].partition("[")[0]):
            continue
        if ("/".join(mine[:step + 1]) in own_texts
                and "/".join(theirs[:step + 1]) in own_texts):
            asked.add(step)
            yield _place_varies(places, mine, step, places.keys[i])


def _linked_furniture(i: int, copies: _Copies, blocks: list[Block], places: _Places) -> bool:
    """True when block i is wholly a link and a card's furniture (`_grid_furniture`):
    a "Learn more" or "Book now" under each card's own title is the grid's button,
    not text the card's section says."""
    rich = blocks[i].rich_text.strip()
    # Not a linked sentence (an appeal each card repeats is text the card says), and
    # not a download: each card's own file is what the card is there to deliver.
    return (blocks[i].kind != BlockKind.LIST_ITEM
            and word_count(blocks[i].text) < DRAWN_PROSE_MIN_WORDS
            and LINK_TITLE.fullmatch(rich) is not None
            and not links_to_file(rich.rpartition("](")[2][:-1])
            and _grid_furniture(i, copies, places)
            and _place_alike(i, copies, places))


def _place_alike(i: int, copies: _Copies, places: _Places) -> bool:
    """True when no sibling place of block i (a recent kept copy's place, one step's
    position apart) says any text but block i's: a button's place says only the
    button, a linked author or category says another card's value too."""
    mine = places.steps(i)
    key = places.keys[i]
    for _, step in _one_step_apart(mine, _recent(copies), places):
        said = places.said_at(mine, step)
        if said is not None and any(other != key for other in said):
            return False
        # A link's block ends in the link's own step (p[1]/a[1]); another card's
        # unlinked value at that place is a step up (p[1]).
        if mine[-1].startswith("a[") and places.said_at(mine[:-1], step):
            return False
    return True


def _recent(copies: _Copies) -> Iterator[int]:
    """The kept copies' positions, the last read first, drawn and undrawn alike: a
    card's sibling is the same card whether the browser drew it or not."""
    # Both dicts hold positions in the order they were kept, which is reading order.
    # (A text has drawn and undrawn copies at once only when reading order fell back
    # to source order on a page the browser drew in part; the merge is for it.)
    if not copies.drawn:
        return reversed(copies.undrawn)
    if not copies.undrawn:
        return reversed(copies.drawn)
    return merge(reversed(copies.drawn), reversed(copies.undrawn), reverse=True)


def _one_step_apart(mine: list[str], recent: Iterator[int], places: _Places):
    """For the `GRID_RECENT_COPIES` first copies of `recent` whose path differs from
    the path `mine` in one step alone, that copy's steps and the step's index."""
    for k in islice(recent, GRID_RECENT_COPIES):
        theirs = places.steps(k)
        if len(theirs) != len(mine):
            continue
        differ = list(map(ne, mine, theirs))
        if differ.count(True) == 1:
            yield theirs, differ.index(True)


def _place_varies(places: _Places, steps: list[str], step: int, key: str) -> bool:
    """True when the blocks at this path, the `step`th step's position aside, say
    `key` at most `GRID_VALUE_MAX_SHARE` of the time."""
    said = places.said_at(steps, step)
    if said is None:
        return True
    return said[key] <= GRID_VALUE_MAX_SHARE * sum(said.values())


def _sections(blocks: list[Block], keys: list[str], counts: Counter) -> list[int]:
    """For each block, the position of the title of the section it sits in: the
    nearest title above it that the page says once (a repeated subsection title
    defers to its parent's), or -1 when there is none."""
    # Titles of two or more words are compared casefolded among titles alone ("About
    # this item" over the bullets and "About this Item" over their repeat are one title
    # said twice), but a brand's lower-case link under its heading does not unmake the
    # heading. A one-word title's case is its meaning (HTTPS_PROXY and https_proxy,
    # option -c and -C are two entries), so it is never folded.
    folded = Counter(k.casefold() for k, block in zip(keys, blocks)
                     if (block.kind == BlockKind.HEADING or block.tag in SECTION_TITLE_TAGS)
                     and _many_words(block.text))

    def usable_title(t: int) -> bool:
        return (counts[keys[t]] == 1 and folded[keys[t].casefold()] <= 1
                and not LINK_TITLE.fullmatch(blocks[t].rich_text.strip()))

    def first_once(titles) -> int:
        return next((t for t in titles if usable_title(t)), -1)

    sections = [-1] * len(blocks)
    headings: list[int] = []          # the open headings, levels rising
    current = -1                      # the section of the text read now
    for i, block in enumerate(blocks):
        if block.kind == BlockKind.HEADING:
            while headings and blocks[headings[-1]].level >= block.level:
                headings.pop()
            sections[i] = first_once(reversed(headings))
            headings.append(i)
            current = i if usable_title(i) else sections[i]
            continue
        sections[i] = current
        # A term said once titles what follows it; a field list's "Parameters:",
        # said under every entry, leaves the entry's own term in place.
        if block.tag in SECTION_TITLE_TAGS and keys[i] and counts[keys[i]] == 1:
            current = i if usable_title(i) else first_once(reversed(headings))
    return sections


def _in_other_sections(i: int, copies: _Copies, sections: list[int]) -> bool:
    """True when block i and every kept copy of it sit in different sections, each
    titled by a text the page says once."""
    mine = sections[i]
    if mine < 0:
        return False
    elsewhere = _tally(copies, "section", sections.__getitem__)
    return elsewhere[-1] == 0 and elsewhere[mine] == 0        # -1: no section


# ================================================================================
# Restated wholes
# ================================================================================

def _drop_restated_wholes(blocks: list[Block]) -> tuple[list[Block], list[Decision]]:
    """Drop long blocks assembled from several shorter blocks already on the page.

    Only shorter blocks count as sources: a restatement is a whole made of parts,
    while a block of similar length that nearly repeats one other is a revision
    and stays (so does its partner).
    """
    # Without a block of RESTATED_MIN_WORDS words there is no whole to weigh, and no
    # phrase need be made (most pages: their paragraphs are shorter). A block of n
    # words is at least 2n - 1 characters long (casefolding keeps every character's
    # whitespace or not), so only such long blocks are counted, up to the first whole.
    if not any(len(block.text.casefold().split()) >= RESTATED_MIN_WORDS
               for block in blocks if len(block.text) >= 2 * RESTATED_MIN_WORDS - 1):
        return blocks, []
    # Each block's words are needed only for its length and its phrases: holding
    # them all at once costs more memory than the rest of the conversion.
    lengths: list[int] = []
    phrases: list[set[int]] = []
    for block in blocks:
        words = block.text.casefold().split()
        lengths.append(len(words))
        phrases.append(_shingles(words))
    wholes = [i for i, n in enumerate(lengths) if n >= RESTATED_MIN_WORDS]
    if not wholes:
        return blocks, []
    group_of, groups = _owner_groups(_phrase_owners(phrases, [phrases[i] for i in wholes]))
    grouped = set(group_of)
    restated: dict[int, str] = {}
    for i in wholes:
        reason = _restatement(i, phrases, group_of, grouped, groups, lengths)
        if reason:
            restated[i] = reason
    decisions = [Decision(STAGE, Action.DROPPED, reason, blocks[i].xpath, blocks[i].text)
                 for i, reason in restated.items()]
    return [b for i, b in enumerate(blocks) if i not in restated], decisions


# The shifted copies `_shingles` zips: words[0:], words[1:], ...
_SHIFTS = tuple(slice(k, None) for k in range(SHINGLE_WORDS))


def _shingles(words: list[str]) -> set[int]:
    # zip over shifted copies builds each six-word tuple directly, without a slice
    # per position; the tuples, and so their hashes, are the same.
    return set(map(hash, zip(*map(words.__getitem__, _SHIFTS))))


def _phrase_owners(phrases: list[set[int]], asked: list[set[int]]) -> dict[int, list[int]]:
    """The first blocks holding each phrase of the `asked` blocks (the long ones)
    that two blocks or more hold: a phrase only its own block holds restates
    nothing. The set operations run in C, the loop below only over the asked
    blocks' phrases (each phrase until it has its owners)."""
    wanted = set().union(*asked)
    first_holder: dict[int, int] = {}
    owners: dict[int, list[int]] = {}
    for i, block_phrases in enumerate(phrases):
        for phrase in block_phrases & wanted:
            holders = owners.get(phrase)
            if holders is None:
                if phrase not in first_holder:
                    first_holder[phrase] = i   # most phrases: one block's own
                    continue
                holders = owners[phrase] = [first_holder[phrase]]
            holders.append(i)
            if len(holders) >= MAX_OWNERS_PER_SHINGLE:
                wanted.discard(phrase)         # boilerplate: no more owners to find
    return owners


def _owner_groups(owners: dict[int, list[int]]) -> tuple[dict[int, int], list[tuple[int, ...]]]:
    """Each phrase's owner group (an index), and the groups: the distinct owner lists.
    A block's phrases fall in a few groups (most phrases are owned by the block
    alone; boilerplate prose shares one list of owners), so a restatement is weighed
    once per group, not once per phrase."""
    ids: dict[tuple[int, ...], int] = {}
    group_of = {phrase: ids.setdefault(tuple(holders), len(ids))
                for phrase, holders in owners.items()}
    return group_of, list(ids)


def _restatement(i: int, phrases: list[set[int]], group_of: dict[int, int],
                 grouped: set[int], groups: list[tuple[int, ...]], lengths: list[int]) -> str:
    """A reason to drop block i as a restatement, or "" to keep it. Only its
    phrases some other block holds (`grouped`) can be covered by a source."""
    mine = phrases[i]
    hits = mine & grouped
    if not hits:
        return ""                  # nothing of it is anywhere else
    length = lengths[i]
    covered = 0
    per_source: dict[int, int] = {}
    for group, count in Counter(map(group_of.__getitem__, hits)).items():
        sources = [k for k in groups[group] if k != i and lengths[k] < length]
        if sources:
            covered += count
            for k in sources:
                per_source[k] = per_source.get(k, 0) + count
    coverage = covered / len(mine)
    single_best = max(per_source.values(), default=0) / len(mine)
    if coverage >= RESTATED_MIN_COVERAGE and single_best < RESTATED_MIN_COVERAGE:
        return (f"restates {len(per_source)} shorter blocks already on the page"
                f" ({coverage:.0%} of its six-word phrases appear in them)")
    return ""


def _many_words(text: str) -> bool:
    """Whether a title has two or more words (its case may then be only style)."""
    return len(text.split()) >= 2
