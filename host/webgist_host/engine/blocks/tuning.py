"""Every tunable rule of the block stage: the thresholds and word lists someone would
change to make extraction better or worse, each with the general reason it holds on
the web. The evidence behind each (benchmark pages, figures when it landed) is in
docs/rules/blocks.md. Plain HTML facts (block-level tags, void elements, heading
levels) and the DOM shapes of particular libraries stay beside the code that reads
them."""
from __future__ import annotations

import re

from ..model import BlockKind

# --- what a reader never sees (visibility.py) -----------------------------------------

# Screen-reader-only classes (Bootstrap, WordPress, Drupal, Tailwind, GOV.UK and the
# "visually hidden" idiom): text a sighted reader never sees, such as a swatch's
# "Option: KALLAX, shelving unit, white" or "4.2 out of 5 stars" beside the stars.
# Compared with the raw class tokens (lower-cased): "sr" alone is too short.
SCREEN_READER_ONLY_CLASSES = frozenset({
    "sr-only", "sr-only-focusable", "visually-hidden", "visually-hidden-focusable",
    "visuallyhidden", "screen-reader-text", "screen-reader-only", "element-invisible",
    "assistive-text", "a11y-hidden", "u-visually-hidden", "govuk-visually-hidden",
})
# A framework's prefixed copy of a screen-reader-only utility (u-text-sr-only,
# tw-sr-only, c-visually-hidden) means what the bare name means.
SCREEN_READER_ONLY_SUFFIXES = ("-sr-only", "-visually-hidden", "-screen-reader-text")
# Utility classes that mean display:none in the framework that defines them:
# Bootstrap 4/5 "d-none", Bulma "is-hidden", Foundation "hide", Bootstrap 3 and
# Tailwind "hidden". Read only without a browser (its boxes say what was drawn): the
# text under them is mostly tab and overlay content, script data, mobile duplicates.
# Not "js-hidden" (hidden only once scripts run).
# rustdoc's "hideme" is the <summary> ("Expand description") of a <details> it
# writes open: its stylesheet hides it while the details are open.
HIDING_CLASSES = frozenset({"d-none", "is-hidden", "hide", "hidden", "hideme"})
# One cheap test on every class value before its tokens are compared with the two
# lists above: substrings every one of their names (and suffixes) holds. Plain `in`
# tests on the lower-cased value: a case-insensitive regex alternation took 20 times
# as long on a long utility-class value, and ran on every element.
CLASS_MAY_HIDE = ("hid", "none", "sr-", "screen", "invisib", "assistiv")
# Classes that show an element from some screen width on ("d-md-block", "md:flex",
# Bootstrap 3's "visible-lg"): with them a hiding class hides on small screens only.
SHOWN_AT_SOME_WIDTH = re.compile(
    r"^(?:d-(?!print)[a-z]+-(?!none)[a-z-]+|[a-z0-9]+:(?!hidden)[a-z-]+|visible-[a-z-]+)$")
