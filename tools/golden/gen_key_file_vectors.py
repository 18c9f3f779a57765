#!/usr/bin/python3
"""Golden vectors for key files (docs/format.md section 7), computed independently of the Java code.

Writes router-cli/src/test/resources/golden/key-files.json: key files as bytes, each with the
document it is routed by and what `shardctl route DOC --keys FILE` must print: the routes of the
lines it routes (key text, partition, group) in order, the numbers of the lines it refuses, and the
exit status (0 when every line is routed, 1 when a line is refused). A route whose key is printed
otherwise than it reads (docs/format.md section 1.8: a control or format character written as an
escape) also has "printed", the key as the line shows it.

The cases are the edges of the key file format that issue 33 found undocumented or disagreeing:
  - a '\\r' at the end of the file, on a last line with no '\\n', is dropped like the one before a
    '\\n' (one only: 'x\\r\\r' is the key 'x\\r'); a '\\r' anywhere else is part of the key;
  - a key of exactly 16,777,216 bytes (16 MiB) is read, also with CRLF and after a byte order mark;
    a longer one is refused alone, and the lines after it are still routed;
  - timestamp keys with a '+' year of 5 or 6 digits that names year 9999 or earlier are read as that
    year; a '-' year of zeros (year -0) is refused;
  - a key with a control character, a line separator or a format character (Unicode Cf) is printed
    with it escaped, so that a route is one line of three tab-separated fields.

Independent implementations used:
  lines       bytes.split(b"\\n") (a final empty piece after a last '\\n' is no line); one b"\\r" at
              the end of each line removed; EF BB BF removed from the start of line 1; a line longer
              than 2**24 bytes after that refused; bytes.decode("utf-8") (strict) or refused
  string      UTF-8 bytes; xxh3-64 from Debian's python3-xxhash; partition = hash mod P
  long        the decimal grammar of gen_key_text_vectors.py; struct.pack("<q"); xxh3-64 with the
              document's seed; mod P
  timestamp   the timestamp grammar and arithmetic of gen_key_text_vectors.py; the compact range
              document's ranges found with bisect.bisect_right over the starts' microseconds
  printed     per code point: U+0000-U+001F, U+007F-U+009F, U+2028, U+2029 and unicodedata category
              Cf written as the \\uXXXX escapes (lower-case hex) of its UTF-16 code units, \\n, \\r,
              \\t for those three; every other character as it is

Run:
  /usr/bin/python3 tools/golden/gen_key_file_vectors.py            # write the file
  /usr/bin/python3 tools/golden/gen_key_file_vectors.py --check    # compare with the file
"""

import argparse
import bisect
import importlib.util
import json
import os
import struct
import sys
import unicodedata

try:
    import xxhash
except ImportError:  # pragma: no cover
    sys.exit("python3-xxhash is missing: run this script with /usr/bin/python3 (see tools/golden/README.md)")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "router-cli", "src", "test", "resources", "golden", "key-files.json")
MAX_KEY_BYTES = 1 << 24

_spec = importlib.util.spec_from_file_location("key_text", os.path.join(HERE, "gen_key_text_vectors.py"))
key_text = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(key_text)


def load(name):
    with open(os.path.join(ROOT, "docs", "examples", name), encoding="utf-8") as f:
        return json.load(f)


def lines_of(data):
    """The lines of a key file: (number, bytes of the key or None when refused)."""
    pieces = data.split(b"\n")
    if pieces and pieces[-1] == b"":
        pieces.pop()  # a final '\n' adds no empty line; an empty file has no line
    out = []
    for n, line in enumerate(pieces, 1):
        if line.endswith(b"\r"):
            line = line[:-1]
        if n == 1 and line.startswith(b"\xef\xbb\xbf"):
            line = line[3:]
        if len(line) > MAX_KEY_BYTES:
            out.append((n, None))
            continue
        try:
            out.append((n, line.decode("utf-8")))
        except UnicodeDecodeError:
            out.append((n, None))
    return out


def hash_router(doc):
    s = doc["strategy"]
    assert s["type"] == "hash_mod" and s["hash"] == "xxh3-64"
    seed = s.get("seed", 0) % (1 << 64)
    kind = doc["key"]["type"]

    def route(text):
        if kind == "string":
            data = text.encode("utf-8")
        elif kind == "long":
            hexed = key_text.decimal(text, 64)
            if hexed is None:
                return None
            data = bytes.fromhex(hexed)
        else:
            raise ValueError(kind)
        p = xxhash.xxh3_64_intdigest(data, seed=seed) % s["partitions"]
        return p, doc["placement"][p]

    return route


def range_router(doc):
    assert "format" not in doc and doc.get("key", {"type": "timestamp"})["type"] == "timestamp"
    starts = [struct.unpack("<q", bytes.fromhex(key_text.timestamp(r["start"])))[0] for r in doc["ranges"]]
    last_end = doc["ranges"][-1]["end"]
    assert last_end is None

    def route(text):
        hexed = key_text.timestamp(text)
        if hexed is None:
            return None
        micros = struct.unpack("<q", bytes.fromhex(hexed))[0]
        i = bisect.bisect_right(starts, micros) - 1
        if i < 0:
            return None
        return i, doc["ranges"][i]["shard"]

    return route


def piece_bytes(p):
    if "utf8" in p:
        return p["utf8"].encode("utf-8")
    if "hex" in p:
        return bytes.fromhex(p["hex"])
    return p["repeat"].encode("utf-8") * p["count"]


