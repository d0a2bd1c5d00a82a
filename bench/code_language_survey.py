"""Code-block languages on documentation generators nobody tuned on: for each page of
Debian's offline HTML docs, each outermost <pre> (mdBook's pre > pre.playground counts
once) is paired, in order, with the fenced block of webgist's Markdown that holds its
text, and the fence's language is compared with the one the generator declares
(class language-X, Sphinx's wrapper highlight-X, rustdoc's/RDoc's/YARD's bare class).

  PYTHONPATH=host python bench/code_language_survey.py [--pages N] [--browser] [--json OUT] [SET...]

Verdicts: right (same language, or a text/none/default block fenced bare), wrong,
missing (declared, fence bare), undeclared-labelled (the generator named none, webgist
wrote one), not-fenced (no fence holds the block's text: dropped, deduplicated, or a
pairing miss: this is no language figure). The doc sets (docs/rules/render.md,
session 17): apt-get install --no-install-recommends rust-doc golang-doc postgresql-doc
git-doc asciidoctor-doc doxygen-doc breathe-doc cmake-doc mkdocs-doc yard-doc
mkdocs-literate-nav-doc; python3.11-doc. Do NOT install nodejs-doc where node comes
from NodeSource (it removes that nodejs): `apt-get download nodejs-doc && dpkg -x
nodejs-doc_*.deb DIR`, then set NODE_DOCS=DIR/usr/share/doc/nodejs/api.
"""
import argparse, collections, glob, json, os, random, re, subprocess, sys
from concurrent.futures import ProcessPoolExecutor
from lxml import html as H

SETS = {
 "rustdoc": ["/usr/share/doc/rust-doc/html/std/**/*.html", "/usr/share/doc/rust-doc/html/core/**/*.html"],
 "mdbook": ["/usr/share/doc/rust-doc/html/book/*.html", "/usr/share/doc/rust-doc/html/reference/*.html",
            "/usr/share/doc/rust-doc/html/rust-by-example/**/*.html", "/usr/share/doc/rust-doc/html/nomicon/*.html",
            "/usr/share/doc/rust-doc/html/cargo/**/*.html", "/usr/share/doc/rust-doc/html/edition-guide/**/*.html"],
 "node-doctool": [os.environ.get("NODE_DOCS", "/usr/share/doc/nodejs/api") + "/*.html"],
 "docbook-pg": ["/usr/share/doc/postgresql-doc-15/html/*.html"],
 "asciidoc-git": ["/usr/share/doc/git-doc/*.html"],
 "go-static": ["/usr/share/doc/golang-1.19-doc/html/*.html"],
 "sphinx-cpython": ["/usr/share/doc/python3.11/html/**/*.html"],
 "rdoc-asciidoctor-api": ["/usr/share/doc/asciidoctor-doc/html/**/*.html"],
 "doxygen": ["/usr/share/doc/doxygen/html/*.html"],
 "sphinx-breathe": ["/usr/share/doc/breathe-doc/html/**/*.html"],
 "sphinx-cmake": ["/usr/share/doc/cmake-data/html/**/*.html"],
 "mkdocs": ["/usr/share/doc/mkdocs/html/**/*.html", "/usr/share/doc/mkdocs-literate-nav-doc/html/**/*.html"],
 "yard": ["/usr/share/doc/yard/doc/**/*.html"],
}

FENCE_RE = re.compile(r"^((?:> ?)* *)(`{3,}|~{3,})([^\n`]*)\n(.*?)^(?:> ?)* *\2[`~]*[ \t]*$", re.M | re.S)
NO_LANG = {"default", "text", "none", "plain", "plaintext", "txt", "nohighlight", "no-highlight"}
EQUIV = {"mjs": "javascript", "cjs": "javascript", "js": "javascript", "node": "javascript",
         "python3": "python", "py": "python", "py3": "python", "shell-session": "console",
         "sh": "shell", "bash": "shell", "zsh": "shell", "shellsession": "console",
         "pycon": "pycon", "coffee": "coffeescript", "doscon": "doscon", "yml": "yaml", "md": "markdown", "c++": "cpp"}


BROWSER = False
WEBGIST = os.path.join(os.path.dirname(sys.executable), "webgist")
# bare class words the surveyed generators write (rustdoc rust, Go spec ebnf, RDoc/YARD ruby...)
BARE = {"rust", "ebnf", "ruby", "sh", "yaml", "plain", "python", "c", "json", "javascript", "html", "css", "bash", "erb"}


def canon(x):
    x = (x or "").lower()
    return EQUIV.get(x, x)