# The spoken half of a drawn/spoken pair (an aria-hidden "$30" beside screen-reader
# text "Original price was: $30.") is a phrase: a price, a unit ("per month"), a
# count ("21 reviews"), a rating sentence. A screen-reader-only neighbour longer than
# this is a section of its own, and pairs with nothing.
SPOKEN_HALF_MAX_WORDS = 12
# The spoken half may sit inside the drawn half's neighbour (WP Recipe Maker's
# <span>15<span class="sr-only"> minutes</span></span><span aria-hidden>mins</span>),
# and the drawn half may be wrapped alone (Shopify's <p><span aria-hidden>4.6 / 5.0
# </span></p> after the stars' role=img): this many levels are looked at, the
# neighbour itself first, then the child at its edge; a lone wrapper is climbed
# this many up. What the two pages need; a phrase's markup is shallow.
SPOKEN_HALF_MAX_DEPTH = 2
SPOKEN_HALF_MAX_WRAPS = 1
# Without a browser, a hiding class or an inline display:none is not believed on an
# element holding at least this share of the text of its <main> (or of the page,
# when there is none): hiding the page's bulk is a reveal a script performs on load.
# Measured against <main>, not the page, so a hidden side section stays hidden.
HIDDEN_BULK_SHARE = 0.5
# In the browser, text cut off below a box that hides its overflow is a clamped
# article ("Continue reading") when the box is at least this tall (about four
# lines) and shows one element of at least this many words whole: a shut drawer,
# a one-line ticker or a 1px screen-reader box is shorter, and a mock-up of an
# app's window drawn in HTML shows labels, not sentences.
CLAMP_MIN_SHOWN_PX = 100
CLAMP_MIN_SHOWN_WORDS = 12
# ...and when a control that opens it is drawn at its foot: a button, link or
# summary within this distance of its bottom edge, inside it (over a fade) or in
# its next few siblings or its parent's. A box that merely overflows (a carousel's
# track, a scene of a scrolling animation) has no such control.
CLAMP_CONTROL_TAGS = frozenset({"button", "a", "summary", "label"})
CLAMP_CONTROL_REACH_PX = 120
CLAMP_CONTROL_SIBLINGS = 2
# ...but not when what is cut off is a piece nearly as tall as the box: the slides of
# a vertical slider (quotes one at a time under a "Next" button) each fill the frame,
# where a clamped article's paragraphs are a few lines of a taller box.
CLAMP_SLIDE_SHARE = 0.8
# Script tabs without ARIA roles (a row of buttons, then one panel per button, the
# panels not chosen display:none): a tab's label is a few words, unlike a toolbar's
# or a form's buttons beside their panels' prose; a slider's dots have none.
TAB_LABEL_MAX_WORDS = 4
# A <noscript> this long is content, not an "enable JavaScript" notice or a pixel.
NOSCRIPT_MIN_WORDS = 100
# An accordion's question is a line; its answer is prose (a panel hidden under it is
# opened by a click, so without a browser it is kept).
QUESTION_MAX_WORDS = 25
ANSWER_MIN_WORDS = 8
# A button of at least this many words ending in "?", before a box of prose, is an
# accordion's question: content ("Forgot password?" is shorter).
QUESTION_BUTTON_MIN_WORDS = 3
# In the browser, tab panels the reader did not choose are read too (their content
# is one click away), except the versions of one code sample, one per language or
# platform: a panel that holds code and at most this many words outside it.
CODE_TAB_MAX_PROSE_WORDS = 20
# A tab strip (role=tablist) whose tabs name their panels goes, each panel carrying
# its tab's name; it holds the tabs' words and at most this many more. Some pages put
# role=tablist on the element that holds the panels too (a collection page's whole grid).
TAB_STRIP_EXTRA_WORDS = 5
# Radio-button tab sets (radio_tabs.py): a tab's <label> is a few words ("pip",
# "Windows 10 or later"); a longer <label> is a form's question or answer.
RADIO_TAB_LABEL_MAX_WORDS = 6
# ...and when the labels stand among the radios in the tab set's own box, as a
# form's answers do too, the set says it is one: a class word (split at - and _)
# on that box or on the panels' box ("os-tabs", MkDocs' "tabbed-set"), or a radio
# checked in advance with all the radios before the labels (so that CSS can show
# the checked one's panel). A quiz's radios, no answer chosen, have neither.
RADIO_TAB_CLASS_WORDS = frozenset({"tab", "tabs", "tabbed"})
# Tags that draw an icon with no text: icon fonts use <i>, the rest inline <svg>.
# Screen-reader text beside one is the icon's text. (An <img> has its own alt.)
ICON_TAGS = frozenset({"i", "svg"})
# The id React gives a streamed Suspense boundary's content (S:0, S:1, ... S:a, S:1f:
# React writes the number in hexadecimal): a script moves that hidden <div> into
# place, so without a browser it is the page.
REACT_STREAMED_ID = re.compile(r"^S:[0-9a-f]+$")
# The <template> that marks where a streamed boundary (B:0) or segment (P:0) goes: the
# same script removes it when it moves the content in.
REACT_PLACEHOLDER_ID = re.compile(r"^[BP]:[0-9a-f]+$")
# The <script type> values a browser runs (HTML's JavaScript MIME types, compared by
# essence, plus "module"; no type or an empty one runs too). Data blocks a page keeps
# after its scripts are stripped (application/ld+json, application/json, importmap)
# move no streamed part into place.
RUNNABLE_SCRIPT_TYPES = frozenset({
    "module", "application/ecmascript", "application/javascript",
    "application/x-ecmascript", "application/x-javascript", "text/ecmascript",
    "text/javascript", "text/javascript1.0", "text/javascript1.1", "text/javascript1.2",
    "text/javascript1.3", "text/javascript1.4", "text/javascript1.5", "text/jscript",
    "text/livescript", "text/x-ecmascript", "text/x-javascript",
})

# --- the walk (walker.py, page_index.py, kinds.py) ------------------------------------

