"""The decision log's reasons for the regions stage: why a block left the main content."""
from __future__ import annotations

from ..model import Region

CHROME_REASON_PREFIX = "page chrome"
OUTSIDE_CONTAINER = "outside the main content container"
ASIDE_REASON = f"{CHROME_REASON_PREFIX} ({Region.ASIDE}), never main content"
HEADER_REASON = f"{CHROME_REASON_PREFIX} ({Region.HEADER}), never main content"
COMMENTS_REASON = "in the comments, which are not the bulk of this page"
AFTER_BODY_REASON = "after the element named as the article's body, inside the container"
CONTROL_LINE_REASON = "a control's label or a listing's tally standing alone, not content"
BYLINE_REASON = ("a byline line above the article's text, or under its standfirst (date, author, "
                 "reading time)")
COMMENT_CALL_REASON = "a line that only counts the comments or asks for one"
TRAILING_SERIES_REASON = ("a series of linked teasers after the article's last paragraph, "
                          "and what follows it")
CHART_LABEL_REASON = "a label set over a chart picture (a tick, a value, a unit)"
SHARE_REASON = "share buttons: links that only publish the page on a network or by mail"
READ_ALSO_REASON = ("a \"read also\" line among the text: a label and one linked headline to "
                    "another of the site's pages")
OTHER_STORY_REASON = ("another story written into the page below its own (its headline "
                      "is not the page's title)")
HEADLINE_BOX_REASON = ("a box of linked headlines between the article's paragraphs "
                       "(most read, related)")
TEASER_CARD_REASON = ("a lone teaser card (a linked headline, a line about it) set among or "
                      "after the article's paragraphs")
TEASER_RAIL_REASON = ("a rail of teaser cards between the article's paragraphs (linked headlines "
                      "to the site's other pages, a line about each)")
CLOSING_CARDS_REASON = ("teaser cards after the article's last paragraph (previous and next "
                        "stories: linked headlines to the site's other pages, a line about each)")
COUNTED_CONTROL_REASON = ("a slide or page counter (bare numbers counting up from 0 or 1: a "
                          "carousel's dots, a pager)")
SLIDESHOW_REASON = ("a numbered slideshow set between the article's paragraphs (a gallery "
                    "of other pictures, one caption per slide)")
SITE_SERIES_REASON = ("a series of teasers leading to the site's other pages, set in the "
                      "article's own element after its text, and what follows it")
TAG_LIST_REASON = "a list of short tag or topic links after the article's last paragraph"
CLOSING_LINKS_REASON = ("the run of linked headlines to the site's other pages that closes "
                        "the main content (its reading list), and its label")
ABOVE_PRODUCT_NAME_REASON = ("above the product's name on a product page (the shop's bars, "
                             "account, cart and stock lines)")
AUTHOR_BOX_REASON = ("the author's box after the article (the name the metadata gives, a "
                     "headshot, a short bio)")
AFTER_TEXT_REASON = ("after the article's last paragraph, outside the element that holds its "
                     "text (the site's band under every story)")
BEFORE_TEXT_REASON = ("a short line before the article's first paragraph, outside the element "
                      "that holds its text (the site's band over every story)")
SIGNUP_BOX_REASON = ("a sign-up box between the article's paragraphs (an email field, a "
                     "button, a line about the newsletter)")
MENU_REASON = "a menu of short links above the page's title, inside the main content"
BREADCRUMB_REASON = "a breadcrumb: links to the site's sections, then the page's own title"
LONE_LINK_REASON = ("a lone link standing among a product page's lines (a control or a way "
                    "to another page)")
PRODUCT_CARDS_REASON = ("a series of cards offering other products after the product's name "
                        "(also viewed, also bought, the series' other titles), and its label")
