"""Regions and main content: landmarks, naming (seed 004), containers, furniture."""
from __future__ import annotations

import pytest

from webgist_host import convert
from webgist_host.engine.regions.vocabulary import normalize_token
from webgist_host.engine.regions.bylines import is_byline_text
from webgist_host.engine.regions.sections import is_control_line, is_furniture_heading

ARTICLE = " ".join(["The colony builds comb through the summer and stores honey for winter."] * 6)


@pytest.mark.parametrize("raw, normalized", [
    ("menuItem", "menu-item"), ("menu-item", "menu-item"), ("MENU_ITEM", "menu-item"),
    ("menu__item--7", "menu-item"), ("menu__item3--7", "menu-item"),
    ("menu_123_item", "menu-item"), ("menu_123_item--__--a__", "menu-item"),
    ("d-none", "none"), ("123", ""),
])
def test_tokens_are_normalised_as_seed_004_says(raw, normalized):
    assert normalize_token(raw) == normalized


@pytest.mark.parametrize("line", [
    "Advertisement", "- Advertisement -", "— Anzeige —", "REKLAMA", "Publicité", "Iklan",
    "Реклама", "広告", "광고", "SCROLL TO RESUME CONTENT", "Scroll to continue with content",
    "Story continues below advertisement",
])
def test_ad_slot_labels_are_control_lines_in_any_language(line):
    assert is_control_line(line)


@pytest.mark.parametrize("line", [
    "Advertising", "Reklama w internecie kosztuje coraz więcej", "- Ten years later -",
    "Werbung für Tabak ist verboten",
])
def test_words_about_ads_are_not_control_lines(line):
    assert not is_control_line(line)


@pytest.mark.parametrize("line", [
    "11 апреля 2019, 12:40", "4. listopadu 2019 6:00", "2019. 8. 21. 22:10",
    "17 Eylül 2019, 13:05", "02 Des 2019 14:25", "12 grudnia 2019", "4. 11. 2019",
])
def test_datelines_beyond_western_european_month_names_are_bylines(line):
    assert is_byline_text(line)


@pytest.mark.parametrize("line", [
    "von Jens | Jun 2, 2019 | 0 Kommentare", "Комментариев: 0", "댓글 12",
    "12 Mar 2019 · 3 commentaires", "Rina Susanti · 4 komentar",
])
def test_comment_counts_beyond_english_stand_in_bylines(line):
    assert is_byline_text(line)


@pytest.mark.parametrize("line", [
    "W 2019 roku lis zjadł kurę sąsiada", "Pro 2019 plánujeme nové linky",
    "Ara sıra 2019 yılında",
    # Names of products, places and events before a number and a year: the newer
    # languages' months are whole words, not three-letter stems.
    "MacBook Pro 16, 2019", "Design 2, 2019", "Temple 3, 2020", "Lisbon 12, 2019",
    "Siemens 3, 2019", "Dubai 5, 2021", "Nissan 12, 2019", "Kasparov 6, 1997",
    # Version numbers are no dotted dates: those need their spaces.
    "PyCharm 2023.2.1", "IntelliJ IDEA 2019.1.2",
])
def test_month_stems_in_prose_are_no_dateline(line):
    assert not is_byline_text(line)


def _texts(html: str, scope: str = "main") -> list[str]:
    return [b.text for b in convert(html, scope=scope).blocks]


def test_landmarks_and_named_chrome_are_not_main_content():
    html = f"""<html><body>
      <header><p>Site name and strapline</p></header>
      <div class="site-nav"><ul><li><a href="/a">Alpha</a></li><li><a href="/b">Beta</a></li></ul></div>
      <main><h1>Bees</h1><p>{ARTICLE}</p></main>
      <div id="sidebar"><p>About the author of this blog.</p></div>
      <footer><p>Copyright notice</p></footer></body></html>"""
    assert _texts(html) == ["Bees", ARTICLE]
    assert len(_texts(html, scope="page")) == 7


def test_an_aside_that_is_a_note_is_part_of_the_text():
    """An explicit note role replaces <aside>'s complementary one, and an <aside> that
    only groups notes (docutils' footnote list) is a list of notes."""
    note = "Drones are raised from unfertilised eggs laid by the queen in larger cells."
    footnote = "Worker bees live for about six weeks in summer."
    side = "Our beekeeping shop is open on Saturdays from nine until noon."
    html = f"""<html><body><main><h1>Bees</h1><p>{ARTICLE}</p>
      <aside role="note"><p>{note}</p></aside>
      <aside class="footnote-list"><aside role="doc-footnote"><p>{footnote}</p></aside></aside>
      <aside><p>{side}</p></aside></main></body></html>"""
    assert _texts(html) == ["Bees", ARTICLE, note, footnote]


def test_a_layout_name_on_the_whole_page_is_not_believed():
    html = f"""<html><body class="has-navbar menu-open">
      <div class="page-header-offset"><h1>Bees</h1><p>{ARTICLE}</p></div></body></html>"""
    assert _texts(html) == ["Bees", ARTICLE]


