#!/usr/bin/python3
"""Golden vectors for keys written as text, computed independently of the Java code.

Writes router-core/src/test/resources/golden/key-text.json: for `long`, `int`, `bytes` and
`timestamp` keys, texts that the grammars of docs/routing-spec.md section 2.4 accept, with their
canonical bytes in hex, and texts they refuse.

Independent implementations used:
  grammar     the section 2.4 rules written as Python regular expressions (re.fullmatch, ASCII only)
  long/int    Python's int() over the matched ASCII digits; range checked; struct.pack('<q' / '<i')
  bytes       bytes.fromhex over the matched digits
  timestamp   days from 1970-01-01 counted as 365*(y-1) + (y-1)//4 - (y-1)//100 + (y-1)//400 plus
              the days of the months before, in Python integers (checked against
              datetime.date.toordinal for years 1 to 9999 before anything is written); microseconds
              = seconds * 10^6 + fraction, refused outside signed 64 bits; struct.pack('<q')

Run:
  /usr/bin/python3 tools/golden/gen_key_text_vectors.py            # write the file
  /usr/bin/python3 tools/golden/gen_key_text_vectors.py --check    # compare with the file
"""

import argparse
import datetime
import json
import os
import random
import re
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "router-core", "src", "test", "resources", "golden", "key-text.json")

DECIMAL = re.compile(r"-?[0-9]+", re.ASCII)
HEX = re.compile(r"(0x)?((?:[0-9a-fA-F]{2})*)", re.ASCII)
TIMESTAMP = re.compile(
    r"(?P<year>[0-9]{4}|-[0-9]{4,6}|\+[0-9]{5,6})-(?P<month>[0-9]{2})-(?P<day>[0-9]{2})"
    r"[Tt](?P<hour>[0-9]{2}):(?P<minute>[0-9]{2})"
    r"(?::(?P<second>[0-9]{2})(?:\.(?P<fraction>[0-9]{1,9}))?)?"
    r"(?P<offset>[Zz]|[+-][0-9]{2}:[0-9]{2})",
    re.ASCII,
)
MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def days_since_epoch(y, m, d):
    def before_year(y):  # days from 0001-01-01 to y-01-01, proleptic Gregorian
        y -= 1
        return 365 * y + y // 4 - y // 100 + y // 400

    days = before_year(y) + sum(MONTH_DAYS[: m - 1]) + (1 if m > 2 and leap(y) else 0) + d - 1
    return days - before_year(1970)


def self_check():
    epoch = datetime.date(1970, 1, 1).toordinal()
    rnd = random.Random(7)
    for _ in range(20000):
        y, m = rnd.randint(1, 9999), rnd.randint(1, 12)
        d = rnd.randint(1, MONTH_DAYS[m - 1] + (1 if m == 2 and leap(y) else 0))
        want = datetime.date(y, m, d).toordinal() - epoch
        if days_since_epoch(y, m, d) != want:
            sys.exit("day count differs from datetime for %04d-%02d-%02d" % (y, m, d))


def decimal(text, bits):
    if not DECIMAL.fullmatch(text):
        return None
    v = int(text)
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    if not lo <= v <= hi:
        return None
    return struct.pack("<q" if bits == 64 else "<i", v).hex()


def hexkey(text):
    m = HEX.fullmatch(text)
    return None if m is None else bytes.fromhex(m.group(2)).hex()


def timestamp(text):
    m = TIMESTAMP.fullmatch(text)
    if m is None:
        return None
    ys = m.group("year")
    if ys.startswith("-") and int(ys) == 0:  # there is no year -0: "-0000", "-00000", "-000000"
        return None
    y, mo, d = int(ys), int(m.group("month")), int(m.group("day"))
    if not 1 <= mo <= 12 or not 1 <= d <= MONTH_DAYS[mo - 1] + (1 if mo == 2 and leap(y) else 0):
        return None
    h, mi, s = int(m.group("hour")), int(m.group("minute")), int(m.group("second") or 0)
    if h > 23 or mi > 59 or s > 59:
        return None
    frac = m.group("fraction") or ""
    nanos = int((frac + "000000000")[:9]) if frac else 0
    if nanos % 1000:
        return None
    off = m.group("offset")
    offset = 0
    if off not in ("Z", "z"):
        oh, om = int(off[1:3]), int(off[4:6])
        if oh > 23 or om > 59:
            return None
        offset = (oh * 3600 + om * 60) * (-1 if off[0] == "-" else 1)
    seconds = days_since_epoch(y, mo, d) * 86400 + h * 3600 + mi * 60 + s - offset
    micros = seconds * 1000000 + nanos // 1000
    if not -(1 << 63) <= micros < (1 << 63):
        return None
    return struct.pack("<q", micros).hex()


KINDS = {
    "long": lambda t: decimal(t, 64),
    "int": lambda t: decimal(t, 32),
    "bytes": hexkey,
    "timestamp": timestamp,
}

