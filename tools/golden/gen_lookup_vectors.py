#!/usr/bin/python3
"""Golden vectors for router-lookup, computed by an implementation independent of the Java code.

Writes router-lookup/src/test/resources/golden/lookup.json:

  tenants        (tenant, device) keys of docs/examples/lookup-tenants.json with their partition
                 and group, by the lookup rule of docs/routing-spec.md section 4.4 written below:
                 the directory matches the first part; a plain entry gives its partition, a split
                 gives first_partition + hash_mod of the whole key's canonical bytes, a miss gives
                 the fallback's hash_mod of the first part's bytes
  routable_ids   64-bit ids built from (time, partition, generator, sequence) with the default
                 layout of section 4.5, and the partition they route to

Independent implementations used:
  xxh3-64     python-xxhash (bindings to the C libxxhash), xxhash.xxh3_64_intdigest(data, seed=s)
  canonical   composite(string, string) = for each part: 4-byte little-endian length, UTF-8 bytes

Run with Debian's interpreter, which sees the python3-xxhash package:

  /usr/bin/python3 tools/golden/gen_lookup_vectors.py            # write the file
  /usr/bin/python3 tools/golden/gen_lookup_vectors.py --check    # compare with the file, write nothing
"""

import argparse
import datetime
import json
import os
import platform
import random
import struct
import sys

try:
    import xxhash
except ImportError:  # pragma: no cover - explained to the user
    sys.exit("python3-xxhash is missing: run this script with /usr/bin/python3 (see tools/golden/README.md)")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCUMENT = os.path.join(ROOT, "docs", "examples", "lookup-tenants.json")
OUT = os.path.join(ROOT, "router-lookup", "src", "test", "resources", "golden", "lookup.json")
GEN_SEED = 20261130


def xxh3(data, seed=0):
    return xxhash.xxh3_64_intdigest(data, seed=seed % (1 << 64))


def hash_mod(spec, data):
    assert spec["type"] == "hash_mod" and spec.get("hash", "xxh3-64") == "xxh3-64", spec
    return xxh3(data, spec.get("seed", 0)) % spec["partitions"]


def composite(*parts):
    out = b""
    for p in parts:
        b = p.encode("utf-8")
        out += struct.pack("<I", len(b)) + b
    return out


def route(doc, tenant, device):
    """The lookup rule, first-part matching, over a composite(string, string) key."""
    s = doc["strategy"]
    assert s["type"] == "lookup" and s["match"] == "first_part"
    whole = composite(tenant, device)
    entry = s["entries"].get(tenant)
    if entry is None:
        return hash_mod(s["fallback"], tenant.encode("utf-8")), "fallback"
    if isinstance(entry, int):
        return entry, "entry"
    if "partition" in entry:
        return entry["partition"], "entry"
    return entry["first_partition"] + hash_mod(entry["strategy"], whole), "split"


def routable_ids(rnd):
    # default layout: 0 | time 41 | partition 12 | generator 4 | sequence 6
    out = []
    for _ in range(64):
        t = rnd.randrange(1 << 41)
        p = rnd.randrange(1 << 12)
        g = rnd.randrange(1 << 4)
        s = rnd.randrange(1 << 6)
        ident = (t << 22) | (p << 10) | (g << 6) | s
        out.append({"id": str(ident), "time": t, "partition": p, "generator": g, "sequence": s})
    return out


def build():
    with open(DOCUMENT, encoding="utf-8") as f:
        doc = json.load(f)
    rnd = random.Random(GEN_SEED)
    tenants = sorted(doc["strategy"]["entries"].keys()) + ["wayne", "stark", "tyrell", "cyberdyne", "Zürich AG", "", "株式会社"]
    keys = []
    for tenant in tenants:
        for i in range(12):
            device = "device-%d" % rnd.randrange(100000) if i % 3 else "".join(chr(rnd.randrange(0x20, 0x7f)) for _ in range(rnd.randrange(0, 20)))
            p, path = route(doc, tenant, device)
            keys.append({"tenant": tenant, "device": device, "canonical": composite(tenant, device).hex(), "path": path,
                         "partition": p, "group": doc["placement"][p]})
    return {
        "provenance": {
            "generator": "tools/golden/gen_lookup_vectors.py",
            "document": "docs/examples/lookup-tenants.json",
            "xxhash": "python-xxhash %s (libxxhash %s)" % (xxhash.VERSION, xxhash.XXHASH_VERSION),
            "python": platform.python_version(),
            "seed": GEN_SEED,
            "date": datetime.date.today().isoformat(),
            "note": "independent of the Java code under test; only 'provenance' changes between runs",
        },
        "tenants": keys,
        "routable_ids": routable_ids(rnd),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true", help="compare with the committed file, write nothing")
    args = ap.parse_args()
    new = build()
    if args.check:
        with open(OUT, encoding="utf-8") as f:
            old = json.load(f)
        old.pop("provenance"), new.pop("provenance")
        if old != new:
            sys.exit("lookup.json differs from what the generator computes")
        print("lookup.json matches")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(new, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