def test_navigation_must_be_made_of_links():
    prose = "Queens are raised from young larvae fed on royal jelly by the nurse bees."
    html = f"""<html><body><main><h1>Bees</h1><p>{ARTICLE}</p>
      <section class="toc-para"><p>{prose}</p></section>
      <nav class="toc"><a href="#a">Alpha</a> <a href="#b">Beta</a></nav></main></body></html>"""
    texts = _texts(html)
    assert prose in texts
    assert "Alpha Beta" not in texts


def test_comments_are_dropped_from_an_article_but_are_a_forums_content():
    article = f"""<html><body><article><h1>Bees</h1><p>{ARTICLE}</p>
      <div id="comments"><p class="comment">Great post, thanks!</p></div></article></body></html>"""
    assert "Great post, thanks!" not in _texts(article)
    posts = "".join(f'<div class="comment"><p>Reply {n}: {ARTICLE}</p></div>' for n in range(3))
    forum = f"<html><body><main><h1>Thread</h1>{posts}</main></body></html>"
    assert sum(t.startswith("Reply ") for t in _texts(forum)) == 3


@pytest.mark.parametrize("heading, furniture", [
    ("Related posts", True), ("You may also like", True), ("8 Reviews", True),
    ("Customers who bought this item also bought", True), ("Leave a Reply", True),
    ("Share this:", True), ("Sign up for our newsletter", True),
    ("Related work", False), ("Reviews of the best laptops", False),
    ("Why comments matter", False), ("Comments", True), ("1 comment", True),
    ("Reviews (12)", True), ("Review", False), ("Comment", False),
])
def test_furniture_headings(heading, furniture):
    assert is_furniture_heading(heading) is furniture


@pytest.mark.parametrize("heading", [
    # English
    "Shipping & Returns", "Delivery and returns", "Shipping and return policies",
    "Free shipping & returns", "Returns & shipping", "Shipping & exchanges",
    # French, German, Spanish, Italian, Dutch, Portuguese, Polish
    "Livraison et retours", "Expédition et retours", "Retours et échanges",
    "Versand und Rückgabe", "Versand & Retouren", "Lieferung & Rückgabe",
    "Envíos y devoluciones", "Envío y devolución", "Entrega y devoluciones",
    "Spedizione e resi", "Spedizioni e resi", "Consegna e resi",
    "Verzending & retourneren", "Verzending en retour",
    "Envio e devolução", "Envios e devoluções",
    "Dostawa i zwroty", "Wysyłka i zwroty",
])
def test_shipping_and_returns_head_furniture_on_a_product_page_only(heading):
    assert is_furniture_heading(heading, product_page=True)
    assert not is_furniture_heading(heading)


@pytest.mark.parametrize("heading", [
    "Returns", "Delivery", "Return policy", "Shipping",
    # the words inside a longer heading are the page's own
    "Questions about shipping & returns", "Shipping & returns for furniture",
    "Free shipping & returns on every order", "Livraison et retours offerts",
])
def test_a_bare_or_longer_shipping_or_returns_heading_stays_on_a_product_page(heading):
    assert not is_furniture_heading(heading, product_page=True)


PRODUCT_HEAD = ('<script type="application/ld+json">{"@context": "https://schema.org", '
                '"@type": "Product", "name": "Kettle", "offers": {"@type": "Offer", '
                '"price": "40", "priceCurrency": "EUR"}}</script>')


def test_a_shops_terms_in_a_tab_of_their_own_go_on_a_product_page():
    html = f"""<html><head>{PRODUCT_HEAD}</head><body><main><h1>Kettle</h1>
      <div class="tab"><h2>Description</h2><p>{ARTICLE}</p></div>
      <div class="tab"><h2>Shipping &amp; Returns</h2><p>Free delivery over 50 euros.</p></div>
      </main></body></html>"""
    texts = _texts(html)
    assert ARTICLE in texts
    assert "Free delivery over 50 euros." not in texts and "Shipping & Returns" not in texts


def test_a_shops_terms_in_an_accordion_go_on_a_product_page():
    """Each label alone in its button: the panels' labels, however many share the box."""
    html = f"""<html><head>{PRODUCT_HEAD}</head><body><main><h1>Kettle</h1>
      <div class="accordion"><button><h3>Details</h3></button><div><p>{ARTICLE}</p></div>
      <button><h3>Shipping &amp; Returns</h3></button><div><p>Free delivery over 50 euros.</p></div>
      <button><h3>Care</h3></button><div><p>{ARTICLE} Rinse it.</p></div>
      </div></main></body></html>"""
    texts = _texts(html)
    assert ARTICLE in texts and f"{ARTICLE} Rinse it." in texts
    assert "Free delivery over 50 euros." not in texts and "Shipping & Returns" not in texts


def test_a_shops_terms_under_a_flat_product_pages_title_go():
    """The <h1> heads the page, not a sibling section: the terms stand alone."""
    html = f"""<html><head>{PRODUCT_HEAD}</head><body><main><h1>Kettle</h1><p>{ARTICLE}</p>
      <p>{ARTICLE} Rinse it.</p><h2>Shipping &amp; Returns</h2><p>Free delivery over 50 euros.</p>
      </main></body></html>"""
    texts = _texts(html)
    assert ARTICLE in texts and f"{ARTICLE} Rinse it." in texts
    assert "Free delivery over 50 euros." not in texts


