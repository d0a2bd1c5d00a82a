""""Read also" lines: a label and one linked headline to another of the site's stories,
set as a line of its own among an article's paragraphs; or the label on a line of its
own with the headlines under it, each a line of one link, in one paragraph cut by
line breaks ("Baca juga:<br>[headline]<br>[headline]").

News sites and blogs break a story's text with "Also read: <headline>", "Baca juga:
<headline>", "Leia também: <headline>". The line is one link to another page of the
same site, and the label is what tells it from a line the author wrote in the same
shape ("Source: <report>", "Website: <shop>", "Publisher: <studio>"): only words can
tell those apart, so the labels are a table, in the languages headings_intl.py covers.
A line whose label is not in the table stays, and so does every such line on a page
that is no story (stage.py asks only on a dated or declared article): on a docs page
"Related: <page>" is the author's cross-reference.
"""
from __future__ import annotations

import re

from ..model import Block, BlockKind
from ..words import word_count
from .site_links import host_of, links_within
from .vocabulary import MARKDOWN_LINK_PATTERN

# The label before the link, folded. Kept out: "Read more" (a teaser's own "read more"
# and "READ MORE: <the study>" are as often the author's pointer to a source as to
# the site's next story: half of WCXB's such lines are in its references), "Learn
# more", "More", "See" and "See also" (mostly the author's own pointers; a wiki's
# "See also: <page>" is a cross-reference). Evidence and figures:
# docs/history/regions.md, "Session 16: the lead's read-also lines".
READ_ALSO_LABELS = frozenset({
    # English
    "also read", "read also", "related", "related article", "related story",
    "related post", "related reading", "related content", "recommended",
    "recommended reading", "must read", "don't miss", "read next", "up next",
    # Portuguese, Spanish, French, Italian
    "leia também", "veja também", "leia mais", "lee también", "lea también",
    "te puede interesar", "te recomendamos", "lire aussi", "à lire aussi",
    "lire également", "à lire également", "leggi anche", "potrebbe interessarti",
    # German, Dutch, Scandinavian, Finnish
    "lesen sie auch", "auch interessant", "mehr zum thema", "lees ook", "läs också",
    "læs også", "les også", "lue myös",
    # Indonesian, Malay, Vietnamese, Turkish
    "baca juga", "baca juga artikel", "xem thêm", "đọc thêm", "i̇lginizi çekebilir",
    "ilginizi çekebilir", "bunlar da ilginizi çekebilir",
    # Czech, Polish, Romanian, Hungarian, Russian, Ukrainian, Greek
    "čtěte také", "čtěte též", "přečtěte si také", "czytaj też", "czytaj także",
    "zobacz też", "zobacz także", "citește și", "citeşte şi", "ezt is ajánljuk",
    "читайте также", "читайте також", "διαβάστε επίσησ",
    # Arabic, Hindi, Chinese, Japanese, Korean
    "اقرأ أيضا", "اقرأ أيضاً", "ये भी पढ़ें", "यह भी पढ़ें", "相关阅读", "延伸阅读",
    "延伸閱讀", "推荐阅读", "推薦閱讀", "相关新闻", "あわせて読みたい", "関連記事",
    "관련기사", "관련 기사",
    # Thai: "related stories", "related news", "related articles" ("อ่านต่อ", "read
    # on / read more", is kept out as "read more" is)
    "เรื่องที่เกี่ยวข้อง", "ข่าวที่เกี่ยวข้อง", "บทความที่เกี่ยวข้อง",
})

# What may stand round the label: a site's marks before it ("»", ">>", "▶") and the
# separator after it.
_LEAD_MARKS = " >»▶►→*#-–—|\u00a0"
_SEPARATOR = re.compile(r"[:：|»–—]")
_LABEL_MAX_CHARS = 40
# A headline, not a bare "here" or a name: the linked words of a read-also line.
READ_ALSO_MIN_HEADLINE_WORDS = 4
_LINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.HEADING})


def read_also_lines(blocks: list[Block], words: list[int], linked: list[int],
                    address: str | None = None) -> list[int]:
    """Indices of the main-content lines that are a read-also label and one linked
    headline (READ_ALSO_MIN_HEADLINE_WORDS words or more) to another page of the site
    (`address`, the page's own, tells the site), with no other words: the only
    unlinked words are the label's, whatever they weigh (a Thai or Japanese label
    weighs more words than an English one)."""
    site = host_of(address or "")
    found = []
    for i, block in enumerate(blocks):
        if not block.in_main or block.kind not in _LINE_KINDS or not linked[i]:
            continue
        if "\n" in block.rich_text and _labelled_links(block.rich_text, site):
            found.append(i)
            continue
        opening = _label_opening(block.text)
        if opening is None:
            continue
        if (words[i] - linked[i] <= word_count(opening)
                and linked[i] >= READ_ALSO_MIN_HEADLINE_WORDS
                and block.rich_text.count("](") == 1
                and links_within(block.rich_text, site)):
            found.append(i)
    return found


def _labelled_links(rich_text: str, site: str) -> bool:
    """Whether a block's lines (cut by line breaks) are a read-also label, the
    separator after it optional, then one or more lines that are each one link, of
    READ_ALSO_MIN_HEADLINE_WORDS words or more, to another page of the site."""
    lines = [line.strip() for line in rich_text.split("\n")]
    if len(lines) < 2 or _key(_SEPARATOR.sub(" ", lines[0].strip(_LEAD_MARKS + "_"))) \
            not in READ_ALSO_LABELS:
        return False
    for line in lines[1:]:
        link = MARKDOWN_LINK_PATTERN.fullmatch(line.strip(_LEAD_MARKS + "_"))
        if (link is None or word_count(link[1]) < READ_ALSO_MIN_HEADLINE_WORDS
                or not links_within(line, site)):
            return False
    return True


def _label_opening(text: str) -> str | None:
    """The line's opening up to the end of its read-also label (the marks before it
    and the separator after it included), or None when it opens with no such label.
    The separator is required: without it "See also the FAQ" and "Related work shows"
    are the author's sentences."""
    marks = len(text) - len(text.lstrip(_LEAD_MARKS))
    separator = _SEPARATOR.search(text, marks, marks + _LABEL_MAX_CHARS)
    if separator is None or _key(text[marks:separator.start()]) not in READ_ALSO_LABELS:
        return None
    return text[:separator.end()]


def _key(label: str) -> str:
    return " ".join(label.split()).strip(" .!*").casefold()
