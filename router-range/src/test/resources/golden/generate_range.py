#!/usr/bin/env python3
"""Writes range.json: golden key -> partition assignments of the `range` strategy and bucket names
of `time_buckets`, computed independently of the Java code.

Order: Python compares str by code point (= the order of UTF-8 bytes), int and datetime by value,
tuples part by part, bytes unsigned; a range lookup is bisect_right over the starts (routing-spec.md
section 7.2). Buckets: zoneinfo (the system tz database) and the calendar rules of section 7.6.
Run: python3 generate_range.py > range.json (Python 3.9+). Never regenerate for a released spec.
"""
import bisect
import datetime as dt
import json
import sys
import uuid
from zoneinfo import ZoneInfo

UTC = dt.timezone.utc


def ts(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


def iso(d):
    d = d.astimezone(UTC)
    frac = d.microsecond
    base = d.strftime("%Y-%m-%dT%H:%M:%S")
    if frac:
        digits = "%06d" % frac
        digits = digits[:3] if digits[3:] == "000" else digits
        base += "." + digits
    return base + "Z"


def lookup(starts, end, key):
    i = bisect.bisect_right(starts, key)
    if i == 0 or (end is not None and key >= end):
        return None
    return i - 1


def case(name, key_type, starts, end, keys, parse, text):
    ranges = []
    for i, s in enumerate(starts):
        e = starts[i + 1] if i + 1 < len(starts) else end
        ranges.append({"start": text(s), "end": None if e is None else text(e)})
    return {"name": name, "key": key_type, "ranges": ranges,
            "keys": [{"key": text(k), "partition": lookup([parse(s) for s in starts], None if end is None else parse(end), parse(k))}
                     for k in keys]}


def ident(x):
    return x


cases = []
cases.append(case("seed 000: long keys", {"type": "long"}, [0, 1000], 2000,
                  [-1, 0, 1, 999, 1000, 1999, 2000, -2**63, 2**63 - 1], ident, ident))
cases.append(case("long keys to +inf", {"type": "long"}, [-2**63, -1, 0, 2**63 - 1], None,
                  [-2**63, -2, -1, 0, 2**63 - 2, 2**63 - 1], ident, ident))
cases.append(case("seed 001: timestamps", {"type": "timestamp"}, ["2026-01-01T00:00:00Z", "2026-04-01T00:00:00Z"], None,
                  ["2025-12-31T23:59:59.999999Z", "2026-01-01T00:00:00Z", "2026-03-31T23:59:59Z", "2026-04-01T00:00:00Z",
                   "2099-01-01T00:00:00Z"], ts, lambda v: v if isinstance(v, str) else iso(v)))
strings = ["", "a", "a\u0000", "ab", "m", "z\uffff", "\uffff", "\U0001F600"]
cases.append(case("strings in code point order", {"type": "string"}, ["a", "a\u0000", "m", "\uffff", "\U0001F600"], None,
                  strings + ["\u00e9", "zz", "\U0001F600\U0001F600"], ident, ident))
cases.append(case("uuid, unsigned", {"type": "uuid"}, ["00000000-0000-0000-0000-000000000000", "80000000-0000-0000-0000-000000000000"],
                  None, ["7fffffff-ffff-ffff-ffff-ffffffffffff", "80000000-0000-0000-0000-000000000000",
                         "ffffffff-ffff-ffff-ffff-ffffffffffff"], lambda s: uuid.UUID(s).bytes, ident))
comp = lambda v: [v[0], v[1]]
cases.append(case("composite (string, long), part by part", {"type": "composite", "parts": ["string", "long"]},
                  [("a", -2**63), ("a", 0), ("b", -2**63)], ("c", 0),
                  [("a", -1), ("a", 0), ("a", 2**63 - 1), ("a\u0000", -2**63), ("aa", 5), ("b", 7), ("bz", 1), ("c", 0), ("", 0)],
                  lambda v: tuple(v), comp))

buckets = []
for zone, unit, template, instants in [
    ("UTC", "month", "metrics_{yyyyMM}", ["2026-03-31T23:59:59.999999Z", "2026-04-01T00:00:00Z", "2025-12-31T23:00:00Z"]),
    ("Europe/Paris", "day", "events_{yyyy-MM-dd}", ["2026-03-28T22:59:59Z", "2026-03-28T23:00:00Z", "2026-10-25T22:59:59Z"]),
    ("Europe/Paris", "hour", "h_{yyyyMMddHH}", ["2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z", "2026-03-29T01:00:00Z"]),
    ("UTC", "week", "w_{GGGG}_{ww}", ["2026-01-01T12:00:00Z", "2021-01-02T00:00:00Z", "2025-12-28T23:59:59Z"]),
    ("Asia/Kolkata", "month", "m_{yyyyMM}", ["2026-03-31T18:29:59Z", "2026-03-31T18:30:00Z"]),
]:
    tz = UTC if zone == "UTC" else ZoneInfo(zone)
    out = []
    for s in instants:
        local = ts(s).astimezone(tz).replace(tzinfo=None)
        if unit == "hour":
            start = local.replace(minute=0, second=0, microsecond=0)
        elif unit == "day":
            start = local.replace(hour=0, minute=0, second=0, microsecond=0)
        elif unit == "week":
            start = (local - dt.timedelta(days=local.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
        else:
            start = local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        y, w, _ = start.isocalendar()
        name = (template.replace("{yyyyMM}", start.strftime("%Y%m")).replace("{yyyy-MM-dd}", start.strftime("%Y-%m-%d"))
                .replace("{yyyyMMddHH}", start.strftime("%Y%m%d%H")).replace("{GGGG}", "%04d" % y).replace("{ww}", "%02d" % w))
        out.append({"instant": s, "bucket": name})
    buckets.append({"unit": unit, "zone": zone, "template": template, "instants": out})

json.dump({"produced_by": "router-range/src/test/resources/golden/generate_range.py, Python %d.%d (bisect, zoneinfo)"
           % sys.version_info[:2], "spec": 1, "ranges": cases, "buckets": buckets},
          sys.stdout, ensure_ascii=False, indent=1)
print()
