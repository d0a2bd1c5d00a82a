"""Undeclared legacy charsets: is each page read in the charset it was written in?

Every WCXB dev and readability-dev page whose text is not all ASCII, its
`<meta charset>` removed, encoded in its script's legacy charsets (no declaration,
so `decode_page` must guess), plus each UTF-8 page with one windows-1252 paragraph
added, and each Western page in windows-1252 with its last paragraphs (a share
MIRROR_SHARE of those with non-ASCII text, three at least) in UTF-8, as posts or
comments stored in another charset: both mixed kinds must keep their mixed reading.
Hand-written Portuguese, Spanish and Italian pages with ordinal signs
(bench/charset_pages/, part tune) are Western rows too. The two corpora hold almost no Central
European, Turkish or Baltic text, so pages are also built from the machine's
gettext catalogues (/usr/share/locale/LANG/LC_MESSAGES/DOMAIN.mo: real translated
sentences), one per language and program domain.

Parts: WCXB by corpora.site_part of the page's host, a catalogue page by
site_part("https://DOMAIN.mo/") (all languages of one domain in one part),
readability-dev all validate.

    PYTHONPATH=host python bench/charset_eval.py --out rows.json
    python bench/charset_eval.py --compare OLD.json NEW.json

A row is right when the decoded text equals the bytes read in their own charset;
`changed` compares two runs' decoded text (by hash). See docs/robustness.md,
"Session 22: charset10".
"""
from __future__ import annotations

import argparse
import collections
import gettext
import gzip
import hashlib
import html
import json
import re
import time
import unicodedata
from pathlib import Path

from corpora import site_part

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "bench"
LOCALE = Path("/usr/share/locale")
META = re.compile(r"<meta[^<>]*charset[^<>]*>", re.I)
PASTE = "<p>café “quoted” naïve</p>"
HAND = Path(__file__).resolve().parent / "charset_pages"
PARAGRAPH = re.compile(r"<p[\s>].*?</p>", re.S | re.I)
MIRROR_SHARE = 0.3
# Letters that say which legacy family a Latin page needs beyond windows-1252
# (ş is shared by Turkish and Romanian, so Turkish is told by ğ and ı).
CENTRAL = set("ąćęłńśźżĄĆĘŁŃŚŹŻőűŐŰřěůčťďňľĺŕŘĚŮČŤĎŇĽĹŔđĐăĂţŢ")
TURKISH = set("ğĞıİ")
BALTIC = set("āēīūėųļķņģĀĒĪŪĖŲĻĶŅĢ")
TARGETS = {
    "CYRILLIC": ["cp1251", "koi8_r", "iso8859_5"], "GREEK": ["cp1253", "iso8859_7"],
    "ARABIC": ["cp1256"], "HEBREW": ["cp1255"], "ja": ["shift_jis", "euc_jp"],
    "han": ["gbk", "big5"], "zh_CN": ["gbk"], "zh_TW": ["big5"], "ko": ["euc_kr"],
    "western": ["cp1252", "cp1250", "iso8859_15"], "ascii": ["cp1252"],
    "ce": ["cp1250", "iso8859_2"], "tr": ["cp1254", "iso8859_9"],
    "baltic": ["cp1257", "iso8859_13"],
}
CATALOGUE_TARGETS = dict(TARGETS, western=["cp1252", "iso8859_15"])
MIXED = {"western", "ascii", "ce", "tr", "baltic", "CYRILLIC", "han", "ja"}
DOMAINS = ["software-properties", "shared-mime-info", "gtk30", "glib20", "gdk-pixbuf",
           "at-spi2-core", "Linux-PAM", "python-apt", "avahi", "PackageKit", "wget", "grep",
           "systemd", "sed", "libapt-pkg6.0", "gsettings-desktop-schemas", "findutils",
           "coreutils", "bash", "apt", "appstream", "tar", "gtk30-properties", "gtk20",
           "xdg-user-dirs", "iso_3166-1", "diffutils", "gettext-runtime"]
LANGUAGES = {"ce": ["pl", "cs", "hu", "sk", "hr", "sl", "ro"], "tr": ["tr"],
             "baltic": ["lt", "lv", "et"], "CYRILLIC": ["ru", "uk", "bg", "sr"],
             "zh_CN": ["zh_CN"], "zh_TW": ["zh_TW"], "ja": ["ja"], "ko": ["ko"],
             "GREEK": ["el"], "HEBREW": ["he"], "ARABIC": ["ar"],
             "western": ["de", "fr", "es", "it", "pt", "pt_BR", "nl", "da", "sv", "fi", "nb",
                         "ca", "is"]}
