"""Every number of the regions stage, and the kinds each rule applies to.

One statement per rule, with the general reason it holds on the web. The word
lists and text patterns the rules match live in vocabulary.py; the evidence for
each value (the benchmark pages and figures when it landed) is in
docs/rules/regions.md.
"""
from __future__ import annotations

from ..model import BlockKind, Region, Widget

# --- Reading names --------------------------------------------------------------

# Class lists reach tens of kilobytes (utility CSS); words past this many
# characters of one attribute value add nothing but cost.
MAX_ATTRIBUTE_CHARS = 2000
# An id is a heading's slug when its words are all in the element's opening text;
# a heading fits in this many characters, and big elements are read no further.
ID_SLUG_TEXT_CHARS = 400

# --- Which kinds the rules apply to ---------------------------------------------

# Landmarks that are page chrome: never main content, whatever the container.
CHROME_LANDMARKS = frozenset({Region.HEADER, Region.NAV, Region.FOOTER, Region.ASIDE,
                              Region.DIALOG, Region.SEARCH})
# Widgets dropped from the main content. Comments are not here: they go only when
# they are not the page's bulk (a thread's replies are its content).
DROPPED_WIDGETS = frozenset({
    Widget.CONSENT, Widget.FILTER, Widget.POST_FURNITURE, Widget.RELATED,
    Widget.NEWSLETTER, Widget.AD, Widget.MODAL, Widget.PRODUCT_REVIEWS, Widget.AUTHOR_BIO,
    Widget.NOTICE, Widget.PRODUCT_CAROUSEL, Widget.INPUT_FORM,
})
# Blocks that weigh nothing toward the content: a reader came for the words.
WEIGHTLESS_KINDS = frozenset({BlockKind.RULE, BlockKind.IMAGE, BlockKind.MEDIA})
# Blocks that can be a control's label standing alone.
CONTROL_LINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.HEADING, BlockKind.LIST_ITEM})

# --- Belief: how much of the page a mark's element may hold ---------------------

# A chrome mark (a chrome landmark or name) is believed only below this share of
# the page's words (and of its prose): a "header" around the whole page is a wrapper.
CHROME_MAX_SHARE = 0.5
# A widget mark is believed only below this share: a "newsletter-post" element
# holding a quarter of the page is the page.
WIDGET_MAX_SHARE = 0.25
# A group named as buttons is furniture up to this many words: a few calls to action
# or a slider's controls. A grid of product links so named (Apple's) holds hundreds;
# the WCXB dev gain holds from 12 to 60 (docs/history/regions.md, session 17: types4).
BUTTON_GROUP_MAX_WORDS = 30
# ...and when at least this share of its words are inside links or buttons: a list
# of what each button on a watch does is content, a row of calls to action is not.
BUTTON_GROUP_MIN_CONTROL_SHARE = 0.5
# Landmarks believed at any size: a page footer that holds most of the page is the
# static HTML of a script-built page, or legal footnotes, never a content wrapper.
ANY_SIZE_LANDMARKS = frozenset({Region.FOOTER})
# A <main> holding at least this share of the prose has said where the content is:
# chrome marks beside it cannot be wrappers, so they are believed at any size.
TRUSTED_MAIN_SHARE = 0.25
# Navigation is made of links: a navigation mark with less of its words in links
# than this is content ("toc-para", "skip-item").
NAV_MIN_LINKED_SHARE = 0.35
# A navigation landmark (or a page header) at least this much links is navigation
# at any size: a docs sidebar or a mega-menu outweighs a short page.
LINK_NAV_SHARE = 0.7
# ...the page header only on a page with this much prose outside links: where nearly
# every word is a link (a category grid), the header's words place the content.
LINK_HEADER_MIN_PROSE = 100
# A paragraph of this many words outside links is a sentence.
SENTENCE_MIN_WORDS = 12
# Filters are options, links and counts: a filter mark whose words are at least this
# share sentences is prose styled with filter classes (an FAQ accordion).
FILTER_MAX_PROSE_SHARE = 0.5
# Comments are the page's content when they hold at least this share of the
# container's weight (a thread is all replies).
COMMENTS_ARE_CONTENT_SHARE = 0.5

# --- The main-content container ---------------------------------------------------

