"""Feed every regex in host/webgist_host/**/*.py long adversarial text (issue 7, item 2).

Patterns are found two ways, so a new one cannot slip past: compiled patterns held
by each module (also inside tuples, lists and dicts), and every literal pattern
passed to a `re.*` call in the source (found with `ast`). Each pattern meets runs
of every character it mentions, runs of each pair of them, and its own words
repeated, ending in characters that force a failure, at 50,000 characters: a
linear pattern takes milliseconds on each, a quadratic one minutes. An alarm on each
input (generous, hang protection only) turns a runaway into a reported failure; it
is per input, not per pattern, because a pattern that mentions many characters
(month names) meets over a thousand inputs, linear or not.

Run as a script; prints one JSON line: {"patterns": N, "failures": [...]}; exit 1
on any failure. tests/test_hostile_input.py runs it in a child process.
"""
from __future__ import annotations

import ast
import importlib
import json
import pathlib
import re
import signal
import sys
import time

PKG = pathlib.Path(__file__).resolve().parents[1] / "host" / "webgist_host"
CALLS = {"compile", "sub", "subn", "match", "search", "fullmatch", "findall", "finditer", "split"}
LENGTH = 50_000
# Generous: one 50,000-character input takes a linear pattern well under a second
# even on a loaded machine; a quadratic one, a minute or more.
GUARD_S = 15
# Above this many distinct literal characters, a pattern meets the pairs its own text
# holds rather than every pair (see _pairs): the date pattern's 49 characters made
# 2,401 pair runs, most of the suite's run time, of letters that only ever meet as
# literal words.
ALL_PAIRS_MAX_CHARACTERS = 16
# Patterns only ever used anchored at both ends on short text: they are exercised with
# fullmatch and match only, and the audit checks the source uses them no other way.
ANCHORED_ONLY = {
    # is_furniture_heading(): fullmatch, on at most MAX_FURNITURE_HEADING_CHARS (80).
    # Under search() its `\d*\s*` and `.*` alternatives are quadratic.
    ("engine/regions/sections.py", "_FURNITURE_HEADING"),
    ("engine/regions/sections.py", "_COMMENT_HEADING"),
    # is_byline_text(): fullmatch, on one part of a short line between separators.
    ("engine/regions/bylines.py", "CREDIT_LINE"),
    # is_control_line(): fullmatch, on at most MAX_CONTROL_LINE_CHARS (60).
    ("engine/regions/sections.py", "_CONTROL_LINE"),
}
# Modules that are not the engine's and import things a plain audit cannot (none yet).
SKIP_MODULES: set[str] = set()


def _flags(node) -> int:
    value = 0
    for n in ast.walk(node):
        if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                and n.value.id == "re" and n.attr.isupper()):
            value |= getattr(re, n.attr, 0)
    return value


def literal_patterns():
    for path in sorted(PKG.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                    and node.func.attr in CALLS and node.args):
                continue
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, (str, bytes)):
                flags = sum((_flags(a) for a in node.args[1:]), 0)
                flags |= sum((_flags(k.value) for k in node.keywords), 0)
                yield f"{path.relative_to(PKG)}:{node.lineno}", str(path.relative_to(PKG)), None, re.compile(arg.value, flags)


def module_patterns():
    for path in sorted(PKG.rglob("*.py")):
        if path.stem in SKIP_MODULES:
            continue
        dotted = ".".join(path.relative_to(PKG).with_suffix("").parts).removesuffix(".__init__")
        module = importlib.import_module(f"webgist_host.{dotted}" if dotted != "__init__" else "webgist_host")
        found = []

        def visit(value, name, depth=0):
            if isinstance(value, re.Pattern):
                found.append((name, value))
            elif depth < 3 and isinstance(value, (tuple, list, set, frozenset)):
                for i, item in enumerate(value):
                    visit(item, f"{name}[{i}]", depth + 1)
            elif depth < 3 and isinstance(value, dict):
                for key, item in value.items():
                    visit(item, f"{name}[{key!r}]", depth + 1)

        for name, value in vars(module).items():
            visit(value, name)
        for name, pattern in found:
            yield f"{path.relative_to(PKG)}:{name}", str(path.relative_to(PKG)), name.split("[")[0], pattern