# Below this many CSS pixels an image is a tracking pixel or an icon, not content.
MIN_IMAGE_PX = 32
# An emoji or symbol image drawn at text size stands for its alt in the line
# (images.image_as_text): a character or a short sequence (a flag, a family joined
# with ZWJ, a skin tone); a longer run of symbols is art.
SYMBOL_ALT_MAX_CHARS = 16
# The Interactive Advertising Bureau's standard ad unit sizes (width, height in CSS
# pixels: banner, leaderboard, rectangles, skyscrapers, billboard, mobile banners,
# micro bar). An embed declared or drawn at one of them is an ad slot: ad servers
# size their frames to the unit sold. Every iframe declared at one of these sizes
# on the two development corpora was an ad (affiliate banners, AdSense, Baidu's
# network); no video or map player was.
AD_UNIT_SIZES = frozenset({
    (468, 60), (234, 60), (728, 90), (970, 90), (970, 250), (300, 250), (336, 280),
    (250, 250), (200, 200), (180, 150), (125, 125), (160, 600), (120, 600), (300, 600),
    (300, 1050), (120, 240), (320, 50), (320, 100), (300, 50), (88, 31),
})
# An <svg> says something when it has this many <text> labels or words (else an icon).
MIN_SVG_LABELS = 2
MIN_SVG_WORDS = 3
# A blockquote holding any of these is structure, walked into rather than one quote.
QUOTE_STRUCTURE_TAGS = frozenset({
    "table", "ul", "ol", "dl", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6",
    "figure", "img", "video", "audio", "iframe", "hr",
})
# Paragraph-like children; more than one of them makes a blockquote structure too.
QUOTE_PARAGRAPH_TAGS = frozenset({"p", "div"})
# Attributes that name a code language; on a <div> of plain text they make it code
# (documentation generators that draw listings without a <pre>).
NAMED_CODE_ATTRIBUTES = ("data-lang", "data-language")
# A copy strip is a label and a button or two; anything with more children is not.
MAX_STRIP_CHILDREN = 8
# Blocks a list item or definition adopts as its own text.
ITEM_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.HEADING})
# Tags that make an element drawn as code (FLAG_CODE) a page rather than a listing:
# a plain-text page styled pre-wrap in a monospace font still has its headings.
CODE_STRUCTURE_TAGS = frozenset({
    "pre", "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "table",
    "blockquote", "figure", "img", "video", "iframe",
})
# Inline wrappers kept whole even around <br><br> (their markup would be lost if
# walked through); plain wrappers such as <font> and <span> are walked through so
# the pair splits paragraphs (plain-text archives wrap whole pages in <font>).
KEEP_WHOLE_TAGS = frozenset({"a", "b", "strong", "i", "em", "code", "kbd", "samp", "tt"})
# A control in one of these was written into the prose ("<p><button>Download CSV")
# and is kept; a control standing alone elsewhere ("Run" under a playground) is not.
PROSE_CONTAINERS = frozenset({"p", "li", "dd", "td", "th", "blockquote"})
# Tags taken verbatim as code without the browser's word.
CODE_TAGS = frozenset({"pre", "listing", "xmp"})
# Structure that stays structure even in a code font (a <p> styled pre-wrap in a
# monospace font is a listing; a heading or a list item is still a heading or item).
NEVER_DRAWN_CODE_TAGS = CODE_TAGS | (CODE_STRUCTURE_TAGS - {"p"}) | {"li", "dt", "dd"}

# --- inline content (inline.py) -------------------------------------------------------

# The quotation marks a <q> is drawn with (CSS `quotes: auto`, from CLDR's quotation
# marks): outer pair, inner pair, by the primary language subtag of the nearest
# `lang`. A language not listed takes QUOTE_MARKS_DEFAULT (English's, which Hebrew,
# Chinese, Portuguese and many others use too). The text holds no marks of its own:
# a <q> read without them runs its quotation into the sentence.
QUOTE_MARKS_DEFAULT = ("\u201c", "\u201d", "\u2018", "\u2019")
QUOTE_MARKS = {
    **{lang: ("\u201e", "\u201c", "\u201a", "\u2018") for lang in ("de", "cs", "sk", "sl", "is", "lt")},
    **{lang: ("\u00ab", "\u00bb", "\u201e", "\u201c") for lang in ("ru", "uk", "be")},
    **{lang: ("\u00ab", "\u00bb", "\u201c", "\u201d") for lang in ("fr", "es", "it", "ca", "el")},
    **{lang: ("\u201e", "\u201d", "\u00ab", "\u00bb") for lang in ("pl", "hu", "ro")},
    "ja": ("\u300c", "\u300d", "\u300e", "\u300f"),
}