TEXTS = {
    "long": [
        "0", "-0", "7", "007", "-007", "42", "-42", "9223372036854775807", "-9223372036854775808",
        "00000000000000000000000000000001",
        "9223372036854775808", "-9223372036854775809", "99999999999999999999",
        "+5", "+0", "-", "", " 5", "5 ", "1_000", "1e3", "0x10", "12.0", "--1",
        "\u0661\u0662", "\uff10\uff11\uff12", "\uff10\u0661\u0662", "\u0967", "\U0001D7CE",
    ],
    "int": [
        "0", "-0", "2147483647", "-2147483648", "0002147483647",
        "2147483648", "-2147483649", "+1", "\u0661\u0662", "\uff11",
    ],
    "bytes": [
        "", "0x", "00", "0a1b", "0A1B", "0x0a1b", "0xFF", "ff00ff",
        "0X0a", "abc", "0x0", "zz", "\uff10\uff11", "0a 1b", "0x0x", "x0",
    ],
    "timestamp": [
        "2026-04-01T00:00:00Z", "2026-04-01t00:00:00z", "2026-04-01T00:00Z",
        "2026-04-01T08:00:00+08:00", "2026-03-31T19:00:00-05:00", "2026-04-01T00:00:00-00:00",
        "2026-04-01T00:00:00.5Z", "2026-04-01T00:00:00.000001Z", "2026-04-01T00:00:00.123456Z",
        "2026-04-01T00:00:00.123456000Z", "2026-04-01T00:00:00.1234567Z",
        "2026-04-01T00:00:00.Z", "2026-04-01T00:00:00.1234567890Z",
        "2026-04-01T00:00:00+08", "2026-04-01T00:00:00+0800", "2026-04-01T00:00:00+08:00:00",
        "2026-04-01T00:00:00+23:59", "2026-04-01T00:00:00+24:00", "2026-04-01T00:00:00+08:60",
        "2026-04-01T00:00:00", "2026-04-01", "2026-04-01 00:00:00Z", "2026-04-01T00:00:00 Z",
        "2026-04-01T24:00:00Z", "2026-04-01T23:60:00Z", "2026-04-01T23:59:60Z",
        "2024-02-29T00:00:00Z", "2000-02-29T12:00:00Z", "2100-02-29T00:00:00Z", "2026-02-29T00:00:00Z",
        "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z", "2026-04-00T00:00:00Z",
        "0000-01-01T00:00:00Z", "-0001-12-31T23:59:59Z", "-0000-01-01T00:00:00Z",
        "+10000-01-01T00:00:00Z", "10000-01-01T00:00:00Z", "+2026-04-01T00:00:00Z",
        "+294247-01-10T04:00:54.775807Z", "+294247-01-10T04:00:54.775808Z",
        "-290308-12-21T19:59:05.224192Z", "-290308-12-21T19:59:05.224191Z",
        "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999999Z",
        "\uff12026-04-01T00:00:00Z", "2026-04-01T00:00:00\uff3a", "2026-04-01T00:00:00.\u0661Z",
        # the edges of the signed years (issue 33): a "+" year of 5 or 6 digits is any year, also
        # one of 9999 or earlier; a "-" year of 4 to 6 digits any but year 0
        "+02026-04-01T00:00:00Z", "+002026-04-01T00:00:00Z", "+09999-12-31T23:59:59Z",
        "+00000-01-01T00:00:00Z", "+000000-01-01T00:00:00Z", "+010000-01-01T00:00:00Z",
        "-00000-01-01T00:00:00Z", "-000000-01-01T00:00:00Z", "-00001-12-31T23:59:59Z",
        "-000001-12-31T23:59:59Z", "+0202-04-01T00:00:00Z", "+0000-01-01T00:00:00Z",
        "+1000000-01-01T00:00:00Z", "-0000001-01-01T00:00:00Z", "00000-01-01T00:00:00Z",
    ],
}


def random_timestamps(rnd, n):
    out = []
    for _ in range(n):
        y = rnd.randint(1, 9999)
        mo = rnd.randint(1, 12)
        d = rnd.randint(1, MONTH_DAYS[mo - 1] + (1 if mo == 2 and leap(y) else 0))
        t = "%04d-%02d-%02dT%02d:%02d:%02d" % (y, mo, d, rnd.randint(0, 23), rnd.randint(0, 59), rnd.randint(0, 59))
        digits = rnd.choice([0, 1, 3, 6, 9])
        if digits:
            frac = "".join(rnd.choice("0123456789") for _ in range(min(digits, 6)))
            t += "." + frac + "0" * (digits - min(digits, 6))
        if rnd.random() < 0.3:
            t += "Z"
        else:
            t += "%s%02d:%02d" % (rnd.choice("+-"), rnd.randint(0, 23), rnd.randint(0, 59))
        out.append(t)
    return out


def build():
    rnd = random.Random(20261201)
    texts = {k: list(v) for k, v in TEXTS.items()}
    texts["timestamp"] += random_timestamps(rnd, 200)
    texts["long"] += [str(rnd.randint(-(1 << 63), (1 << 63) - 1)) for _ in range(50)]
    vectors = []
    for kind, items in texts.items():
        for text in items:
            hexed = KINDS[kind](text)
            entry = {"type": kind, "text": text}
            if hexed is None:
                entry["refused"] = True
            else:
                entry["canonical_hex"] = hexed
            vectors.append(entry)
    return {
        "provenance": {
            "generator": "tools/golden/gen_key_text_vectors.py",
            "spec": "docs/routing-spec.md section 2.4",
            "random": "random.Random(20261201), after the fixed texts",
        },
        "vectors": vectors,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    self_check()
    doc = build()
    text = json.dumps(doc, indent=1, ensure_ascii=True) + "\n"
    if args.check:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit("key-text.json differs from what the generator computes")
        print("key-text.json matches")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote %d vectors to %s" % (len(doc["vectors"]), OUT))


if __name__ == "__main__":
    main()
