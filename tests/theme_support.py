"""What the theme and accessibility tests measure in a page, from computed styles:
text/background contrast of every control, keyboard focus order, and names."""
from __future__ import annotations

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

# WCAG 2 AA for normal-size text.
MIN_CONTRAST = 4.5

# Shows every part of the popup that can appear (status as an error, hint, progress,
# facts, preview, the pressed overlay button) so each is measured, as a user can meet it.
SHOW_EVERYTHING_JS = """
for (const el of document.querySelectorAll('[hidden]')) el.hidden = false;
const set = (id, text) => { const el = document.getElementById(id); if (el) el.textContent = text; };
set('hint-text', 'webgist install-host'); set('progress-text', 'Working… 2 s');
set('method', 'geometric-xy-cut'); set('blocks', '12'); set('words', '340');
set('source', 'the main content'); set('preview', '# A page');
"""

# Every element that shows text, or takes input, with its colours composed over the
# backgrounds behind it and the contrast ratio between them.
CONTRAST_JS = """
const parse = (css) => { const m = css.match(/[\\d.]+/g).map(Number);
  return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1}; };
const over = (top, under) => ({r: top.r * top.a + under.r * (1 - top.a),
  g: top.g * top.a + under.g * (1 - top.a), b: top.b * top.a + under.b * (1 - top.a), a: 1});
const background = (el) => {
  const layers = [];
  for (let node = el; node && node.nodeType === 1; node = node.parentElement)
    layers.push(parse(getComputedStyle(node).backgroundColor));
  const canvas = parse(getComputedStyle(document.documentElement).backgroundColor);
  let colour = canvas.a ? canvas : {r: 255, g: 255, b: 255, a: 1};
  for (const layer of layers.reverse()) colour = over(layer, colour);
  return colour;
};
const lum = (c) => { const ch = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b); };
const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
const ownText = (el) => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
const controls = [...document.querySelectorAll('button, select, a[href], input, textarea, label, legend, dt, dd, pre, code, p, h1, span')]
  .filter(el => shown(el) && (ownText(el) || el.matches('button, select, input')));
return {
  body: lum(background(document.body)),
  controls: controls.map(el => { const fg = parse(getComputedStyle(el).color); const bg = background(el);
    return {what: el.localName + (el.id ? '#' + el.id : ''), text: (el.textContent || el.value || '').trim().slice(0, 30),
            ratio: Math.round(ratio(over(fg, bg), bg) * 100) / 100}; }),
};
"""

# The accessible name of each focusable control, the way a screen reader finds it:
# aria-label, then its <label>s, then its own text.
NAMES_JS = """
return [...document.querySelectorAll('button, select, input, textarea, a[href], [tabindex]')].map(el => ({
  what: el.localName + (el.id ? '#' + el.id : '') + (el.name ? '[' + el.name + '=' + el.value + ']' : ''),
  tabindex: el.getAttribute('tabindex'),
  name: (el.getAttribute('aria-label') || [...(el.labels || [])].map(l => l.textContent).join(' ')
         || (el.matches('button, a') ? el.textContent : '')).trim()}));
"""


def contrast_report(driver) -> dict:
    return driver.execute_script(CONTRAST_JS)


def low_contrast(report: dict) -> list[dict]:
    return [c for c in report["controls"] if c["ratio"] < MIN_CONTRAST]


def focus_order(driver, presses: int) -> list[str]:
    """The id (or tag) of the focused element after each Tab from the top."""
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.focus();")
    order = []
    for _ in range(presses):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        order.append(driver.execute_script(
            "const el = document.activeElement; return el.id || (el.name ? el.name + '=' + el.value : el.localName);"))
    return order


def unnamed_controls(driver) -> list[dict]:
    return [c for c in driver.execute_script(NAMES_JS) if not c["name"] or (c["tabindex"] or "0") not in ("0", "-1")]