# Inside a table cell or a quote these separate lines rather than just words
# (<td>a<br>b</td> must not come out as "ab").
LINE_BREAKING_TAGS = frozenset({"p", "li", "div", "dt", "dd", "tr"})
# Never content: code, styling, metadata, form widgets whose text is option lists,
# and the fallbacks no current browser draws (<noembed>, <noframes>).
SKIPPED_TAGS = frozenset({
    "script", "style", "noscript", "template", "head", "title", "meta", "link",
    "select", "datalist", "option", "optgroup", "textarea", "input", "canvas",
    "object", "embed", "param", "source", "track", "map", "area", "noembed", "noframes",
})
# Hrefs that run script or smuggle a page in; the link text survives without them.
UNSAFE_HREF_PREFIXES = ("javascript:", "vbscript:", "data:")
# An address longer than this carries state (search facets, ad-click tokens, a
# player's serialised settings), not a place a reader goes: the link (or embed)
# keeps its words and loses its target. Long shop and affiliate links stay under it.
MAX_LINK_URL_CHARS = 1000
# Heading permalinks (Sphinx "¶", GitHub/Hugo "#", "🔗") are page furniture, not words.
# The classes are the widget's in Sphinx, Docusaurus, VitePress, pydata-sphinx-theme
# and AnchorJS (drawn by CSS or an icon when empty); a link so classed is still
# content when its text has letters or digits.
# Doxygen writes "◆" before each member's title.
PERMALINK_GLYPHS = frozenset({"¶", "#", "🔗", "§", "◆"})
# A classed widget's text is a glyph: at most two characters, even when a page with
# no declared charset is mis-decoded ("Â¶").
PERMALINK_MAX_CHARS = 2
PERMALINK_CLASSES = frozenset({"headerlink", "hash-link", "header-anchor", "anchor-link",
                               "anchorjs-link", "heading-anchor", "permalink"})
# A page title drawn without a heading tag, read as the page's <h1>: Doxygen's
# div.headertitle > div.title (every page it writes has one, and no <h1> above it).
TITLE_DIV_CLASS = "title"
TITLE_BAND_PARENT_CLASS = "headertitle"
# A list whose every item is one of these and nothing else is the page's layout
# (javadoc 17 nests each summary and each member's details as ul > li > section > h2),
# not a list: its sections keep their headings.
SECTION_ITEM_TAGS = frozenset({"section"})
# MediaWiki's "[edit]" next to every heading.
EDIT_SECTION_CLASSES = frozenset({"mw-editsection"})

# --- admonitions (admonitions.py) -----------------------------------------------------

# Class words that make an element a callout box of a documentation generator:
# docutils/Sphinx and MkDocs "admonition", GitHub "markdown-alert", Docusaurus 3
# "theme-admonition", VitePress "custom-block", Quarto/Obsidian "callout",
# Asciidoctor "admonitionblock", MDN "notecard". Generic words such as "alert" or "notice" are not
# here: sites use them for banners and cookie notices.
ADMONITION_CLASSES = frozenset({
    "admonition", "markdown-alert", "theme-admonition", "custom-block", "callout",
    "admonitionblock", "notecard",
})
# Sphinx writes a deprecation as div.deprecated with its title inline; it is a callout
# even without the class words above (versionadded/versionchanged are plain notes).
STANDALONE_ADMONITION_CLASSES = frozenset({"deprecated", "versionremoved"})
# Prefixes a generator puts before the type word ("admonition-note",
# "markdown-alert-warning", "theme-admonition-tip", "callout-important").
ADMONITION_TYPE_PREFIXES = ("markdown-alert-", "theme-admonition-", "admonition-", "callout-")
# The admonition type words (docutils' nine, MkDocs Material's, Docusaurus') and the
# GFM alert each is written as. The words are class names, the same in every
# language a site is written in; a type not here keeps its own title, in bold.
ALERT_OF_TYPE = {
    "note": "NOTE", "info": "NOTE", "information": "NOTE", "abstract": "NOTE",
    "summary": "NOTE", "tldr": "NOTE", "secondary": "NOTE",
    "tip": "TIP", "hint": "TIP", "success": "TIP", "check": "TIP", "done": "TIP",
    "important": "IMPORTANT",
    "warning": "WARNING", "attention": "WARNING", "deprecated": "WARNING",
    "versionremoved": "WARNING",
    "caution": "CAUTION", "danger": "CAUTION", "error": "CAUTION", "failure": "CAUTION",
    "bug": "CAUTION", "fail": "CAUTION", "missing": "CAUTION",
}
# Type words with no alert: the box keeps its own title ("See also", "Example").
OTHER_ADMONITION_TYPES = frozenset({
    "seealso", "todo", "example", "question", "help", "faq", "quote", "cite", "custom",
})
# Class words of the element holding an admonition's title, and the start of
# Docusaurus' hashed CSS-module class ("admonitionHeading_Gvgb").
ADMONITION_TITLE_CLASSES = frozenset({
    "admonition-title", "markdown-alert-title", "custom-block-title", "callout-title",
    "title",
})
ADMONITION_TITLE_CLASS_PREFIXES = ("admonitionheading",)

# --- code (code.py) -------------------------------------------------------------------

