"""Fixture pages on the browser path: rendered in Chromium, measured, then converted.

test_fixtures.py reads every fixture statically. Here the fixtures where geometry
matters are loaded from the test server into one headless Chromium at the standard
viewport, read once the page has settled (its clock run a few seconds past load,
as `webgist` and `webgist batch --render` do), measured by extension/collect.js, and
converted with that capture as geometry, as the extension and `webgist` (without
--static) do:

    convert(capture["html"], url=<options.json url or None>, geometry=capture,
            scope=<options.json scope or "page">, options=<options.json options>)

The result must equal the fixture's hand-written Markdown. Where the browser
legitimately shows something other than the static reading, the fixture holds a
second hand-written file, expected.browser.md, which is preferred here:

- the page has an address in the browser, so relative links resolve against
  {server}/<fixture>/page.html (written `{server}` in the file, because the
  test server's port changes from run to run);
- protocol-relative addresses (//host/x) take the served page's scheme, http:;
- the browser picks one srcset/<picture> candidate for the viewport (1280 px wide,
  device scale 1), and its currentSrc is the address the image shows;
- scripts run, so a <noscript> is not drawn, and content a script never moves into
  place stays hidden (React's streamed parts are read still when the page holds a
  B:/P: placeholder <template> and no script a browser runs, data blocks such as
  JSON-LD aside: a copy saved without its scripts; inside them, what has no box is
  judged as statically).
- elements written with nothing between them that the browser draws apart (flex or
  grid items, margins) are two words, where the source alone runs them together.

A fixture left out of BROWSER_FIXTURES because it differs in the browser for a
reason that is a bug, not a feature, is named with that reason above the list.
"""
from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

import webgist_host
from webgist_host.cli.browser import fresh_tab, run_collect, set_viewport, settle, start_chromium

pytestmark = pytest.mark.browser

PAGES = Path(__file__).parent / "pages"
DEFAULT_SCOPE = "page"
SERVER_PLACEHOLDER = "{server}"
BROWSER_EXPECTED = "expected.browser.md"

