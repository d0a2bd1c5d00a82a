"""Furniture and comment headings beyond English, as whole headings.

Twenty-six languages beyond English. The English patterns in vocabulary.py are
regular expressions; these are fixed phrases, looked up after the heading is
case-folded, stripped of end punctuation
(including the full-width ：！？) and of a count ("12 comentários", "评论(3)").
A set lookup costs the same for one language or twenty, and no phrase here can
backtrack. Each entry is a heading news and blog sites in that language put over
the same boxes the English table names: related and most-read lists, "read also"
teasers, more from the site, sharing, newsletters. Phrases that also head an
article's own sections are left out: "Voir aussi" (Wikipedia), "Diskussion" and
"Diskuse" (a paper's discussion), a bare "Rekomendasi" or "Рекомендуем" (a report's
recommendations).

SHOP_RAIL_HEADINGS holds a shop's rail of other products ("Produits similaires") in
seven languages; sections.is_furniture_heading reads it on pages that declare a
product only, since a review's or a docs page's "Productos similares" section is its
own text.
"""
from __future__ import annotations

import re

FURNITURE_HEADINGS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "pt": frozenset({
        "notícias relacionadas", "artigos relacionados", "matérias relacionadas",
        "posts relacionados", "conteúdo relacionado", "relacionadas", "relacionados",
        "leia também", "leia mais", "veja também", "mais lidas", "mais lidos",
        "as mais lidas", "mais populares", "mais vistos", "mais vistas", "recomendados",
        "recomendados para você", "você pode gostar", "você também pode gostar",
        "últimas notícias", "mais notícias", "compartilhe", "compartilhar",
        "receba nossa newsletter", "assine nossa newsletter",
    }),
    "es": frozenset({
        "noticias relacionadas", "artículos relacionados", "notas relacionadas",
        "contenido relacionado", "relacionadas", "relacionados", "lee también",
        "lea también", "te puede interesar", "también te puede interesar",
        "te recomendamos", "puede interesarte", "podría interesarte", "lo más leído",
        "lo más visto", "las más leídas", "los más leídos", "más leídas", "más leídos",
        "más vistos", "más populares", "recomendados", "recomendados para ti",
        "últimas noticias", "más noticias", "compartir", "comparte",
        "suscríbete a nuestro boletín", "suscríbete",
    }),
    "fr": frozenset({
        "articles liés", "articles similaires", "articles associés", "sujets associés",
        "contenus associés", "à lire aussi", "à lire également", "lire aussi",
        "lire également", "les plus lus", "articles les plus lus", "les plus populaires",
        "les plus partagés", "vous aimerez aussi", "vous aimerez aussi ces articles",
        "vous pourriez aimer", "sur le même sujet", "dans la même rubrique",
        "dernières actualités", "dernières infos", "nos recommandations",
        "partager", "partagez", "partager cet article", "abonnez-vous",
        "inscrivez-vous à notre newsletter",
    }),
    "de": frozenset({
        "ähnliche artikel", "ähnliche beiträge", "verwandte artikel", "verwandte themen",
        "auch interessant", "das könnte sie auch interessieren",
        "das könnte dich auch interessieren", "meistgelesen", "meistgelesene artikel",
        "am meisten gelesen", "mehr zum thema", "weitere artikel", "weitere beiträge",
        "weitere nachrichten", "weitere meldungen", "empfohlene artikel", "lesen sie auch",
        "neueste artikel", "neueste beiträge", "teilen", "artikel teilen",
        "newsletter abonnieren",
    }),
    "it": frozenset({
        "articoli correlati", "notizie correlate", "leggi anche", "potrebbe interessarti",
        "potrebbe interessarti anche", "ti potrebbe interessare", "più letti",
        "i più letti", "le più lette", "ultime notizie", "altre notizie", "condividi",
        "iscriviti alla newsletter",
    }),
    "nl": frozenset({
        "gerelateerde artikelen", "gerelateerde berichten", "meest gelezen", "lees ook",
        "ook interessant", "meer nieuws", "delen", "deel dit artikel",
    }),
    "id": frozenset({
        "berita terkait", "artikel terkait", "baca juga", "terpopuler", "berita terpopuler",
        "paling banyak dibaca", "rekomendasi untuk anda", "berita lainnya",
        "berita terkini", "terkini", "bagikan", "bagikan artikel ini",
    }),
    "cs": frozenset({
        "související články", "související", "nejčtenější", "nejčtenější články",
        "čtěte také", "čtěte též", "mohlo by vás zajímat", "další články", "sdílet",
    }),
    "pl": frozenset({
        "powiązane artykuły", "czytaj też", "czytaj także", "najczęściej czytane",
        "polecane", "polecane artykuły", "udostępnij",
    }),
    "ru": frozenset({
        "похожие статьи", "похожие новости", "похожие материалы", "читайте также",
        "самое читаемое", "самое популярное", "другие новости",
        "поделиться",
    }),
    "zh": frozenset({
        "相关文章", "相关新闻", "相关阅读", "相关推荐", "相关报道", "相關文章", "相關新聞",
        "热门文章", "热门新闻", "热门推荐", "熱門文章", "推荐阅读", "推薦閱讀", "猜你喜欢",
        "延伸阅读", "延伸閱讀", "最新文章", "最新新闻", "排行榜", "点击排行", "分享",
        "分享到",
    }),
    "ja": frozenset({
        "関連記事", "関連ニュース", "おすすめ記事", "人気記事", "人気記事ランキング",
        "こちらもおすすめ", "あわせて読みたい", "最新記事", "シェアする",
    }),
    "tr": frozenset({
        # "İlgili" folds to i + combining dot above.
        "ilgili haberler", "i̇lgili haberler", "benzer haberler", "en çok okunanlar",
        "en çok okunan haberler", "diğer haberler", "bunlar da ilginizi çekebilir",
        "paylaş",
    }),
    "vi": frozenset({
        "tin liên quan", "bài viết liên quan", "tin cùng chuyên mục", "đọc nhiều nhất",
        "tin đọc nhiều", "có thể bạn quan tâm", "chia sẻ",
    }),
    "ko": frozenset({"관련 기사", "관련기사", "많이 본 뉴스", "인기 기사", "추천 기사", "공유하기"}),
    "ar": frozenset({
        "أخبار ذات صلة", "مقالات ذات صلة", "الأكثر قراءة", "اقرأ أيضا", "اقرأ أيضاً",
        "شارك",
    }),
    "sv": frozenset({"relaterade artiklar", "mest läst", "mest lästa", "läs också", "dela"}),
    "da": frozenset({"relaterede artikler", "mest læste", "læs også", "del artiklen"}),
    "nb": frozenset({"relaterte saker", "relaterte artikler", "mest lest", "les også"}),
    "fi": frozenset({"aiheeseen liittyvät", "luetuimmat", "lue myös", "jaa"}),
    "ro": frozenset({
        "articole similare", "articole asemănătoare", "cele mai citite", "citește și",
        "citeşte şi", "distribuie",
    }),
    "hu": frozenset({"kapcsolódó cikkek", "legolvasottabb", "ezt is ajánljuk", "megosztás"}),
    # Case folding writes the final sigma as σ: "επίσης" is looked up as "επίσησ".
    "el": frozenset({"σχετικά άρθρα", "δημοφιλή", "διαβάστε επίσησ", "κοινοποίηση"}),
    "uk": frozenset({"схожі новини", "читайте також", "найпопулярніше", "поділитися"}),
    "hi": frozenset({"संबंधित खबरें", "ये भी पढ़ें", "यह भी पढ़ें", "सबसे ज्यादा पढ़ी गई"}),
    "th": frozenset({"ข่าวที่เกี่ยวข้อง", "บทความที่เกี่ยวข้อง", "ข่าวยอดนิยม", "แชร์"}),
}
COMMENT_HEADINGS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "pt": frozenset({"comentários", "deixe seu comentário", "deixe um comentário"}),
    "es": frozenset({"comentarios", "deja un comentario", "deja tu comentario"}),
    "fr": frozenset({"commentaires", "laisser un commentaire", "réagissez"}),
    "de": frozenset({"kommentare", "kommentar schreiben"}),
    "it": frozenset({"commenti", "lascia un commento"}),
    "nl": frozenset({"reacties", "reageer", "laat een reactie achter"}),
    "id": frozenset({"komentar", "tulis komentar"}),
    "cs": frozenset({"komentáře"}),
    "pl": frozenset({"komentarze", "dodaj komentarz"}),
    "ru": frozenset({"комментарии", "оставить комментарий"}),
    "zh": frozenset({"评论", "評論", "网友评论", "網友評論", "发表评论", "留言", "发表留言",
                     "發表留言"}),
    "ja": frozenset({"コメント", "コメントする"}),
    "tr": frozenset({"yorumlar", "yorum yap"}),
    "vi": frozenset({"bình luận", "ý kiến bạn đọc"}),
    "ko": frozenset({"댓글"}),
    "ar": frozenset({"التعليقات", "أضف تعليقا"}),
    "sv": frozenset({"kommentarer", "kommentera"}),
    "da": frozenset({"kommentarer"}),
    "nb": frozenset({"kommentarer"}),
    "fi": frozenset({"kommentit"}),
    "ro": frozenset({"comentarii", "lasă un comentariu"}),
    "hu": frozenset({"hozzászólások"}),
    "el": frozenset({"σχόλια"}),
    "uk": frozenset({"коментарі"}),
    "hi": frozenset({"टिप्पणियाँ"}),
    "th": frozenset({"ความคิดเห็น"}),
}