# What a highlighter writes when it found no language: a fence tagged "undefined"
# shows a word the page never showed.
# Sphinx's "default" is the project's default lexer (highlight-default), not a name.
# Discourse writes "lang-auto" on a block with no language named (its default code
# language setting, "auto": highlight.js guesses in the reader's browser).
NO_LANGUAGE_WORDS = frozenset({
    "undefined", "none", "null", "text", "plaintext", "plain", "nohighlight", "default",
    "auto", "txt", "no-highlight",
})
# The HTML lang attribute names a human language, but cmark-gfm's GitHub option
# (github_pre_lang, as GitHub's Markdown API and some of its clients render) and
# GitLab write the code's language there: <pre lang="python">. Read only on the
# <pre> and its <code>, only a known language name, and not one that is also a
# human language's ISO 639-1 code (Czech, Serbo-Croatian, Tsonga, Swedish).
CODE_LANG_ATTRIBUTE = "lang"
HUMAN_LANGUAGE_CODES = frozenset({"cs", "sh", "ts", "sv"})
# How far up from the <pre> a wrapper may name the language (Sphinx puts it two up).
LANGUAGE_ANCESTOR_LEVELS = 2
# td > tr > (tbody >) table: how far a code cell sits below its line-number table.
CODE_TABLE_DEPTH = 3
# A <code> outside any <pre> whose class says "block" is a listing of its own; its
# other class words are highlighter names or the language. These are the
# highlighter names, never taken for the language.
HIGHLIGHTER_CLASS_WORDS = frozenset({
    "hl", "highlight", "highlighted", "code", "source", "sourcecode", "syntax",
    "notranslate", "chroma", "shiki", "block",
})
# Highlighter class words a bare language name may stand beside (Hexo/Jekyll
# "highlight cpp", old highlight.js "python hljs", Pandoc "sourceCode python",
# prettify "prettyprint lang-x"); the other word counts only when it is a language.
# rustdoc writes "rust rust-example-rendered" on an example and "rust item-decl" on
# an item's declaration.
# ExDoc (hexdocs.pm) writes "makeup elixir" after its highlighter.
# DokuWiki writes "code php" on its <pre> (GeSHi's language name after "code").
# SyntaxHighlighter's rendered box: "syntaxhighlighter python" (the brush's name).
# Redmine writes <code class="ruby syntaxhl"> (CodeRay's or Rouge's output).
HIGHLIGHTER_MARK_WORDS = frozenset({"highlight", "hljs", "sourcecode", "prettyprint", "shiki",
                                    "rust-example-rendered", "item-decl", "makeup", "code",
                                    "syntaxhighlighter", "syntaxhl"})
# Language names and highlighter aliases (Pygments, highlight.js, Linguist short
# names) a bare word is believed to be: a bare class word, a label above the block.
# Not open-ended on purpose: "wrap", "dark", "numbered" are class words too; single
# letters other than C and R (D, Q, V) are left out: as labels they are list marks.
KNOWN_LANGUAGES = frozenset({
    "abap", "ada", "agda", "apache", "applescript", "arduino", "asm", "assembly", "astro",
    "awk", "bash", "basic", "bat", "batch", "bibtex", "c", "c#", "c++", "clojure", "cmake",
    "cobol", "coffeescript", "commonlisp", "console", "coq", "cpp", "crystal", "cs",
    "csharp", "css", "csv", "cuda", "cypher", "dart", "diff", "django", "docker",
    "dockerfile", "dos", "elisp", "elixir", "elm", "emacs-lisp", "erb", "erlang", "f#",
    "fennel", "fish", "fortran", "fsharp", "gdscript", "gherkin", "glsl", "go", "golang",
    "gradle", "graphql", "groovy", "hack", "haml", "handlebars", "haskell", "hcl", "html",
    "http", "idris", "ini", "ipython", "ipython3", "janet", "java", "javascript", "jinja",
    "jinja2", "js", "json", "json5", "jsonc", "jsx", "julia", "kotlin", "kt", "latex",
    "lean", "less", "liquid", "lisp", "llvm", "lua", "makefile", "markdown", "matlab", "md",
    "mermaid", "mysql", "nasm", "nginx", "nim", "nix", "objc", "objective-c", "ocaml",
    "odin", "pascal", "perl", "pgsql", "php", "plsql", "postgresql", "powershell", "prolog",
    "properties", "proto", "protobuf", "ps1", "pug", "puppet", "purescript", "py", "pycon",
    "python", "python3", "r", "racket", "razor", "rb", "reasonml", "regex", "rescript",
    "rs", "rst", "ruby", "rust", "sas", "sass", "scala", "scheme", "scss", "sh", "shell",
    "shell-session", "shellsession", "smalltalk", "solidity", "sparql", "sql", "sqlite",
    "svelte", "swift", "tcl", "terraform", "tex", "tf", "toml", "ts", "tsx", "twig",
    "typescript", "vala", "vb", "vbnet", "verilog", "vhdl", "vim", "vue", "wasm", "xml",
    "xquery", "yaml", "yml", "zig", "zsh",
})
# A file name's extension in a code block's caption or title bar, and the language
# it names (only extensions that name one language).
EXTENSION_LANGUAGES = {
    "py": "python", "pyi": "python", "js": "javascript", "mjs": "javascript",
    "cjs": "javascript", "ts": "typescript", "tsx": "tsx", "jsx": "jsx", "rb": "ruby",
    "rs": "rust", "go": "go", "java": "java", "kt": "kotlin", "kts": "kotlin",
    "swift": "swift", "c": "c", "h": "c", "cc": "cpp", "cpp": "cpp", "cxx": "cpp",
    "hpp": "cpp", "cs": "csharp", "php": "php", "sh": "bash", "bash": "bash", "zsh": "zsh",
    "ps1": "powershell", "sql": "sql", "json": "json", "yaml": "yaml", "yml": "yaml",
    "toml": "toml", "ini": "ini", "cfg": "ini", "xml": "xml", "html": "html", "htm": "html",
    "css": "css", "scss": "scss", "sass": "sass", "less": "less", "md": "markdown",
    "rst": "rst", "lua": "lua", "pl": "perl", "r": "r", "scala": "scala", "ex": "elixir",
    "exs": "elixir", "erl": "erlang", "hs": "haskell", "ml": "ocaml", "clj": "clojure",
    "dart": "dart", "vue": "vue", "svelte": "svelte", "tf": "hcl", "gradle": "groovy",
    "groovy": "groovy", "dockerfile": "dockerfile", "mk": "makefile", "zig": "zig",
    "nim": "nim", "jl": "julia", "graphql": "graphql", "proto": "protobuf", "tex": "latex",
}
# File names without an extension that name their language.
FILE_NAME_LANGUAGES = {"dockerfile": "dockerfile", "makefile": "makefile",
                       "gemfile": "ruby", "rakefile": "ruby", "cmakelists.txt": "cmake"}
