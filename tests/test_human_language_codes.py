"""A <pre lang="xx"> names a human language when xx is an ISO 639-1 code: a code
language's name or alias that is also such a code must be in HUMAN_LANGUAGE_CODES."""
from __future__ import annotations

from webgist_host.engine.blocks.code import code_language
from webgist_host.engine.blocks.languages import LANGUAGE_NAMES
from webgist_host.engine.blocks.tuning import HUMAN_LANGUAGE_CODES
from webgist_host.engine.dom.parse import parse_html

# ISO 639-1 (all 184 two-letter codes), and "sh" (Serbo-Croatian, deprecated but written).
ISO_639_1 = frozenset("""
aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu
cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi
ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks
ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl
nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl
sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve
vi vo wa wo xh yi yo za zh zu sh
""".split())


def test_the_code_list_is_whole():
    assert len(ISO_639_1) == 185
    assert {"sv", "cs", "sh", "ts", "pl", "de", "fr", "es", "it", "nl", "pt", "ru", "ja",
            "zh", "ko"} <= ISO_639_1


def test_no_code_language_word_is_a_human_language_code_unless_listed():
    clashes = sorted(code for code in ISO_639_1
                     if code in LANGUAGE_NAMES and code not in HUMAN_LANGUAGE_CODES)
    assert clashes == []


def test_swedish_prose_in_a_pre_names_no_code_language():
    pre = parse_html('<pre lang="sv">Löven faller\nen efter en</pre>').find(".//pre")
    assert code_language(pre) is None