def declared(pre):
    """(language word or None, how) per generator conventions."""
    code = pre.find("code")
    for el in ([code] if code is not None else []) + [pre]:
        for tok in (el.get("class") or "").split():
            if tok.startswith("language-"):
                return tok[9:], "class language-"
    for el in ([code] if code is not None else []) + [pre]:
        for tok in (el.get("class") or "").split():
            if tok in BARE:
                return tok, "bare class"
    node = pre.getparent()
    for _ in range(3):
        if node is None: break
        for tok in (node.get("class") or "").split():
            if tok.startswith("highlight-") and tok not in ("highlight-wrapper",):
                return tok[10:], "sphinx highlight-"
            if tok.startswith("language-"):
                return tok[9:], "wrapper language-"
        node = node.getparent()
    return None, None


def text_key(s):
    return re.sub(r"\s+", "", s)


def page_rows(path):
    from webgist_host import convert
    raw = open(path, "rb").read()
    try:
        tree = H.fromstring(raw)
    except Exception:
        return []
    pres = [p for p in tree.iter("pre") if not any(True for _ in p.iter("pre") if _ is not p)]
    if not pres:
        return []
    try:
        if BROWSER:
            md = subprocess.run([WEBGIST, path], capture_output=True, text=True,
                                timeout=180, env=dict(os.environ)).stdout
        else:
            md = convert(raw, url="file://" + path).markdown
    except Exception as e:
        return [{"page": path, "error": repr(e)[:200]}]
    fences = [(m.group(3).strip().split()[0] if m.group(3).strip() else None,
               text_key("\n".join(l[len(m.group(1)):] if l.startswith(m.group(1)) else l
                                  for l in m.group(4).split("\n"))))
              for m in FENCE_RE.finditer(md)]
    rows, fi = [], 0
    for pre in pres:
        d, how = declared(pre)
        pk = text_key(pre.text_content())
        out, found = None, False
        for j in range(fi, min(fi + 6, len(fences))):
            fk = fences[j][1]
            key = fk[:40]
            if key and (key in pk or pk[:40] in fk):
                out, found, fi = fences[j][0], True, j + 1
                break
        rows.append({"page": path, "declared": d, "how": how, "out": out, "found": found,
                     "pre_class": pre.get("class"), "snippet": pre.text_content()[:60]})
    return rows


def _set_browser(flag):
    global BROWSER
    BROWSER = flag


def verdict(r):
    if "error" in r: return "error"
    if not r["found"]: return "not-fenced"
    d, o = r["declared"], r["out"]
    if d is None:
        return "undeclared-bare" if o is None else "undeclared-labelled"
    if d.lower() in NO_LANG:
        return "right" if o is None or o.lower() in NO_LANG else "wrong"
    if o is None: return "missing"
    return "right" if canon(o) == canon(d) else "wrong"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sets", nargs="*")
    ap.add_argument("--pages", type=int, default=30)
    ap.add_argument("--json")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--browser", action="store_true", help="webgist FILE (headless Chromium)")
    a = ap.parse_args()
    global BROWSER
    BROWSER = a.browser
    random.seed(17)
    allrows = {}
    for name, pats in SETS.items():
        if a.sets and name not in a.sets: continue
        files = sorted({f for p in pats for f in glob.glob(p, recursive=True)})
        withpre = [f for f in files if b"<pre" in open(f, "rb").read()]
        random.shuffle(withpre)
        pick = sorted(withpre[:a.pages])
        with ProcessPoolExecutor(a.jobs, initializer=_set_browser, initargs=(a.browser,)) as ex:
            rows = [r for rs in ex.map(page_rows, pick) for r in rs]
        allrows[name] = rows
        v = collections.Counter(verdict(r) for r in rows)
        blocks = len(rows)
        decl = sum(1 for r in rows if r.get("declared"))
        print(f"{name:16} pages={len(pick):3} blocks={blocks:4} declared={decl:4} right={v['right']:4} "
              f"wrong={v['wrong']:3} missing={v['missing']:3} undeclared-labelled={v['undeclared-labelled']:3} "
              f"not-fenced={v['not-fenced']:3} error={v['error']}")
        bad = collections.Counter((verdict(r), r.get("declared"), r.get("out")) for r in rows
                                  if verdict(r) in ("wrong", "missing", "undeclared-labelled", "not-fenced"))
        for k, n in bad.most_common(12):
            print("    ", n, k)
    if a.json:
        json.dump(allrows, open(a.json, "w"), indent=0)


if __name__ == "__main__":
    main()