# A label or caption above a code block is read for its language only this short.
LABEL_MAX_WORDS = 4
# A strip above a code block ("js Copy") is furniture only when this short.
STRIP_MAX_WORDS = 3
# Controls a strip holds (<button>Copy</button>, GitHub's <clipboard-copy>); a run
# whose only words are on these is a control standing alone.
CONTROL_TAGS = frozenset({"button", "clipboard-copy"})
CONTROL_ROLES = frozenset({"button"})
# Class-name words that say an element is drawn as a button. Media players and galleries
# build their buttons from <div>s ("Full Screen", "Autoplay", a tooltip's "Settings"
# inside a role=button box), so the label is a block of its own, not a piece of a run.
# Read as the last word of a class name: "settings-btn", not "button-container".
BUTTON_CLASS_WORDS = frozenset({"button", "btn"})
# Such a button's label is a few words; a longer one is a card or a question that
# opens its answer, which is content.
BUTTON_LABEL_MAX_WORDS = 3
# Plain boxes that a tab stop (tabindex >= 0) turns into controls. Not headings (a focus
# target for skip links) nor <pre>/<table> wrappers (a tab stop lets keys scroll them).
TAB_STOP_BOXES = frozenset({"div", "span", "li"})
# How far above a block to look for the button it labels: a tooltip sits two levels in.
BUTTON_LABEL_MAX_DEPTH = 3
# Attributes that name what a glyph-only control does (its tooltip or spoken name).
TOOLTIP_ATTRIBUTES = ("title", "aria-label")
# A link to the page's own source or to an editor of it: GitHub/GitLab/Gitea
# ".../edit/<branch>/...", Sphinx's "_sources/<page>.txt", MediaWiki and Trac
# "action=edit". Read from the address, so "Edit on GitHub", "Show Source",
# "Modifier cette page" all go, whatever their words.
# rustdoc's "Source" beside every item links its source view, src/<crate>/<file>.rs.html.
SOURCE_VIEW_HREF = re.compile(r"/(?:-/)?edit/|(?:^|/)_sources/|[?&]action=edit\b"
                              r"|(?:^|/)src/[^?#]*\.rs\.html(?:#|$)", re.I)
