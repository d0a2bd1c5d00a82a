"""engine/dom/shape.py's guards, one test each: every threshold and rule of the
shape reading changes an answer here when it is removed or moved (the pages of
tests/test_charsets.py exercise only a few of them). Texts written by hand; the
expected charset is the one each text was written in."""
from __future__ import annotations

from webgist_host.engine.dom.charset import guess_charset
from webgist_host.engine.dom.parse import decode_bytes
from webgist_host.engine.dom.shape import best_sibling, better_latin, shape_score

FALLBACK_NOTE = "bytes are not valid UTF-8; invalid bytes read as windows-1252"


def _latin(text: str, codec: str) -> str | None:
    data = text.encode(codec)
    return better_latin(data, data)


# --- shape_score -----------------------------------------------------------------

def test_a_symbol_inside_a_word_costs_three():
    assert shape_score("Brand\u2122s") == -3         # no non-ASCII word; one symbol
    assert shape_score("\u017c\u00f3\u0142w") == 4   # "żółw": four letters


def test_words_with_a_capital_after_a_lowercase_letter_count_against():
    assert shape_score("\u043f\u0420\u0418\u0412\u0415\u0422") == -6   # "пРИВЕТ"


def test_words_in_capitals_count_for_nothing():
    assert shape_score("\u041f\u0420\u0418\u0412\u0415\u0422") == 0    # "ПРИВЕТ"


def test_one_letter_three_times_is_misshapen():
    assert shape_score("\u0459\u0459\u0459") == -3                     # "љљљ"


def test_latin_letters_glued_to_another_script_are_misshapen():
    assert shape_score("is\u0459the") == -6                            # "isљthe"


# --- best_sibling ----------------------------------------------------------------

def test_a_tie_keeps_the_detectors_choice():
    # Nothing to weigh: every sibling scores 0.
    assert best_sibling(b"2025 Moscow", "cp1251") == "cp1251"


def test_a_lookalike_stays_unless_the_cyrillic_reading_has_words():
    # windows-1256 reads "A×B" (a symbol between letters, -3); windows-1251 reads
    # "AЧB", capitals that weigh nothing (0): better, but no Cyrillic word.
    assert best_sibling(b"A\xd7B", "cp1256") == "cp1256"


# --- better_latin ----------------------------------------------------------------

# A German paragraph: its non-ASCII letters are the same bytes in windows-1250.
GERMAN = "Die Gr\u00f6\u00dfe der \u00dcberg\u00e4nge f\u00fcr Sch\u00e4den w\u00e4chst. "


def test_one_footnote_glued_to_a_word_is_not_enough():
    # "Schäden¹und": "¹" is "ą" in windows-1250, which reads the word whole; one
    # such symbol is below MIN_BROKEN.
    assert _latin("<p>Sch\u00e4den\u00b9und mehr</p>", "cp1252") is None


def test_a_few_footnotes_on_a_long_page_are_not_enough():
    # Three glued footnotes among 400 non-ASCII letters: below MIN_BROKEN_SHARE.
    text = "<p>" + GERMAN * 50 + "Wort\u00b9und Satz\u00b9ende Regel\u00b9mehr</p>"
    assert _latin(text, "cp1252") is None


def test_an_alternative_that_leaves_most_symbols_is_refused():
    # Four symbols between letters; windows-1250 reads one as "ą" and leaves the
    # three "®" (more than MAX_LEFT of them), though its score is better.
    text = "<p>Acme\u00aeTools, Acme\u00aeParts, Acme\u00aeWorks: Sch\u00e4den\u00b9und</p>"
    assert _latin(text, "cp1252") is None


def test_bytes_windows_1252_leaves_undefined_are_evidence():
    # Czech in windows-1250: "ť" and "Ť" (0x9D, 0x8D) are undefined in windows-1252;
    # its other letters read as Western letters ("è" "ø" "ì"), no symbol.
    text = "<p>Nech\u0165 to za\u0165uk\u00e1 na dve\u0159e. \u0164uk, \u0165uk, \u0165uk.</p>"
    assert _latin(text, "cp1250") == "cp1250"