@pytest.mark.parametrize("lower, rank", [("h3", "h2"), ("h5", "h4")])
def test_a_lower_ranked_heading_before_a_shops_terms_leaves_them_a_box_of_their_own(lower, rank):
    """Only headings of the terms' rank or a higher one make them a sibling section:
    a product's "Highlights" list under a smaller heading does not (h5 before h4 too:
    every HTML rank counts apart)."""
    html = f"""<html><head>{PRODUCT_HEAD}</head><body><main><h1>Kettle</h1><p>{ARTICLE}</p>
      <{lower}>Highlights</{lower}><ul><li>Holds 1.7 litres of water</li>
      <li>Keeps it warm for an hour</li></ul>
      <{rank}>Shipping &amp; Returns</{rank}><p>Free delivery over 50 euros.</p>
      </main></body></html>"""
    texts = _texts(html)
    assert ARTICLE in texts and "Holds 1.7 litres of water" in texts
    assert "Free delivery over 50 euros." not in texts


def test_reviews_among_a_product_pages_sections_go():
    """A furniture heading ("Customer reviews") opens anywhere on a product page, even
    as one of the page's sibling sections, where a shop's terms would stay."""
    html = f"""<html><head>{PRODUCT_HEAD}</head><body><main><h1>Kettle</h1>
      <h2>Details</h2><p>{ARTICLE}</p>
      <h2>Customer reviews</h2><p>Boils fast and looks good on the counter, five stars.</p>
      <h2>Care</h2><p>{ARTICLE} Rinse it.</p></main></body></html>"""
    texts = _texts(html)
    assert ARTICLE in texts and f"{ARTICLE} Rinse it." in texts
    assert "Boils fast and looks good on the counter, five stars." not in texts


def test_a_shops_terms_among_the_texts_sibling_sections_stay():
    """A review that declares the product it reviews writes its own section on them."""
    html = f"""<html><head>{PRODUCT_HEAD}</head><body><main><article><h1>Kettle review</h1>
      <h2>Boiling</h2><p>{ARTICLE}</p>
      <h2>Shipping &amp; Returns</h2><p>It came in two days; returning it costs nothing.</p>
      </article></main></body></html>"""
    texts = _texts(html)
    assert "Shipping & Returns" in texts
    assert "It came in two days; returning it costs nothing." in texts


@pytest.mark.parametrize("title, says", [
    ("Shipping & Returns", True), ("Shipping & Returns – Alder Goods", True),
    ("Shipping & Returns | Alder Goods", True), ("Shipping & Returns - Alder Goods", True),
    ("Shipping & Returns · Alder Goods", True), ("Shipping & Returns ~ Alder Goods", True),
    ("Shipping & Returns — Alder Goods", True), ("Shipping & Returns :: Alder Goods", True),
    ("Alder Goods | Shipping & Returns", True), ("Alder Goods » Shipping & Returns", True),
    ("Shipping & Returns Tote Bag", False), ("Shipping & Returns-Tote Bag", False),
    ("Shipping & Returns: Free over $50", False), ("Kettle", False), (None, False),
])
def test_a_heading_says_the_title_when_it_is_a_piece_of_the_title(title, says):
    """Any piece the title's separators set apart from the site's name, on either side;
    a colon is a headline's own ("Shipping & Returns: Free over $50" is a title of
    its own, not the heading's words)."""
    from webgist_host.engine.regions.sections import _says_title, _title_keys
    assert _says_title("Shipping & Returns", _title_keys(title)) is says


def test_a_shops_terms_opening_the_texts_sections_stay():
    """Closed by a heading of their rank in the same element: the text's own section."""
    html = f"""<html><head>{PRODUCT_HEAD}</head><body><main><h1>Kettle review</h1>
      <article><h2>Shipping &amp; Returns</h2><p>It came in two days; returning it costs nothing.</p>
      <h2>Boiling</h2><p>{ARTICLE}</p></article></main></body></html>"""
    texts = _texts(html)
    assert "Shipping & Returns" in texts
    assert "It came in two days; returning it costs nothing." in texts


@pytest.mark.parametrize("tag, title", [("h1", "Help – Kettle Co"),
                                        ("h2", "Shipping &amp; Returns – Kettle Co"),
                                        ("h2", "Shipping &amp; Returns")])
def test_a_shops_terms_never_open_on_the_pages_title(tag, title):
    """A shop's own policy page, judged a product page by its one cart button."""
    html = f"""<html><head><title>{title}</title></head><body><main>
      <{tag}>Shipping &amp; Returns</{tag}><h3>Shipping</h3><p>{ARTICLE}</p>
      <h3>Returns</h3><p>Send it back within thirty days.</p>
      <div><p>Gift wrap</p><button class="add-to-cart">Add to cart</button></div>
      </main></body></html>"""
    texts = _texts(html)
    assert ARTICLE in texts and "Send it back within thirty days." in texts


