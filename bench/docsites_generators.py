"""More generators for bench/docsites.py: rustdoc, javadoc and Doxygen, each run here on
a small project this module writes, so the source is known to the word.

Every documented item's text is written once, as Markdown (the `*_DOC` strings below),
and goes two ways: into the project's source, in the form its generator reads (`///`
comments for rustdoc, HTML in `/** */` for javadoc, Markdown in `/** */` and a .md page
for Doxygen), and into the oracle, read by docsites_sources.read_markdown, with the
heading levels the generator gives that place on its page (rustdoc writes an item's
`# Examples` one level below the page's <h1>, a method's at <h5>) and the page's own
title first. The tools are the real ones: `cargo doc` (rustup's or Debian's rustc
package), `javadoc` (openjdk-17-jdk-headless), `doxygen` (the doxygen package).
Nothing built is kept in the repository; the build folder is a cache.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from docsites_sources import Source, read_markdown

GENERATORS = ("rustdoc", "javadoc", "doxygen")


@dataclass(frozen=True)
class DocBlock:
    """One item's documentation as it sits on a page: its Markdown, and how far the
    generator shifts its headings there (a `#` written in it becomes <h{1 + shift}>)."""
    markdown: str
    shift: int


@dataclass(frozen=True)
class Page:
    name: str
    html: str                      # path inside the built site
    title: tuple[str, int] | None  # the page's own heading, as the generator writes it
    blocks: tuple[DocBlock, ...]


def oracle(page: Page, default_language: str | None, hidden_line=None,
           languages_shown: bool = True) -> Source:
    """The page's Source: its title, then each block's headings (shifted), code and
    paragraphs, in order. `hidden_line(lang, line)` says which code lines the
    generator does not show (rustdoc's `# ` lines in Rust examples); without
    `languages_shown` the HTML does not say a block's language, so none is named."""
    src = Source()
    if page.title:
        src.headings.append(page.title)
    for block in page.blocks:
        sub = read_markdown(block.markdown)
        src.sections += [len(src.headings) + k for k in sub.sections]
        src.headings += [(text, level + block.shift) for text, level in sub.headings]
        for text, language, named in sub.code:
            shown = language or default_language
            if hidden_line:
                text = "\n".join(l for l in text.split("\n") if not hidden_line(shown, l))
            src.code.append((text, shown, named and languages_shown))
        src.paragraphs += sub.paragraphs
    return src


def _run(command: list[str], cwd: Path, label: str) -> bool:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        print(f"{label} failed:\n{result.stderr[-2000:]}", file=sys.stderr)
    return result.returncode == 0


def _fresh(folder: Path) -> Path:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    return folder


def _comment(markdown: str, prefix: str) -> str:
    return "\n".join((prefix + " " + line).rstrip() for line in markdown.strip("\n").split("\n"))


# --- rustdoc -------------------------------------------------------------------------

RUST_CRATE_DOC = """Count lines and words in text, one line at a time, without holding the text.

# Usage

Make a counter, feed it lines as they arrive, then read the totals back.
Nothing is kept but the counts, so a counter costs the same for any input.

```
# use tally::Counter;
let mut counter = Counter::new();
counter.feed("one two");
assert_eq!(counter.words(), 2);
```

## Adding it to a project

Add the crate to the manifest's dependencies:

```toml
[dependencies]
tally = "0.1"
```

## What counts as a word

A word is a run of characters between white space, as `str::split_whitespace` sees it:

- punctuation stays part of the word it touches;
- an empty line adds a line and no words.

```text
one, two  three   => 3 words
```
"""

RUST_COUNTER_DOC = """A running count of lines and words.

A counter starts empty and only grows: there is no way to take a line back out.

# Examples

```rust
let mut counter = tally::Counter::new();
counter.feed("a b c");
assert_eq!((counter.lines(), counter.words()), (1, 3));
```

# Performance

Feeding a line walks it once and allocates nothing, whatever its length.
"""

RUST_FEED_DOC = """Counts one more line and the words in it.

# Panics

Never panics, whatever the line holds, even text that is not valid in any script.
"""

RUST_MERGE_DOC = """Adds the counts of two counters, for text that was read in parts.

# Examples

Count two halves on two threads, then merge them:

```
let (mut left, mut right) = (tally::Counter::new(), tally::Counter::new());
left.feed("first half");
right.feed("second half of the text");
let total = tally::merge(&left, &right);
assert_eq!(total.words(), 7);
```
"""


def _rust_source() -> str:
    return f"""{_comment(RUST_CRATE_DOC, "//!")}

{_comment(RUST_COUNTER_DOC, "///")}
#[derive(Clone, Debug, Default)]
pub struct Counter {{
    lines: usize,
    words: usize,
}}

impl Counter {{
    /// Makes an empty counter, with nothing counted yet.
    pub fn new() -> Self {{
        Counter::default()
    }}

{_comment(RUST_FEED_DOC, "    ///")}
    pub fn feed(&mut self, line: &str) {{
        self.lines += 1;
        self.words += line.split_whitespace().count();
    }}

    /// The number of lines fed so far.
    pub fn lines(&self) -> usize {{
        self.lines
    }}

    /// The number of words fed so far.
    pub fn words(&self) -> usize {{
        self.words
    }}
}}

{_comment(RUST_MERGE_DOC, "///")}
pub fn merge(a: &Counter, b: &Counter) -> Counter {{
    Counter {{ lines: a.lines + b.lines, words: a.words + b.words }}
}}
"""


RUST_PAGES = (
    Page("crate", "tally/index.html", ("crate tally", 1),
         (DocBlock(RUST_CRATE_DOC, 1), DocBlock("# Structs\n\n# Functions", 1))),
    # An item's own docs sit under the page's <h1>; a method's under its <h4> signature.
    # The headings rustdoc adds (item kinds, impl blocks, signatures) are part of the
    # page's outline too.
    Page("struct.Counter", "tally/struct.Counter.html", ("struct counter", 1),
         (DocBlock(RUST_COUNTER_DOC, 1),
          DocBlock("# Implementations\n\n## impl Counter\n\n### pub fn new() -> Self", 1),
          DocBlock("Makes an empty counter, with nothing counted yet.", 4),
          DocBlock("# pub fn feed(&mut self, line: &str)", 3),
          DocBlock(RUST_FEED_DOC, 4),
          DocBlock("# pub fn lines(&self) -> usize\n\n# pub fn words(&self) -> usize", 3),
          DocBlock("# Trait Implementations\n\n# Auto Trait Implementations\n\n"
                   "# Blanket Implementations", 1))),
    Page("fn.merge", "tally/fn.merge.html", ("function merge", 1),
         (DocBlock(RUST_MERGE_DOC, 1),)),
)


def _rust_hidden(language: str | None, line: str) -> bool:
    """rustdoc hides `# ` lines (and a lone `#`) in Rust examples."""
    return language == "rust" and (line == "#" or line.startswith("# "))


def build_rustdoc(build: Path) -> Path | None:
    cargo = shutil.which("cargo")
    if not cargo:
        print("no cargo: apt-get install cargo (or rustup)", file=sys.stderr)
        return None
    project = _fresh(build / "rustdoc")
    (project / "src").mkdir()
    (project / "Cargo.toml").write_text('[package]\nname = "tally"\nversion = "0.1.0"\n'
                                        'edition = "2021"\n\n[workspace]\n')
    (project / "src" / "lib.rs").write_text(_rust_source())
    if not _run([cargo, "doc", "--offline", "-q"], project, "cargo doc"):
        return None
    return project / "target" / "doc"


# --- javadoc -------------------------------------------------------------------------

JAVA_PACKAGE_DOC = """Counting lines and words in text that arrives a line at a time.

## Getting started

Make a `Counter`, feed it lines, and read the totals whenever they are needed.
Counters are cheap, so make one per stream rather than sharing one.

```java
Counter counter = new Counter();
counter.feed("one two");
System.out.println(counter.words());
```

## Thread safety

Nothing in this package is safe to share between threads without a lock held by the caller.
"""

JAVA_COUNTER_DOC = """A running count of lines and words in a stream of text.

A counter starts empty and only grows; there is no way to take a line back out once
it has been counted.

## Example

Count the lines of a file as they are read:

```java
Counter counter = new Counter();
for (String line : Files.readAllLines(path)) {
    counter.feed(line);
}
```

### What a word is

A word is a run of characters between white space, the same split that the standard
library's string methods make.
"""

JAVA_FEED_DOC = """Counts one more line and the words in it.

An empty line adds a line and no words, so blank lines are counted the same as any other.
"""

JAVA_MERGE_DOC = """Adds the counts of two counters, for text that was read in separate parts.

```java
Counter total = Counter.merge(left, right);
```
"""


def _javadoc_comment(markdown: str, indent: str = "") -> str:
    """The Markdown as javadoc's HTML, in a `/** */` comment (no doclint)."""
    from markdown_it import MarkdownIt
    html = MarkdownIt("commonmark").render(markdown).rstrip("\n")
    # javadoc reads `@` at the start of a comment line as a block tag.
    html = html.replace("@", "&#64;")
    # No space after the `*`: javadoc keeps it, so a <pre> would show it on every line.
    lines = [f"{indent}/**"] + [f"{indent} *{line}".rstrip() for line in html.split("\n")]
    return "\n".join(lines + [f"{indent} */"])


def _java_sources() -> dict[str, str]:
    counter = f"""package org.example.tally;

{_javadoc_comment(JAVA_COUNTER_DOC)}
public class Counter {{
    private long lines;
    private long words;

    /** Makes an empty counter, with nothing counted yet. */
    public Counter() {{
    }}

{_javadoc_comment(JAVA_FEED_DOC, "    ")}
    public void feed(String line) {{
        lines += 1;
        String trimmed = line.strip();
        words += trimmed.isEmpty() ? 0 : trimmed.split("\\\\s+").length;
    }}

    /** The number of lines fed so far. */
    public long lines() {{
        return lines;
    }}

    /** The number of words fed so far. */
    public long words() {{
        return words;
    }}

{_javadoc_comment(JAVA_MERGE_DOC, "    ")}
    public static Counter merge(Counter a, Counter b) {{
        Counter total = new Counter();
        total.lines = a.lines + b.lines;
        total.words = a.words + b.words;
        return total;
    }}
}}
"""
    package = f"{_javadoc_comment(JAVA_PACKAGE_DOC)}\npackage org.example.tally;\n"
    return {"Counter.java": counter, "package-info.java": package}


JAVA_PAGES = (
    # javadoc 17: the page's <h1> title, a doc comment's <h2> kept as written; a method's
    # details sit under <h3> names, so its comment has no headings of its own here.
    # The summaries and details javadoc adds are <h2>, each member an <h3>.
    Page("package", "org/example/tally/package-summary.html", ("package org example tally", 1),
         (DocBlock(JAVA_PACKAGE_DOC, 0),)),
    Page("Counter", "org/example/tally/Counter.html", ("class counter", 1),
         (DocBlock(JAVA_COUNTER_DOC, 0),
          DocBlock("## Constructor Summary\n\n## Method Summary\n\n"
                   "### Methods inherited from class java.lang.Object\n\n"
                   "## Constructor Details\n\n### Counter\n\n## Method Details\n\n### feed", 0),
          DocBlock(JAVA_FEED_DOC, 0), DocBlock("### lines\n\n### words\n\n### merge", 0),
          DocBlock(JAVA_MERGE_DOC, 0))),
)


def build_javadoc(build: Path) -> Path | None:
    javadoc = shutil.which("javadoc")
    if not javadoc:
        print("no javadoc: apt-get install openjdk-17-jdk-headless", file=sys.stderr)
        return None
    project = _fresh(build / "javadoc")
    package = project / "src" / "org" / "example" / "tally"
    package.mkdir(parents=True)
    for name, text in _java_sources().items():
        (package / name).write_text(text)
    site = project / "site"
    ok = _run([javadoc, "-quiet", "-Xdoclint:none", "-d", str(site), "-sourcepath",
               str(project / "src"), "org.example.tally"], project, "javadoc")
    return site if ok else None


# --- Doxygen -------------------------------------------------------------------------

DOXYGEN_GUIDE = """# Counting text {#guide}

The tally library counts lines and words in text that arrives a line at a time.

## Getting started {#getting_started}

Make a counter, feed it lines, and read the totals whenever they are needed.
A counter holds two numbers and nothing else, so it costs the same for any input.

```cpp
tally::Counter counter;
counter.feed("one two");
std::cout << counter.words() << '\\n';
```

## Building {#building}

The library is a single header with no dependencies beyond the standard library:

```sh
c++ -std=c++17 -I include example.cpp -o example
```

### Options {#options}

There are no build options: every feature is always there, and none costs anything unused.
"""

DOXYGEN_COUNTER_DOC = """A running count of lines and words in a stream of text.

A counter starts empty and only grows; there is no way to take a line back out once
it has been counted.

```cpp
tally::Counter counter;
for (const auto& line : lines) counter.feed(line);
```
"""

DOXYGEN_FEED_DOC = """Counts one more line and the words in it.

An empty line adds a line and no words, so blank lines count the same as any other.
"""


def _doxygen_header() -> str:
    return f"""#pragma once
#include <cstddef>
#include <sstream>
#include <string>

namespace tally {{

/**
{_comment(DOXYGEN_COUNTER_DOC, " *")}
 */
class Counter {{
public:
    /**
{_comment(DOXYGEN_FEED_DOC, "     *")}
     */
    void feed(const std::string& line) {{
        ++lines_;
        std::istringstream in(line);
        std::string word;
        while (in >> word) ++words_;
    }}

    /** The number of lines fed so far. */
    std::size_t lines() const {{ return lines_; }}

    /** The number of words fed so far. */
    std::size_t words() const {{ return words_; }}

private:
    std::size_t lines_ = 0;
    std::size_t words_ = 0;
}};

}}  // namespace tally
"""


DOXYFILE = """PROJECT_NAME = tally
OUTPUT_DIRECTORY = {out}
INPUT = include docs
FILE_PATTERNS = *.hpp *.md
GENERATE_LATEX = NO
GENERATE_HTML = YES
QUIET = YES
WARNINGS = NO
EXTRACT_ALL = YES
MARKDOWN_SUPPORT = YES
"""


def _doxygen_without_ids(markdown: str) -> str:
    """The Markdown as a reader sees it: without Doxygen's `{#id}` heading labels."""
    return re.sub(r"\s*\{#[\w-]+\}", "", markdown)


DOXYGEN_PAGES = (
    # A Markdown page's `#` is the page's title, drawn in its header (div.title);
    # its `##` become <h1>, `###` <h2>: one level under the title, as written.
    Page("guide", "html/guide.html", None,
         (DocBlock(_doxygen_without_ids(DOXYGEN_GUIDE), 0),)),
    # A class page: the title, then Doxygen's <h2> sections, each member an <h2>
    # ("◆ feed()") whose comment follows.
    Page("Counter", "html/classtally_1_1Counter.html", ("tally counter class reference", 1),
         (DocBlock("## Public Member Functions\n\n## Detailed Description", 0),
          DocBlock(DOXYGEN_COUNTER_DOC, 0),
          DocBlock("## Member Function Documentation\n\n## feed()", 0),
          DocBlock(DOXYGEN_FEED_DOC, 0), DocBlock("## lines()\n\n## words()", 0))),
)


def build_doxygen(build: Path) -> Path | None:
    doxygen = shutil.which("doxygen")
    if not doxygen:
        print("no doxygen: apt-get install doxygen", file=sys.stderr)
        return None
    project = _fresh(build / "doxygen")
    (project / "include").mkdir()
    (project / "docs").mkdir()
    (project / "include" / "tally.hpp").write_text(_doxygen_header())
    (project / "docs" / "guide.md").write_text(DOXYGEN_GUIDE)
    (project / "Doxyfile").write_text(DOXYFILE.format(out=project / "out"))
    ok = _run([doxygen, "Doxyfile"], project, "doxygen")
    return project / "out" if ok else None


# --- all -----------------------------------------------------------------------------

def generator_sites(build: Path, names=GENERATORS) -> list[tuple[str, list, str | None]]:
    """(label, [(page name, html path, Source)], default code language) per generator
    that built."""
    table = {"rustdoc": (build_rustdoc, RUST_PAGES, "rust", _rust_hidden, True),
             "javadoc": (build_javadoc, JAVA_PAGES, None, None, True),
             # Doxygen 1.9's HTML does not say a fragment's language: none is right.
             "doxygen": (build_doxygen, DOXYGEN_PAGES, None, None, False)}
    sites = []
    for name in names:
        builder, pages, language, hidden, languages_shown = table[name]
        site = builder(build)
        if site is None:
            continue
        chosen = [(p.name, site / p.html, oracle(p, language, hidden, languages_shown))
                  for p in pages if (site / p.html).exists()]
        sites.append((name, chosen, language))
    return sites