CATALOGUE_CHARS = 8000


def script_of(text: str) -> str:
    """The page's main script, as session 21's evaluation named it; Latin pages by
    the legacy family their letters need."""
    count: collections.Counter = collections.Counter()
    for ch in text:
        if ch > "\x7f" and ch.isalpha():
            name = unicodedata.name(ch, "")
            if "HIRAGANA" in name or "KATAKANA" in name:
                count["ja"] += 5
            elif "CJK" in name:
                count["han"] += 1
            elif "HANGUL" in name:
                count["ko"] += 1
            else:
                count[name.split(" ")[0]] += 1
    if not count:
        return "ascii"
    script = count.most_common(1)[0][0]
    if script != "LATIN":
        return script
    family = {"ce": sum(ch in CENTRAL for ch in text),
              "tr": sum(ch in TURKISH for ch in text),
              "baltic": sum(ch in BALTIC for ch in text)}
    best = max(family, key=family.__getitem__)
    return best if family[best] >= 20 else "western"


def corpus_pages(data: Path):
    urls = {p.stem: json.loads(p.read_text(encoding="utf-8")).get("url")
            for p in (data / "wcxb-dev" / "ground-truth").glob("*.json")}
    for path in sorted((data / "wcxb-dev" / "html").glob("*.html.gz")):
        pid = path.name.split(".")[0]
        text = gzip.decompress(path.read_bytes()).decode("utf-8", "replace")
        yield f"wcxb/{pid}", site_part(urls.get(pid)), text
    for path in sorted((data / "readability-dev" / "pages").glob("*/source.html")):
        yield f"rd/{path.parent.name}", "validate", path.read_bytes().decode("utf-8", "replace")


def catalogue_pages():
    for group, languages in LANGUAGES.items():
        for language in languages:
            for domain in DOMAINS:
                path = LOCALE / language / "LC_MESSAGES" / f"{domain}.mo"
                if not path.exists():
                    continue
                try:
                    with path.open("rb") as handle:
                        catalogue = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
                except (OSError, UnicodeDecodeError):  # a catalogue in a legacy charset
                    continue
                paragraphs, size = [], 0
                for key, value in sorted(catalogue.items(), key=lambda kv: str(kv[0])):
                    source = key if isinstance(key, str) else key[0]
                    if not key or not isinstance(value, str) or value == source:
                        continue
                    value = value.strip()
                    if not any(ch.isalpha() for ch in value):
                        continue
                    if language == "ro":   # legacy Romanian: cedilla, as its charsets have
                        value = value.translate(str.maketrans("șțȘȚ", "şţŞŢ"))
                    paragraphs.append(f"<p>{html.escape(value)}</p>")
                    size += len(value)
                    if size > CATALOGUE_CHARS:
                        break
                if size < 200:
                    continue
                body = "\n".join(paragraphs)
                yield (group, f"mo/{language}/{domain}", site_part(f"https://{domain}.mo/"),
                       f"<!DOCTYPE html><html><head><title>{domain}</title></head><body>\n"
                       f"<h1>{domain}</h1>\n{body}\n</body></html>\n")


def row(decode_page, page, part, group, kind, codec, data, truth):
    start = time.perf_counter()
    text = decode_page(data)[0]
    ms = (time.perf_counter() - start) * 1000
    return {"page": page, "part": part, "group": group, "kind": kind, "codec": codec,
            "bytes": len(data), "right": text == truth, "ms": ms,
            "h": hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()}


def hand_pages():
    for path in sorted(HAND.glob("*.html")):
        yield f"hand/{path.stem}", "tune", path.read_text(encoding="utf-8")


def mirror(text: str) -> tuple[bytes, str] | None:
    """`text` in windows-1252 with its last non-ASCII paragraphs in UTF-8, and the
    text it must read as; None when it has too few such paragraphs."""
    paragraphs = [m for m in PARAGRAPH.finditer(text) if not m.group().isascii()]
    if len(paragraphs) < 3:
        return None
    pieces, end = [], 0
    for m in paragraphs[-max(1, int(len(paragraphs) * MIRROR_SHARE)):]:
        pieces.append((text[end:m.start()].encode("cp1252", errors="xmlcharrefreplace"),
                       "cp1252"))
        pieces.append((m.group().encode("utf-8"), "utf-8"))
        end = m.end()
    pieces.append((text[end:].encode("cp1252", errors="xmlcharrefreplace"), "cp1252"))
    return (b"".join(piece for piece, _ in pieces),
            "".join(piece.decode(codec) for piece, codec in pieces))