# The walk goes down into a child while it holds this share of the page's weight;
# below it the content is spread over several children (description and specs).
CONTAINER_SHARE = 0.85
# An explicit <main> (or role=main) holding this share of the weight is where the
# walk starts.
EXPLICIT_MAIN_SHARE = 0.5
# An <article> (or an element named as the article's body) holding this share of
# the container is the content; what sits around it is teasers and sign-ups.
ARTICLE_FOCUS_SHARE = 0.5
# A second article body holding this share of the heaviest one makes them a series
# of excerpts, not one article with an end.
SERIES_BODY_SHARE = 0.1
# Cards: the walk does not go where it would leave behind this many linked headings
# of one series (a grid of card titles; a related-posts box lists fewer)...
CARD_SERIES_MIN_TITLES = 12
# ...each a heading at least this share link words...
CARD_TITLE_MIN_LINKED = 0.6
# ...together holding at least this share of the child's weight.
CARD_SERIES_MIN_SHARE = 0.15

# --- Placement ------------------------------------------------------------------

# A lead sentence beside the body (a standfirst, an intro) is prose: at
# most this share of its words in links (a teaser's excerpt under its linked title
# is another story's).
LEAD_MAX_LINKED_SHARE = 0.25

# A line beside the title in its band (a byline, a date) is this short at most.
TITLE_BAND_MAX_WORDS = 30

# --- Furniture sections and control lines (sections.py) ---------------------------

# A control's label never runs longer; longer lines say something.
MAX_CONTROL_LINE_CHARS = 60
# Headings longer than this are sentences about the subject, never furniture labels.
MAX_FURNITURE_HEADING_CHARS = 80
# Text this many times the limit is not collapsed to test it (it cannot be that
# short once its white space is collapsed, and this runs on every block).
SHORT_LINE_RAW_FACTOR = 4
# A heading alone in its own wrapper heads the wrapper's sibling: its section climbs
# past at most this many such wrappers (more, and a page's own list goes under it).
HEADING_WRAPPER_DEPTH = 3
# A furniture heading alone in its wrapper heads the wrapper's siblings; when those
# hold this many words outside links, they are the page's text under an empty box's
# heading: teasers and share buttons are mostly links, an author's bio a paragraph.
FURNITURE_SECTION_MAX_PROSE_WORDS = 300
# ...and never to an element this shallow in the path (<body> and above).
SECTION_SCOPE_MIN_DEPTH = 3
# A furniture label standing as a line titles the run of link blocks after it when
# the run holds this many blocks...
LABEL_LIST_MIN_ITEMS = 3
# ...each at least this share link text.
LABEL_LIST_MIN_LINKED = 0.6

# --- Bylines (bylines.py) -------------------------------------------------------

# The article's body starts at its first paragraph, item or quote of this many
# words; lines past it are the text's own (a timeline, a dated list).
BODY_MIN_WORDS = 12
BODY_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.QUOTE})
# Byline lines by their text are paragraphs or items, never headings.
BYLINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})
# An element named as the byline holds this many words at most: more is a wrapper
# (a hero band); the author line with "more by" thumbnails stays under it.
NAMED_BYLINE_MAX_WORDS = 60
NAMED_BYLINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.IMAGE})
# A line that only counts the comments is short; longer text is not tested.
COMMENT_CALL_MAX_CHARS = 120

# --- Teaser series after the article (sections.py, trailing_series) ---------------