SHORT_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printed(text):
    """The key as a route line prints it (docs/format.md section 1.8)."""
    out = []
    for ch in text:
        cp = ord(ch)
        if ch in SHORT_ESCAPES:
            out.append(SHORT_ESCAPES[ch])
        elif cp < 0x20 or 0x7F <= cp <= 0x9F or cp in (0x2028, 0x2029) or unicodedata.category(ch) == "Cf":
            units = [cp] if cp <= 0xFFFF else [0xD800 + ((cp - 0x10000) >> 10), 0xDC00 + ((cp - 0x10000) & 0x3FF)]
            out.append("".join("\\u%04x" % u for u in units))
        else:
            out.append(ch)
    return "".join(out)


def key_form(text):
    """A key as the file stores it: its text, or a repeat of one character when it is long."""
    if len(text) > 200 and text == text[0] * len(text):
        return {"repeat": text[0], "count": len(text)}
    shown = printed(text)
    return {"text": text} if shown == text else {"text": text, "printed": shown}


CASES = [
    # 1. '\r' at the end of a line: dropped before '\n' and at the end of the file, one only
    ("cr-at-end-of-file-dropped", "orders-v1.json", [{"utf8": "order-1\r\norder-2\r"}]),
    ("cr-at-end-of-file-long-key", "hash-mod.json", [{"utf8": "42\r\n7\r"}]),
    ("two-cr-at-end-one-dropped", "orders-v1.json", [{"utf8": "order-1\r\r\norder-2\r\r"}]),
    ("cr-inside-a-line-kept", "orders-v1.json", [{"utf8": "a\rb\n\rc\n"}]),
    ("cr-alone-is-the-empty-key", "orders-v1.json", [{"utf8": "\r"}]),
    ("lone-cr-no-long-key", "hash-mod.json", [{"utf8": "42\n\r\n7"}]),
    # 2. line limits: a key of 16 MiB is read, a longer one refused alone
    ("key-of-16-mib", "orders-v1.json", [{"repeat": "k", "count": MAX_KEY_BYTES}]),
    (
        "key-of-16-mib-crlf-then-more",
        "orders-v1.json",
        [{"repeat": "k", "count": MAX_KEY_BYTES}, {"utf8": "\r\norder-1\n"}],
    ),
    (
        "bom-key-of-16-mib-crlf",
        "orders-v1.json",
        [{"hex": "efbbbf"}, {"repeat": "k", "count": MAX_KEY_BYTES}, {"utf8": "\r\n"}],
    ),
    (
        "key-over-16-mib-refused-alone",
        "orders-v1.json",
        [{"utf8": "order-1\n"}, {"repeat": "k", "count": MAX_KEY_BYTES + 1}, {"utf8": "\r\norder-2\n"}],
    ),
    (
        "line-far-over-16-mib-refused-alone",
        "orders-v1.json",
        [{"utf8": "order-1\n"}, {"repeat": "k", "count": MAX_KEY_BYTES + 100003}, {"utf8": "\norder-2"}],
    ),
    (
        "last-line-over-16-mib-refused",
        "orders-v1.json",
        [{"utf8": "order-1\n"}, {"repeat": "k", "count": MAX_KEY_BYTES + 1}],
    ),
    # 3. keys printed escaped: controls, a line separator, format characters (Cf) in and beyond the
    # BMP; a backslash is printed as it is
    (
        "control-and-format-characters-escaped",
        "orders-v1.json",
        [
            {
                "utf8": "a\tb\nx\x1b[2J\n\u202eevil\nzero\u200bwidth\ndel\x7f\nc1\x85\nsoft\xadhyphen\n"
                "tag\U000e0041\nline\u2028sep\nrtl\u2067iso\u2069\nbom\ufeff\nback\\slash\nplain\n"
            }
        ],
    ),
    # 4. signed years of timestamp keys
    (
        "signed-years",
        "range-compact.json",
        [
            {
                "utf8": "+02026-04-01T00:00:00Z\n+002026-03-31T23:59:59Z\n+09999-12-31T23:59:59Z\n"
                "+10000-01-01T00:00:00Z\n-00000-01-01T00:00:00Z\n+2026-04-01T00:00:00Z\n"
                "02026-04-01T00:00:00Z\n"
            }
        ],
    ),
]


def build():
    cases = []
    for name, document, pieces in CASES:
        doc = load(document)
        route = range_router(doc) if "ranges" in doc else hash_router(doc)
        data = b"".join(piece_bytes(p) for p in pieces)
        routes, refused = [], []
        for n, text in lines_of(data):
            r = None if text is None else route(text)
            if r is None:
                refused.append(n)
            else:
                routes.append(dict(line=n, partition=r[0], group=r[1], **key_form(text)))
        cases.append(
            {
                "name": name,
                "document": "docs/examples/" + document,
                "input": pieces,
                "input_bytes": len(data),
                "routes": routes,
                "refused_lines": refused,
                "status": 1 if refused else 0,
            }
        )
    return {
        "provenance": {
            "generator": "tools/golden/gen_key_file_vectors.py",
            "spec": "docs/format.md section 7; docs/routing-spec.md sections 2.4, 3.1, 4.1, 7.2",
            "xxh3-64": "python3-xxhash %s (libxxhash)" % xxhash.VERSION,
            "printed": "Python unicodedata %s (categories)" % unicodedata.unidata_version,
            "input": "the key file is the concatenation of the pieces: utf8 text, hex bytes, or a "
            "character repeated count times",
        },
        "cases": cases,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    text = json.dumps(build(), indent=1, ensure_ascii=True) + "\n"
    if args.check:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit("key-files.json differs from what the generator computes")
        print("key-files.json matches")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
