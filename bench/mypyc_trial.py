#!/usr/bin/env python3
"""Build a mypyc-compiled copy of the engine in a scratch folder, to time it against this tree.

    .venv/bin/python bench/mypyc_trial.py --out /tmp/mypyc-build
    .venv/bin/python bench/pythonpath_ab.py host /tmp/mypyc-build/host \
        --data ../shared/bench/wcxb-dev --every 14 --rounds 3
    PYTHONPATH=/tmp/mypyc-build/host .venv/bin/python bench/snapshot.py outputs ...

The repository does not ship compiled modules (docs/history/latency.md, "mypyc, measured and
dropped": ~1.2x, below the 1.25x that would pay for a compiled build). This keeps the
experiment repeatable: it copies host/ and pyproject.toml to `--out`, makes there the
few edits mypyc needs (each behaviour-preserving; each must match exactly once, so a
changed engine stops the script instead of building something else), and compiles
every engine module but model.py with mypyc (`mypyc.build.mypycify`, opt level 3,
`build_ext --inplace`): the .so files land beside the copied .py files. Needs mypy
(the [test] extra) and a C compiler with Python's headers.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = "host/webgist_host/engine"
# model.py makes Blocks through __dict__ (new_block, revised); a compiled (native)
# class has none, so it stays interpreted.
INTERPRETED = {f"{ENGINE}/model.py"}

# (file, old, new): what mypyc 2.4 cannot compile as written.
EDITS = [
    # `for x in reversed(a_list_of_Any)`: an internal mypyc error (AssertionError: Any).
    *[(f"{ENGINE}/{path}", f"for {name} in reversed({seq}):", f"for {name} in {seq}[::-1]:")
      for path, name, seq in [("blocks/page_index.py", "node", "unknown"),
                              ("dom/shadow.py", "template", "templates"),
                              ("dom/shadow.py", "slot", "slots"),
                              ("dom/stamps.py", "path", "paths"),
                              ("regions/marks.py", "node", "missing")]],
    # A str subclass cannot be a native class; as a Python class in a compiled module
    # its annotation may not be `object` (KeyError at import) nor its __new__ super().
    (f"{ENGINE}/blocks/walker.py", "\nclass _WrappedText(str):",
     "\nfrom typing import Any\nfrom mypy_extensions import mypyc_attr\n\n\n"
     "@mypyc_attr(native_class=False)\nclass _WrappedText(str):"),
    (f"{ENGINE}/blocks/walker.py", "    owner: object\n", "    owner: Any\n"),
    (f"{ENGINE}/blocks/walker.py", "piece = super().__new__(cls, text)",
     "piece = str.__new__(cls, text)"),
    # close() deletes two attributes; a native class allows that only when told.
    (f"{ENGINE}/blocks/walker.py", '    walk asks them on every element."""\n',
     '    walk asks them on every element."""\n\n    __deletable__ = ("inline", "inline_lines")\n'),
    # Lone surrogates in a string literal are refused; re reads the same escapes itself.
    (f"{ENGINE}/dom/parse.py", 're.compile("[\\ud800', 're.compile(r"[\\ud800'),
    (f"{ENGINE}/dom/parse.py", 're.compile("[\\x00-\\x08\\x0b\\x0c', 're.compile(r"[\\x00-\\x08\\x0b\\x0c'),
    (f"{ENGINE}/render/markdown.py", '    "[\\x00-\\x08\\x0b-\\x1f\\x7f', '    r"[\\x00-\\x08\\x0b-\\x1f\\x7f'),
]

SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
split = sys.argv.index("--")
modules, sys.argv[split:] = sys.argv[split + 1:], []
setup(name="webgist-mypyc-trial", packages=[], package_dir={"": "host"},
      ext_modules=mypycify(["--config-file=pyproject.toml", *modules], opt_level="3"))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="scratch folder (replaced)")
    parser.add_argument("--interpreted", action="append", default=[],
                        help="another engine module to leave interpreted, e.g. dom/parse.py")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    if out == ROOT or ROOT in out.parents:
        sys.exit("--out must be outside the repository: the .so files would shadow its .py files")
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(ROOT / "host", out / "host",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
    shutil.copy2(ROOT / "pyproject.toml", out / "pyproject.toml")
    for name, old, new in EDITS:
        path = out / name
        text = path.read_text(encoding="utf-8")
        if text.count(old) != 1:
            sys.exit(f"{name}: expected {old!r} once, found it {text.count(old)} times; "
                     "the engine changed, update EDITS")
        path.write_text(text.replace(old, new), encoding="utf-8")
    interpreted = INTERPRETED | {f"{ENGINE}/{module}" for module in args.interpreted}
    modules = sorted(str(p.relative_to(out)) for p in (out / ENGINE).rglob("*.py")
                     if p.name != "__init__.py" and str(p.relative_to(out)) not in interpreted)
    print(f"compiling {len(modules)} modules into {out}", flush=True)
    subprocess.run([sys.executable, "-c", SETUP, "build_ext", "--inplace", "-j", "2", "--", *modules],
                   cwd=out, check=True, stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