# A teaser's lead line (its linked headline) is at least this share link words...
TEASER_LEAD_MIN_LINKED = 0.6
# ...or the line opens with a linked headline of this many words, the teaser's sentence
# after it ("[Headline](…) What happened, in a line").
TEASER_HEADLINE_MIN_WORDS = 3
# ...and a series of them is this many siblings (`li[1]/a`, `li[2]/a`, ...): fewer is
# a "see also" line the author wrote.
TEASER_SERIES_MIN_ITEMS = 5
# ...or this many on a page whose metadata gives a published date: an article's
# related box often shows three or four cards, and on a dated page a series after the
# text is not what the page lists (an undated section front is; so is a thread).
DATED_TEASER_SERIES_MIN_ITEMS = 3
# Slide counters (counted_controls.py): "1 2 3" of a carousel's dots. Two numbers in a
# row are as often a short answer's "1" and "2".
COUNTED_CONTROLS_MIN_RUN = 3
# A story's "previous / next" pair of cards after its last paragraph (teaser_rails.
# closing_cards): two is the pager's size.
CLOSING_CARDS_MIN_ITEMS = 2
# On a dated page, this many sibling elements that each hold such a series are a
# section front (World, Politics, Sport...), even laid out in the text's own element.
FRONT_MIN_SECTIONS = 3
# ...and at least this share of the series' items are led so (a feed mixes in a
# post without a link; a text whose paragraphs hold some links is not a series).
TEASER_SERIES_MIN_LED = 0.5
# A line of this many words or fewer, without a link, standing above a card's headline
# is its kicker (the section, "Opinion", a rank "3", a time "2 hours ago"): the card
# is led by the headline under it. News fronts and feeds set one over every headline.
KICKER_MAX_WORDS = 4
# Before a dated article's first paragraph, outside the element holding its text, a
# line of this many words or fewer is the band a site sets over every story (the
# section, the writer's name, "Share", "Save", a date without a pattern's words); a
# standfirst is a sentence, and longer.
BEFORE_TEXT_MAX_WORDS = 8
# After the text, a sibling of its element holding nothing but paragraphs of their
# own words (at most CONTINUATION_MAX_LINKED_SHARE of them linked), this many of them
# sentences (SENTENCE_MIN_WORDS), is the story going on past an ad slot in a box of
# its own, not the band under it: author cards, sign-up and donation bands carry a
# heading, a picture or a button beside their prose.
CONTINUATION_MIN_PARAGRAPHS = 2
CONTINUATION_MAX_LINKED_SHARE = 0.2
# The elements that furnish a band (a control, a picture, a heading), which the
# story's own continuation holds none of. (Controls and pictures without words leave
# no block, so the tree is asked.)
FURNISHING_TAGS = ("button", "input", "select", "textarea", "form", "img", "picture", "svg",
                   "video", "iframe", "h1", "h2", "h3", "h4", "h5", "h6")
# The article's own paragraphs hold this many words outside links; a paragraph of
# fewer (a credit, a caption, a sign-up line) does not make the series part of it.
OWN_PARAGRAPH_MIN_WORDS = 30
# Wire and regional news write a sentence a paragraph (15-25 words): such short
# paragraphs are the article's own too when this many of them stand side by side in one
# element, each of RUN_PARAGRAPH_MIN_WORDS words outside links. A teaser's line stands
# alone in its card, so a grid of cards never makes such a run.
RUN_PARAGRAPH_MIN_WORDS = 12
RUN_PARAGRAPH_MIN_COUNT = 4
# A series is the article's furniture only when the article before it has this many
# words of its own: on a page of cards alone, the cards are the content.
ARTICLE_BEFORE_SERIES_MIN_WORDS = 100
# ...in this many paragraphs: a page with a line or two of prose over lists (a course
# page and its reading list, a department page and its forms) is made of the lists.
ARTICLE_MIN_PARAGRAPHS = 3

# --- Tag lists after the article (tag_lists.py) --------------------------------------

# A tag or topic link names a subject in a word or three ("corinthians", "Climate
# change", "Supreme Court"); a related story's headline is a sentence.
TAG_MAX_WORDS = 3
# Two such links side by side make a list of tags; one is a "read more" or a credit.
TAG_LIST_MIN_ITEMS = 2
# The label over a tag list ("Tags", "Tópicos", "Themen", "Filed under") is as short
# as a tag; as a line before the list or leading the list's own line.
TAG_LABEL_MAX_WORDS = 3

# --- The closing run of site links (closing_links.py) ---------------------------------

# A line of the closing run that is not mostly a link holds at most this many words: a
# number, a date, a "Featured" label (a sentence of the text ends the run).
CLOSING_SHORT_MAX_WORDS = 3
# At least this share of the run's linked lines lead to the site's other pages: an
# author's closing list of sources leads to other sites.
CLOSING_LINKS_MIN_SITE = 0.8
# On an undated page, a linked line of this many words is a teaser sentence, not a
# headline: runs of cards that link their teasers are a landing page's content.
CLOSING_SENTENCE_MIN_WORDS = 12
# The run holds at most this share of the words the text before it holds outside
# links: more, and the page is its links (a listing, a directory).
CLOSING_LINKS_MAX_SHARE = 0.5
# The label over the run ("More Japan travel guides", "If you liked this post you
# might also like:") is a line of at most this many words.
CLOSING_LABEL_MAX_WORDS = 10

# --- A menu above the title (title_menu.py) -------------------------------------------