# fixture -> why its geometry (or the browser's reading of it) matters.
BROWSER_FIXTURES: dict[str, str] = {
    # articles
    "article--reading-lists-under-sections": "each section's numbered reading list opens with the same linked \"Offizielle Dokumentation\": every item stays, a list item being no card's button (as statically)",
    "article--topic-list-after-story": "a labelled list of topic links drawn after the story's text goes, measured as in source",
    "article--carousel-slide-counters": "a carousel's numbered dots (bare numbers counting up from 1) go, drawn as in source",
    "news--previous-next-cards-after-story": "the story's previous / next cards inside its text's element go, drawn as in source",
    "article--story-split-over-twin-sections": "a story cut into boxes built alike (same tag and class list) is read whole, measured as in source",
    "article--band-after-story-text": "on a dated story, what the site sets after the text's last paragraph outside the text's own element goes, drawn as in source",
    "article--undated-post-band-in-article": "the same band goes on an undated post whose text stands in an <article>",
    "article--next-story-longer-than-own": "a page that scrolls on into a longer next story keeps the story its title says, drawn as in source",
    "article--key-points-over-story": "three unlinked key points between the headline and a dated story's text stay; the byline line there goes, drawn as in source",
    "article--partner-story-named-as-ad": "a partner's dated story whose element is named as sponsored keeps its text when nothing else holds a sentence, drawn as in source",
    "article--comment-thread-outweighs-story": "a readers' thread ten times the length of a short dated story goes and the story stays, drawn as in source",
    "news--short-lines-over-story-text": "short lines above a dated story's first paragraph, outside its text's element, go; the headline and standfirst stay",
    "article--standfirst-above-body": "the standfirst in its own box between the headline and the body stays; the ad label, promo link and byline there go",
    "article--most-read-box-between-paragraphs": "an unlabelled box of linked headlines between a dated story's paragraphs goes; the author's bare list of earlier reports stays",
    "article--player-buttons-drawn-with-divs": "a player's buttons built from divs are drawn and still dropped; a disclosure's title and a sentence in a button-named box stay",
    "article--related-cards-after-story": "three picture cards after a dated story go as drawn; the 'see also' list of earlier reports that closes the text goes too (closing_links)",
    "article--ad-frames-and-like-button": "frames drawn at a standard ad unit's size and a Like button frame go as drawn; the video player's frame stays",
    "news--short-paragraphs-then-related-cards": "on a dated story told in short paragraphs, the related and other-news cards drawn after it go",
    "news--ad-slot-labels-between-paragraphs": "ad slots' labels ('- Reklama -', 'REKLAMA') drawn between a story's paragraphs go",
    "article--comment-thread-under-permalink-post": "a readers' thread outweighing a post dated only by its permalink goes, drawn as in source",
    "news--comment-section-named-beyond-english": "a comment section named in Spanish (comentarios) inside the story's element goes, drawn as in source",
    "docs--index-cards-in-nav-landmark": "a docs index's cards, each a link around a heading and a line, in a <nav> landmark stay; drawn as in source",
    "landing--header-hero-feature-cards": "a landing page's <header> holding its hero and feature cards as links around <div>s stays; drawn as in source",
    "article--menu-links-drawn-around-blocks": "a <nav> whose menu entries are links drawn around <div>s is navigation when the container is <body>; drawn as in source",
    "news--teaser-card-drawn-as-one-link": "a teaser card drawn as one link between a dated story's paragraphs goes; the story's figure linked to a larger copy stays",
    "article--listicle-linked-section-headings": "a listicle's headings, each drawn as a link to the place's page over the story's own paragraph, stay",
    "forum--replies-under-dated-url": "a forum's replies under a question whose address carries its day, with no blog markup, stay",
    "news--right-of-reply-box-dutch": "a right-of-reply box named 'reactie' (singular) drawn after a Dutch story stays",
    "news--opinion-box-named-kommentar": "an editor's opinion box named 'kommentar' (singular) drawn after a German story stays",
    "news--newsletter-box-between-paragraphs": "a newsletter box (its name, a line, an email field) drawn between a dated story's paragraphs goes; a fact box of two lines there stays",
    "news--byline-with-comment-count-german": "a Divi byline ending with '0 Kommentare' drawn under a dated post's title goes",
    "news--paywall-prompt-after-opening": "a subscription wall named 'paywall-prompt' drawn inside the story's body after its paragraphs goes; the walled body ('paywall-fade') stays",
    "wiki--person-infobox": "a person's infobox ('infobox biography vcard'), a table of labelled facts drawn beside the lead, stays as a table",
    "news--headline-in-named-header-band": "a story's <h1> in a band named 'art-header' beside its text, outside any <article>, is drawn and kept",
    "news--breadcrumb-ends-with-title": "a breadcrumb drawn above the title that ends with the title goes; a line of links and separators in the text stays",
    "browser--multicolumn-story": "a story set in CSS columns whose paragraphs break across the gutter is read down each column in turn, as its source runs",
    "browser--vertical-japanese-essay": "an essay set in vertical-rl lines is read from the right-hand column, title first; the header and footer above and below it stay across",
    "browser--header-bar-over-sidebar": "a header bar (name at the left, links at the right) whose padding is narrower than the sidebar's gutter below is read whole before the sidebar and the article",
    "browser--script-tabs-without-roles": "script tabs without ARIA (a row of buttons, one panel per button, the others display:none inline or by a hiding class) are read whole; a hidden modal stays out",
    "browser--fixed-bars-over-article": "a strip fixed to the screen's foot, drawn over the middle of a long article when measured, is read where the source puts it (after the article); the fixed header first",
    "browser--flex-items-without-spaces": "flex items written with nothing between them (a byline, spec rows, two buttons) are drawn apart and read as separate words; two spans drawn edge to edge stay one word",
    "browser--price-and-buttons-drawn-apart": "a price and the button beside it, drawn apart as flex items, are two things though the price ends in a sign (\"12,90 €\"); a price and its unit drawn edge to edge stay one (\"0,45 €/100 g\")",
    "product--card-link-price-beside-cart-button": "a card's link wraps its title and price, the cart button right after it: the price and the button are two things on both paths",
    "browser--rtl-drawer-parked-left-stays-hidden": "on a right-to-left page whose root hides its sideways overflow, a drawer parked left of the viewport cannot be scrolled to and stays out; the story is read",
    "inline--unclosed-bold-in-heading": "a <b> left open in an <h1> is reopened by the browser's HTML5 parser inside the <p> written right after it, which Chromium draws bold and the Markdown keeps bold (lxml closes it at </h1>; with a line break between the two, the browser reopens it around the <p> and a bold run around a block is not carried into it); the heading is bold on both paths, as html-to-markdown's gold keeps a heading wholly in <b>",
    "browser--japanese-emphasis-drawn-apart-runs-on": "Japanese words in emphasis elements drawn a few pixels apart run on without a space, as the script is written",
    "browser--vertical-document-scrolls-left": "a page set in vertical-rl lines opens at its right edge; the paragraphs drawn left of it are reached by scrolling and read, in order",
    "browser--faq-collapsed-to-no-height": "answers an accordion collapsed to no height (max-height: 0, height: 0, grid rows 0fr, overflow hidden) under their drawn questions are read; keywords in a zero-height box under a paragraph stay hidden",
    "article--continue-reading-clamp": "an article cut short by a max-height box that hides its overflow ('Continue reading') is read whole; a one-line ticker's hidden lines stay unseen",
    "article--read-more-rest-undrawn": "the rest of a story kept undrawn (display:none) until its 'read more' button is pressed is read; a hidden pop-up before a bar of share links is not",
    "article--short-paragraphs-section-after-body": "a story in short paragraphs keeps its own section after the body's run, as drawn",
    "wordpress--site-title-h1-over-post-title": "a classic theme's linked site-title <h1> stays out; the post's <h2> title leads",
    "browser--vertical-slider-and-hidden-notice": "a vertical slider's hidden slides (each as tall as its frame) and a display:none notice before a button stay unseen; static reads them all",
    "article--share-bar-in-story": "a labelled bar of share links and a linked share icon go as drawn; a sentence linking a share endpoint stays",
    "news--section-fronts-flat-with-story": "three sections of linked headlines laid out in the story's own element, after its text, go as drawn",
    "news--teaser-lines-after-story": "unlabelled teaser lines (a linked headline, then a sentence) after the story go as drawn; the author's list of sources in the text stays",
    "news--next-story-below-story": "the next story written below the page's own (same element, its own headline) goes as drawn",
    "news--section-fronts-below-story": "section fronts under linked labels after the story, in the story's own container, go as drawn",
    "news--numbered-gallery-in-story": "a numbered slideshow drawn between a dated story's paragraphs goes, title, picture strip and captions",
    "news--lone-teaser-card-in-story": "a lone teaser card (picture, linked headline, a line, a byline) drawn between a dated story's paragraphs goes",
    "article--tag-line-in-story-footer": "a labelled tag line in the story's own footer goes; an unlabelled list of short links in the text stays",
    # blocks
    "blocks--app-shell-scrolling-main": "a window-high frame that hides its overflow round a <main> that scrolls: the text below the window's edge is one scroll away, not clipped",
    "blocks--shown-after-load-by-scripts": "a lock's timer shows the story 350 ms after parsing, and a web-font loader's 3 s animation paints text transparent until it ends: read as a reader sees it a few seconds after load",
    "blocks--content-after-closing-html": "markup after an early </html> is in <body> for the browser, as the static parse now reads it",
    "blocks--print-only-box-beside-hidden-section": "an aria-hidden print box is drawn when no print stylesheet hides it, and is still dropped",
    "blocks--article-basic": "a page stylesheet sets the font; headings' permalink marks are drawn",
    "blocks--br-br-paragraphs": "<br><br> breaks are drawn as blank lines between paragraphs",
    "blocks--escaping": "text as the browser re-serialises it (entities decoded) must still escape",
    "blocks--hidden-content": "hidden content: display:none, hidden, aria-hidden get no box",
    "browser--css-only-tabs-and-accordion": "tabs with no ARIA roles (radio buttons and :checked, :target panels) and a checkbox accordion keep their undrawn panels; hidden menus of links (a hamburger's, one opened by an in-page link) and a pop-up stay out",
    "browser--more-replies-behind-button": "three replies kept undrawn (a class meaning display:none) until 'Show 3 more replies' is pressed are read: the rest of a thread, in several siblings",
    "browser--read-more-inside-paragraph": "the rest of a bio kept undrawn inside its paragraph (span.more, display:none) until its 'Read more' link is pressed is read",
    "browser--tab-panels-drawn-invisible": "tab panels kept laid out but invisible (visibility:hidden, stacked under the chosen one), every one linked by the tab strip, are read; an undrawn box alike opened by a link of its own is not",
    "order--two-figures-side-by-side": "two figures side by side read picture, caption, picture, caption (a pair is too few to be cards)",
    "blocks--hidden-utility-classes": "the page's stylesheet hides d-none/hidden/is-hidden and shows md:block, d-lg-block at 1280 px",
    "blocks--hiding-classes-without-their-stylesheet": "the linked style sheet does not load (a saved page read offline): what d-none and hidden hide stays hidden, as statically; hidden md:block is shown at 1280 px",
    "blocks--line-breaks": "<br> hard breaks inside measured paragraph boxes",
    "blocks--links": "links resolve against the page's address in the browser",
    "blocks--media-and-rules": "video/audio/iframe boxes sized by the browser; <hr> has a box",
    "blocks--mediawiki-heading": "edit-section links laid out beside the heading",
    "blocks--orphan-text": "orphan text in <center>/<font> placed by its drawn position",
    "blocks--pre-css-orphans": "table and text of a pre-CSS page measured as drawn",
    "blocks--popover-and-closed-dialog": "an unopened popover and a closed <dialog> get no box; an open one is drawn",
    "blocks--react-streamed-suspense": "hidden streamed content stays hidden: the stub script never moves it",
    "blocks--react-streamed-saved-without-scripts": "a copy saved without its scripts, its stream unfinished: the streamed article is read, as statically (nothing will ever move it in)",
    "blocks--react-streamed-part-hiding-classes": "inside a streamed part read as the page (nothing drawn there), class-hidden text (Tailwind hidden, Bootstrap d-none) stays out, as statically",
    "blocks--react-streamed-part-faq-answers": "inside a streamed part read as the page, answers behind collapsed buttons stay, as statically",
    "blocks--react-streamed-saved-keeps-data-scripts": "a saved copy keeping only data scripts (JSON-LD, application/json), which run nothing: its streamed article is read",
    "blocks--react-streamed-part-without-placeholder": "a hidden S:0 part on a page with no script and no B:/P: placeholder template stays hidden",
    "blocks--react-streamed-segment-placeholder-only": "a saved copy whose only placeholder is a segment's (<template id=\"P:1\">): its streamed part is read",
    "blocks--react-streamed-parts-numbered-in-hex": "React numbers its streamed parts in hexadecimal: a saved copy's part S:a is read as S:9 is",
    "blocks--react-streamed-div-named-like-placeholder": "a <div id=\"B:0\"> is no placeholder template: the hidden S:0 part stays hidden",
    "blocks--screen-reader-only-text": "screen-reader-only text is clipped to 1px but has a box; the icon's text stays",
    "inline--images-drawn-as-text": "an emoji drawn at 1em (WordPress img.emoji) is its alt in the sentence, not a tracking pixel; a 16px icon's one-word alt stays in its sentence; a hidden icon does not split the line",
    "inline--ruby-readings": "the browser does not draw <rp>: ruby is written base then reading in parentheses on both paths, with or without rp",
    "blocks--spoken-half-nested": "an aria-hidden unit or rating stays when its screen-reader twin is nested in its neighbour or is the stars' role=img label; the clipped twin goes",
    "blocks--strikethrough": "<del>, <s> and <strike> drawn struck through",
    "blocks--svg-chart": "svg with text labels, measured as drawn",
    "blocks--svg-labels": "svg labels vs aria-hidden icons, measured as drawn",
    "docs--word-breaks-in-field-names": "a <wbr> (empty box at the page's corner, outside any card that clips) holds the rest of its name once libxml2 parses it; the name is read whole",
    # collections
    "collection--footer-footnotes-outweigh-grid": "a drawn page footer of long footnotes under a short product grid",
    "listing--card-buttons-under-titles": "cards drawn in a column, each under its own heading: the linked button every card says (\"Ver la receta\") goes after the first, a linked tag two of four cards share and an unlinked line every card says stay (as statically)",
    "lists--changelog-label-over-each-sublist": "release notes drawn as one list: \"Behoben\" over each of two sub-lists stays, an item with sub-items of its own is no card (as statically)",
    "listing--linked-category-most-posts-share": "posts drawn in a column, each under its own heading: a linked category three posts of four share stays, the place saying another category too (as statically)",
    "listing--drawn-card-labels-and-repeated-box": "cards drawn side by side: the label every card says goes after the first, a price two cards share stays; an offer box drawn twice in the page is read once (as statically)",
    "product--details-behind-a-button": "a panel of prose the stylesheet hides under a drawn \"View product details\" button is read after it; a hidden list of links under a button stays hidden",
    "product--content-hidden-until-script": "the page's script shows its hidden <main> content on load; statically the bulk rule reads it",
    # code
    "code--backtick-fence": "code drawn in monospace with backtick runs",
    "code--copy-strip": "copy-button strips drawn next to <pre>",
    "code--div-with-data-lang": "a <div data-lang> of code, drawn without <pre>",
    "code--shiki-lines-without-newlines": "Shiki line spans drawn as lines by the page's stylesheet, no newline text between them",
    "code--block-code-without-pre": "a <code class=\"block\"> listing outside any <pre>",
    "code--docusaurus-copy-button": "Docusaurus copy button and line spans drawn in monospace",
    "code--hugo-chroma": "Chroma line spans and hidden copy text in a drawn <pre>",
    "code--inline-spans": "<code>/<kbd> drawn inline in monospace, not as blocks",
    "code--language-classes": "code drawn in monospace; language read from classes",
    "code--languages": "several <pre> blocks drawn in monospace",
    "code--line-number-tables": "line-number gutters laid out as tables beside the code",
    "code--line-numbers-inside-the-listing": "line numbers drawn inside the listing's own <pre> (Pygments, Chroma inline; Rouge's nested table)",
    "code--github-file-line-tables": "a Gist embed's listing laid out as a table of line rows",
    "code--vuepress-line-number-gutter": "VuePress 1's line-number gutter, a <div> after the <pre> laid beside it",
    "code--php-highlight-string-listing": "PHP's highlight_string listing, a <code> of <br> lines drawn as a block without a <pre>",
    "code--syntaxhighlighter-rendered": "SyntaxHighlighter's rendered table: the code cell's line rows, not the gutter's numbers",
    "code--no-language-words": "code drawn in monospace; no-language class words ignored",
    "code--highlighters-real-markup": "Prism's toolbar, Docusaurus's title, a chat UI's header bar laid out around drawn code",
    "code--node-docs-flavours-and-copy-button": "Node.js's toggle shows the CommonJS flavour of each listing; the ES one is display:none",
    "code--node-docs-esm-flavour-chosen": "the reader chose ES modules: only that flavour is drawn",
    "code--typora-codemirror-export": "Typora's CodeMirror 5 editor inside a <pre>: its measuring box is drawn off screen, not read",
    "code--gitea-file-view": "Gitea's file view: line numbers drawn from data-line-number beside <code> cells",
    "code--listing-beside-a-line-number-pre": "sourcehut's line-number <pre> drawn beside the listing's <pre>",
    "code--br-lines-outside-pre": "SMF's and MyBB's <code> of <br> lines, drawn as blocks beside their header",
    "code--counted-line-rows": "Gitiles' and LaTeXML's rows each led by their line number, drawn without <pre>",
    "code--numbered-rows-not-code": "numbered transcript, verse and clauses with line-number classes stay prose when drawn",
    "code--file-name-header-pre": "Quarto's one-line file-name <pre> over the listing it names",
    "code--one-line-pre-not-a-name": "a one-line <pre> before a listing whose attributes hold the same word stays a listing",
    # docs generators
    "docs--code-tabs-hidden-panels": "in the browser only the chosen tab is drawn; statically every panel is read",
    "docs--tabs-paired-by-position": "tabs with no aria-controls pair with their panels by order: the drawn panel is read under its tab's name and the strip goes; statically every panel is",
    "docs--long-sidebar-short-page": "a sidebar <nav> of links drawn beside a short page outweighs it",
    "docs--mkdocs-material-page": "MkDocs Material: collapsible details, svg icons, lists",
    "docs--mkdocs-material-tabbed": "tabbed code blocks: only the drawn tab's layout",
    "docs--sphinx-alabaster-page": "Sphinx alabaster layout; relative links resolve in the browser",
    "docs--sphinx-api-function": "Sphinx API <dl> signatures laid out as definitions",
    "docs--sphinx-furo-admonitions": "Furo admonitions with display:none parts; relative links",
    "docs--sphinx-rtd-page": "RTD theme: floats, hidden headerlinks, tables, lists",
    "docs--node-text-repeated-per-section": "each repeated line is drawn in its own API entry, so the browser keeps every copy, as the static path does",
    "docs--controls-beside-content": "CPython's prompt toggle drawn absolutely over its code block; buttons and source links laid out as controls",
    "docs--cpython-module-self-links": "the title's self-link and the footnote drawn as CPython lays them out",
    "docs--sphinx-admonitions-as-alerts": "admonition boxes and their titles as laid out",
    "docs--cpython-api-entries": "API signatures laid out as definition terms, notes inside them",
    "docs--rustdoc-item-page": "rustdoc: the heading's hidden '§' beside a floated 'Source' link, the open details' summary hidden by the stylesheet",
    "docs--rustdoc-trait-impl-since-version": "rustdoc: the floated '1.0.0 · Source' beside a trait method drawn as its heading's furniture",
    "docs--doxygen-code-fragment": "Doxygen: each div.line drawn pre-formatted, the hover cards display:none",
    "docs--doxygen-member-prototypes": "Doxygen: each member's prototype and its list row drawn as one line of table cells",
    "docs--doxygen-page-title": "Doxygen: the title band drawn above the contents",
    "docs--javadoc-summary-grid": "javadoc: the member summary's <div> cells laid out by a CSS grid as a table",
    "docs--javadoc-member-details": "javadoc: summaries and member details laid out as unmarked lists of sections; signatures drawn pre-wrapped in monospace",
    # editors
    "editors--ace": "Ace editor: lines positioned by the browser, hidden textarea",
    "editors--codemirror5": "CodeMirror 5: absolutely positioned lines and measure pre",
    "editors--codemirror6": "CodeMirror 6: editor lines, fixed/sticky gutters",
    "editors--monaco": "Monaco: absolutely positioned view lines composed into one block",
    "editors--viewport-hidden-pre": "viewport editor completed from a hidden <pre> beside it",
    "code--textarea-examples": "code in a textarea whose class says code, as the browser keeps its value; a form field and a read-only republish box stay out",
    # escaping
    "escaping--brackets-breaks-nbsp": "nbsp and breaks as the browser serialises them",
    "escaping--identifiers": "identifiers in drawn text keep their underscores",
    "escaping--inside-code": "no escaping inside code drawn in monospace",
    "escaping--line-starts": "line starts after drawn <br> breaks",
    # footnotes, forum, links
    "footnotes--references-and-notes": "footnote references and the notes list below a drawn <hr>",
    "footnotes--substack-notes-opened-by-their-number": "links to a note's own number (Substack's div.footnote > a.footnote-number) make the note",
    "footnotes--latexml-notes-inside-the-sentence": "notes written inside their sentence (LaTeXML's span.ltx_note) as references, each note after its paragraph",
    "footnotes--same-words-stay-separate-notes": "LaTeXML notes with the same words (Ibid., See here with two links) keep their own labels and definitions; a note alone in a cell stays a note",
    "footnotes--pandoc-ibid-notes-kept": "two Pandoc notes saying Ibid. keep both definitions through de-duplication",
    "footnotes--latexml-notes-in-titles-lists-tables": "LaTeXML notes in a title, heading, list item, caption and cell, each written after the block holding it, placed there though its box is drawn inside that block (or only on hover)",
    "forum--declared-thread-short-replies": "a thread declared in JSON-LD keeps its short replies",
    "forum--noscript-thread": "scripts run, so the <noscript> thread is not drawn",
    "forum--per-comment-controls": "as drawn: a collapse toggle, a strip of in-page links between separators and a declared like count go; a <meta> or <link> between two boxes parts nothing",
    "forum--social-post-short-replies": "a dated post whose head says article keeps its replies when they are built as the post is, however short",
    "forum--attachment-link-after-post-lines": "a post's lines above its linked attachment picture are not that link's text, as drawn",
    "links--unsafe-schemes": "hrefs as the browser decodes them (entity-encoded schemes)",
    # images
    "images--lazy-placeholder-drawn": "a lazy image named for readers (alt, noscript twin) with no declared size, its loader not run: the 1x1 placeholder drawn (transparent) stands for the picture data-src names, as statically; a bare data: pixel goes",
    "images--lazy-and-relative": "lazy images drawn at their boxes; the <noscript> twin not drawn; srcset's currentSrc",
    "images--picture-placeholder": "<picture> over a placeholder img: the browser's chosen <source> candidate",
    "images--variants": "images whose loads fail drawn as alt text, kept; srcset currentSrc; links resolve",
    "images--placeholders-that-show-nothing": "placeholder data: images (an empty SVG, a 1x1 GIF or PNG) drawn at any size and still dropped; data: pictures that draw stay",
    "article--script-adds-iframe-to-head": "a script puts an iframe and a div into <head>: re-parsing the capture opens <body> early and the page's own stamped <body> tag is lost; the body gets its stamp back and the story stays",
    # lists
    "lists--definition-list": "<dl> terms and definitions laid out by the browser",
    "lists--dl-several-dd": "<dd> of several paragraphs; relative links resolve",
    "lists--docbook-itemizedlist": "DocBook itemizedlist markup drawn as lists",
    "lists--multi-paragraph-items": "list items holding several drawn paragraphs",
    "lists--nested": "nested lists indented by the browser",
    # math
    "math--formula-images-and-attributes": "formula images and KaTeX: rendered copies drawn, TeX kept",
    "math--katex": "KaTeX: the drawn HTML copy dropped, TeX annotation kept",
    "math--mathjax-scripts": "MathJax scripts and their drawn, aria-hidden copies",
    "math--mediawiki-mathml": "MediaWiki MathML hidden by CSS beside its fallback image",
    # MDN
    "mdn--notecards-and-params": "MDN note cards, parameter <dl>, iframe; relative links",
    "main--content-header-band": "a header-named band inside <main> drawn above the body",
    "mdn--reference-page": "MDN reference layout: code, lists, svg; relative links",
    # news
    "news--chart-labels-over-picture": "a chart's tick and value labels positioned over its picture go; the sentence set over it stays",
    "news--article-figure-byline": "lead figure and byline in <main> as drawn; relative links resolve",
    "news--review-section-heading": "a section headed “Review” is the article; “Comments” is furniture",
    "news--picture-srcset-credit": "<picture> <source> chosen by the browser; figure credit and video box",
    "news--story-continued-after-ad-slot": "the story goes on past an ad slot in a box named otherwise; the band after it goes",
    "article--recipe-card-after-post": "a recipe plugin's card after the post's text, outside its element, is the content",
    "article--critic-review-score-box": "a declared critic's review keeps its score, pros and cons and spec table",
    "article--review-declared-as-product": "a Product holding one review and no offers is a review, not a shop page",
    "news--read-also-box-one-teaser": "a labelled box of one or two linked headlines between paragraphs goes",
    "news--fact-box-aside-in-story": "an <aside> of figures between the story's paragraphs is the story's",
    "article--review-box-inside-undeclared-review": "a box named review between the paragraphs is the text's own",
    "code--highlighter-conventions-more": "Org mode, Jupyter, Medium, Enlighter, devsite, DocC, Confluence, ExDoc, Crayon, bare hljs and knitr language marks",
    # Q&A
    "forum--reply-quotes-earlier-post": "a reply quoting the post above it: the drawn quotation goes, the post keeps its words (as statically)",
    "product--shop-lines-above-product-name": "the shop lines drawn above a declared product's name go, its pictures stay",
    "product--lone-links-among-product-lines": "a lone link among a product's lines goes as drawn; the linked <h1> stays",
    "product--buy-box-button-lines": "a declared product's variant buttons go as drawn; an accordion's heading set in a button stays",
    "product--shop-terms-box-above-description": "as drawn: a declared product's \"Delivery & Returns\" box over an empty panel goes, the description its section climbs over stays",
    "article--delivery-section-of-a-reviewed-product": "as drawn: a review declaring the product it reviews keeps its own \"Shipping and returns\" section among its sections",
    "product--shipping-and-returns-terms": "as drawn: a declared product's \"Livraison et retours\" tab and its \"Produits similaires\" rail go, its other tabs stay",
    "product--variant-radios-and-quantity-stepper": "as drawn: two radio buttons' labels are two words, a number field's −/+ buttons go",
    "product--stepper-beside-swatches": "only the number field's neighbouring sign button goes; swatch and size-guide image buttons in its form stay",
    "article--ordinal-after-time": "a <time>'s number keeps its ordinal ending in <sup>; a <time> before a box is a word of its own",
    "product--toggles-cards-and-long-lines-in-buttons": "as drawn: open/close toggles' questions, a card button's lines and a long line in a button stay; size buttons and a menu button's label go",
    "service--lone-calls-to-action": "a lone short link closing a section's text goes as drawn; a long link, a list and an e-mail stay",
    "qa--prettyprint-legacy": "prettyprint code spans drawn in monospace beside floats",
    "qa--stackexchange-answer": "answer with blockquote, code and <hr>",
    "qa--superuser-steps": "ordered steps with a quote and code",
    # quotes
    "quotes--prose-and-structured": "blockquote of prose vs blockquote holding a list",
    "quotes--structured-with-cite": "structured blockquote with a drawn citation",
    "quotes--nested-replies-with-lists-and-code": "quotes inside walked quotes (lists and code beside them) nest as the browser draws them",
    "quotes--mail-and-indentation-levels": "a mail's or forum's quote of a quote keeps both levels, bare indentation is one quote, a hidden sole quote shows nothing",
    "quotes--indentation-and-lists-in-two-quotes": "a quote holding only a quote (drawn indented twice) is one quote; lists under two quotes stay two",
    # readme
    "readme--task-lists-and-tables": "task-list checkboxes, tables and badge images as drawn",
    "readme--github-repo": "GitHub README: svg anchors aria-hidden, code, lists; relative links",
    # shadow DOM
    "shadow--github-relative-time": "shadow DOM composed by the browser; relative links",
    "shadow--nested": "nested shadow roots composed by the browser",
    "shadow--nested-inside-out": "nested components composed inside out by the browser",
    "shadow--slots": "named and unnamed slots composed by the browser",
    "shadow--slots-fallback": "slot fallback drawn only when nothing is assigned",
    # tables
    "service--faq-hidden-until-found": "answers hidden with hidden=until-found (drawn as content-visibility: hidden, opened by find-in-page) are read; a plain hidden paragraph is not",
    "service--faq-accordion-collapsed": "collapsed accordion answers are read after their drawn questions, as statically; a drawer no control opens stays hidden",
    "service--panel-behind-undrawn-toggle": "a panel whose only toggle is not drawn at this width (a phone-only button) stays hidden; an FAQ answer behind a drawn question is read",
    "service--tabs-hold-the-content": "the tab panel the reader did not open is read too, as statically (its content is one click away)",
    "service--faq-answers-inline-hidden": "answers hidden by an inline display:none under their drawn questions are read after them",
    "service--faq-collapse-wrapper": "answers in collapsing wrappers (display:none) are read after their drawn questions",
    "tables--craigslist-link-table": "a table of links without <th>; relative links",
    "tables--data": "data table laid out by the browser; relative links",
    "tables--government-stats": "statistics table laid out by the browser",
    "tables--hacker-news-layout": "layout tables drawn as page structure; relative links",
    "tables--layout": "layout tables vs data tables; relative links",
    "tables--nested-table": "a table nested in a cell",
    "tables--no-header-row": "data table without <th>, header synthesised",
    "tables--pipes-and-links": "pipes and links inside drawn cells",
    "tables--span-cell-lines": "spanning cells with lines and list items",
    "tables--spans": "rowspan/colspan cells laid out by the browser",
    "tables--wikipedia-footnotes": "wikitable with a display:none sort key and footnotes; relative links",
    # wiki, wordpress
    "wiki--thumb-figures": "floated thumbs and figures; protocol-relative images and links resolve",
    "wiki--article-infobox": "infobox table floated beside the article",
    "wiki--legacy-headings": "legacy MediaWiki headings and hatnotes; relative links",
    "wiki--references": "reference list and citation marks as drawn",
    "wiki--wikitable-rowspan": "wikitable with rowspans and an image in a cell",
    "wordpress--classic-lazy-images": "classic WordPress lazy images and wp-caption boxes; <noscript> twins read once",
    "wordpress--gutenberg-post": "Gutenberg post in <main>: image block, sharing and post navigation as drawn",
    "wordpress--pullquote-and-list": "WordPress pullquote figure, list and table",
    "wordpress--jetpack-related-posts": "Jetpack's related posts box inside the post's content, its items filled in",
    "qa--question-title-linked-to-its-page": "a Q&A question's <h1>, linked to the page itself in a band named question-header, stays, its code and answers with it",
}


