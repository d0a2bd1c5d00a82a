"""Disclosures' rules stay linear in the number of hidden siblings: a page of
thousands of hidden comments (each `display:none`) is asked about every one of
them, so a rule that walked all the siblings for each would be quadratic."""
from __future__ import annotations

from webgist_host import convert
from webgist_host.engine.blocks.disclosures import Disclosures


def _hidden_siblings_page(count: int) -> str:
    hidden = "".join(
        f'<div style="display:none"><p>Hidden comment number {i} says something long '
        f'enough to be prose for the reader here.</p></div>' for i in range(count))
    return ("<html><head><title>T</title></head><body><main><h1>T</h1><p>Intro paragraph "
            "with enough words to be the article text of this page.</p>"
            f'<div class="c">{hidden}</div></main></body></html>')


def _controls_calls(monkeypatch, count: int) -> int:
    calls = 0
    controls = Disclosures._controls

    def counted(self, el):
        nonlocal calls
        calls += 1
        return controls(self, el)

    monkeypatch.setattr(Disclosures, "_controls", counted)
    convert(_hidden_siblings_page(count), url="https://example.com/a", scope="main")
    monkeypatch.setattr(Disclosures, "_controls", controls)
    return calls


def test_button_tabs_read_each_run_of_hidden_siblings_once(monkeypatch):
    few, many = _controls_calls(monkeypatch, 250), _controls_calls(monkeypatch, 1000)
    assert few > 0
    # Four times the siblings: about four times the work (quadratic would be 16).
    assert many <= 5 * few
