"""The block stage's index of a page: one pass over the tree that records what the
walk asks about every element (its position, tag, attribute names, class value, id),
which elements are formulas, editors and code, which start a block of their own and
which hold one, and the path and box of each element the browser measured.

The index only reads the tree. It is built once per page and then shared: the walker
and the visibility judgement bind its tables as their own attributes.
"""
from __future__ import annotations

from .code import is_block_code
from .editors import EditorShape, could_be_editor, editor_shape
from .images import (
    draws_placeholder, image_as_text, image_source, shown_noscript_pictures, symbol_alt,
)
from .inline import BLOCK_TAGS
from .textareas import is_code_textarea
from .math import (
    MATH_ROOT_TAGS, MATH_SOURCE_ATTRIBUTE_SET, Math, class_may_say_math, could_be_mathjax2_copy,
    math_of,
)
from .tab_pairs import pair_tabs_by_position
from .tuning import (
    AD_UNIT_SIZES, CODE_STRUCTURE_TAGS, CODE_TAGS, MIN_IMAGE_PX, MIN_SVG_LABELS, MIN_SVG_WORDS,
    NAMED_CODE_ATTRIBUTES, NEVER_DRAWN_CODE_TAGS, TAB_STRIP_EXTRA_WORDS,
)
from ..dom.capture import FLAG_CODE, Capture
from ..dom.nodes import FLOAT_ATTR, PATH_ATTR, ElementsByTag, tag_of
from ..model import Rect

# Embeds the reader cannot get as text; a note says they were there.
MEDIA_LABELS = {"video": "Video", "audio": "Audio", "iframe": "Embed"}
_NAMED_CODE_ATTRIBUTE_SET = frozenset(NAMED_CODE_ATTRIBUTES)
# Attributes the walk asks about after the index pass (visibility, a popover, an
# open <dialog>, a disclosure button, the capture's stamps, a named code language);
# the index pass reads the rest itself.
# (The regions stage asks about role, through the same index.)
WALK_ATTRIBUTES = frozenset({"hidden", "aria-hidden", "style", "popover", "open",
                             "aria-controls", "role", FLOAT_ATTR, PATH_ATTR,
                             *NAMED_CODE_ATTRIBUTES})


# Tags other than BLOCK_TAGS that _starts_block may say yes to whatever the element
# holds or how it is drawn (a formula, an editor, or an element the browser drew as
# code may have any tag).
_TAGS_THAT_MAY_START_BLOCKS = frozenset({*MEDIA_LABELS, "code", "div", "img", "noscript",
                                         "svg", "textarea"})


class PerValue(dict):
    """A pure function of a string, answered once per distinct string."""

    def __init__(self, function):
        super().__init__()
        self._function = function

    def __missing__(self, value: str):
        answer = self[value] = self._function(value)
        return answer


