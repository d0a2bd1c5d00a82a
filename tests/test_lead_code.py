"""The code a question shows between its sentences comes back with them when the
container walk took the answers' box beside it (siblings.lead_sentences)."""
from __future__ import annotations

from html import unescape

import pytest

from webgist_host import convert

ASK = "How do I read every line of a file in Python and store each line in a list?"
MORE = "This works, but I want each line without its trailing newline, and a shorter way."
CODE = "lines = []\nfor line in open(name):\n    lines.append(line)"
ANSWER = ("Buffered readers keep a block of the file in memory and hand out one line at a "
          "time, so the whole file never has to fit in memory at once, which matters for "
          "logs that grow to several gigabytes over a week of traffic.")


def page(question: str) -> str:
    answers = "".join(f'<div class="answer"><p>{n}. {ANSWER}</p></div>' for n in range(8))
    return f"""<html><head><title>Read a file into a list</title></head><body>
      <header class="site-header"><a href="/">Code Answers</a>
        <nav><a href="/questions">Questions</a> <a href="/tags">Tags</a></nav></header>
      <div class="page"><div class="title-band"><h1>Read a file into a list</h1></div>
        <div class="question">{question}</div>
        <div class="answers">{answers}</div></div>
      <footer class="site-footer"><p>All answers are licensed by their authors.</p></footer>
      </body></html>"""


def texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main").blocks]


def test_code_between_the_leads_sentences_comes_back_with_them():
    kept = texts(page(f"<p>{ASK}</p><pre>{CODE}</pre><p>{MORE}</p>"))
    assert kept[:4] == ["Read a file into a list", ASK, CODE, MORE]


def test_code_after_the_last_sentence_stays_out():
    kept = texts(page(f"<p>{ASK}</p><p>{MORE}</p><pre>{CODE}</pre>"))
    assert kept[:3] == ["Read a file into a list", ASK, MORE]
    assert CODE not in kept


def test_code_in_a_wrapper_inside_the_leads_box_comes_back():
    kept = texts(page(f'<p>{ASK}</p><div class="highlight"><pre>{CODE}</pre></div><p>{MORE}</p>'))
    assert kept[:4] == ["Read a file into a list", ASK, CODE, MORE]


def test_code_before_the_first_sentence_stays_out():
    kept = texts(page(f"<pre>{CODE}</pre><p>{ASK}</p><p>{MORE}</p>"))
    assert CODE not in kept and ASK in kept and MORE in kept


# A question about embed markup shows it as one line of code: it is the question's.
@pytest.mark.parametrize("snippet", [
    '&lt;iframe width="560" height="315" src="https://www.youtube.com/embed/x" frameborder="0"&gt;&lt;/iframe&gt;',
    '&lt;script src="https://code.jquery.com/jquery-3.7.1.min.js"&gt;&lt;/script&gt;',
    '&lt;embed src="/files/handbuch.pdf" type="application/pdf" width="100%"&gt;',
])
def test_a_questions_one_line_embed_code_comes_back(snippet):
    kept = texts(page(f"<p>{ASK}</p><pre>{snippet}</pre><p>{MORE}</p>"))
    assert kept[:4] == ["Read a file into a list", ASK, unescape(snippet), MORE]


def test_code_in_a_cookie_banner_between_the_sentences_stays_out():
    banner = ('<div class="cookie-banner"><p>We use cookies to keep you signed in and to count '
              'visits to our pages.</p><pre>document.cookie = "consent=yes"</pre></div>')
    kept = texts(page(f"<p>{ASK}</p>{banner}<p>{MORE}</p>"))
    assert not any("document.cookie" in t for t in kept) and ASK in kept and MORE in kept


def test_code_in_a_box_of_its_own_between_the_sentences_stays_out():
    kept = texts(page(f'<div class="ask"><p>{ASK}</p></div><div class="part2"><pre>{CODE}</pre></div>'
                      f'<div class="more"><p>{MORE}</p></div>'))
    assert CODE not in kept and ASK in kept and MORE in kept


@pytest.mark.parametrize("wrapper", ['<nav class="toc">{}</nav>', '<menu class="toc"><li>{}</li></menu>',
                                     '<form action="/run">{}</form>'])
def test_code_in_a_menu_or_form_inside_the_leads_box_stays_out(wrapper):
    kept = texts(page(f'<p>{ASK}</p>{wrapper.format(f"<pre>{CODE}</pre>")}<p>{MORE}</p>'))
    assert CODE not in kept and ASK in kept and MORE in kept
