// The context menu's link and image Markdown, and the file name a save gets.
// Expectations are written by hand from what the engine writes for the same address
// (tests/test_extension_js.py also checks the two agree on a shared list).
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  escapeLinkText, escapeUrl, imageMarkdown, isSafeUrl, linkMarkdown, markdownFileName,
  safeImageUrl, safeLinkUrl, showsNothing, urlScheme,
} from "../../extension/flow.js";

const WEB_PAGE = "https://example.org/notes/page.html";
const LOCAL_PAGE = "file:///home/reader/page.html";
// A 40x40 picture (a 1x1 one is a placeholder: see "placeholders" below).
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAIAAAADnC86AAAAL0lEQVR42u3NMQ0AAAgDsCmZfynIwgQJT5P+zbQvIhaLxWKxWCwWi8VisVgsFt9ZEe9ZWzBlNT4AAAAASUVORK5CYII=";
const PIXEL_PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe("escapeLinkText", () => {
  test("brackets and backslashes cannot end the link text early", () => {
    assert.equal(escapeLinkText("see [1] and a\\b"), "see \\[1\\] and a\\\\b");
    assert.equal(escapeLinkText("]](javascript:alert(1))"), "\\]\\](javascript:alert(1))");
  });
  test("a < that would open a tag is escaped; one that would not is left", () => {
    assert.equal(escapeLinkText("<img src=x onerror=alert(1)>"), "\\<img src=x onerror=alert(1)>");
    assert.equal(escapeLinkText("</b> <!-- <?php"), "\\</b> \\<!-- \\<?php");
    assert.equal(escapeLinkText("1 < 2"), "1 < 2");
  });
  test("white space is collapsed and trimmed; nothing gives empty text", () => {
    assert.equal(escapeLinkText("  two\n\tlines  "), "two lines");
    assert.equal(escapeLinkText(undefined), "");
    assert.equal(escapeLinkText(null), "");
  });
});

describe("escapeUrl", () => {
  test("spaces, parentheses and angle brackets are percent-encoded", () => {
    assert.equal(escapeUrl("https://en.wikipedia.org/wiki/Bee (disambiguation)"),
                 "https://en.wikipedia.org/wiki/Bee%20%28disambiguation%29");
    assert.equal(escapeUrl("https://example.org/a<b>"), "https://example.org/a%3Cb%3E");
  });
  test("a newline cannot break the destination", () => {
    assert.equal(escapeUrl("https://example.org/a\nb"), "https://example.org/ab");
  });
});

describe("urlScheme", () => {
  test("reads the scheme as the engine does", () => {
    assert.equal(urlScheme("HTTPS://example.org/"), "https");
    assert.equal(urlScheme(" \x01FiLe:///etc/passwd"), "file");
    assert.equal(urlScheme("fi\tle:///etc/passwd"), "file");
    assert.equal(urlScheme("svn+ssh://host/repo"), "svn+ssh");
  });
  test("a relative or odd address has none", () => {
    assert.equal(urlScheme("/notes/file:x"), "");
    assert.equal(urlScheme("1http://x"), "");
    assert.equal(urlScheme("fi le:///etc/passwd"), "");
    assert.equal(urlScheme(""), "");
    assert.equal(urlScheme(undefined), "");
  });
});

describe("links", () => {
  test("a web link keeps its address, escaped for Markdown", () => {
    assert.equal(linkMarkdown("Bee (disambiguation)", "https://en.wikipedia.org/wiki/Bee (disambiguation)", WEB_PAGE),
                 "[Bee (disambiguation)](https://en.wikipedia.org/wiki/Bee%20%28disambiguation%29)");
    assert.equal(linkMarkdown("write", "mailto:keeper@example.org", WEB_PAGE),
                 "[write](mailto:keeper@example.org)");
  });
  test("brackets and a tag in the link text are escaped", () => {
    assert.equal(linkMarkdown("[1] <script>", "https://example.org/", WEB_PAGE),
                 "[\\[1\\] \\<script>](https://example.org/)");
  });
  test("without text, the address is the text", () => {
    assert.equal(linkMarkdown("", "https://example.org/a_[b]", WEB_PAGE),
                 "[https://example.org/a_\\[b\\]](https://example.org/a_[b])");
  });
  test("script links lose their address, however the scheme is disguised", () => {
    for (const href of ["javascript:alert(1)", " JaVa\tscript:alert(1)", "java\nscript:alert(1)",
                        "\x00javascript:alert(1)", "VBScript:MsgBox(1)"]) {
      assert.equal(linkMarkdown("click", href, WEB_PAGE), "click", JSON.stringify(href));
      assert.equal(isSafeUrl(href), false, JSON.stringify(href));
    }
  });
  test("every data: link is dropped, a data:image/ one too", () => {
    assert.equal(linkMarkdown("page", "data:text/html,<script>alert(1)</script>", WEB_PAGE), "page");
    assert.equal(linkMarkdown("picture", PNG, WEB_PAGE), "picture");
    assert.equal(linkMarkdown("picture", " DATA:image/gif;base64,R0lGOD==", WEB_PAGE), "picture");
  });
  test("a file: link is dropped on a web page and kept on a local one", () => {
    assert.equal(linkMarkdown("passwords", "file:///etc/passwd", WEB_PAGE), "passwords");
    assert.equal(linkMarkdown("passwords", " FiLe:///etc/passwd", "http://example.org/"), "passwords");
    assert.equal(linkMarkdown("notes", "file:///home/reader/notes.html", LOCAL_PAGE),
                 "[notes](file:///home/reader/notes.html)");
    // No page address (or one that is not on the web): nothing to protect the disk from.
    assert.equal(linkMarkdown("notes", "file:///tmp/a b.txt", ""), "[notes](file:///tmp/a%20b.txt)");
    assert.equal(safeLinkUrl("file:///etc/passwd", "about:blank"), "file:///etc/passwd");
  });
  test("an address over 1,000 characters is state: the words stay, the link goes", () => {
    const start = "https://example.org/products#t=plp&sort=";
    const longest = start + "x".repeat(1000 - start.length);
    assert.equal(linkMarkdown("View all", longest, WEB_PAGE), `[View all](${longest})`);
    assert.equal(linkMarkdown("View all", longest + "x", WEB_PAGE), "View all");
    assert.equal(linkMarkdown("", longest + "x", WEB_PAGE), "");
  });
  test("an in-page fragment, an empty or blank address makes no link", () => {
    assert.equal(linkMarkdown("top", "#top", WEB_PAGE), "top");
    assert.equal(linkMarkdown("nothing", "", WEB_PAGE), "nothing");
    assert.equal(linkMarkdown("nothing", " \t\n", WEB_PAGE), "nothing");
    assert.equal(linkMarkdown("", "javascript:void(0)", WEB_PAGE), "");
  });
  test("white space around the address goes, as the engine strips it", () => {
    assert.equal(safeLinkUrl("\u3000 https://example.org/x \n", WEB_PAGE), "https://example.org/x");
    assert.equal(safeLinkUrl("\x1fhttps://example.org/x\x85", WEB_PAGE), "https://example.org/x");
    // Python's strip() keeps a byte-order mark, so the engine does too.
    assert.equal(safeLinkUrl("\ufeffhttps://example.org/x", WEB_PAGE), "\ufeffhttps://example.org/x");
  });
});