# Text that is no words, beside a control on its line: a separator glyph ("·", "|")
# or a version number ("1.0.0", "v2.3": this prefix, then dot-separated digits).
# rustdoc draws "1.0.0 · Source" at the right of every standard-library trait method
# (the version it is stable since, then the source link): the line is the link's
# furniture, and goes with it.
VERSION_PREFIX = "v"
# A link that runs an empty search ("?search=", "?q="): the search box's button drawn
# as a link (rustdoc's toolbar "Search"), a control whatever its words.
EMPTY_SEARCH_HREF = re.compile(r"[?&](?:search|q|query)=(?:&|#|$)", re.I)
# Words of a strip's labels: the copy action and its feedback.
COPY_WORDS = frozenset({"copy", "copied", "copied!", "code", "clipboard", "to"})
# Language names a strip shows that the markup may spell differently ("js" over
# brush: js, "JavaScript"); the no-language words count too.
LANGUAGE_LABEL_WORDS = frozenset({
    "js", "javascript", "ts", "typescript", "html", "css", "json", "bash", "sh", "shell",
    "console", "python", "py", "java", "c", "c++", "cpp", "c#", "csharp", "go", "rust",
    "ruby", "php", "sql", "yaml", "xml", "jsx", "tsx", "kotlin", "swift", "http",
})
# Tags that hold prose: never a strip, however short (a short "For example, this
# program" <p> above a listing is the author's words).
PROSE_TAGS = frozenset({"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote"})
# Listings written with no <pre>, one <div class="line"> per line inside a wrapper
# of this class (Doxygen's div.fragment; its stylesheet makes each line pre-formatted).
# Other children of the wrapper are not code: Doxygen puts its hover cards for the
# names the listing links (div.ttc, hidden until hovered) there.
# SyntaxHighlighter 3/4 (Alex Gorbatchev's; WordPress's SyntaxHighlighter Evolved)
# replaces a <pre class="brush: ..."> in the browser with div.syntaxhighlighter > table:
# td.gutter (numbers) + td.code > div.container > div.line rows of <code> tokens.
# W3.CSS's code box (div.w3-code, W3Schools and the many pages built on its framework)
# writes its lines as <br>s in a <div> that is not pre-formatted.
LINE_LISTING_CLASSES = frozenset({"fragment", "syntaxhighlighter", "w3-code"})
LISTING_CODE_CELL_CLASS = "code"
LISTING_LINE_CLASS = "line"
# A line's number written into it, drawn unselectable beside the line and no part
# of the code: Doxygen's span.lineno in source listings; Pygments' inline numbers
# (span.linenos, "lineno" before Pygments 2.7; Sphinx's default since 4.0); Chroma's
# (Hugo) inline span.ln and table span.lnt; Rouge's gutter pre.lineno, which Jekyll
# writes inside the listing's own <pre>; Prism's line-numbers-rows (empty, counted
# by its style sheet).
LINE_NUMBER_CLASSES = frozenset({"lineno", "linenos", "ln", "lnt", "line-numbers-rows"})
# A source file shown as a table of rows, each a line-number cell holding its number
# as text and one line cell, in the whole class names its generator writes: Chromium's
# tools/md_browser (Gitiles' stylesheet) writes table.FileContents of
# tr.FileContents-line rows, td.FileContents-lineNum + td.FileContents-lineContents.
# (Gitiles' own template leaves the number cell empty and draws it from
# data-line-number: numbered_code_lines reads that.) Only whole class names a generator
# writes: the words inside everyday tokens (font-mono, education-code, chart-listing,
# line-number) are on transcripts, bill text and charts too (reviews rev-code11,
# rev-code12), whose numbers are theirs.
COUNTED_TABLE_ROW_CLASS = "FileContents-line"
COUNTED_TABLE_NUMBER_CLASS = "FileContents-lineNum"
# LaTeXML's own listing classes (arXiv's HTML papers): an lstlisting is
# div.ltx_listing.ltx_lstlisting holding one div.ltx_listingline per line, each led
# by span.ltx_tag_listingline, its number, when the listing is numbered (listings'
# default is no numbers). An algorithm box (algorithmic) is div.ltx_listing of the same
# numbered rows without ltx_lstlisting: pseudocode with math, not code.
LATEXML_CODE_LISTING_CLASS = "ltx_lstlisting"
LATEXML_LISTING_LINE_CLASS = "ltx_listingline"
LATEXML_LISTING_NUMBER_CLASS = "ltx_tag_listingline"
# Attributes in which a listing's wrapper names its file: Quarto's
# div.sourceCode[data-filename] after the one-line <pre> showing the same name. Only
# the one with a generator behind it: any attribute let tabindex="0" or
# data-lang="python" name a one-line <pre> holding 0 or python (review rev-code11), and
# a terminal widget's data-title repeats the command run just before it (rev-code12).
FILE_NAME_ATTRIBUTES = ("data-filename",)
# How far down through first children a code block may sit under a wrapper
# (Sphinx: div.highlight-python > div.highlight > pre).
CODE_WRAPPER_DEPTH = 3

# --- math (math.py) -------------------------------------------------------------------