def cases(data: Path):
    for page, part, raw in hand_pages():
        text = META.sub("", raw)
        yield page, part, "western", text, TARGETS["western"], True
    for page, part, raw in corpus_pages(data):
        text = META.sub("", raw)
        group = script_of(text)
        yield page, part, group, text, TARGETS.get(group, []), group in MIXED and group != "ascii"
    for group, page, part, text in catalogue_pages():
        yield page, part, "mo-" + group, text, CATALOGUE_TARGETS[group], True


def run(data: Path) -> list[dict]:
    from webgist_host.batch.pagebytes import decode_page
    rows = []
    for page, part, group, text, targets, mixed in cases(data):
        for codec in targets:
            encoded = text.encode(codec, errors="xmlcharrefreplace")
            try:
                encoded.decode("utf-8")
                continue                    # still valid UTF-8: not the fallback path
            except UnicodeDecodeError:
                pass
            rows.append(row(decode_page, page, part, group, "legacy", codec, encoded,
                            encoded.decode(codec)))
        if mixed:
            end = text.rfind("</body>")
            end = len(text) if end < 0 else end
            encoded = (text[:end].encode("utf-8") + PASTE.encode("cp1252")
                       + text[end:].encode("utf-8"))
            rows.append(row(decode_page, page, part, group, "mixed", "utf-8+cp1252", encoded,
                            text[:end] + PASTE + text[end:]))
        mirrored = mirror(text) if group.removeprefix("mo-") == "western" else None
        if mirrored:
            try:
                mirrored[0].decode("utf-8")
            except UnicodeDecodeError:      # (else valid UTF-8: not the fallback path)
                rows.append(row(decode_page, page, part, group, "mirror", "cp1252+utf-8",
                                *mirrored))
    return rows


def label(r: dict) -> str:
    group = r["group"].removeprefix("mo-")
    if r["kind"] == "mixed":
        return "UTF-8 + one windows-1252 paragraph"
    if r["kind"] == "mirror":
        return "windows-1252 + UTF-8 paragraphs"
    if r["page"].startswith("hand/"):
        return f"Western, hand-written, {r['codec']}"
    names = {"western": "Western", "ascii": "Western", "ce": "Central European",
             "tr": "Turkish", "baltic": "Baltic", "CYRILLIC": "Cyrillic", "GREEK": "Greek",
             "han": "Chinese", "zh_CN": "Chinese", "zh_TW": "Chinese"}
    return f"{names.get(group, group)}, {r['codec']}"


def compare(old: list[dict], new: list[dict]) -> None:
    after = {(r["page"], r["codec"], r["kind"]): r for r in new}
    table: dict = collections.defaultdict(collections.Counter)
    for r in old:
        n = after.get((r["page"], r["codec"], r["kind"]))
        if n is None:                       # (a kind or page the old run lacked)
            continue
        s = table[label(r)]
        p = r["part"]
        s[p + " pages"] += 1
        s[p + " before"] += r["right"]
        s[p + " after"] += n["right"]
        s[p + " changed"] += n["h"] != r["h"]
        s[p + " lost"] += r["right"] and not n["right"]
    columns = ("pages", "before", "after", "changed", "lost")
    print("| Pages, charset | " + " | ".join(f"{p} {c}" for p in ("tune", "validate")
                                            for c in columns) + " |")
    print("|---|" + "---|" * 2 * len(columns))
    for name in sorted(table):
        s = table[name]
        print(f"| {name} | " + " | ".join(str(s[f"{p} {c}"]) for p in ("tune", "validate")
                                         for c in columns) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("OLD", "NEW"))
    args = parser.parse_args()
    if args.compare:
        old, new = (json.loads(p.read_text()) for p in args.compare)
        compare(old, new)
        return
    if not args.out:
        parser.error("--out or --compare")
    rows = run(args.data)
    args.out.write_text(json.dumps(rows))
    print(f"{len(rows)} rows, {sum(r['right'] for r in rows)} right -> {args.out}")


if __name__ == "__main__":
    main()