def test_a_furniture_section_ends_with_its_parent_element():
    html = f"""<html><body><div class="wrap">
      <div class="box"><h2>Share this page</h2><p>Facebook Twitter Email</p></div>
      <div class="story"><p>{ARTICLE}</p><h2>Related posts</h2>
        <ul><li><a href="/x">Another story about bees and their keepers</a></li></ul>
        <h2>Harvest</h2><p>Take only the capped frames.</p></div></div></body></html>"""
    texts = _texts(html)
    assert ARTICLE in texts and "Take only the capped frames." in texts
    assert "Facebook Twitter Email" not in texts
    assert "Another story about bees and their keepers" not in texts


def test_explain_names_the_rule_behind_every_drop():
    html = f"""<html><body><nav><a href="/">Home</a> <a href="/b">Blog</a></nav>
      <main><p>{ARTICLE}</p><p>{ARTICLE} Again.</p>
        <h2>Related posts</h2><p>Something else entirely here.</p></main>
      </body></html>"""
    document = convert(html)
    dropped = {d.text: d.reason for d in document.decisions if d.action == "dropped"}
    assert dropped["Home Blog"] == "page chrome (nav), never main content"
    assert "section headed “Related posts”" in dropped["Something else entirely here."]


def test_a_named_consent_manager_goes_whatever_its_size():
    categories = " ".join(f"<h3>Targeting cookies {n}</h3><p>{ARTICLE}</p>" for n in range(4))
    html = f"""<html><body><main><h1>Thread</h1><p>{ARTICLE}</p>
      <div class="signature">Sent from my hive</div></main>
      <div id="onetrust-consent-sdk"><h2>About your privacy</h2>{categories}</div></body></html>"""
    assert _texts(html) == ["Thread", ARTICLE]


@pytest.mark.parametrize("heading", ["Strictly Necessary Cookies", "Privacy Preference Center",
                                     "Manage consent preferences", "Cookie settings"])
def test_consent_headings_are_furniture(heading):
    assert is_furniture_heading(heading)


def test_reviews_count_as_comments_unless_the_page_declares_a_product():
    reviews = "".join(f'<div class="review"><p>{ARTICLE} Review {n}.</p></div>' for n in range(3))
    body = f"""<body><div class="product-page"><h1>Daypack</h1><p>{ARTICLE}</p>
      <section class="reviews"><h2>What hikers say</h2>{reviews}</section></div></body>"""
    product = ('<head><script type="application/ld+json">{"@type": "Product", "name": "Daypack"}'
               '</script></head>')
    assert f"{ARTICLE} Review 0." in _texts(f"<html>{body}</html>")
    kept = _texts(f"<html>{product}{body}</html>")
    assert kept == ["Daypack", ARTICLE]
    document = convert(f"<html>{product}{body}</html>")
    reasons = {d.reason for d in document.decisions if d.action == "dropped"}
    assert "in a product-reviews widget" in reasons


def test_a_widget_whose_kind_starts_with_a_vowel_reads_an():
    html = f"""<html><body><main><h1>Hives</h1><p>{ARTICLE}</p>
      <div class="author-box"><p>Ana keeps bees.</p></div></main></body></html>"""
    reasons = {d.reason for d in convert(html).decisions if d.action == "dropped"}
    assert "in an author-bio widget" in reasons


def _intro_above_cards(head: str = "") -> str:
    cards = "".join(f'<article class="card"><h2><a href="/p{n}/">Hive note {n}</a></h2></article>'
                    for n in range(14))
    return f"""<html><head>{head}</head><body><main>
      <div class="intro"><h1>Hive notes</h1><p>{ARTICLE}</p></div>
      <div class="cards">{cards}</div></main></body></html>"""


def test_the_walk_keeps_a_series_of_card_titles_beside_an_intro():
    assert "Hive note 13" in _texts(_intro_above_cards())


def test_a_dated_page_leaves_its_list_of_titles_out():
    dated = '<meta property="article:published_time" content="2025-03-01T08:00:00Z">'
    assert "Hive note 13" not in _texts(_intro_above_cards(dated))


_DATED = '<meta property="article:published_time" content="2025-03-01T08:00:00Z">'
_PARAGRAPHS = [f"{n} " + " ".join(["Nurse bees feed the larvae and keep the brood warm in spring."] * 3)
               for n in ("First.", "Second.", "Third.", "Fourth.")]


def _story_with_slides(counters: list[str], head: str = _DATED) -> str:
    slides = "".join(f"<li><h3>{counter} Slide {n}</h3><p>Caption of slide {n}.</p></li>"
                     for n, counter in enumerate(counters, 1))
    first, second, third, fourth = (f"<p>{p}</p>" for p in _PARAGRAPHS)
    return f"""<html><head>{head}</head><body><article><h1>Bees</h1>
      <div class="text">{first}{second}
        <div class="gallery"><h2>In pictures</h2><ul>{slides}</ul></div>
        {third}{fourth}</div></article></body></html>"""


def test_a_numbered_slideshow_between_a_dated_storys_paragraphs_goes():
    kept = _texts(_story_with_slides(["1/3", "2/3", "3/3"]))
    assert kept == ["Bees", *_PARAGRAPHS]


