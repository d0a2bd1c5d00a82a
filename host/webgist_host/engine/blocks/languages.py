"""Code language names: which words name a language, and the name a fence gives it.

Highlighters, generators and editors spell one language many ways (highlight.js
aliases, Prism ids, Pygments lexers, Linguist names, file extensions, editor ids);
a fence should carry one name a Markdown renderer highlights. Tables only: code.py
asks."""
from __future__ import annotations

from .tuning import KNOWN_LANGUAGES

# Spellings that renderers may not take, and the name a fence gives them: versions,
# runtimes, extensions, editor ids (highlight.js, Prism and Pygments aliases). The
# short names every renderer knows (js, ts, sh, bash) are written as the page wrote
# them. Left out on purpose, because a class word or a label spells them for other
# things: "ex" (example), "ml", "pl" (Polish), "ps", "fs", "make", "cmd".
LANGUAGE_ALIASES = {
    "py": "python", "py3": "python", "python3": "python", "py2": "python", "python2": "python",
    "gyp": "python",
    "node": "javascript", "nodejs": "javascript", "node.js": "javascript",
    "mjs": "javascript", "cjs": "javascript", "ecmascript": "javascript",
    "mts": "typescript", "cts": "typescript",
    "shellscript": "shell", "shell-script": "shell",
    "shell-session": "console", "shellsession": "console", "sh-session": "console",
    "bash-session": "console",
    "c++": "cpp", "cxx": "cpp", "cc": "cpp", "hpp": "cpp", "hxx": "cpp", "h++": "cpp",
    "c#": "csharp", "cs": "csharp", "c-sharp": "csharp", "dotnet": "csharp",
    "f#": "fsharp",
    "objc": "objective-c", "objectivec": "objective-c", "obj-c": "objective-c",
    "golang": "go", "rb": "ruby", "rs": "rust", "kt": "kotlin", "kts": "kotlin",
    "coffee": "coffeescript", "hs": "haskell", "exs": "elixir", "erl": "erlang",
    "clj": "clojure", "jl": "julia",
    "mkdown": "markdown", "restructuredtext": "rst",
    "ps1": "powershell", "pwsh": "powershell", "posh": "powershell",
    "dosbatch": "batch", "winbatch": "batch",
    "docker": "dockerfile", "containerfile": "dockerfile",
    "htm": "html", "xhtml": "html", "markup": "html",
    "vb.net": "vbnet", "viml": "vim", "vimscript": "vim",
    "gql": "graphql", "hbs": "handlebars", "njk": "nunjucks", "adoc": "asciidoc",
    "apacheconf": "apache", "nginxconf": "nginx", "dosini": "ini", "udiff": "diff",
    "patch": "diff", "sv": "systemverilog", "cljs": "clojure", "proto3": "protobuf",
    "bsh": "bash",
    # IPython's lexers (Sphinx highlight-ipython3, nbsphinx, Jupyter Book): Python
    # source; no renderer highlights the IPython names themselves.
    "ipython": "python", "ipython3": "python", "ipython2": "python",
}

# SyntaxHighlighter's brush aliases ("brush: pl", MetaCPAN's POD listings), read only
# after "brush:" where no word is a human language or a class word; brushes whose
# alias is already a language name or alias above are left out.
BRUSH_ALIASES = {
    "pl": "perl", "jscript": "javascript", "ps": "powershell", "ror": "ruby",
    "rails": "ruby", "as3": "actionscript", "pas": "pascal", "vb": "vbnet",
}

# Names of languages the curated list (tuning.KNOWN_LANGUAGES) does not hold; each is
# a lexer name in Pygments or highlight.js and is no common word.
MORE_LANGUAGES = frozenset({
    "actionscript", "ahk", "apex", "armasm", "asciidoc", "autohotkey", "bicep", "blade",
    "clojurescript", "crontab", "csh", "cython", "delphi", "dhall", "dotenv", "ebnf", "eex",
    "ejs", "f90", "gleam", "gnuplot", "graphviz", "haxe", "heex", "hlsl", "jsonl",
    "jsonnet", "jq", "jsp", "ksh", "kql", "kusto", "lean4", "luau", "mathematica", "mdx",
    "moonscript", "mustache", "nunjucks", "nushell", "objective-cpp", "octave", "opencl",
    "openscad", "plantuml", "postscript", "prisma", "qml", "raku", "rego", "smarty",
    "sml", "starlark", "stata", "stylus", "svg", "systemverilog", "tcsh", "tsql", "tsv",
    "typst", "vba", "vbscript", "vyper", "wat", "wgsl", "wolfram", "x86asm", "xslt",
})

