"""A newsletter box between a dated story's paragraphs goes; other boxes stay."""
from __future__ import annotations

import pytest

from webgist_host import convert

PARAGRAPHS = [f"{n} " + " ".join(["Nurse bees feed the larvae and keep the brood warm in spring."] * 3)
              for n in ("First.", "Second.", "Third.")]
DATED = '<meta property="article:published_time" content="2019-05-14T10:00:00+02:00">'
NAME, PITCH = "Bee News Daily", "The week's news from the apiary, every Monday in your inbox."


def story(form: str, *, head: str = DATED, pitch: str = PITCH) -> str:
    first, second, third = (f"<p>{p}</p>" for p in PARAGRAPHS)
    box = f'<div class="box-x1"><strong>{NAME}</strong><p>{pitch}</p>{form}</div>'
    return f"""<html><head>{head}</head><body><div class="story"><h1>Bees</h1>
      <div class="text">{first}{box}{second}{third}</div></div></body></html>"""


def texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main").blocks]


EMAIL_FORM = '<form><input type="email" placeholder="Email"><button>Sign up</button></form>'


@pytest.mark.parametrize("form", [
    EMAIL_FORM,
    '<form><input type="text" name="email"><input type="submit" value="Go"></form>',
])
def test_a_signup_box_between_the_paragraphs_goes(form):
    kept = texts(story(form))
    assert NAME not in kept and PITCH not in kept
    assert kept == ["Bees", *PARAGRAPHS]


@pytest.mark.parametrize("form, head, pitch", [
    (EMAIL_FORM, "", PITCH),                                           # an undated page
    ('<form><input type="email"><textarea></textarea><button>Send</button></form>',
     DATED, PITCH),                                                    # a message form
    ('<form><input type="checkbox"><button>Vote</button></form>', DATED, PITCH),  # a poll
    (EMAIL_FORM, DATED, " ".join([PITCH] * 5)),                        # the story's own box
])
def test_other_boxes_between_the_paragraphs_stay(form, head, pitch):
    kept = texts(story(form, head=head, pitch=pitch))
    assert NAME in kept