@pytest.mark.parametrize("counters, head", [
    (["1/3", "2/3", "3/3"], ""),                   # undated: a carousel the page shows
    (["1/12", "2/12", "5/12"], _DATED),            # not every slide counted: dates
    (["1/2", "2/2"], _DATED),                      # a pair, not a gallery
    (["1/3/25", "2/3/25", "3/3/25"], _DATED),      # dates with a year
])
def test_numbered_lines_that_are_no_slideshow_stay(counters, head):
    kept = _texts(_story_with_slides(counters, head))
    assert "In pictures" in kept and f"{counters[-1]} Slide {len(counters)}" in kept


def _story_with_cards(cards: list[tuple[str, str]], head: str = _DATED) -> str:
    """A dated story on example.org with teaser cards (link, headline) between its
    second and third paragraphs, each card a picture, a linked headline and a line."""
    boxes = "".join(f'<div class="card"><img src="/p{n}.jpg" alt="">'
                    f'<h4><a href="{href}">{headline}</a></h4><p>A line about it.</p></div>'
                    for n, (href, headline) in enumerate(cards))
    first, second, third, fourth = (f"<p>{p}</p>" for p in _PARAGRAPHS)
    return f"""<html><head>{head}
      <link rel="canonical" href="https://www.example.org/bees"></head><body><article>
      <h1>Bees</h1><div class="text">{first}{second}{boxes}{third}{fourth}</div>
      </article></body></html>"""


_CARD = ("/wasps", "Wasps build their nests from paper")


def test_a_lone_teaser_card_between_a_dated_storys_paragraphs_goes():
    assert _texts(_story_with_cards([_CARD])) == ["Bees", *_PARAGRAPHS]
    absolute = ("https://example.org/wasps", _CARD[1])
    assert _texts(_story_with_cards([absolute])) == ["Bees", *_PARAGRAPHS]


def test_a_lone_teaser_card_after_a_dated_storys_text_goes():
    text = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)
    html = f"""<html><head>{_DATED}</head><body><article><h1>Bees</h1>
      <div class="text">{text}<div class="card"><img src="/p.jpg" alt="">
        <h4><a href="{_CARD[0]}">{_CARD[1]}</a></h4><p>A line about it.</p></div></div>
      </article></body></html>"""
    assert _texts(html) == ["Bees", *_PARAGRAPHS]


@pytest.mark.parametrize("cards, head", [
    ([_CARD], ""),                                                     # undated
    ([_CARD, ("/ants", "Ants farm aphids for their honeydew")], _DATED),  # a run: a list
    ([("https://shop.example.com/hive", "The hive we bought this spring")], _DATED),
    ([("#wasps", "Why wasps are not bees at all")], _DATED),           # a place on the page
])
def test_teaser_cards_that_are_the_storys_own_stay(cards, head):
    assert cards[-1][1] in _texts(_story_with_cards(cards, head))


# A series of the site's teasers set in the article's own element, after its text
# (site_series.py).
_RELATED = [("/wasps", "Wasps build their nests from paper"),
            ("/ants", "Ants farm aphids for their honeydew"),
            ("/moths", "Moths find flowers by their scent at night"),
            ("/hornets", "Hornets hunt bees at the hive entrance"),
            ("/beetles", "Beetles that live inside a beehive")]


def _post_with_series(teasers: list[tuple[str, str]], *, head: str = "", card: bool = True,
                      level: int = 3, sections: str = "", after: str = "") -> str:
    items = "".join(f'<div class="item">{"<img src=%s.jpg alt=>" % href if card else ""}'
                    f'<h{level}><a href="{href}">{headline}</a></h{level}>'
                    f'{"<p>A line about it.</p>" if card else ""}</div>'
                    for href, headline in teasers)
    text = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)
    return f"""<html><head>{head}
      <link rel="canonical" href="https://www.example.org/bees"></head><body>
      <div class="post"><h1>Bees</h1>{sections}{text}{items}{after}</div></body></html>"""


def test_the_sites_teasers_after_the_text_in_its_element_go():
    assert _texts(_post_with_series(_RELATED)) == ["Bees", *_PARAGRAPHS]
    # On a dated page three bare links are enough.
    bare = _post_with_series(_RELATED[:3], head=_DATED, card=False)
    assert _texts(bare) == ["Bees", *_PARAGRAPHS]


@pytest.mark.parametrize("html", [
    # other sites: the author's sources or picks
    _post_with_series([(f"https://shop.example.com{h}", t) for h, t in _RELATED]),
    # places on this page: a table of contents
    _post_with_series([(f"#{h[1:]}", t) for h, t in _RELATED]),
    # short names, not headlines: a docs page's next steps
    _post_with_series([(h, t.split()[0]) for h, t in _RELATED]),
    # undated and bare links, not cards (a line of text after them: they do not close
    # the main content, which closing_links.py reads)
    _post_with_series(_RELATED, card=False, after="<p>Photographs by the author, taken this spring.</p>"),
    # headed as the article's own sections: a roundup of the site's posts
    _post_with_series(_RELATED, level=2, sections="<h2>Why bees</h2>"),
])
def test_series_that_are_the_articles_own_stay(html):
    assert "Beetles" in " ".join(_texts(html))