# Every word believed to name a language: the curated names, the aliases and
# what they stand for.
LANGUAGE_NAMES = (KNOWN_LANGUAGES | MORE_LANGUAGES | frozenset(LANGUAGE_ALIASES)
                  | frozenset(LANGUAGE_ALIASES.values()))

# Language names that are also class words for other things (sizes, styles, a
# "basic" box, a "c" column): among several class words they name nothing.
CLASS_WORD_LANGUAGES = frozenset({
    "basic", "c", "r", "md", "cc", "dos", "hack", "lean", "crystal", "pascal", "blade",
    "apex", "markup", "console", "diff", "patch", "svg", "text", "http", "sv", "ini",
})

# Language names a tab's label uses for a tool, platform or framework whose listing
# is in another language: a "Docker" tab holds docker commands, not a Dockerfile; a
# "dotnet" tab the .NET CLI or any .NET language; a "Django" tab Python. With
# CLASS_WORD_LANGUAGES ("Basic" / "Advanced", "Console") and single letters (tabs
# "A", "B", "C"), a label that is one of these names no listing's language.
TAB_LABEL_TOOL_WORDS = frozenset({"docker", "dotnet", "django"})

# Words after a language prefix that name a wrapper, a control or a style, not a
# language: "highlight-wrapper", "lang-switch", "language-selector", and WCXB's
# <pre class="highlight-height language-typescript">. Only words a prefix alone
# vouches for are checked: a known language name is never one of these.
CLASS_FURNITURE_WORDS = frozenset({
    "wrapper", "wrap", "container", "box", "block", "code", "content", "inner", "outer",
    "area", "section", "selector", "select", "switch", "switcher", "toggle", "menu",
    "dropdown", "list", "item", "tab", "tabs", "panel", "header", "footer", "title",
    "bar", "toolbar", "button", "btn", "icon", "label", "name", "line", "lines",
    "numbers", "gutter", "height", "width", "color", "colour", "yellow", "green", "blue",
    "red", "dark", "light", "theme", "scroll", "active", "selected", "current", "row",
    "col", "mark", "marked", "added", "removed", "changed", "focus", "error", "warning",
    "info", "note", "tip", "small", "large", "inline", "links", "link", "picker",
    "options", "chooser", "source", "snippet", "example", "sample", "output", "result",
})

# GitHub (and Gist embeds) name a block by its TextMate grammar's scope:
# highlight-source-js-jsx, highlight-text-html-basic, highlight-text-shell-session;
# MediaWiki's GeSHi era wrote "python source-python". After the prefix, the whole
# rest, else its parts from the most specific one, name the language; these parts
# only qualify a scope ("html-basic" is HTML, not BASIC).
SCOPE_CLASS_PREFIXES = ("highlight-source-", "highlight-text-", "source-")
SCOPE_QUALIFIERS = frozenset({"basic", "source", "text", "comments", "embedded"})


# Names a fence may carry for one language, folded for comparing two of them
# ("JavaScript" over a js block names its language): never written out.
SAME_LANGUAGE = {"js": "javascript", "ts": "typescript", "sh": "shell", "bash": "shell",
                 "zsh": "shell", "yml": "yaml", "md": "markdown", "cplusplus": "cpp"}


def same_language(a: str | None, b: str | None) -> bool:
    """Whether two language words (any case, any alias) name one language."""
    if not a or not b:
        return False
    a, b = fence_name(a.lower()), fence_name(b.lower())
    return SAME_LANGUAGE.get(a, a) == SAME_LANGUAGE.get(b, b)


def fence_name(word: str) -> str:
    """The name a fence gives a language word (lower-cased)."""
    return LANGUAGE_ALIASES.get(word, word)


def scope_language(scope: str) -> str | None:
    """The language a TextMate scope's tail names ("js-jsx" -> jsx, "html-basic" ->
    html, "shell-session" -> console), or None."""
    if scope in LANGUAGE_NAMES:
        return fence_name(scope)
    for part in reversed(scope.split("-")):
        if part in LANGUAGE_NAMES and part not in SCOPE_QUALIFIERS:
            return fence_name(part)
    return None