class PageIndex:
    """What one pass over the tree learns, and each element's path and box."""

    def __init__(self, root, capture: Capture, elements: list | None = None,
                 tagged: ElementsByTag | None = None):
        """`elements` is `list(root.iter())` when the caller holds it (walking the
        tree again makes lxml look up every element's object anew), `tagged` its
        elements by tag (`ElementsByTag(root)`) when the caller made that."""
        self.root = root
        self.capture = capture
        self.measured = capture.measured
        self._paths: dict = {}              # element -> its computed (real) path
        self._stamped_or_computed: dict = {}    # element -> path(el), asked ~5 times each
        self._steps: dict = {}
        # element -> its box (None where the browser recorded none), for every
        # element of a measured page: asked about each element several times
        # (visibility, code, blocks), each ask a path and a lookup by it.
        self.boxes: dict = {}
        self.positions: dict = {}           # element -> its place in document order
        self.tags: dict = {}                # element -> tag_of(element), read once
        self.editors: dict[object, EditorShape] = {}   # editor root -> its shape
        # element -> its attribute names (el.keys()), read once: el.get costs a key
        # conversion and a search every time, and most elements lack most of the
        # attributes the walker asks about. Kept only for elements holding one of
        # WALK_ATTRIBUTES (a list per element would feed the garbage collector).
        self.attr_names: dict = {}
        self.class_values: dict = {}        # element -> its class value, when it has one
        self.bare: set = set()              # elements without any attribute
        # What a class value says, worked out once per distinct value (pages repeat
        # their class values four times over, and these tests run on every element).
        self._class_editor = PerValue(could_be_editor)
        self._class_math = PerValue(class_may_say_math)
        self.class_mathjax = PerValue(could_be_mathjax2_copy)
        self.math: dict[object, Math] = {}  # math root -> its formula
        self._in_math: set = set()          # elements inside a math root
        self._holds_structure: set = set()  # elements with a CODE_STRUCTURE_TAGS inside
        self.holds_break_pair: set = set()  # ancestors of a <br><br>
        self.holds_input: set = set()       # ancestors of an <input> (a task item's box)
        self.holds_block: set = set()
        self.block_starts: set = set()      # elements that start a block of their own
        self.holds_code: set = set()        # code blocks and their ancestors
        self._code_blocks: list = []        # the code blocks themselves
        self.ids: dict = {}                 # id -> element, for in-page links
        self.id_values: dict = {}           # element -> its id value, when it has one
        self.name_values: dict = {}         # element -> its name value, when it has one
        self.itemprop_values: dict = {}     # element -> its itemprop value, when it has one
        self.itemtype_values: dict = {}     # element -> its itemtype value, when it has one
        self.controllers: list = []         # elements with aria-controls
        self.roles: dict = {}               # element -> its role value, when it has one
        self.links: list = []               # <a href> in source order
        self.fragment_links: list = []      # <a href="#..."> in source order
        self.hrefs: set = set()             # the distinct href values of those links
        self.href_values: dict = {}         # <a href> -> its href value
        self._image_sources: dict = {}      # <img> -> image_source(img), once asked
        self._tabs_by_position: dict | None = None   # panel -> tab, once asked
        self._tabs_paired: set = set()               # ... and those tabs
        self.stamped = False                # some element carries a path stamp
        if elements is None:
            elements = list(root.iter())
        self._index_tree(elements)
        self.tagged = ElementsByTag(root) if tagged is None else tagged
        # A copy strip sits just before a code block (or before a block holding
        # one): the walker rules out every other child by this set alone.
        self.before_code = {previous_element(el) for el in self.holds_code}
        # ... or just after the code block, the last thing in its wrapper (Prism's
        # toolbar: pre + div.toolbar with the language's name and a copy button).
        self.after_code = {next_element(el) for el in self._code_blocks}

    def _index_tree(self, elements) -> None:
        # (The tables bound as locals: this loop runs once per element of the page.)
        positions, tags, ids, class_values = self.positions, self.tags, self.ids, self.class_values
        class_math, math, in_math = self._class_math, self.math, self._in_math
        bare, editors, measured = self.bare, self.editors, self.measured
        id_values, name_values = self.id_values, self.name_values
        boxes, capture_boxes, path = self.boxes, self.capture.boxes, self.path
        stamped_or_computed = self._stamped_or_computed
        for i, el in enumerate(elements):
            positions[el] = i
            tag = tags[el] = tag_of(el)
            if not tag:                 # a comment or processing instruction
                continue
            names = el.keys()
            classes = None
            if names:                   # (a third of the elements have no attribute)
                if not WALK_ATTRIBUTES.isdisjoint(names):
                    self.attr_names[el] = names
                    if "aria-controls" in names:
                        self.controllers.append(el)
                    if "role" in names:
                        self.roles[el] = el.get("role")
                    if PATH_ATTR in names:
                        self.stamped = True
                        stamp = el.get(PATH_ATTR)
                        if stamp:           # the element's path (see `path`)
                            stamped_or_computed[el] = stamp
                if "id" in names:
                    el_id = id_values[el] = el.get("id")
                    if el_id and el_id not in ids:
                        ids[el_id] = el
                if "name" in names:
                    name_values[el] = el.get("name")
                if "itemprop" in names:
                    self.itemprop_values[el] = el.get("itemprop")
                if "itemtype" in names:
                    self.itemtype_values[el] = el.get("itemtype")
                if tag == "a" and "href" in names:
                    self.links.append(el)
                    href = self.href_values[el] = el.get("href")
                    self.hrefs.add(href)
                    if href.strip().startswith("#"):
                        self.fragment_links.append(el)
                if "class" in names:
                    classes = class_values[el] = el.get("class")
                    if self._class_editor[classes]:
                        shape = editor_shape(el)
                        if shape is not None:
                            self.editors[el] = shape
            else:
                bare.add(el)
            box = None
            if measured:                # (the path is the stamp kept just above, if any)
                box = boxes[el] = capture_boxes.get(path(el))
            if tag == "input":
                _mark_ancestors(el, self.holds_input)
            if in_math and (el.getparent() in in_math or el in math):
                in_math.add(el)
                continue
            # (The first look of math.py, in place: math_of runs only where the tag,
            # the class value or an attribute name may make the element a formula.)
            if (tag in MATH_ROOT_TAGS or classes and class_math[classes]
                    or names and not MATH_SOURCE_ATTRIBUTE_SET.isdisjoint(names)):
                formula = math_of(el)
                if formula is not None:
                    math[el] = formula
                    in_math.add(el)
            if tag in CODE_STRUCTURE_TAGS:
                _mark_ancestors(el, self._holds_structure)
            if tag == "br" and _starts_break_pair(el):
                _mark_ancestors(el, self.holds_break_pair)
            # (A block tag starts a block whatever else _starts_block asks; an
            # element of another tag but a few starts one only as a formula, an
            # editor, or, on a measured page, drawn as code. The common cases,
            # answered without the call.)
            if tag in BLOCK_TAGS or (
                    (tag in _TAGS_THAT_MAY_START_BLOCKS or el in math or el in editors
                     or box is not None and box.flags & FLAG_CODE)
                    and self._starts_block(el, tag)):
                self.block_starts.add(el)
                _mark_ancestors(el, self.holds_block)
                if self.is_code(el):
                    self._code_blocks.append(el)
                    self.holds_code.add(el)
                    _mark_ancestors(el, self.holds_code)

    def _starts_block(self, el, tag: str) -> bool:
        # (The tags this answers True for, but for formulas, editors and boxes drawn
        # as code, are listed in _TAGS_THAT_MAY_START_BLOCKS: keep the two in step.)
        if el in self.math:
            return self.math[el].display or tag in BLOCK_TAGS
        if el in self._in_math:
            return False
        if tag in BLOCK_TAGS or tag in MEDIA_LABELS:
            return True
        if tag == "code" and is_block_code(el):
            return True
        if el in self.editors:
            return True
        # (drawn_as_code asked only where it can say yes, as its callers all do.)
        if ((self.measured or tag == "div" and el in self.attr_names)
                and self.drawn_as_code(el, tag)):
            return True
        if tag == "img":
            return (self.image_source(el) is not None and not self.tiny(el)
                    and self.image_text(el) is None)
        if tag == "noscript":
            return bool(shown_noscript_pictures(el, self.measured))
        if tag == "svg":
            return bool(svg_labels(el))
        if tag == "textarea":
            return is_code_textarea(el)
        return False

    # --- paths and boxes ------------------------------------------------------------

    def path(self, el) -> str:
        known = self._stamped_or_computed.get(el)
        if known is None:
            stamped = el.get(PATH_ATTR) if PATH_ATTR in self.attr_names.get(el, ()) else None
            known = self._stamped_or_computed[el] = stamped or self._computed_path(el)
        return known

    def elements_at(self, paths) -> dict[str, list]:
        """Every element whose path (as `path` gives it) is one of `paths`, in
        document order, by path. Without stamps each real path names one element,
        and the paths asked are those of elements already asked about (the blocks'):
        they are looked up in what `path` remembers, not worked out for every element."""
        found: dict[str, list] = {}
        if not self.stamped:
            known = {path: el for el, path in self._stamped_or_computed.items() if path in paths}
            if len(known) == len(paths):
                for path, el in known.items():
                    found[path] = [el]
                return found
            # The blocks' ancestors (the regions stage asks about a container's
            # siblings) got their real paths on the way to the blocks' own: those
            # are the paths without stamps too. In document order, as the scan
            # below would give them.
            known = {path: el for el, path in self._paths.items() if path in paths}
            if len(known) == len(paths):
                positions = self.positions
                for path, el in sorted(known.items(), key=lambda item: positions[item[1]]):
                    found[path] = [el]
                return found
        for el in self.positions:               # document order
            if self.tags[el]:
                path = self.path(el)
                if path in paths:
                    found.setdefault(path, []).append(el)
        return found

    def _computed_path(self, el) -> str:
        """The path collect.js would stamp (an index on every step), memoised so a long
        sibling list is counted once. Iterative: the regions stage asks about elements
        as deep as the tree goes."""
        paths = self._paths
        known = paths.get(el)
        if known is not None:
            return known
        parent = el.getparent()
        parent_path = paths.get(parent) if parent is not None else None
        if parent_path is not None:
            # Most asks: a sibling or the parent was asked before.
            known = paths[el] = f"{parent_path}/{self._step(el, parent)}"
            return known
        unknown = []                       # el and its ancestors without a path, deepest first
        node = el
        while node is not None and node not in paths:
            unknown.append(node)
            node = node.getparent()
        path = "" if node is None else paths[node]
        for node in reversed(unknown):
            parent = node.getparent()
            if parent is None:
                path = f"/{tag_of(node)}[1]"
            else:
                path = f"{path}/{self._step(node, parent)}"
            paths[node] = path
        return path

    # The path collect.js would stamp (an index on every step), whatever the element's
    # own stamp says. (The same function, not a wrapper: the regions stage asks it of
    # every element it makes a frame for.)
    real_path = _computed_path

    def _step(self, node, parent) -> str:
        """The last step of `node`'s path ("div[3]"); its siblings' are counted with it."""
        steps = self._steps
        step = steps.get(node)
        if step is None:
            counts: dict[str, int] = {}
            tags = self.tags
            for sibling in parent.iterchildren():
                # (tag_of where self.tags has none yet: the index pass asks about
                # measured pages' boxes before it reaches every sibling.)
                name = tags.get(sibling)
                if name is None:
                    name = tag_of(sibling)
                counts[name] = counts.get(name, 0) + 1
                steps[sibling] = f"{name}[{counts[name]}]"
            step = steps[node]
        return step

    def box(self, el):
        if not self.measured:
            return None
        try:
            return self.boxes[el]
        except KeyError:            # not an element of the page (a comment)
            return self.capture.boxes.get(self.path(el))

    def rect(self, el) -> Rect | None:
        box = self.box(el)
        return box.rect if box else None

    def union_rect(self, pieces: list) -> Rect | None:
        """The box around the elements among `pieces` the browser drew. A hidden one
        (rustdoc's display:none "§" beside each heading) has a box of nothing at 0,0,
        which would stretch the union to the page's corner."""
        boxes = [self.box(p) for p in pieces if not isinstance(p, str)]
        rects = [box.rect for box in boxes if box and box.displayed]
        if not rects:
            return None
        left, top = min(r.x for r in rects), min(r.y for r in rects)
        right, bottom = max(r.right for r in rects), max(r.bottom for r in rects)
        return Rect(left, top, right - left, bottom - top)

    def floats(self, el) -> bool:
        """The element floats beside the text (stamped, or in the browser's box)."""
        if FLOAT_ATTR in self.attr_names.get(el, ()):
            return True
        if not self.measured:
            return False
        box = self.box(el)
        return box is not None and box.is_float

    # --- what an element is -----------------------------------------------------------

    def drawn_as_code(self, el, tag: str) -> bool:
        """The browser drew it as code (FLAG_CODE) and it holds no page structure,
        or the page names the element's language on a plain <div> of text
        (Writerside's div.code-block[data-lang], which has no <pre>). Always False
        on a page nobody measured but for a <div> the index kept attribute names
        for (one holding a walk attribute): callers skip the call otherwise."""
        names = self.attr_names.get(el, ())
        if (tag == "div" and not _NAMED_CODE_ATTRIBUTE_SET.isdisjoint(names)
                and any(map(el.get, NAMED_CODE_ATTRIBUTES))):
            # tag_of, not self.tags: the index pass asks before it reaches them.
            return not any(tag_of(d) in BLOCK_TAGS for d in el.iterdescendants())
        if not self.measured:
            return False
        box = self.box(el)
        return (box is not None and box.is_code and tag not in NEVER_DRAWN_CODE_TAGS
                and el not in self._holds_structure)

    def is_code(self, el) -> bool:
        tag = self.tags[el]
        return (tag in CODE_TAGS or el in self.editors or tag == "textarea"
                or (self.measured or tag == "div" and el in self.attr_names)
                and self.drawn_as_code(el, tag))

    def image_source(self, el) -> str | None:
        """images.image_source, worked out once per element: the index pass, the
        walker's skip test and the image handler each ask."""
        sources = self._image_sources
        if el in sources:
            return sources[el]
        found = sources[el] = image_source(el)
        return found

    def tiny(self, el) -> bool:
        """An image or embed too small to be content: an icon or a tracking pixel."""
        for attr in ("width", "height"):
            size = _pixels(el.get(attr))
            if size is not None and size < MIN_IMAGE_PX:
                return True
        # Measured, a pixel is small both ways. One small side is not enough: an
        # image that failed to load is drawn as its alt text, one line (18 px) high
        # and as wide as the words, and it is still the page's picture.
        # A lazy loader's placeholder drawn in the picture's place says nothing of
        # the picture's size (its own box only: an ancestor's verdict still holds).
        box = self.box(el)
        return (box is not None and box.displayed
                and box.rect.w < MIN_IMAGE_PX and box.rect.h < MIN_IMAGE_PX
                and not (tag_of(el) == "img" and draws_placeholder(el)))

    def image_text(self, el) -> str | None:
        """images.image_as_text, with what is known of the image's size: drawn or
        declared under MIN_IMAGE_PX (`tiny`), drawn or declared larger, or unknown."""
        alt = el.get("alt")
        if not alt or not symbol_alt(" ".join(alt.split())):
            return None     # (most pictures: no symbol to stand for, no size asked)
        small: bool | None = True
        if not self.tiny(el):
            box = self.box(el)
            declared = any(_pixels(el.get(attr)) is not None for attr in ("width", "height"))
            small = False if declared or box is not None and box.displayed else None
        return image_as_text(el, small)

    def ad_sized(self, el) -> bool:
        """An embed declared (width and height attributes) or drawn at a standard ad
        unit's size."""
        width, height = _pixels(el.get("width")), _pixels(el.get("height"))
        if width is not None and height is not None and (width, height) in AD_UNIT_SIZES:
            return True
        box = self.box(el)
        return (box is not None and box.displayed
                and (round(box.rect.w), round(box.rect.h)) in AD_UNIT_SIZES)

    def role(self, el) -> str:
        """The element's role value, lower-cased ("" without one)."""
        return (self.roles.get(el) or "").strip().lower()

    def tab_label(self, el) -> str | None:
        """A tab panel's name, from its tab (aria-labelledby) or aria-label: the tab
        strip itself is a row of buttons and goes, so each panel carries its name."""
        # (self.roles holds every element's role value: the index pass reads them.)
        if self.role(el) != "tabpanel":
            return None
        names = []
        for ref in (el.get("aria-labelledby") or "").split()[:4]:
            found = self.ids.get(ref)
            if found is not None:
                names.append(" ".join(found.text_content().split()))
        label = " ".join(n for n in names if n) or " ".join((el.get("aria-label") or "").split())
        if not label:
            tab = self.tab_of(el)
            label = " ".join(tab.text_content().split()) if tab is not None else ""
        return label[:200] or None

    def tab_of(self, panel):
        """The tab (role=tab) whose aria-controls names this panel, else the tab
        paired with it by position (tab_pairs), or None."""
        panel_id = panel.get("id")
        if panel_id:
            tab = next((tab for tab in self.controllers
                        if self.role(tab) == "tab"
                        and panel_id in tab.get("aria-controls").split()), None)
            if tab is not None:
                return tab
        return self.tabs_by_position().get(panel)

    def tabs_by_position(self) -> dict:
        """panel -> tab for tab sets linked only by their order (tab_pairs)."""
        if self._tabs_by_position is None:
            self._tabs_by_position = pair_tabs_by_position(self.roles, self.role,
                                                           self.positions)
            self._tabs_paired = set(self._tabs_by_position.values())
        return self._tabs_by_position

    def names_its_panels(self, tablist) -> bool:
        """A tab strip whose every tab names, by aria-controls, a tab panel on the page:
        each panel carries its tab's name (tab_label), so the strip adds nothing."""
        tabs = [el for el in tablist.iter() if self.role(el) == "tab"]
        if not tabs:
            return False
        # A strip is its tabs' names (and maybe an icon's word or a count); a
        # "tablist" holding the content itself is no strip.
        tab_words = sum(len(tab.text_content().split()) for tab in tabs)
        if len(tablist.text_content().split()) > tab_words + TAB_STRIP_EXTRA_WORDS:
            return False
        if all(tab.get("aria-controls") is None for tab in tabs):
            self.tabs_by_position()
            return all(tab in self._tabs_paired for tab in tabs)
        for tab in tabs:
            refs = (tab.get("aria-controls") or "").split()
            panels = [self.ids.get(ref) for ref in refs]
            if not panels or not all(p is not None and self.role(p) == "tabpanel"
                                     for p in panels):
                return False
        return True