def test_windows_1250_wins_a_tie_with_iso_8859_2():
    # "ł", "ż", "ę", "ó" are the same bytes in both charsets: both read it whole.
    text = "<p>Jutro b\u0119dzie s\u0142onecznie. M\u0119\u017cczyzna po\u017cyczy\u0142 \u0142\u00f3dk\u0119.</p>"
    assert _latin(text, "cp1250") == "cp1250"


def test_the_whole_page_must_decode_in_the_alternative():
    # The sample reads as windows-1250, but a byte outside it (0x98) has no
    # windows-1250 character.
    sample = _POLISH.encode("cp1250")
    assert better_latin(sample, sample) == "cp1250"
    assert better_latin(sample, sample + b"<a title='\x98'>") is None


def test_ordinal_signs_closing_an_abbreviation_are_not_evidence():
    # Portuguese and Spanish "nºs", "MªJosé": windows-1250 reads "º" "ª" as "ş" "Ş".
    text = ("<p>Portarias n\u00bas 45 e 46. Exm\u00bas Srs., Ilm\u00aas Sras.</p>"
            "<p>M\u00aaJos\u00e9 P\u00e9rez, M\u00aa\u00c1ngeles Ruiz, M\u00aaLuisa G\u00f3mez</p>")
    assert _latin(text, "cp1252") is None


def test_an_ordinal_sign_before_more_lowercase_letters_still_counts():
    # Romanian "ş" in windows-1250 (0xBA) reads as "º" inside words ("Bucureºti").
    text = "<p>Bucure\u015fti, a\u015fa, de\u015fi, mi\u015fcare, ru\u015fine, u\u015for.</p>"
    assert _latin(text, "cp1250") == "cp1250"


def test_utf8_paragraphs_in_a_windows_1252_page_are_not_evidence():
    # UTF-8 "ó" "ñ" read as windows-1252 are "Ã³" "Ã±": symbols between letters,
    # which windows-1250 and ISO-8859-2 read as letters ("Ăł").
    data = ("<p>El ayuntamiento aprob\u00f3 el proyecto. Las obras empezar\u00e1n en oto\u00f1o.</p>"
            .encode("cp1252")
            + "<p>Por fin: un a\u00f1o pidiendo esta soluci\u00f3n, la conexi\u00f3n, la ejecuci\u00f3n.</p>"
            .encode("utf-8"))
    assert better_latin(data, data) is None


# --- a declaration after the sniffing window ---------------------------------------

_POLISH = ("<p>Jutro b\u0119dzie s\u0142onecznie, a wiatr os\u0142abnie. "
           "Poci\u0105g odje\u017cd\u017ca o \u00f3smej, wi\u0105\u017c\u0105cy termin.</p>")


def _late(label: str) -> bytes:
    """The Polish paragraph in windows-1250, declared `label` after 1 KiB of script."""
    script = "<script>" + "gtag('config','G-XXXX');" * 60 + "</script>"
    page = (f"<html><head>{script}<meta charset=\"{label}\"><title>t</title></head>"
            f"<body>{_POLISH}</body></html>")
    data = page.encode("cp1250")
    assert data.index(b"<meta") > 1024
    return data


def test_a_late_windows_1252_declaration_is_heeded_before_a_central_european_guess():
    data = _late("windows-1252")
    assert guess_charset(data) == "cp1250"            # what the text alone says
    text, note = decode_bytes(data)                   # what the page says
    assert note == FALLBACK_NOTE and "odje\u00bfd\u00bfa" in text


def test_a_late_central_european_declaration_agrees_with_the_guess():
    text, note = decode_bytes(_late("windows-1250"))
    assert "odje\u017cd\u017ca" in text and note is not None and "cp1250" in note