# How many following siblings may sit between a MathJax 2 copy and its script
# (Preview, then the Frame or Display, then the script).
MATHJAX2_SCRIPT_DISTANCE = 2
# Class words that mark an element carrying its TeX in an attribute as display math.
DISPLAY_CLASS_WORDS = ("block", "display")
# Images of a formula: <img class="latex" alt="TeX">, or an address that carries the
# TeX (codecogs "png.latex?TeX", Google Charts "cht=tx&chl=TeX").
LATEX_IMAGE_CLASSES = frozenset({"latex", "tex", "math", "equation"})
LATEX_URL_PARAMETERS = ("latex", "chl", "tex", "eq", "formula")
# Block containers an image formula may stand alone in, as display math.
DISPLAY_PARENT_TAGS = frozenset({"p", "div", "center", "figure", "dd", "section", "article"})

# --- tables (tables.py) ---------------------------------------------------------------

# A cell holding more prose than this is a page column, not a datum (a layout table
# read as data comes out as one block of thousands of characters).
LONG_CELL_CHARS = 400
# A cell holding any of these holds a page, so the table is layout.
PAGE_IN_CELL_TAGS = frozenset({"table", "form", "h1", "h2", "h3", "h4", "h5", "h6"})

# Attributes that make a blockquote a quote of something (a mail's type="cite", a
# source's cite=, a forum's class="quote"): one holding only another quote is a level
# of the thread, not indentation.
QUOTE_KIND_ATTRIBUTES = ("type", "cite", "class")

# --- textareas (textareas.py) ---------------------------------------------------------

# Class words that make a textarea naming code a box to copy something other than an
# example: an embed snippet, a share or licence-key box ("embed-code", "license-code").
# English, as class names are on sites in any language.
COPY_BOX_CLASS_WORDS = frozenset({"embed", "share", "sharing", "license", "licence"})

# The elements a site's embed box holds alone ("<iframe src=...></iframe>"): a
# textarea holding only one of these is a box to copy, not an example. Any other
# element alone (an <img>, a link) is a lesson's example.
EMBED_TAGS = frozenset({"iframe", "script", "embed", "object"})

# --- footnotes (footnotes.py) ---------------------------------------------------------

# The words ids and classes of notes are spelled with (fn1, fn:1, footnote-2,
# cite_note-3, _ftn4, endnote5, sdfootnote6sym).
NOTE_NAME_RE = re.compile(r"(?:^|[-_:.])(?:fn|footnote|ftn|cite[-_]note|endnote|sdfootnote|note)",
                          re.I)
# Block elements that may be a note when their id or class says so.
NOTE_BLOCK_TAGS = frozenset({"p", "div", "aside", "section", "dd"})
# Inline elements that may hold a note in its sentence when their class says note
# (LaTeXML's span.ltx_note.ltx_role_footnote on every arXiv HTML paper).
INLINE_NOTE_TAGS = frozenset({"span", "small"})
# Classes of an inline note's box drawn only on hover, beside its mark (LaTeXML's
# span.ltx_note_outer): a note even with no words before it (alone in a table cell).
HOVER_NOTE_BOX_CLASSES = frozenset({"ltx_note_outer"})
# Classes of the words at the head of an inline note's box that name its kind, not
# its text (LaTeXML's span.ltx_note_type "thanks: " on an author's or title's note).
NOTE_TYPE_CLASSES = frozenset({"ltx_note_type"})
# Inline elements a reference may target when they open the note as its number
# (Substack's a.footnote-number first in div.footnote): the note is their parent.
NUMBER_TARGET_TAGS = frozenset({"a", "span", "sup"})
# A reference's visible text is a number, a letter or a mark, in brackets or not;
# longer text is an ordinary in-page link (a table of contents).
MAX_REFERENCE_CHARS = 8
# A reference shown as letters is a mark of one or two ("a", "iv" is numbered with a
# digit-free numeral but rare); longer words ("Notes") link to a section unless the
# markup says footnote.
MARK_MAX_LETTERS = 2
# Classes generators give a footnote reference link (docutils/Sphinx, Kramdown, Hugo).
REFERENCE_CLASSES = frozenset({"footnote-reference", "footnote-ref", "footnote"})
# Wrappers a reference sits in with nothing but brackets around it: <sup>[<a>1</a>]</sup>.
REFERENCE_WRAPPER_TAGS = frozenset({"sup", "span"})
# How far up from a reference link its id may sit (span[id] > sup > span > a).
REFERENCE_ID_LEVELS = 3
# A back-link wrapper is never one of these: they hold the note's own words.
WRAPPER_STOP_TAGS = frozenset({"li", "p", "div", "section", "aside", "ol", "ul", "dd", "body"})

# --- images (images.py) ---------------------------------------------------------------

# An image whose src is one of these schemes is a lazy loader's placeholder, used
# only when nothing else is.
PLACEHOLDER_SCHEMES = ("data:",)
# How far above an <img> its <picture> may be (the parser nests it in <source>s).
PICTURE_DEPTH = 4