# A menu item names a place in a few words ("Pricing", "Client portal", "Best 4K
# projectors"); a linked headline or a lead is longer.
MENU_ITEM_MAX_WORDS = 6
# Five such links above the page's title are a menu; one to four are a breadcrumb, a
# kicker or the author's links, which other rules read.
MENU_MIN_ITEMS = 5

# --- The author's box after the article (author_box.py) ------------------------------

# The box stands among the last lines with words of the main content: its name line
# is one of the last this many (the headshot, name, role, bio and a "follow" line).
AUTHOR_BOX_SEARCH_LINES = 10
# Besides the author's name, the name line holds at most this many words ("By",
# "Author", "(CNXSoft)").
AUTHOR_NAME_EXTRA_WORDS = 2
# After the name line come lines of at most this many words (a role, a handle, a date)
# and the bio: at most this many longer lines...
AUTHOR_TAIL_SHORT_WORDS = 3
AUTHOR_BIO_MAX_LINES = 4
# ...holding at most this many words, one of them a sentence of this many or more:
# a name followed by a longer text is the article going on (or a quote), not a bio.
AUTHOR_BIO_MAX_WORDS = 150
AUTHOR_BIO_MIN_WORDS = 12

# --- Fact boxes: asides between the paragraphs (fact_boxes.py) ------------------------

# A fact box is words (figures, a timeline, a note); an aside between the paragraphs
# with more of its words in links than this is a box of links or a teaser card ("More
# on this story", a linked headline over its line)...
FACT_BOX_MAX_LINKED_SHARE = 0.25
# ...and it holds at least this many words outside links (an ad slot's "Sponsor
# message" label over its embed holds two).
FACT_BOX_MIN_WORDS = 10

# --- Boxes of linked headlines between the paragraphs (headline_boxes.py) --------------

# A headline is a sentence's length ("Five things we learned from the budget"); a tag or
# a "read more" is shorter...
HEADLINE_MIN_WORDS = 4
# ...and mostly one link.
HEADLINE_MIN_LINKED = 0.8
# Three of them make a box ("Most read", a top ten); one or two are the author's links,
# unless a label beside them in their own box says otherwise (below).
HEADLINE_BOX_MIN_ITEMS = 3
# A box of headlines beside a story is short ("Most read", a top ten); a longer list of
# linked names between the paragraphs is what the article lists (a guide's fifty firms).
HEADLINE_BOX_MAX_ITEMS = 12
# The box's label ("Most read", "Lesen Sie auch", "相关阅读") is a few words.
HEADLINE_LABEL_MAX_WORDS = 5
# One or two headlines make a box when a label in the box titles them ("Read also"),
# each a headline's length: a longer linked line is a card's or a grid's text.
LABELLED_HEADLINE_MAX_WORDS = 20
# A lone teaser card beside the text holds its linked headline and at most this many
# words outside links: a teaser line and a byline; more is a box of the article's own.
TEASER_CARD_MAX_WORDS = 30

# --- Slideshows between the paragraphs (slideshows.py) ------------------------------

# A slideshow counts at least this many slides ("1/3" ... "3/3"); two numbered lines
# are a pair, not a gallery.
SLIDESHOW_MIN_SLIDES = 3

# --- Labels over a chart picture (chart_labels.py) ------------------------------------

# A chart's labels are ticks and values ("$915", "’18", "%"): a word or three...
CHART_LABEL_MAX_WORDS = 3
# ...at least this many of them figures (a photo's credit and caption are one or two
# lines; an axis has five ticks or more)...
CHART_MIN_FIGURES = 5
# ...making up this share of the lines beside the picture (a sentence or two of
# annotation may sit over the chart too)...
CHART_MIN_SHORT_SHARE = 0.7
# ...beside at most this many pictures (a responsive chart ships one per screen
# size; a product grid beside its prices holds one picture per card).
CHART_MAX_PICTURES = 3

# --- Share links (share_links.py) ----------------------------------------------------

# A line of share links may carry a short label outside them ("Share:", "Partager
# sur", "Compartilhe") or a leftover word of a dropped link ("Embed"); more than this
# many words outside its share links is a sentence that happens to link one.
SHARE_LABEL_MAX_WORDS = 3

# --- The page's own story (page_story.py) --------------------------------------------

# A headline is matched against the page's title only when it has this many words:
# a one- or two-word headline ("News", a site's name) is said by many titles.
STORY_HEADLINE_MIN_WORDS = 3

# --- Above the product's name (product_name.py) ----------------------------------------

