"""Issue 7, item 2: the engine survives hostile input, degraded honestly.

The big cases each run in a child process (two at a time) with a generous timeout
that only guards against a hang; the child reports what it saw, how long it took
and its peak RSS, and the assertions here check content and notes, never times.
`python tests/test_hostile_input.py` prints the measurements for docs/robustness.md.
"""
from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from webgist_host import convert
from webgist_host.engine.limits import MAX_DEPTH, MAX_ELEMENTS, Limits
from webgist_host.engine.dom.parse import decode_bytes, parse_html, parse_page, shallow_source

ROOT = Path(__file__).resolve().parents[1]
# Hang protection only: a case that runs this long is stuck, not slow.
HANG_GUARD_S = 240
# The regex audit guards each of its inputs itself (regex_audit.GUARD_S); the whole
# run takes about 70 s on a quiet two-core machine and near 240 s on a loaded one,
# so its outer guard only has to catch a stuck child.
AUDIT_HANG_GUARD_S = 900


# --- the cases, built and checked inside the child ----------------------------------

def _distinct(md: str, prefix: str) -> int:
    """How many distinct words prefix<number> the Markdown holds."""
    return len({w for w in md.split() if w.startswith(prefix) and w[len(prefix):].isdigit()})


def case_deep_divs():
    html = ("<html><body>" + "".join(f"<div>x{i} " for i in range(100_000)) + "end"
            + "</div>" * 100_000 + "</body></html>")
    return html, None, lambda d: {"x": _distinct(d.markdown, "x"), "end": "end" in d.markdown}


def case_deep_inline():
    html = ("<html><body><p>" + "".join(f"<span>w{i} " for i in range(100_000))
            + "end</p><p>after</p></body></html>")
    return html, None, lambda d: {"w": _distinct(d.markdown, "w"), "end": "end" in d.markdown,
                                  "after": "after" in d.markdown}


def case_siblings():
    html = "<html><body>" + "".join(f"<p>w{i}</p>" for i in range(1_000_000)) + "</body></html>"
    return html, None, lambda d: {
        "w": sum(1 for w in d.markdown.split() if w.startswith("w")),
        "first": "w0" in d.markdown.split(), "last": "w999999" in d.markdown.split()}


def case_big_text():
    html = "<html><body><h1>Title</h1><p>" + "word " * 10_000_000 + "</p></body></html>"
    return html, None, lambda d: {"word": d.markdown.count("word"), "title": "# Title" in d.markdown}


def case_nested_tables():
    html = ("<html><body>" + "".join(f"<table><tr><td>c{i} " for i in range(30_000))
            + "</td></tr></table>" * 30_000 + "<p>after</p></body></html>")
    return html, None, lambda d: {"c": _distinct(d.markdown, "c"), "after": "after" in d.markdown}


def case_garbage():
    rng = random.Random(7)
    data = rng.randbytes(2_000_000)
    return data, None, lambda d: {"utf8": bool(d.markdown.encode("utf-8"))}


def case_tag_garbage():
    rng = random.Random(11)
    alphabet = ["<", ">", "</", "<div", "<table", "<td>", "<template shadowrootmode=open>",
                "<slot>", "<script>", "</script>", "<!--", "-->", "&#0;", "&#xd800;",
                "\x00", "\ud800", "a", " ", "\n", "<p>", "<li>", "\"", "'", "="]
    html = "".join(rng.choice(alphabet) for _ in range(500_000))
    return html, None, lambda d: {"str": isinstance(d.markdown, str)}


def case_geometry_100k():
    html = "<html><body>" + "".join(f"<p>p{i}</p>" for i in range(20_000)) + "</body></html>"
    paths = [f"/html[1]/body[1]/p[{i + 1}]" for i in range(100_000)]
    boxes = []
    for i in range(100_000):
        boxes += [0, 0, 800, 20, 3]          # every box identical
    return html, {"paths": paths, "boxes": boxes}, lambda d: {
        "p": sum(1 for w in d.markdown.split() if w.startswith("p")),
        "method": d.reading_order_method}


