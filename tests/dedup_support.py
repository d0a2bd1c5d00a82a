"""Blocks for the de-duplication tests: a page built in reading order, cards and grids."""
from __future__ import annotations

from webgist_host.engine.model import Block, Rect


# A sentence long enough to count as prose for every rule.
LEAD = "The article's lead paragraph, a sentence long enough to be prose."


class Page:
    """Builds blocks in reading order; each gets a distinct xpath and dom_index."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []

    def add(self, text: str, box: tuple[float, float, float, float] | None = None, *,
            kind: str = "paragraph", parent: str = "/html[1]/body[1]/div[1]",
            tag: str = "p", rich_text: str | None = None, **fields) -> Block:
        index = len(self.blocks)
        block = Block(kind=kind, text=text, rich_text=rich_text or text, tag=tag,
                      xpath=f"{parent}/*[{index + 1}]", dom_index=index,
                      rect=Rect(*box) if box else None, **fields)
        self.blocks.append(block)
        return block


def prose(start: int, count: int) -> str:
    """`count` distinct words, so no two calls share a phrase by accident."""
    return " ".join(f"w{k}" for k in range(start, start + count))


def dropped(decisions, block: Block):
    return [d for d in decisions if d.xpath == block.xpath]



def card_grid(label_cards: int, *, cards: int = 4) -> tuple[Page, list[Block], list[Block]]:
    """Cards side by side, each a linked title said once and a label at the same place;
    the first `label_cards` cards say the same label, the others their own."""
    page = Page()
    titles, labels = [], []
    for k in range(cards):
        card = f"/html[1]/body[1]/main[1]/div[{k + 1}]"
        titles.append(Block(kind="heading", level=2, text=f"Bean {k}",
                            rich_text=f"[Bean {k}](/beans/{k})",
                            tag="h2", xpath=f"{card}/h2[1]", dom_index=2 * k,
                            rect=Rect(k * 300, 100, 280, 30)))
        text = "Subscribe and Save" if k < label_cards else f"Ships in {k} days"
        labels.append(Block(kind="paragraph", text=text, rich_text=text, tag="p",
                            xpath=f"{card}/p[1]", dom_index=2 * k + 1,
                            rect=Rect(k * 300, 140, 280, 20)))
    page.blocks = [b for pair in zip(titles, labels) for b in pair]
    return page, titles, labels


def card(page: Page, grid: str, slot: int, title: str, label: str) -> Block:
    """A card at `grid`/div[slot]: its title and a label, each at a fixed place in it."""
    box = f"{grid}/div[{slot}]"
    for tail, text in (("h2[1]", title), ("p[1]", label)):
        block = Block(kind="paragraph", text=text, rich_text=text, tag="p",
                      xpath=f"{box}/{tail}", dom_index=len(page.blocks))
        page.blocks.append(block)
    return page.blocks[-1]


def titled_card(page: Page, grid: str, slot: int, title: str, line: str,
                href: str | None, *, rich: str | None = None, kind: str = "paragraph",
                tag: str = "p", inner: str = "") -> Block:
    """A card at `grid`/div[slot] under its own heading (a section title said once),
    then a line, wholly a link when `href` is given (or written as `rich`), at
    `{tag}[1]` and `inner` below it (the walker's "/a[1]" for a link's own element)."""
    box = f"{grid}/div[{slot}]"
    page.blocks.append(Block(kind="heading", level=2, text=title, rich_text=title, tag="h2",
                             xpath=f"{box}/h2[1]", dom_index=len(page.blocks)))
    rich = rich or (f"[{line}]({href})" if href else line)
    page.blocks.append(Block(kind=kind, text=line, rich_text=rich, tag=tag,
                             xpath=f"{box}/{tag}[1]{inner}", dom_index=len(page.blocks)))
    return page.blocks[-1]