# The run of the site's links that closes the main content (closing_links.py).
def test_the_site_links_that_close_an_undated_text_go_with_their_label():
    """Undated, three bare links: too few and too bare for the series rules."""
    html = _post_with_series(_RELATED[:3], card=False, level=4)
    labelled = html.replace('</p><div class="item">',
                            '</p><p>More from the hive:</p><div class="item">', 1)
    assert "More from the hive" in labelled
    assert _texts(html) == ["Bees", *_PARAGRAPHS]
    assert _texts(labelled) == ["Bees", *_PARAGRAPHS]
    # a short sentence of the text's own right above the run is no label
    signed = html.replace('</p><div class="item">',
                          '</p><p>Thanks for reading, and see you in spring.</p><div class="item">', 1)
    assert _texts(signed) == ["Bees", *_PARAGRAPHS, "Thanks for reading, and see you in spring."]


_LONG_HEADLINES = [(h, f"{t} and what the keepers can learn from them this year")
                   for h, t in _RELATED[:3]]


@pytest.mark.parametrize("teasers", [
    # other sites: the author's closing list of sources
    [(f"https://shop.example.com{h}", t) for h, t in _RELATED[:3]],
    # linked sentences on an undated page: a landing page's feature cards
    _LONG_HEADLINES,
])
def test_closing_links_that_are_the_pages_own_stay(teasers):
    assert "Wasps" in " ".join(_texts(_post_with_series(teasers, card=False, level=4)))


def _post_with_list(teasers: list[tuple[str, str]], head: str = "") -> str:
    """The links as a bare list in the text's own element, which the series rules
    leave as the author's."""
    items = "".join(f'<li><a href="{href}">{headline}</a></li>' for href, headline in teasers)
    text = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)
    return f"""<html><head>{head}
      <link rel="canonical" href="https://www.example.org/bees"></head><body>
      <div class="post"><h1>Bees</h1>{text}<ul>{items}</ul></div></body></html>"""


def test_a_dated_storys_closing_site_links_go_even_as_sentences():
    assert "Wasps" in " ".join(_texts(_post_with_list(_LONG_HEADLINES)))
    assert _texts(_post_with_list(_LONG_HEADLINES, head=_DATED)) == ["Bees", *_PARAGRAPHS]


def test_a_page_made_of_its_links_keeps_them():
    many = [(f"/b{n}", f"Bees of the valley, part {n}") for n in range(40)]
    assert "Bees of the valley, part 39" in _texts(_post_with_series(many, card=False, level=4))


_PRODUCT_HEAD = ('<head><title>Oak stool</title><script type="application/ld+json">'
                 '{"@type": "Product", "name": "Oak stool"}</script></head>')
_STOOL = "A three-legged stool of steamed oak, its seat carved to fit and its legs wedged through the seat."


def test_a_lone_link_among_a_product_pages_lines_goes():
    html = f"""<html>{_PRODUCT_HEAD}<body><div class="product"><h1>Oak stool</h1>
      <p>{_STOOL}</p><p><a href="/guides/oak">How we steam oak</a></p><p>{_STOOL} Sold singly.</p>
      </div></body></html>"""
    assert _texts(html) == ["Oak stool", _STOOL, f"{_STOOL} Sold singly."]
    linked_name = html.replace("<h1>Oak stool</h1>", '<h1><a href="/p/oak-stool">Oak stool</a></h1>')
    assert _texts(linked_name)[0] == "Oak stool"     # the product's name stays


def test_card_titles_and_articles_keep_their_lone_links():
    """Card titles repeated at one place (a grid declaring a product), and a lone link
    longer than a call to action on a page that declares no product, stay (short calls
    go on any page: tests/test_lone_calls.py)."""
    cards = "".join(f'<div class="card"><p><a href="/p/{n}">Oak stool number {n}</a></p>'
                    f"<p>{_STOOL}</p></div>" for n in range(4))
    grid = f"""<html>{_PRODUCT_HEAD}<body><div class="grid"><h1>Stools</h1>{cards}</div></body></html>"""
    assert "Oak stool number 1" in _texts(grid)
    article = f"""<html><head><title>Oak</title></head><body><main><h1>Oak</h1><p>{_STOOL}</p>
      <p><a href="/guides/oak">How we steam oak for our stools</a></p><p>{_STOOL} Sold singly.</p></main></body></html>"""
    assert "How we steam oak for our stools" in _texts(article)


# A menu of short links above the page's title, inside the main content (title_menu.py).
def _page_with_links_above_title(links: list[str], title: str = "<h1>Bees</h1>") -> str:
    menu = "".join(f'<div class="m"><a href="/{n}">{text}</a></div>' for n, text in enumerate(links))
    text = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)
    return f"<html><body><div class='x'>{menu}{title}{text}</div></body></html>"


_MENU = ["Home", "News", "Gardens", "Hives and tools", "About us", "Contact"]


def test_a_menu_above_the_title_goes():
    assert _texts(_page_with_links_above_title(_MENU)) == ["Bees", *_PARAGRAPHS]


