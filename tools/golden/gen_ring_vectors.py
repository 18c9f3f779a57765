#!/usr/bin/python3
"""Golden vectors for the `ring` strategy as docs/routing-spec.md section 4.7 specifies it,
computed independently of the Java code.

Writes router-hash/src/test/resources/golden/ring-spec.json with three cases:

  tokens-weighted   docs/examples/ring-weighted.json (mode "tokens", xxh3-64 seed 0): the routing
                    point and partition of string keys, and the partition of chosen routing points
                    (each token, one below and one above it, 0 and 2^64-1)
  001-small         mode "001" with nodes ["a", "b", "c"] and 3 vnodes: the derived tokens in ring
                    order with their partitions, keys and chosen points as above
  001-edges         docs/examples/ring-001.json (4 nodes x 150 vnodes): chosen points only (its keys
                    are in ring-001.json)
  blank-names       docs/examples/ring-blank-names.json, mode "named_vnodes" with nodes
                    ["", " ", "edge-1"] and 4 vnodes: node names are any distinct strings, the
                    empty one and blank ones included (format.md section 1.4.4); tokens, keys and
                    chosen points as for 001-small

Independent implementations used:
  xxh3-64     xxhash.xxh3_64_intdigest(data, seed=0) from Debian's python3-xxhash (C libxxhash)
  blake2b-64  int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")
  lookup      bisect.bisect_right over the sorted tokens, wrapping to index 0 past the last one
  tokens      mode 001: for each node in list order and i in range(vnodes), the token of the UTF-8
              text "<node>#vnode-<i>"; a token already taken is skipped (the earlier one keeps it)

Run:
  /usr/bin/python3 tools/golden/gen_ring_vectors.py            # write the file
  /usr/bin/python3 tools/golden/gen_ring_vectors.py --check    # compare with the file
"""

import argparse
import bisect
import hashlib
import json
import os
import sys

try:
    import xxhash
except ImportError:  # pragma: no cover
    sys.exit("python3-xxhash is missing: run this script with /usr/bin/python3 (see tools/golden/README.md)")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "router-hash", "src", "test", "resources", "golden", "ring-spec.json")
MAX = (1 << 64) - 1


def blake2b64(data):
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def xxh3(data):
    return xxhash.xxh3_64_intdigest(data, seed=0)


def owner(tokens, partitions, point):
    """The partition of `point`: the first token strictly greater, wrapping to the first."""
    i = bisect.bisect_right(tokens, point)
    return partitions[0 if i == len(tokens) else i]


def derive_001(nodes, vnodes):
    taken = {}
    for p, node in enumerate(nodes):
        for i in range(vnodes):
            t = blake2b64(("%s#vnode-%d" % (node, i)).encode("utf-8"))
            if t not in taken:
                taken[t] = p
    ring = sorted(taken)
    return ring, [taken[t] for t in ring]


def points(tokens):
    out = {0, MAX}
    for t in tokens:
        out.update({t, max(t - 1, 0), min(t + 1, MAX)})
    return sorted(out)


KEYS = ["", "plant-a", "order-1", "user-42", "Stra\u00dfe", "\u6771\u4eac-42", "emoji-\U0001f389"] + [
    "device-%d" % i for i in range(60)
]


def case(name, hashfn, hashname, tokens, parts, with_keys, extra=None):
    c = {"name": name, "hash": hashname}
    if extra:
        c.update(extra)
    if with_keys:
        c["keys"] = []
        for k in KEYS:
            h = hashfn(k.encode("utf-8"))
            c["keys"].append({"key": k, "point": "%016x" % h, "partition": owner(tokens, parts, h)})
    c["points"] = [{"point": "%016x" % p, "partition": owner(tokens, parts, p)} for p in points(tokens)]
    return c


def build():
    with open(os.path.join(ROOT, "docs", "examples", "ring-weighted.json"), encoding="utf-8") as f:
        weighted = json.load(f)["strategy"]
    wt = [int(t, 16) for t, _ in weighted["tokens"]]
    wp = [p for _, p in weighted["tokens"]]
    if wt != sorted(set(wt)):
        sys.exit("ring-weighted.json tokens are not strictly increasing")
    small_nodes, small_vnodes = ["a", "b", "c"], 3
    st, sp = derive_001(small_nodes, small_vnodes)
    with open(os.path.join(ROOT, "docs", "examples", "ring-001.json"), encoding="utf-8") as f:
        edges = json.load(f)["strategy"]
    et, ep = derive_001(edges["nodes"], edges["vnodes"])
    with open(os.path.join(ROOT, "docs", "examples", "ring-blank-names.json"), encoding="utf-8") as f:
        blank = json.load(f)["strategy"]
    blank_nodes, blank_vnodes = blank["nodes"], blank["vnodes"]
    bt, bp = derive_001(blank_nodes, blank_vnodes)
    return {
        "provenance": {
            "generator": "tools/golden/gen_ring_vectors.py",
            "spec": "docs/routing-spec.md section 4.7",
            "xxh3-64": "python3-xxhash %s (libxxhash)" % xxhash.VERSION,
            "blake2b-64": "CPython hashlib.blake2b(digest_size=8), read big-endian",
        },
        "cases": [
            case("tokens-weighted", xxh3, "xxh3-64", wt, wp, True, {"document": "docs/examples/ring-weighted.json"}),
            case(
                "001-small",
                blake2b64,
                "blake2b-64",
                st,
                sp,
                True,
                {
                    "nodes": small_nodes,
                    "vnodes": small_vnodes,
                    "tokens": [["%016x" % t, p] for t, p in zip(st, sp)],
                },
            ),
            case("001-edges", blake2b64, "blake2b-64", et, ep, False, {"document": "docs/examples/ring-001.json"}),
            case(
                "blank-names",
                blake2b64,
                "blake2b-64",
                bt,
                bp,
                True,
                {
                    "document": "docs/examples/ring-blank-names.json",
                    "nodes": blank_nodes,
                    "vnodes": blank_vnodes,
                    "tokens": [["%016x" % t, p] for t, p in zip(bt, bp)],
                },
            ),
        ],
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    text = json.dumps(build(), indent=1, ensure_ascii=True) + "\n"
    if args.check:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit("ring-spec.json differs from what the generator computes")
        print("ring-spec.json matches")
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
