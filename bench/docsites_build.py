"""Builds more generators' output for bench/docsites.py: the same CPython .rst pages
rebuilt by stock Sphinx under other themes (alabaster, furo, sphinx_rtd_theme,
pydata-sphinx-theme), in a venv this module makes and fills from PyPI with pip.
Nothing built is kept in the repository; the build folder is a cache.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

SPHINX_PACKAGES = ("sphinx", "furo", "sphinx-rtd-theme", "pydata-sphinx-theme")
THEMES = ("alabaster", "furo", "sphinx_rtd_theme", "pydata_sphinx_theme")
MKDOCS_PACKAGES = ("mkdocs", "mkdocs-material")
MKDOCS_THEMES = ("mkdocs", "readthedocs", "material")
MKDOCS_CONFIG = """site_name: Node.js API (rebuilt)
docs_dir: docs
site_dir: {site}
use_directory_urls: false
theme:
  name: {theme}
markdown_extensions:
  - fenced_code
  - tables
  - admonition
  - toc:
      permalink: true
"""

# CPython's own roles and directives (Doc/tools/extensions/pyspecific.py) that its
# pages use, in the simplest form stock Sphinx can render: the words they show.
COMPAT_EXTENSION = '''
from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.domains.python import PyFunction, PyMethod


def source_role(name, rawtext, text, lineno, inliner, options={}, content=[]):
    return [nodes.reference(rawtext, text, refuri="https://github.com/python/cpython/tree/3.11/" + text)], []


def issue_role(name, rawtext, text, lineno, inliner, options={}, content=[]):
    return [nodes.reference(rawtext, "bpo-" + text, refuri="https://bugs.python.org/issue" + text)], []


class Availability(Directive):
    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True

    def run(self):
        para = nodes.paragraph()
        para += nodes.emphasis(text="Availability")
        para += nodes.Text(": " + (self.arguments[0] if self.arguments else "") + ".")
        return [para]


class AuditEvent(Directive):
    has_content = True
    required_arguments = 1
    optional_arguments = 2
    final_argument_whitespace = True
    option_spec = {"no-index": directives.flag}

    def run(self):
        return []


class CoroutineFunction(PyFunction):
    pass


class CoroutineMethod(PyMethod):
    pass


def setup(app):
    app.add_role("source", source_role)
    app.add_role("issue", issue_role)
    app.add_directive("availability", Availability)
    app.add_directive("audit-event", AuditEvent)
    app.add_directive_to_domain("py", "coroutinefunction", CoroutineFunction)
    app.add_directive_to_domain("py", "coroutinemethod", CoroutineMethod)
    return {"parallel_read_safe": True}
'''

CONF = '''
import sys, os
sys.path.insert(0, os.path.abspath("."))
project = "Python (rebuilt)"
extensions = ["sphinx.ext.doctest", "cpython_compat"]
html_theme = {theme!r}
highlight_language = "python3"
suppress_warnings = ["ref", "toc", "image", "download", "misc", "docutils"]
'''


def without_index(text: str) -> str:
    """The source without its `.. index::` directives: they draw nothing, and
    CPython 3.11's older entry forms ("module: pwd") stop Sphinx 9."""
    out, skipping, indent = [], False, 0
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        if skipping and (not stripped or len(line) - len(stripped) > indent):
            continue
        skipping = stripped.startswith(".. index::")
        if skipping:
            indent = len(line) - len(stripped)
            continue
        out.append(line)
    return "\n".join(out)


def ensure_tool(build: Path, tool: str, packages) -> Path:
    """A console script of the venv under `build`, installed with pip if missing."""
    venv = build / "venv"
    script = venv / "bin" / tool
    if not (venv / "bin" / "pip").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    if not script.exists():
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", *packages], check=True)
    return script


def ensure_sphinx(build: Path) -> Path:
    return ensure_tool(build, "sphinx-build", SPHINX_PACKAGES)


def build_mkdocs(mkdocs: Path, sources: Path, pages: list[str], build: Path,
                 themes=MKDOCS_THEMES) -> dict[str, Path]:
    """Each MkDocs theme's site folder, built from `sources`/<page>.md."""
    project = build / "mkdocs"
    if project.exists():
        shutil.rmtree(project)
    (project / "docs").mkdir(parents=True)
    for page in pages:
        shutil.copy(sources / f"{page}.md", project / "docs" / f"{page}.md")
    (project / "docs" / "index.md").write_text("# Node.js API\n\nRebuilt pages.\n")
    built = {}
    for theme in themes:
        site = build / f"mkdocs-{theme}"
        (project / "mkdocs.yml").write_text(MKDOCS_CONFIG.format(site=site, theme=theme))
        result = subprocess.run([str(mkdocs), "build", "-q", "-f", str(project / "mkdocs.yml")],
                                capture_output=True, text=True)
        if result.returncode != 0:
            print(f"mkdocs build {theme} failed:\n{result.stderr[-2000:]}", file=sys.stderr)
            continue
        built[f"mkdocs-{theme}"] = site
    return built


def build_themes(sphinx_build: Path, sources: Path, pages: list[str], build: Path,
                 themes=THEMES) -> dict[str, Path]:
    """Each theme's HTML folder, built from `sources`/library/<page>.rst.txt."""
    src = build / "src"
    if src.exists():
        shutil.rmtree(src)
    (src / "library").mkdir(parents=True)
    (src / "cpython_compat.py").write_text(COMPAT_EXTENSION)
    index = ["Library", "=======", "", ".. toctree::", ""]
    for page in pages:
        text = (sources / "library" / f"{page}.rst.txt").read_text(encoding="utf-8")
        (src / "library" / f"{page}.rst").write_text(without_index(text), encoding="utf-8")
        index.append(f"   library/{page}")
    (src / "index.rst").write_text("\n".join(index) + "\n")
    built = {}
    for theme in themes:
        (src / "conf.py").write_text(CONF.format(theme=theme))
        out = build / f"html-{theme}"
        result = subprocess.run([str(sphinx_build), "-b", "html", "-q", "-E", str(src), str(out)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            print(f"sphinx-build {theme} failed:\n{result.stderr[-2000:]}", file=sys.stderr)
            continue
        built[theme] = out
    return built