@pytest.mark.parametrize("html", [
    # four links: a breadcrumb or a kicker, not a menu
    _page_with_links_above_title(_MENU[:4]),
    # linked headlines of more than a few words: a list the page makes
    _page_with_links_above_title([f"{m} and everything the keepers need to know" for m in _MENU]),
    # no title to stand above
    _page_with_links_above_title(_MENU, title=""),
    # linked headings: sections of the page (a service's offers) above a late title
    _page_with_links_above_title(_MENU).replace('<div class="m">', '<div class="m"><h4>')
    .replace('</a></div>', '</a></h4></div>'),
])
def test_links_above_the_title_that_are_no_menu_stay(html):
    assert "Home" in " ".join(_texts(html))


# The author's box that closes the article, found by the metadata's author (author_box.py).
_BIO = "Ann Lee has kept bees in three countries and writes about hives, honey and the plants bees need."


def _post_with_box(box: str, author: str = "Ann Lee", text: list[str] = _PARAGRAPHS) -> str:
    head = f'<meta name="author" content="{author}">' if author else ""
    paragraphs = "".join(f"<p>{p}</p>" for p in text)
    return f"""<html><head><title>Bees</title>{head}</head><body><div class="x">
      <h1>Bees</h1>{paragraphs}<div class="z">{box}</div></div></body></html>"""


_BOX = f'<img src="/ann.jpg" alt=""><p><a href="/people/ann">Ann Lee</a></p><p>{_BIO}</p>'


def test_the_authors_box_after_the_text_goes():
    assert _texts(_post_with_box(_BOX)) == ["Bees", *_PARAGRAPHS]
    # "By" before the name, several authors in the metadata
    by = _BOX.replace("<p><a", "<p>By <a")
    assert _texts(_post_with_box(by, author="Bo Chen and Ann Lee")) == ["Bees", *_PARAGRAPHS]


@pytest.mark.parametrize("html", [
    # no author in the metadata
    _post_with_box(_BOX, author=""),
    # another name: a quoted source's line, an interview's speaker
    _post_with_box(_BOX, author="Cy Diaz"),
    # the name followed by more text than a bio: the article goes on
    _post_with_box(_BOX + "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)),
    # no article before it: a profile page is about its author
    _post_with_box(_BOX, text=["Honey."]),
    # a plain name, neither linked nor under a picture: the writer signing off
    _post_with_box(f"<p>Ann Lee</p><p>{_BIO}</p>"),
])
def test_a_name_line_that_opens_no_authors_box_stays(html):
    assert _BIO in _texts(html)


# The byline under the standfirst (bylines.py).
_STANDFIRST = "Wild bees are back in the city parks since the mowing stopped, and counts have doubled."


def _story_with_byline(head: str, between: str = "") -> str:
    paragraphs = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)
    return f"""<html><head><title>Bees</title>{head}</head><body><div class="x">
      <h1>Bees</h1>{between}<p>{_STANDFIRST}</p><p>By Ann Lee · March 1, 2025</p>{paragraphs}
      </div></body></html>"""


def test_the_byline_under_the_standfirst_goes():
    assert _texts(_story_with_byline(_DATED)) == ["Bees", _STANDFIRST, *_PARAGRAPHS]


@pytest.mark.parametrize("html", [
    # a declared discussion: its first post stands under the title, its date is the post's
    _story_with_byline('<script type="application/ld+json">{"@type": "DiscussionForumPosting", '
                       '"headline": "Bees", "datePublished": "2025-03-01"}</script>'),
    # the paragraph is not right under the title: not a standfirst
    _story_with_byline(_DATED, between="<p>Filed in gardens and the city</p>"),
])
def test_a_date_line_after_a_paragraph_that_is_no_standfirst_stays(html):
    assert "By Ann Lee · March 1, 2025" in _texts(html)


def test_the_authors_name_above_the_text_goes_another_name_stays():
    page = ('<html><head><title>Bees</title><meta name="author" content="{author}"></head><body>'
            '<div class="x"><h1>Bees</h1><p><a href="/people/ann">Ann Lee</a></p>'
            + "".join(f"<p>{p}</p>" for p in _PARAGRAPHS) + "</div></body></html>")
    assert _texts(page.format(author="Ann Lee")) == ["Bees", *_PARAGRAPHS]
    assert "Ann Lee" in _texts(page.format(author="Cy Diaz"))


# What follows the article's text outside the element that holds it (after_text.py).
_DISCUSSION = ('<script type="application/ld+json">{"@context": "https://schema.org", '
               '"@type": "DiscussionForumPosting", "headline": "Bees", '
               '"datePublished": "2025-03-01T08:00:00Z"}</script>')


def _story_with_band(head: str) -> str:
    text = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)
    return f"""<html><head>{head}</head><body><div class="page">
      <div class="story"><h1>Bees</h1><div class="text">{text}</div></div>
      <div class="after"><p>Support our reporting with a monthly gift of any size today.</p>
        <p>Our newsroom is funded by readers like you across the region.</p>
        <p>Short reply, agreed: the hives near the river did better this year.</p>
        <p><a href="/give">Give now</a></p></div>
      </div></body></html>"""