def _settings(fixture: Path) -> dict:
    path = fixture / "options.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _expected(fixture: Path, server: str) -> tuple[str, str]:
    """(file name, Markdown): expected.browser.md when present, else expected.md."""
    for name in (BROWSER_EXPECTED, "expected.md"):
        path = fixture / name
        if path.exists():
            return name, path.read_text(encoding="utf-8").replace(SERVER_PLACEHOLDER, server)
    pytest.fail(f"{fixture.name} has no expected.md")


@pytest.fixture(scope="module")
def fixture_browser(tmp_path_factory, browser_paths):
    driver = start_chromium(str(tmp_path_factory.mktemp("fixtures-profile")), paths=browser_paths)
    try:
        set_viewport(driver)
        driver.set_page_load_timeout(30)
        yield driver
    finally:
        driver.quit()


def test_browser_fixture_list_is_sound():
    """Every listed fixture exists with a reason, and every expected.browser.md
    belongs to a listed fixture (else nothing would ever check it)."""
    missing = [name for name in BROWSER_FIXTURES if not (PAGES / name / "page.html").exists()]
    assert not missing, f"listed but not in tests/pages: {missing}"
    unreasoned = [name for name, why in BROWSER_FIXTURES.items() if not why.strip()]
    assert not unreasoned, f"listed without a reason: {unreasoned}"
    strays = sorted(p.parent.name for p in PAGES.glob(f"*/{BROWSER_EXPECTED}")
                    if p.parent.name not in BROWSER_FIXTURES)
    assert not strays, f"{BROWSER_EXPECTED} for fixtures not on the browser path: {strays}"
    assert len(BROWSER_FIXTURES) >= 40


@pytest.mark.parametrize("name", sorted(BROWSER_FIXTURES))
def test_fixture_in_browser_matches_expected_markdown(name, fixture_browser, server):
    fixture = PAGES / name
    settings = _settings(fixture)
    fixture_browser.get(f"{server}/{name}/page.html")
    settle(fixture_browser)
    capture = run_collect(fixture_browser)
    fresh_tab(fixture_browser)      # the settled tab's clock is stopped
    document = webgist_host.convert(
        capture["html"],
        url=settings.get("url"),
        geometry=capture,
        scope=settings.get("scope", DEFAULT_SCOPE),
        options=settings.get("options"),
    )
    expected_name, expected = _expected(fixture, server)
    if document.markdown != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(keepends=True), document.markdown.splitlines(keepends=True),
            fromfile=f"{name}/{expected_name}", tofile="produced in Chromium"))
        pytest.fail(f"{name}: browser-path Markdown differs from {expected_name} "
                    f"(reading order: {document.reading_order_method})\n{diff}", pytrace=False)