def case_geometry_nonsense():
    html = "<html><body>" + "".join(f"<p>p{i}</p>" for i in range(2_000)) + "</body></html>"
    values = [float("nan"), float("inf"), -1e308, 1e308, -5, 10 ** 400, 0, 1e12, True, "7", None]
    rng = random.Random(3)
    paths, boxes = [], []
    for i in range(2_000):
        paths.append(f"/html[1]/body[1]/p[{i + 1}]" if i % 3 else f"/nothing[{i}]")
        boxes += [rng.choice(values) for _ in range(4)] + [rng.choice([3, -1, 2 ** 70, 3.5, 3])]
    return html, {"paths": paths, "boxes": boxes}, lambda d: {
        "p": sum(1 for w in d.markdown.split() if w.startswith("p"))}


def case_template_wide():
    """20,000 shadow roots in one host and 100,000 slots in one shadow root."""
    many_roots = ("<div>" + '<template shadowrootmode="open"><slot></slot>r</template>' * 20_000
                  + "<b>light</b></div>")
    many_slots = ('<div><template shadowrootmode="open">' + "<slot></slot>" * 100_000
                  + "</template>" + "<i>x</i>" * 1_000 + "</div>")
    html = "<html><body>" + many_roots + many_slots + "<p>after</p></body></html>"
    return html, None, lambda d: {"light": "light" in d.markdown, "after": "after" in d.markdown}


def case_template_nested():
    """Hosts nested 20,000 deep, each projecting its light child through two slots
    and its shadow holding another host: composition must stay linear."""
    depth = 20_000
    html = ("<html><body>"
            + '<div><template shadowrootmode="open"><slot></slot><slot name="a"></slot>'
              "<i>s</i></template><span>l" * depth
            + "</span></div>" * depth + "<p>after</p></body></html>")
    return html, None, lambda d: {"after": "after" in d.markdown}


def case_template_many_hosts():
    """12,000 sibling hosts, each a component with fallback slots: past the
    MAX_SHADOW_ROOTS limit the rest are read in place."""
    host = ('<div><template shadowrootmode="open"><h3><slot name="t">Untitled</slot></h3>'
            '<slot></slot></template><span slot="t">T{i}</span>body{i}</div>')
    html = ("<html><body>" + "".join(host.format(i=i) for i in range(12_000))
            + "</body></html>")
    return html, None, lambda d: {"T0": "T0" in d.markdown, "T11999": "T11999" in d.markdown,
                                  "body11999": "body11999" in d.markdown}


def case_many_attributes():
    """100,000 distinct attributes on one element: libxml2 checks each against every
    earlier one (minutes), unless the source is cut to MAX_ATTRIBUTES first."""
    html = ("<html><body><p " + " ".join(f'a{i}="x"' for i in range(100_000))
            + ">crowded words</p><p>after</p></body></html>")
    return html, None, lambda d: {"kept": "crowded words" in d.markdown,
                                  "after": "after" in d.markdown}


def case_recursion_net():
    """A reader that still runs out of stack is caught: the tree is flattened to
    SAFE_DEPTH and read again, with a note."""
    sys.setrecursionlimit(350)
    html = ("<html><body>" + "".join(f"<div><p>x{i}</p>" for i in range(250)) + "end"
            + "</div>" * 250 + "</body></html>")
    return html, None, lambda d: {"x": _distinct(d.markdown, "x"), "end": "end" in d.markdown}


CASES = {name[len("case_"):]: fn for name, fn in list(globals().items())
         if name.startswith("case_")}


def run_case(name: str) -> dict:
    """Build, convert and check one case in this process; report as a dict."""
    import resource
    import time
    html, geometry, check = CASES[name]()
    size = len(html.encode("utf-8", "surrogatepass")) if isinstance(html, str) else len(html)
    start = time.perf_counter()
    # scope="page": the checks count every word, and scope="main" rightly drops what
    # sits outside the main content (logged as decisions, not a limit at work).
    doc = convert(html, geometry=geometry, scope="page")
    seconds = time.perf_counter() - start
    doc.to_json_text()          # the whole Document must serialise
    return {
        "name": name, "input_bytes": size, "seconds": round(seconds, 2),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "markdown_chars": len(doc.markdown), "method": doc.reading_order_method,
        "notes": list(doc.notes), "timings_ms": doc.timings_ms, "check": check(doc),
    }


