"""Furniture and comment headings beyond English: the lookup and what it must not catch."""
from __future__ import annotations

import pytest

from webgist_host.engine.regions.headings_intl import (
    COMMENT_HEADINGS_BY_LANGUAGE, FURNITURE_HEADINGS_BY_LANGUAGE, SHOP_RAIL_HEADINGS_BY_LANGUAGE,
    heading_key,
)
from webgist_host.engine.regions.sections import is_furniture_heading


@pytest.mark.parametrize("heading", [
    "Leia também", "LEIA TAMBÉM:", "Notícias relacionadas", "Lo más leído",
    "À lire aussi", "Das könnte Sie auch interessieren", "Baca Juga", "Čtěte také",
    "相关文章：", "関連記事", "Читайте также", "İlgili Haberler", "Tin liên quan",
    "관련 기사", "اقرأ أيضا", "Läs också", "Lue myös", "Citește și", "Διαβάστε επίσης",
    "Читайте також", "ये भी पढ़ें", "ข่าวที่เกี่ยวข้อง",
])
def test_related_headings_in_other_languages_are_furniture(heading):
    assert is_furniture_heading(heading)


@pytest.mark.parametrize("heading", [
    "Produits similaires", "Ähnliche Produkte", "Productos relacionados", "Prodotti correlati",
    "Produtos relacionados", "Vergelijkbare producten", "Podobne produkty",
])
def test_a_shops_rail_of_other_products_is_furniture_beyond_english_on_product_pages(heading):
    assert is_furniture_heading(heading, product_page=True)
    # A review's or a docs page's "Similar products" section is its own text.
    assert not is_furniture_heading(heading)


def test_shop_rail_headings_are_not_in_the_news_tables():
    """The shop table holds only what the related-headings tables lack."""
    for language, phrases in SHOP_RAIL_HEADINGS_BY_LANGUAGE.items():
        assert not phrases & FURNITURE_HEADINGS_BY_LANGUAGE.get(language, frozenset()), language


@pytest.mark.parametrize("heading", ["12 comentários", "Komentar (3)", "评论（3）", "Kommentare"])
def test_comment_headings_are_furniture_unless_comments_are_the_content(heading):
    assert is_furniture_heading(heading)
    assert not is_furniture_heading(heading, comments_are_content=True)


@pytest.mark.parametrize("heading", [
    "Voir aussi", "Diskussion", "Rekomendasi", "Leia também o que dizem os médicos",
    "A chuva de março", "Relacionamentos",
])
def test_an_articles_own_sections_are_not_furniture(heading):
    assert not is_furniture_heading(heading)


def test_heading_key_folds_case_and_drops_counts_and_end_punctuation():
    assert heading_key("  Comentários (12) ") == "comentários"
    assert heading_key("12 Comentários:") == "comentários"
    assert heading_key("评论（3）") == "评论"
    assert heading_key("Lire aussi…") == "lire aussi"


def test_table_entries_are_written_as_their_own_keys():
    """An entry the lookup can never produce (capitals, a trailing colon) is dead."""
    for table in (FURNITURE_HEADINGS_BY_LANGUAGE, COMMENT_HEADINGS_BY_LANGUAGE,
                  SHOP_RAIL_HEADINGS_BY_LANGUAGE):
        for language, phrases in table.items():
            for phrase in phrases:
                assert heading_key(phrase) == phrase, (language, phrase)