def svg_labels(el) -> list[str]:
    """The <text> labels of an <svg> that says something (a chart), else []."""
    labels = [" ".join("".join(t.itertext()).split()) for t in el.iter()
              if tag_of(t) == "text"]
    labels = [label for label in labels if label]
    words = sum(len(label.split()) for label in labels)
    if len(labels) >= MIN_SVG_LABELS or words >= MIN_SVG_WORDS:
        return labels
    return []


def previous_element(el):
    """The element sibling before `el` (comments and processing instructions passed
    over), or None."""
    node = el.getprevious()
    while node is not None and not isinstance(node.tag, str):
        node = node.getprevious()
    return node


def next_element(el):
    """The element sibling after `el` (comments and processing instructions passed
    over), or None."""
    node = el.getnext()
    while node is not None and not isinstance(node.tag, str):
        node = node.getnext()
    return node


def _starts_break_pair(el) -> bool:
    """A <br> followed, with only blank text between, by another <br>."""
    if tag_of(el) != "br" or (el.tail or "").strip():
        return False
    following = el.getnext()
    return following is not None and tag_of(following) == "br"


def _mark_ancestors(el, marked: set) -> None:
    """Add every ancestor of `el`, stopping at the first already marked (each once)."""
    node = el.getparent()
    while node is not None and node not in marked:
        marked.add(node)
        node = node.getparent()


def _pixels(value: str | None) -> float | None:
    """A width/height attribute in pixels; None for percentages or junk."""
    value = (value or "").strip().lower().removesuffix("px")
    try:
        return float(value)
    except ValueError:
        return None
