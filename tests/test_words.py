"""Word counts in spaced and unspaced scripts, as the regions stage weighs text."""
from __future__ import annotations

import sys

from webgist_host.engine.words import CJK_CHARS_PER_WORD, THAI_CHARS_PER_WORD, has_alnum, word_count


def test_spaced_text_counts_tokens():
    assert word_count("The river was cleaned this spring.") == 6
    assert word_count("  Le fleuve a été nettoyé  ") == 5


def test_chinese_counts_characters_not_the_single_token():
    sentence = "今年春天以来市里对三条河道进行了集中治理"       # 20 characters, no spaces
    assert word_count(sentence) == 20 // CJK_CHARS_PER_WORD      # not its token as well


def test_japanese_kana_count_like_kanji():
    assert word_count("きょうのイソップ童話") == 10 // CJK_CHARS_PER_WORD


def test_mixed_text_counts_both():
    assert word_count("Apple Watch 销量大跌") == 2 + 4 // CJK_CHARS_PER_WORD
    # A token that holds CJK counts by its CJK characters.
    assert word_count("Apple Watch销量大跌") == 1 + 4 // CJK_CHARS_PER_WORD


def test_a_lines_count_is_the_sum_of_its_tokens():
    label, headline = "あわせて読みたい：", "市場の野菜価格が今週も上がり続けている"
    assert word_count(f"{label} {headline}") == word_count(label) + word_count(headline)
    assert word_count("中") == 1


def test_a_thai_token_counts_by_its_characters_only():
    phrase = "เทศบาลเปิดสวนสาธารณะ"       # 20 characters, one spaced token
    assert word_count(phrase) == 20 // THAI_CHARS_PER_WORD
    # Each token by its own characters: a line's count is the sum of its tokens'.
    assert word_count(f"{phrase} ริมแม่น้ำ") == 20 // THAI_CHARS_PER_WORD + 9 // THAI_CHARS_PER_WORD
    assert word_count("ข่าวที่เกี่ยวข้อง") == 17 // THAI_CHARS_PER_WORD


def test_a_short_thai_token_is_one_word():
    assert word_count("ที่") == 1
    assert word_count("ข่าว ที่ Apple") == 3


def test_thai_beside_latin_tokens():
    assert word_count("COVID-19 ระบาดหนัก") == 1 + 9 // THAI_CHARS_PER_WORD


def test_hangul_is_spaced_and_counted_by_tokens():
    assert word_count("한국어는 띄어쓰기를 합니다") == 3


def test_empty_text_has_no_words():
    assert word_count("") == 0 and word_count(" \n ") == 0


def test_has_alnum_is_str_isalnum_on_every_code_point():
    differ = [cp for cp in range(sys.maxunicode + 1)
              if has_alnum(chr(cp)) != chr(cp).isalnum()]
    assert differ == []
    assert not has_alnum("_ ¶ # § -") and has_alnum("__x") and has_alnum("٣")