# On a page that declares a product, the lines above its name (the first <h1>) go when
# they hold at most this share of the main content's words: a shop names its product
# near the top of its description; a page whose name comes after most of its words
# (a landing page with the buy box at its end) holds its description above it.
PRODUCT_NAME_MAX_WORDS_ABOVE_SHARE = 0.5

# --- Lone links on a product page (lone_links.py) ----------------------------------------

# A line is a link when this share of its words is linked (a label's word or a count
# may stand beside it: "Visit store", "(7,147)")...
LONE_LINK_MIN_LINKED = 0.8
# ...and lone links go only on a page where such lines hold at most this share of the
# words: a grid of products that declares a product is mostly its links.
LONE_LINKS_MAX_PAGE_SHARE = 0.25
# Lone links at one place in the page (their paths alike but for positions) this many
# times or more are a grid's card titles, each set apart by its price or code; a
# description sets one or two links between its lines.
LONE_LINK_GRID_MIN = 4

# --- Other products' cards on a product page (product_cards.py) ---------------------------

# This many sibling cards, each titled by a linked line (a heading, a paragraph or a
# list item that is one link), after the product's name
# make a series of other products (shops show three to eight under one label)...
PRODUCT_CARDS_MIN = 3
# ...each holding at most this many lines with words (title, price, rating, badges,
# stock: an offer is brief; a "card" of more lines is one of the page's sections)...
PRODUCT_CARD_MAX_LINES = 6
# ...taken out when they hold at most this share of the main content's words (a
# category grid that declares a product is mostly its cards)...
PRODUCT_CARDS_MAX_SHARE = 0.5
# ...with the heading right above them when it is this short (the series' label).
PRODUCT_CARDS_LABEL_MAX_WORDS = 6

# --- A breadcrumb ending with the title (breadcrumbs.py) ------------------------------
# "You are here:" and the like open a trail: a label of this many words at most.
BREADCRUMB_LABEL_MAX_WORDS = 4
# A trail holds the title and a few links' words more (Home, the section, a subsection).
BREADCRUMB_MAX_EXTRA_WORDS = 12
# It stands in the title's band: this many main-content lines above or below the <h1>.
BREADCRUMB_SEARCH_LINES = 3

# --- Sign-up boxes between an article's paragraphs (signup_boxes.py) ----------------
# A newsletter box says its name and a line about it (and the form's labels, which go
# already): more words than this between the paragraphs is the story's own box.
SIGNUP_BOX_MAX_WORDS = 40

# --- Lone calls to action on any page (lone_calls.py) -------------------------------------

# A lone link on a page that declares no product goes when it is this short: calls to
# action are a few words ("Learn more", "Download PDF", "Sign up for free"); a longer
# linked line may be the author's own sentence pointing at its source. Swept on WCXB
# tune (3 to 10 words): 4 gained most; 6 and 10 lose a shop's brand slides' links.
LONE_CALL_MAX_WORDS = 4
# ...and at most this many characters: a script written without spaces (Myanmar,
# Khmer, Lao) counts a whole linked sentence as one word. The longest call the rule
# takes on WCXB's pages is 36 characters.
LONE_CALL_MAX_CHARS = 40
# A link that opens its container, followed there by a paragraph of at least this many
# words, is a card's title (an event, a post, a person), not a call: a call closes
# the text above it. Without the floor a caption or a date line under a call spares it
# (WCXB tune and validate both lose).
LONE_CALL_CARD_MIN_WORDS = 8

# A product page's button line goes only up to this many words: a control's label is
# short ("Add to cart", "200 × 100 cm, Eiche geölt (+ 240 €)"); a longer line is text
# the button holds (a "read more" button round a paragraph, 36 words in the reviewer's
# probe). On WCXB tune's and validate's product pages no line in a button has more
# than 7 words (those the references leave out: 1 to 7), so the data sets no edge
# between 7 and a sentence's length; 12 keeps a label with its price and size marks.
BUTTON_LINE_MAX_WORDS = 12
# A product page's button lines go only while they hold at most this share of the main
# content's words: a page that is mostly its buy box (sizes, delivery and sign-in
# choices round a short blurb) is that box, and references keep it whole there. The
# edges are WCXB tune's (the engine's shares): the lines go at up to 2.9% on the pages
# where they gain, and stay at 19.9% on the one whose reference keeps them (tune pages
# with an empty reference set nothing); the bound sits midway between the two.
BUTTON_LINES_MAX_SHARE = 0.11