def _child(name: str) -> dict:
    code = ("import json, sys; sys.path.insert(0, sys.argv[2]); "
            "from test_hostile_input import run_case; print(json.dumps(run_case(sys.argv[1])))")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "host")}
    proc = subprocess.run([sys.executable, "-c", code, name, str(ROOT / "tests")],
                          capture_output=True, text=True, timeout=HANG_GUARD_S, env=env)
    assert proc.returncode == 0, f"{name} crashed:\n{proc.stderr[-3000:]}"
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _regex_audit() -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "host")}
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "regex_audit.py")],
                          capture_output=True, text=True, timeout=AUDIT_HANG_GUARD_S, env=env)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def results():
    """Every case and the regex audit, run two at a time (CI runners have two cores)."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        # Largest first, so the two slow ones do not end up in series.
        order = sorted(CASES, key=lambda n: n not in ("big_text", "siblings"))
        futures = {"regex_audit": pool.submit(_regex_audit)}
        futures.update({name: pool.submit(_child, name) for name in order})
        return dict(futures)


def _result(results, name):
    return results[name].result()


def _noted(result, *words):
    return any(all(w in note for w in words) for note in result["notes"])


# --- the big cases --------------------------------------------------------------------

def test_elements_nested_100k_deep_keep_every_word(results):
    r = _result(results, "deep_divs")
    assert r["check"] == {"x": 100_000, "end": True}
    assert _noted(r, "libxml2", "text kept")


def test_inline_tags_nested_100k_deep_keep_every_word(results):
    r = _result(results, "deep_inline")
    assert r["check"] == {"w": 100_000, "end": True, "after": True}


def test_a_million_siblings_are_kept_as_text_past_the_element_limit(results):
    r = _result(results, "siblings")
    assert r["check"] == {"w": 1_000_000, "first": True, "last": True}
    assert _noted(r, f"first {MAX_ELEMENTS}", "plain text")


def test_a_50_mb_text_node_is_read_whole(results):
    r = _result(results, "big_text")
    assert r["input_bytes"] > 50_000_000
    assert r["check"] == {"word": 10_000_000, "title": True}


def test_30k_tables_inside_tables_keep_every_cell(results):
    r = _result(results, "nested_tables")
    assert r["check"] == {"c": 30_000, "after": True}


def test_binary_garbage_converts(results):
    r = _result(results, "garbage")
    assert r["check"] == {"utf8": True}
    assert _noted(r, "not valid UTF-8")


def test_tag_soup_with_every_hostile_token_converts(results):
    assert _result(results, "tag_garbage")["check"] == {"str": True}


def test_100k_identical_boxes(results):
    r = _result(results, "geometry_100k")
    assert r["check"]["p"] == 20_000


def test_geometry_of_nan_negative_huge_and_unmatched_boxes(results):
    r = _result(results, "geometry_nonsense")
    assert r["check"] == {"p": 2_000}
    assert _noted(r, "malformed boxes ignored")


def test_shadow_template_bombs_wide(results):
    r = _result(results, "template_wide")
    assert r["check"] == {"light": True, "after": True}


def test_shadow_template_bombs_nested(results):
    r = _result(results, "template_nested")
    assert r["check"] == {"after": True}


def test_shadow_roots_past_the_limit_are_read_in_place(results):
    r = _result(results, "template_many_hosts")
    assert r["check"] == {"T0": True, "T11999": True, "body11999": True}
    assert _noted(r, "shadow roots", "in place")


def test_an_element_with_100k_attributes_is_cut_before_parsing(results):
    r = _result(results, "many_attributes")
    assert r["check"] == {"kept": True, "after": True}
    assert _noted(r, "a start tag had more than 1000 attributes", "99000")


def test_a_reader_out_of_stack_degrades_instead_of_crashing(results):
    r = _result(results, "recursion_net")
    assert r["check"] == {"x": 250, "end": True}
    assert _noted(r, "ran out of stack")


# --- small cases, in process -----------------------------------------------------------

def test_nul_bytes_in_text_and_bytes():
    for html in ("<p>a\x00b</p><p>after</p>", b"<p>a\x00b</p><p>after</p>",
                 "<p\x00 class=x>in tag</p><p>after</p>"):
        doc = convert(html)
        assert "after" in doc.markdown and "\x00" not in doc.markdown
    assert "a\ufffdb" in convert("<p>a\x00b</p>").markdown


def test_lone_surrogates_do_not_stop_the_reader():
    doc = convert("<p>before \ud800 middle \udfff</p><p>after</p>")
    assert "before" in doc.markdown and "middle" in doc.markdown and "after" in doc.markdown
    doc.markdown.encode("utf-8")             # strict: no surrogate survives
    assert any("surrogate" in n for n in doc.notes)


def test_control_characters_and_character_references_to_them():
    doc = convert("<div><template shadowrootmode=open><p>&#1;a<slot></slot>&#xffff;</p>"
                  "</template>\x01x&#0;</div><p>after\x0bwards\x0c</p>")
    assert "a" in doc.markdown and "x" in doc.markdown and "afterwards" in doc.markdown
    deep = "<div>" * (MAX_DEPTH + 5) + "&#2;y&#xd800;" + "</div>" * (MAX_DEPTH + 5)
    assert "y" in convert(deep).markdown


@pytest.mark.parametrize("data, expected, note", [
    # declared UTF-8, really windows-1252
    ('<meta charset="utf-8"><p>caf\xe9 cr\xe8me</p>'.encode("cp1252"), "café crème", "windows-1252"),
    # declared latin-1, really UTF-8: valid UTF-8 wins
    ('<meta charset="iso-8859-1"><p>café</p>'.encode("utf-8"), "café", None),
    # mixed: UTF-8 and stray windows-1252 bytes in one page
    ("<p>naïve </p>".encode("utf-8") + "<p>café “q”</p>".encode("cp1252"), "café “q”", "windows-1252"),
    # a real legacy page, declared correctly
    ('<meta http-equiv="Content-Type" content="text/html; charset=shift_jis"><p>日本語</p>'
     .encode("shift_jis"), "日本語", "shift_jis"),
    # a charset Python does not know, and bytes that are not UTF-8
    (b'<meta charset="x-bogus"><p>ok \xff\xfe end</p>', "end", "declared"),
    # UTF-16 with its byte-order mark
    ("\ufeff<p>wide text</p>".encode("utf-16-le"), "wide text", None),
    # a BOM that lies
    (b"\xef\xbb\xbf<p>bom \xe9 end</p>", "end", None),
])
def test_mixed_and_wrong_declared_encodings(data, expected, note):
    doc = convert(data)
    assert expected in doc.markdown
    if note:
        assert any(note in n for n in doc.notes), doc.notes


@pytest.mark.parametrize("data", [
    "<p>caf\u00e9 \u2014 \u65e5\u672c</p>".encode("utf-8"),
    "\ufeff<p>caf\u00e9 after a byte-order mark</p>".encode("utf-8"),
    # what clean_text changes: the bytes as read are not what libxml2 is given
    b"<p>form\x0cfeed</p><p>a\x01control and a NUL\x00</p>",
    "<?xml version='1.0' encoding='latin-1'?><p>caf\u00e9</p>".encode("utf-8"),
])
def test_utf8_bytes_read_as_their_text(data):
    # Valid UTF-8 goes to libxml2 as the bytes themselves unless clean_text changed
    # the text: either way the tree is the decoded text's.
    from lxml import etree
    text = data.decode("utf-8")
    as_bytes, as_text = parse_page(data, Limits())[0], parse_page(text, Limits())[0]
    assert etree.tostring(as_bytes, encoding="unicode") == etree.tostring(as_text, encoding="unicode")


@pytest.mark.parametrize("unsafe", ["\x00", "\x01", "\x08", "\x0b", "\x0c", "\x0e", "\x1f",
                                    "\ufffe", "\uffff", "", "<?xml version='1.0'?>"])
@pytest.mark.parametrize("around", ["ascii", "caf\u00e9", "\u65e5\u672c\U0001f600"])
def test_clean_text_answers_the_same_from_the_utf8_bytes(unsafe, around):
    # read_page hands clean_text the text's UTF-8 encoding, where it looks for the
    # ASCII characters to replace; the text it returns and its notes are the same.
    from webgist_host.engine.dom.parse import clean_text
    text = f"{unsafe}<p>{around}{unsafe}{around}</p>"
    plain_notes: list[str] = []
    given_notes: list[str] = []
    plain = clean_text(text, plain_notes)
    given = clean_text(text, given_notes, utf8=text.encode("utf-8"))
    assert (given, given_notes) == (plain, plain_notes)
    assert (given is text) == (plain is text)


def test_str_input_with_an_xml_encoding_declaration():
    doc = convert("<?xml version='1.0' encoding='latin-1'?><html><body><p>ok</p></body></html>")
    assert "ok" in doc.markdown


def test_decode_bytes_never_raises():
    rng = random.Random(5)
    for _ in range(200):
        data = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 300)))
        text, _note = decode_bytes(b'<meta charset="utf-16">' + data)
        assert isinstance(text, str)


def test_input_over_the_byte_limit_is_cut_with_a_note():
    html = "<p>" + "é" * 5_000 + "</p><p>tail</p>"
    doc = convert(html, options={"limits": {"max_input_bytes": 4_000}})
    assert "tail" not in doc.markdown and "é" * 100 in doc.markdown
    assert any("only the first 4,000" in n for n in doc.notes)
    doc = convert(html.encode("utf-8"), options={"limits": {"max_input_bytes": 4_001}})
    assert any("only the first 4,001" in n for n in doc.notes)


def test_a_spent_time_budget_skips_the_optional_stages_and_keeps_content():
    html = "<nav><a href='/x'>Home</a></nav><main><p>one</p><p>two</p><p>one</p></main>"
    geometry = {"paths": ["/html[1]/body[1]/main[1]/p[1]", "/html[1]/body[1]/main[1]/p[2]"],
                "boxes": [0, 100, 10, 10, 3, 0, 0, 10, 10, 3]}
    doc = convert(html, geometry=geometry, options={"limits": {"time_budget_s": 1e-9}})
    assert doc.reading_order_method == "dom-fallback"
    assert doc.markdown.index("one") < doc.markdown.index("two")
    for stage in ("regions", "reading order", "de-duplication"):
        assert any(f"before {stage}" in n for n in doc.notes), doc.notes


def test_element_limit_keeps_later_content_as_text():
    html = ("<p>a</p>" + "".join(f"<div><p>b{i}</p><script>var s</script><p>c{i}</p></div>"
                                 for i in range(50)) + "<p>z</p>")
    doc = convert(html, scope="page", options={"limits": {"max_elements": 40}})
    words = doc.markdown.split()
    assert "z" in words and all(f"b{i}" in words and f"c{i}" in words for i in range(50))
    assert "var s" not in doc.markdown
    assert any("read as plain text" in n for n in doc.notes)


def test_start_tags_past_the_attribute_limit_keep_their_first_attributes_and_stamps():
    html = ('<p data-wg-path="/p1" a b c>one</p>'
            '<div a b c d e data-wg-path="/d1" data-wg-float="1">two</div>'
            '<script>var s = "<i a b c d e f>";</script><!-- <i a b c d e f> -->'
            "<a c='>' d=\"x\" e=f=\"g href=/lost>three</a>")
    root, notes = parse_page(html, Limits(max_attributes=3))
    p, div, link = root.find(".//p"), root.find(".//div"), root.find(".//a")
    assert dict(p.attrib) == {"data-wg-path": "/p1", "a": "", "b": ""}
    assert dict(div.attrib) == {"a": "", "b": "", "c": "", "data-wg-path": "/d1",
                                "data-wg-float": "1"}
    assert root.find(".//script").text == 'var s = "<i a b c d e f>";'
    assert dict(link.attrib) == {"c": ">", "d": "x", "e": 'f="g'} and link.text == "three"
    assert notes == ["3 start tags had more than 3 attributes; "
                     "the 4 past that were dropped before parsing"]
    # At the limit nothing changes, and no note is given.
    assert parse_page('<p a b c>one</p>', Limits(max_attributes=3))[1] == []


def test_limits_are_validated():
    with pytest.raises(ValueError):
        convert("<p>x</p>", options={"limits": {"max_nonsense": 1}})
    with pytest.raises(ValueError):
        convert("<p>x</p>", options={"limits": {"max_elements": -1}})
    # A caller cannot raise the depth past what the recursive readers can take.
    assert Limits.from_options({"limits": {"max_depth": 10_000}}).max_depth == MAX_DEPTH


def test_parsed_trees_are_never_deeper_than_the_limit():
    for html in ("<div>" * 5_000, "<b>" * 3_000 + "x", "<table><tr><td>" * 1_000):
        root = parse_html(html)
        deepest = root.xpath("self::*" + "/*" * (MAX_DEPTH + 1))
        assert deepest == []


def test_shallow_source_keeps_text_and_scripts_closed():
    source = "<div>" * 10 + "<script>if (a<b) x='</div>'</script>t" + "</div>" * 10
    out = shallow_source(source, 3)
    assert out.count("<div>") == 3 and out.endswith("</div>" * 3)
    assert "t" in out and "<script>" not in out and "if (a" not in out
    assert shallow_source("<a<a<a" * 10_000, 5).count("<a") == 30_000   # no rescans
    assert shallow_source("<!-- never closed <div>", 1) == ""


@pytest.mark.parametrize("geometry", [
    [], "boxes", 7, {"paths": "x", "boxes": {}}, {"geometry": [1, 2]},
    {"paths": [None, 5, "/html[1]"], "boxes": [1, 2, 3]},
    {"paths": ["/html[1]/body[1]/p[1]"] * 3, "boxes": [0, 0, 1, 1, 3] * 3},
    {"viewport": {"width": 10 ** 400, "height": float("nan")}, "paths": [], "boxes": []},
    {"paths": ["/html[1]/body[1]/p[1]"], "boxes": [1e308, 1e308, 1e308, 1e308, 3]},
])
def test_geometry_that_contradicts_the_html(geometry):
    doc = convert("<p>kept</p><p>also</p>", geometry=geometry)
    assert "kept" in doc.markdown and "also" in doc.markdown
    assert all(math.isfinite(v) for v in doc.to_json()["timings_ms"].values())


def test_every_box_identical_still_reads_every_block():
    n = 500
    html = "".join(f"<p>p{i}</p>" for i in range(n))
    geometry = {"paths": [f"/html[1]/body[1]/p[{i + 1}]" for i in range(n)],
                "boxes": [10, 10, 100, 20, 3] * n}
    doc = convert(html, geometry=geometry)
    assert sorted(doc.markdown.split()) == sorted(f"p{i}" for i in range(n))


# --- regexes ---------------------------------------------------------------------------

def test_no_regex_backtracks_catastrophically(results):
    """Every regex in host/webgist_host/**/*.py, fed long adversarial text, in a child
    with a hang guard (see regex_audit.py for how the patterns are found)."""
    report = _result(results, "regex_audit")
    assert report["failures"] == []
    assert report["patterns"] >= 40, report          # the audit really found them


if __name__ == "__main__":
    # Measurements for docs/robustness.md.
    for case in CASES:
        print(json.dumps(_child(case)), flush=True)