describe("images", () => {
  test("an image keeps its address and escaped alt text", () => {
    assert.equal(imageMarkdown("A [striped] hive", "https://example.org/img/hive (1).png"),
                 "![A \\[striped\\] hive](https://example.org/img/hive%20%281%29.png)");
  });
  test("a data:image/ picture is kept, however its scheme is written", () => {
    assert.equal(imageMarkdown("dot", PNG), `![dot](${PNG})`);
    assert.equal(imageMarkdown("dot", " DATA:image/gif;base64,R0lGOD=="), "![dot](DATA:image/gif;base64,R0lGOD==)");
    assert.equal(isSafeUrl(PNG, { image: true }), true);
  });
  test("other data:, script and empty sources leave only the alt text", () => {
    assert.equal(imageMarkdown("page", "data:text/html,<script>alert(1)</script>"), "page");
    assert.equal(imageMarkdown("svg", "data:;base64,PHN2Zz4="), "svg");
    assert.equal(imageMarkdown("x", " JaVa\tscript:alert(1)"), "x");
    assert.equal(imageMarkdown("x", "vbscript:msgbox(1)"), "x");
    assert.equal(imageMarkdown("<b>x</b>", ""), "\\<b>x\\</b>");
    assert.equal(safeImageUrl("   "), "");
  });
  test("a data: placeholder that shows nothing leaves only the alt text", () => {
    assert.equal(imageMarkdown("dot", PIXEL_PNG), "dot");
    assert.equal(imageMarkdown("gap", "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="), "gap");
    assert.equal(imageMarkdown("box", "data:image/svg+xml,%3Csvg%20viewBox='0%200%20800%20450'%3E%3C/svg%3E"), "box");
    assert.equal(imageMarkdown("box", "data:image/svg+xml,<svg><rect width='9' fill='transparent'/></svg>"), "box");
    const drawn = "data:image/svg+xml,<svg><circle r='4'/></svg>";
    assert.equal(imageMarkdown("dot", drawn), "![dot](data:image/svg+xml,%3Csvg%3E%3Ccircle%20r='4'/%3E%3C/svg%3E)");
    assert.equal(showsNothing("data:image/png;base64,not*base64"), false);
  });
  test("a file: picture is kept, as the engine keeps it on any page", () => {
    assert.equal(imageMarkdown("", "file:///etc/passwd"), "![](file:///etc/passwd)");
    assert.equal(isSafeUrl("file:///etc/passwd", { image: true }), true);
    assert.equal(isSafeUrl("file:///etc/passwd", { pageUrl: WEB_PAGE }), false);
  });
});

describe("markdownFileName", () => {
  test("the title, with what file systems refuse taken out", () => {
    assert.equal(markdownFileName("Bees: a/b \\ c? <d> \"e\" |f| *g*"), "Bees a b c d e f g.md");
    assert.equal(markdownFileName("tab\there\u0000and\u202enull"), "tab here and null.md");
  });
  test("no hidden, dotted or empty names", () => {
    assert.equal(markdownFileName("...hidden. "), "hidden.md");
    assert.equal(markdownFileName(""), "page.md");
    assert.equal(markdownFileName("///"), "page.md");
    assert.equal(markdownFileName(undefined), "page.md");
  });
  test("names Windows reserves get an underscore", () => {
    assert.equal(markdownFileName("CON"), "CON_.md");
    assert.equal(markdownFileName("lpt1"), "lpt1_.md");
    assert.equal(markdownFileName("console"), "console.md");
  });
  test("at most 120 characters before .md, with no dot or space at the cut", () => {
    const name = markdownFileName(`${"a".repeat(118)}. b`);
    assert.equal(name, `${"a".repeat(118)}.md`);
    assert.equal(markdownFileName("x".repeat(300)).length, 123);
  });
});
