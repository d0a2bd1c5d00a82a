"""The walker asks whether a run is an accordion's question only of a run it would
otherwise drop as a control standing alone: a run with words of its own (most runs)
is answered by the cheap test first."""
from __future__ import annotations

from webgist_host import convert
from webgist_host.engine.blocks import walker


def _question_calls(monkeypatch, html: str) -> int:
    calls = 0
    asks = walker._asks_a_question

    def counted(pieces):
        nonlocal calls
        calls += 1
        return asks(pieces)

    monkeypatch.setattr(walker, "_asks_a_question", counted)
    convert(html, url="https://example.com/a", scope="page")
    return calls


def test_runs_with_words_of_their_own_are_not_asked_for_a_question(monkeypatch):
    page = ("<html><head><title>T</title></head><body><main><h1>T</h1>"
            "<div>Some words written here <b>in bold</b> and more of them after it.</div>"
            "<div><span>Another</span> run of words, written straight in a box.</div>"
            "</main></body></html>")
    assert _question_calls(monkeypatch, page) == 0


def test_a_lone_button_is_still_asked_whether_it_is_a_question(monkeypatch):
    page = ("<html><head><title>T</title></head><body><main><h1>T</h1>"
            "<div><button>How long does delivery take to reach me?</button></div>"
            "<div><p>Delivery takes three to five working days within the country, "
            "and up to two weeks abroad.</p></div></main></body></html>")
    assert _question_calls(monkeypatch, page) > 0