def all_patterns():
    seen = {}
    for where, module, name, pattern in [*module_patterns(), *literal_patterns()]:
        seen.setdefault((pattern.pattern, pattern.flags), (where, module, name, pattern))
    return list(seen.values())


def _source(pattern) -> str:
    p = pattern.pattern
    return p if isinstance(p, str) else p.decode("latin-1")


def _pairs(source: str, literal: list[str]):
    """Pairs of characters to alternate in a run. Every pair, for a pattern that mentions
    few characters; for one that spells out many words (month names in ten languages),
    the pairs its own text holds side by side, plus every pair of its punctuation with a
    letter and a digit standing for the rest: two letters that never touch in the source
    can only meet inside a character class, where one letter behaves as any other."""
    if len(literal) <= ALL_PAIRS_MAX_CHARACTERS:
        return [(c, d) for c in literal for d in literal]
    chosen = set(literal)
    pairs = {(a, b) for a, b in zip(source, source[1:]) if a in chosen and b in chosen}
    pairs |= {(b, a) for a, b in pairs}
    stand_ins = [c for c in literal if not c.isalnum()] + ["a", "1"]
    pairs |= {(c, d) for c in stand_ins for d in stand_ins}
    return sorted(pairs)


def adversarial(pattern, n: int = LENGTH):
    source = _source(pattern)
    alphabet = sorted({c for c in source if c.isprintable()} | set(" \t\na1_-<>[]/:;#*`.&"))
    literal = sorted({c for c in source if c.isalnum() or c in " :;/<>[]#*`-=_.&!\\"})
    endings = ("\x00", "!", "a", "Z", "0", "\n")
    for c in alphabet:
        for end in endings:
            yield c * n + end
    for c, d in _pairs(source, literal):
        yield (c + d) * (n // 2) + "\x00"
    for word in set(re.findall(r"[A-Za-z]{2,}", source)):
        unit = len(word) + 1
        for sep in (" ", ":", "\n"):
            yield (word + sep) * (n // unit) + "\x00"
        yield word + " " * n + "\x00"
        yield (word + " ") * (n // unit) + "a"


def _exercise(pattern, text: str, anchored_only: bool) -> None:
    if isinstance(pattern.pattern, bytes):
        text = text.encode("utf-8", "replace")
    pattern.fullmatch(text)
    if anchored_only:
        pattern.match(text)
    else:
        # sub() tries every start position, the first of them exactly as match() and
        # search() would: they would add time, not coverage.
        pattern.sub(text[:0], text)


def _uses_only_anchored(module: str, name: str) -> bool:
    source = (PKG / module).read_text()
    uses = re.findall(rf"{re.escape(name)}\.(\w+)\(", source)
    return bool(uses) and set(uses) <= {"fullmatch", "match"}


class _Runaway(Exception):
    pass


def _alarm(signum, frame):
    raise _Runaway()


def main() -> int:
    signal.signal(signal.SIGALRM, _alarm)
    patterns = all_patterns()
    failures, slowest = [], (0.0, "")
    for where, module, name, pattern in patterns:
        anchored = (module, name) in ANCHORED_ONLY
        if anchored and not _uses_only_anchored(module, name):
            failures.append(f"{where}: listed as anchored-only but used unanchored")
        start = time.perf_counter()
        try:
            for text in adversarial(pattern):
                signal.alarm(GUARD_S)
                _exercise(pattern, text, anchored)
                signal.alarm(0)
        except _Runaway:
            failures.append(f"{where}: one input ran past {GUARD_S} s: {_source(pattern)!r}")
        finally:
            signal.alarm(0)
        took = time.perf_counter() - start
        slowest = max(slowest, (took, where))
    print(json.dumps({"patterns": len(patterns), "failures": failures,
                      "slowest": [round(slowest[0], 3), slowest[1]]}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