def test_the_band_after_a_dated_storys_text_goes():
    assert _texts(_story_with_band(_DATED)) == ["Bees", *_PARAGRAPHS]


@pytest.mark.parametrize("head", ["", _DISCUSSION])     # undated; a thread's replies
def test_what_follows_the_text_stays_off_articles(head):
    assert "Short reply, agreed: the hives near the river did better this year." in _texts(_story_with_band(head))


_ARTICLE_TYPE = '<meta property="og:type" content="article">'


def _story_with_dateline(head: str) -> str:
    return _story_with_band(f"<title>Bees</title>{head}").replace(
        "<h1>Bees</h1>", '<h1>Bees</h1><p><time datetime="2019-06-21">21 June 2019</time></p>')


def test_a_declared_article_dated_by_its_headline_is_dated():
    assert "Short reply, agreed: the hives near the river did better this year." not in _texts(
        _story_with_dateline(_ARTICLE_TYPE))


def test_a_date_by_the_headline_alone_does_not_date_the_page():
    # A listing may show its first item's date under its title: undated, its band stays.
    assert "Short reply, agreed: the hives near the river did better this year." in _texts(
        _story_with_dateline(""))


def test_explain_names_the_band_after_the_text():
    explained = convert(_story_with_band(_DATED), scope="main").explain()
    assert "outside the element that holds its text" in explained


def _story_under_band(head: str, standfirst: str = "") -> str:
    text = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)
    return f"""<html><head>{head}</head><body><div class="page">
      <div class="top"><h1>Bees</h1>{standfirst}<p>Ana Silva</p><ul><li>Share</li><li>Save</li></ul></div>
      <div class="text">{text}</div></div></body></html>"""


def test_short_lines_over_a_dated_storys_text_go():
    kept = _texts(_story_under_band(_DATED))
    assert kept == ["Bees", *_PARAGRAPHS]
    assert "a short line before the article's first paragraph" in convert(
        _story_under_band(_DATED), scope="main").explain()


def test_a_standfirst_over_the_text_and_undated_bands_stay():
    standfirst = "<p>Why the hives by the river did better than the ones in town this year.</p>"
    assert standfirst[3:-4] in _texts(_story_under_band(_DATED, standfirst))
    assert "Ana Silva" in _texts(_story_under_band(""))


_KEY_POINTS = ("Hives by the river did better this year", "Town hives lost a third of their bees",
               "Beekeepers blame the wet spring")


def _story_under_list(items: str) -> str:
    text = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)
    return f"""<html><head>{_DATED}</head><body><div class="page">
      <div class="top"><h1>Bees</h1><ul>{items}</ul></div>
      <div class="text">{text}</div></div></body></html>"""


def test_a_list_of_three_unlinked_points_over_a_dated_storys_text_stays():
    kept = _texts(_story_under_list("".join(f"<li>{point}</li>" for point in _KEY_POINTS)))
    assert kept == ["Bees", *_KEY_POINTS, *_PARAGRAPHS]


def test_a_list_of_links_over_a_dated_storys_text_goes():
    links = "".join(f'<li><a href="/t{n}">{point}</a></li>' for n, point in enumerate(_KEY_POINTS))
    assert _texts(_story_under_list(links)) == ["Bees", *_PARAGRAPHS]


def _dated_story_then(box: str) -> str:
    # (Short enough that the story's own element is not the whole main content.)
    sentence = "The colony builds comb through the summer and stores honey for winter."
    story = "".join(f"<p>{sentence} {sentence} {sentence} Part {n}.</p>" for n in range(3))
    return f"""<html><head><meta property="article:published_time" content="2019-05-02">
      </head><body><main><h1>Hives in May</h1><div class="story">{story}</div>
      {box}</main></body></html>"""


SUPPORT_LINES = ("Our reporting on bees is free to read for everyone who comes here.",
                 "Readers who give a little each month keep it that way for all of them.")


def test_after_the_text_a_box_of_sentences_goes_on_with_the_story():
    box = "<div class='rest'>" + "".join(f"<p>{line}</p>" for line in SUPPORT_LINES) + "</div>"
    assert all(line in _texts(_dated_story_then(box)) for line in SUPPORT_LINES)


def test_after_the_text_the_same_sentences_beside_a_button_are_a_band():
    box = ("<div class='rest'>" + "".join(f"<p>{line}</p>" for line in SUPPORT_LINES)
           + "<button>Give</button></div>")
    assert not any(line in _texts(_dated_story_then(box)) for line in SUPPORT_LINES)


def test_after_the_text_a_recipe_card_stays_and_a_box_of_more_recipes_goes():
    steps = "".join(f"<li>Step {n}: stir the honey into the beaten eggs, then fold the flour "
                    "in slowly and bake the cake for forty minutes.</li>" for n in range(4))

    def card(name: str) -> str:
        return (f"<div class='{name}'><h3>Honey cake</h3><ul><li>200 g honey</li>"
                f"<li>3 eggs</li><li>250 g flour</li></ul><ol>{steps}</ol></div>")
    assert "200 g honey" in _texts(_dated_story_then(card("wprm-recipe-container")))
    assert "200 g honey" not in _texts(_dated_story_then(card("more-recipes")))
