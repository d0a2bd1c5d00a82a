"""Shadow roots composed into the flat tree, as the browser renders them (seed 000)."""
from __future__ import annotations

from lxml import etree

from webgist_host.engine.dom.parse import parse_html
from webgist_host.engine.dom.shadow import flatten_shadow_roots


def flat(html: str):
    return flatten_shadow_roots(parse_html(html))


def body_html(root) -> str:
    body = root.find("body")
    return "".join(etree.tostring(child, encoding="unicode") for child in body)


def test_page_without_shadow_roots_is_returned_as_is():
    root = parse_html("<p>plain</p><template><p>inert</p></template>")
    assert flatten_shadow_roots(root) is root


def test_named_slot_takes_its_child_and_hides_fallback():
    root = flat("<x-c><template shadowrootmode='open'><h2><slot name='t'>Untitled</slot></h2>"
                "</template><span slot='t'>Real</span></x-c>")
    assert body_html(root) == '<x-c><h2><span slot="t">Real</span></h2></x-c>'


def test_default_slot_takes_text_and_unnamed_children():
    root = flat("<x-c><template shadowrootmode='open'><div><slot>none</slot></div></template>"
                "hello <b>world</b></x-c>")
    assert body_html(root) == "<x-c><div>hello <b>world</b></div></x-c>"


def test_fallback_kept_when_nothing_assigned():
    root = flat("<x-c><template shadowrootmode='open'><p><slot name='a'>fallback A</slot></p>"
                "</template></x-c>")
    assert body_html(root) == "<x-c><p>fallback A</p></x-c>"


def test_unassigned_light_children_are_dropped():
    root = flat("<x-c><template shadowrootmode='open'><p>shadow only</p></template>"
                "<span>light</span><i slot='nowhere'>x</i></x-c>")
    assert body_html(root) == "<x-c><p>shadow only</p></x-c>"


def test_only_the_first_slot_of_a_name_is_filled():
    root = flat("<x-c><template shadowrootmode='open'><slot name='n'>1</slot><slot name='n'>2</slot>"
                "</template><b slot='n'>B</b></x-c>")
    assert body_html(root) == '<x-c><b slot="n">B</b>2</x-c>'


def test_nested_components_compose_inside_out():
    root = flat("<x-outer><template shadowrootmode='open'><section><slot></slot></section></template>"
                "<x-inner><template shadowrootmode='open'><em><slot name='n'>?</slot></em></template>"
                "<span slot='n'>inner</span></x-inner></x-outer>")
    assert body_html(root) == ('<x-outer><section><x-inner><em><span slot="n">inner</span>'
                               "</em></x-inner></section></x-outer>")


def test_component_inside_shadow_tree_is_composed():
    root = flat("<x-a><template shadowrootmode='open'><x-b><template shadowrootmode='open'>"
                "<p><slot>b-fallback</slot></p></template>from a</x-b></template></x-a>")
    assert body_html(root) == "<x-a><x-b><p>from a</p></x-b></x-a>"


def test_caller_tree_is_not_mutated_and_paths_survive():
    source = ("<x-c data-wg-path='/html[1]/body[1]/x-c[1]'><template shadowrootmode='open'>"
              "<slot></slot></template><p data-wg-path='/html[1]/body[1]/x-c[1]/p[1]'>t</p></x-c>")
    root = parse_html(source)
    before = etree.tostring(root)
    result = flatten_shadow_roots(root)
    assert etree.tostring(root) == before
    assert result is not root
    assert result.find(".//p").get("data-wg-path") == "/html[1]/body[1]/x-c[1]/p[1]"


def test_tails_and_surrounding_text_keep_their_place():
    root = flat("<div>before <x-c><template shadowrootmode='open'>[<slot></slot>]</template>"
                "mid</x-c> after</div>")
    assert "".join(root.find("body").itertext()) == "before [mid] after"