# A shop's rail of other products under its product: "Similar products", "Related
# products" (English: vocabulary.FURNITURE_HEADING_PATTERNS, on every page as before),
# as shops in those languages title it; read on declared products only. Phrases the
# table above holds already ("articles similaires", "ähnliche Artikel") are not repeated.
SHOP_RAIL_HEADINGS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "fr": frozenset({"produits similaires", "produits associés"}),
    "de": frozenset({"ähnliche produkte", "passende produkte"}),
    "es": frozenset({"productos relacionados", "productos similares"}),
    "it": frozenset({"prodotti correlati", "prodotti simili"}),
    "pt": frozenset({"produtos relacionados", "produtos semelhantes", "produtos similares"}),
    "nl": frozenset({"gerelateerde producten", "vergelijkbare producten"}),
    "pl": frozenset({"podobne produkty", "produkty powiązane"}),
}

FURNITURE_HEADINGS = frozenset().union(*FURNITURE_HEADINGS_BY_LANGUAGE.values())
SHOP_RAIL_HEADINGS = frozenset().union(*SHOP_RAIL_HEADINGS_BY_LANGUAGE.values())
COMMENT_HEADINGS = frozenset().union(*COMMENT_HEADINGS_BY_LANGUAGE.values())

# A count before or after the words: "12 comentários", "Komentar (3)", "评论（3）".
_COUNT = re.compile(r"^\d{1,6} |[ ]?[(（]\d{1,6}[)）]$")
_END_PUNCTUATION = " :.!?…：。！？"


def heading_key(text: str) -> str:
    """The heading as the tables spell it: folded, without end punctuation or a count."""
    key = " ".join(text.split()).strip(_END_PUNCTUATION).casefold()
    return _COUNT.sub("", key).strip(_END_PUNCTUATION)
