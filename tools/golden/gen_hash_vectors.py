#!/usr/bin/python3
"""Golden vectors for router-hash, computed by implementations independent of the Java code.

Writes six JSON files into router-hash/src/test/resources/golden/:

  stable-hashes.json   xxh3-64, murmur3-64 and blake2b-64 over edge inputs
  hash_mod.json        hash_mod partitions of a few hundred typed keys
  jump.json            jump partitions of the same keys, plus raw jump buckets
  jump_back.json       jump_back partitions of the same keys, plus raw jump_back buckets
  jump_back2.json      jump_back2 partitions of the same keys, plus raw jump_back2 buckets
  canonical-keys.json  the canonical bytes of typed keys (docs/routing-spec.md section 2)

Independent implementations used:
  xxh3-64     python-xxhash (bindings to the C libxxhash), xxhash.xxh3_64_intdigest(data, seed=s)
  blake2b-64  hashlib.blake2b(data, digest_size=8), digest read big-endian (seed document 001)
  murmur3-64  h1 of MurmurHash3_x64_128, written below from Austin Appleby's MurmurHash3.cpp
              (SMHasher, public domain) and checked against SMHasher's verification value
  jump        Lamping & Veach 2014, written below from the paper (same arithmetic as JumpHash.java)
  jump_back   JumpBackHash (Ertl 2024) as docs/routing-spec.md section 4.2.1 fixes it, written below
              from the spec's text with Python integers (no code shared with JumpBackHash.java)
  jump_back2  docs/routing-spec.md section 4.2.2, written below from the spec's text the same way

Run with Debian's interpreter, which sees the python3-xxhash package:

  /usr/bin/python3 tools/golden/gen_hash_vectors.py            # write the files
  /usr/bin/python3 tools/golden/gen_hash_vectors.py --check    # compare with the files, write nothing

Every input is built deterministically (fixed patterns, random.Random(GEN_SEED)); only the
"provenance" object differs between two runs. See tools/golden/README.md.
"""

import argparse
import datetime
import hashlib
import json
import os
import platform
import random
import subprocess
import sys
import uuid

try:
    import xxhash
except ImportError:  # pragma: no cover - explained to the user
    sys.exit("python xxhash is not importable from " + sys.executable
             + "; run this script with /usr/bin/python3 (Debian's python3-xxhash)")

M64 = (1 << 64) - 1
GEN_SEED = 20240601
GENERATOR = "tools/golden/gen_hash_vectors.py"
OUT_DIR = os.path.join("router-hash", "src", "test", "resources", "golden")
PARTITION_COUNTS = [1, 2, 3, 8, 10, 1000, 1024, 16384]
XXH3_LARGE_SEED = 0x9E3779B97F4A7C15  # > 2^63: negative as a Java long
MURMUR3_MAX_SEED = 0xFFFFFFFF
ASCII_PATTERN = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"  # 64 chars
LONG_MIN, LONG_MAX = -(1 << 63), (1 << 63) - 1
INT_MIN, INT_MAX = -(1 << 31), (1 << 31) - 1


# ---------------------------------------------------------------- MurmurHash3_x64_128

def _rotl64(x, r):
    return ((x << r) | (x >> (64 - r))) & M64


def _fmix64(k):
    k ^= k >> 33
    k = (k * 0xFF51AFD7ED558CCD) & M64
    k ^= k >> 33
    k = (k * 0xC4CEB9FE1A85EC53) & M64
    k ^= k >> 33
    return k


def murmur3_x64_128(data, seed):
    """(h1, h2) of MurmurHash3_x64_128(data, len, seed) for a uint32_t seed, as in MurmurHash3.cpp.

    The 16 output bytes are h1 then h2, each little-endian, so the first 8 bytes read
    little-endian are h1.
    """
    if not 0 <= seed <= 0xFFFFFFFF:
        raise ValueError("MurmurHash3_x64_128 takes a uint32_t seed, got %d" % seed)
    c1 = 0x87C37B91114253D5
    c2 = 0x4CF5AD432745937F
    length = len(data)
    nblocks = length // 16
    h1 = seed
    h2 = seed
    for i in range(nblocks):
        k1 = int.from_bytes(data[16 * i:16 * i + 8], "little")
        k2 = int.from_bytes(data[16 * i + 8:16 * i + 16], "little")
        k1 = (k1 * c1) & M64
        k1 = _rotl64(k1, 31)
        k1 = (k1 * c2) & M64
        h1 ^= k1
        h1 = _rotl64(h1, 27)
        h1 = (h1 + h2) & M64
        h1 = (h1 * 5 + 0x52DCE729) & M64
        k2 = (k2 * c2) & M64
        k2 = _rotl64(k2, 33)
        k2 = (k2 * c1) & M64
        h2 ^= k2
        h2 = _rotl64(h2, 31)
        h2 = (h2 + h1) & M64
        h2 = (h2 * 5 + 0x38495AB5) & M64
    tail = data[nblocks * 16:]
    rem = length & 15
    k1 = 0
    k2 = 0
    # the switch of MurmurHash3.cpp, cases 15 .. 9 then 8 .. 1, falling through
    if rem > 8:
        for i in range(rem - 1, 7, -1):
            k2 ^= tail[i] << (8 * (i - 8))
        k2 = (k2 * c2) & M64
        k2 = _rotl64(k2, 33)
        k2 = (k2 * c1) & M64
        h2 ^= k2
    if rem > 0:
        for i in range(min(rem, 8) - 1, -1, -1):
            k1 ^= tail[i] << (8 * i)
        k1 = (k1 * c1) & M64
        k1 = _rotl64(k1, 31)
        k1 = (k1 * c2) & M64
        h1 ^= k1
    h1 ^= length
    h2 ^= length
    h1 = (h1 + h2) & M64
    h2 = (h2 + h1) & M64
    h1 = _fmix64(h1)
    h2 = _fmix64(h2)
    h1 = (h1 + h2) & M64
    h2 = (h2 + h1) & M64
    return h1, h2


def murmur3_64(data, seed=0):
    return murmur3_x64_128(data, seed)[0]


def smhasher_verification_x64_128():
    """SMHasher's VerificationTest (KeysetTest.cpp): hash {}, {0}, {0,1}, ... {0..254} with seed
    256 - i, hash the 256 concatenated 16-byte results with seed 0, read the first 4 bytes
    little-endian. The published value for MurmurHash3_x64_128 is 0x6384BA69."""
    key = bytearray()
    hashes = bytearray()
    for i in range(256):
        h1, h2 = murmur3_x64_128(bytes(key), 256 - i)
        hashes += h1.to_bytes(8, "little") + h2.to_bytes(8, "little")
        key.append(i)
    h1, _ = murmur3_x64_128(bytes(hashes), 0)
    return h1 & 0xFFFFFFFF


# ---------------------------------------------------------------- the other functions

def xxh3_64(data, seed=0):
    return xxhash.xxh3_64_intdigest(data, seed=seed)


def blake2b_64(data):
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def jump(key, buckets):
    """Lamping & Veach 2014 over an unsigned 64-bit key; the order of operations of JumpHash.java."""
    key &= M64
    b, j = -1, 0
    while j < buckets:
        b = j
        key = (key * 2862933555777941757 + 1) & M64
        j = int((b + 1) * (float(1 << 31) / float((key >> 33) + 1)))
    return b


def splitmix_mix(z):
    """SplitMix64's output function on an unsigned 64-bit integer."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


class SplitMix64:
    """A SplitMix64 stream: each draw adds the golden increment to the state, then mixes it."""

    GOLDEN = 0x9E3779B97F4A7C15

    def __init__(self, state):
        self.state = state & M64

    def draw(self):
        self.state = (self.state + SplitMix64.GOLDEN) & M64
        return splitmix_mix(self.state)


JUMP_BACK_STREAMS = 0xD1B54A32D192ED03


def jump_back_range_stream(key, j):
    return SplitMix64(key ^ ((JUMP_BACK_STREAMS * (j + 1)) & M64))


def jump_back(key, n):
    """JumpBackHash as docs/routing-spec.md section 4.2.1 states it, over an unsigned 64-bit key."""
    key &= M64
    if n == 1:
        return 0
    m = n - 1
    k = m.bit_length() - 1                      # 2^k <= m < 2^(k+1)
    flags = SplitMix64(key).draw()              # bit j: range [2^j, 2^(j+1)) holds an active bucket
    if (flags >> k) & 1:
        stream = jump_back_range_stream(key, k)
        c = (1 << k) + stream.draw() % (1 << k)     # the range's largest active bucket
        while c > m:                                # the next active bucket below c: uniform in [0, c)
            u = stream.draw() % (1 << (k + 1))
            while u >= c:
                u = stream.draw() % (1 << (k + 1))
            if u < (1 << k):
                c = None                            # none left in range k
                break
            c = u
        if c is not None:
            return c
    lower = flags % (1 << k)                        # ranges 0 .. k-1
    if lower == 0:
        return 0
    j = lower.bit_length() - 1
    return (1 << j) + jump_back_range_stream(key, j).draw() % (1 << j)


def jump_back2_multiplier(i):
    """mix(i * G) | 1: C(j) is the multiplier 2j, W(j) the multiplier 2j + 1 (spec section 4.2.2)."""
    return splitmix_mix((i * SplitMix64.GOLDEN) & M64) | 1


def jump_back2_top(key, j):
    """The largest active bucket of range j = [2^j, 2^(j+1)): 2^j plus the top j bits of key * C(j)."""
    if j == 0:
        return 1
    return (1 << j) + (((key * jump_back2_multiplier(2 * j)) & M64) >> (64 - j))


def jump_back2(key, n):
    """jump_back2 as docs/routing-spec.md section 4.2.2 states it, over an unsigned 64-bit key."""
    key &= M64
    if n == 1:
        return 0
    m = n - 1
    k = m.bit_length() - 1                      # 2^k <= m < 2^(k+1)
    flags = key % (1 << (k + 1))                # bit j: range j holds an active bucket
    if flags == 0:
        return 0
    c = jump_back2_top(key, flags.bit_length() - 1)
    if c <= m:
        return c
    r = (key * jump_back2_multiplier(2 * k + 1)) & M64
    stream = jump_back_range_stream(key, k)     # the same per-range stream as jump_back
    while True:
        u = (r * c) >> 64                       # the next active bucket below c: uniform over [0, c)
        if u < (1 << k):
            break                               # none left in range k
        if u <= m:
            return u
        c = u
        r = stream.draw()
    lower = key % (1 << k)
    if lower == 0:
        return 0
    return jump_back2_top(key, lower.bit_length() - 1)


# The hash configurations, as (name, seed); seeds are unsigned 64-bit.
HASH_CONFIGS = [
    ("xxh3-64", 0),
    ("xxh3-64", 42),
    ("xxh3-64", XXH3_LARGE_SEED),
    ("murmur3-64", 0),
    ("murmur3-64", 42),
    ("murmur3-64", MURMUR3_MAX_SEED),
    ("blake2b-64", None),
]
PARTITION_HASH_CONFIGS = [("xxh3-64", 0), ("xxh3-64", 42), ("murmur3-64", 0), ("blake2b-64", None)]


def stable_hash(name, seed, data):
    if name == "xxh3-64":
        return xxh3_64(data, seed)
    if name == "murmur3-64":
        return murmur3_64(data, seed)
    if name == "blake2b-64":
        return blake2b_64(data)
    raise ValueError(name)


IMPLEMENTATIONS = {
    "xxh3-64": "python-xxhash xxhash.xxh3_64_intdigest(data, seed=seed) (C libxxhash %s)" % xxhash.XXHASH_VERSION,
    "murmur3-64": "h1 of MurmurHash3_x64_128 (first 8 output bytes, little-endian), Python port of "
                  "MurmurHash3.cpp (SMHasher) in " + GENERATOR + "; SMHasher verification value 0x6384BA69 checked",
    "blake2b-64": "int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), 'big') (CPython hashlib)",
}


# ---------------------------------------------------------------- canonical key bytes

def canon_string(s):
    return s.encode("utf-8")  # strict: a lone surrogate raises


def canon_long(v):
    return (v & M64).to_bytes(8, "little")


def canon_int(v):
    return (v & 0xFFFFFFFF).to_bytes(4, "little")


def canon_uuid(text):
    return uuid.UUID(text).bytes  # RFC 4122 order, most significant byte first


def canon_part(kind, value):
    if kind == "string":
        b = canon_string(value)
        return len(b).to_bytes(4, "little") + b
    if kind == "bytes":
        b = bytes.fromhex(value)
        return len(b).to_bytes(4, "little") + b
    if kind == "long":
        return canon_long(value)
    if kind == "int":
        return canon_int(value)
    if kind == "uuid":
        return canon_uuid(value)
    raise ValueError(kind)


def canon_composite(parts):
    return b"".join(canon_part(k, v) for k, v in parts)


def u64_fields(h):
    return {"unsigned": str(h), "hex": "%016x" % h}


def seed_fields(seed):
    if seed is None:
        return {"seed": None}
    signed = seed - (1 << 64) if seed >= 1 << 63 else seed
    return {"seed": str(seed), "seed_int64": str(signed)}


# ---------------------------------------------------------------- inputs of stable-hashes.json

NON_ASCII_TEXTS = [
    ("text-e-acute", "é"),
    ("text-cafe", "café"),
    ("text-cjk-2", "中文"),
    ("text-cjk-routing", "分片路由"),
    ("text-emoji", "\U0001F600"),
    ("text-emoji-between", "a\U0001F600b"),
    ("text-g-clef", "\U0001D11E"),
    ("text-max-code-point", "\U0010FFFF"),
    ("text-u0080", "\u0080"),
    ("text-u07ff", "\u07FF"),
    ("text-u0800", "\u0800"),
    ("text-ud7ff", "\uD7FF"),
    ("text-ue000", "\uE000"),
    ("text-uffff", "\uFFFF"),
    ("text-mixed", "tenant:plant-a/设备-42/é\U0001F600"),
    ("text-mixed-emoji-run", "\U0001F600\U0001F680\U0001F30D ok 中"),
    ("text-cjk-long-150", "中文" * 50),                    # 300 UTF-8 bytes: past xxh3's 240
    ("text-emoji-long-33", "\U0001F600" * 33),             # 132 bytes: just past blake2b's block
    ("text-nul", "a\u0000b"),
    ("text-del", "\u007F"),
]

ASCII_TEXTS = [
    ("text-device-42", "device-42"),
    ("text-tenant-plant-a", "tenant:plant-a"),
    ("text-vnode-0", "ts-01#vnode-0"),
    ("text-space", " "),
]

BINARY_LENGTHS = [1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 127, 128, 129, 239, 240, 241, 255, 256, 300]

INT_EDGE_LONGS = [0, 1, -1, LONG_MIN, LONG_MAX, 42, 1 << 32, -(1 << 31), 0x0123456789ABCDEF, 255, 256]
INT_EDGE_INTS = [0, 1, -1, INT_MIN, INT_MAX, 42, 255, 256, 0x01234567]


def hash_inputs(rng):
    inputs = []

    def add_bytes(ident, b, how):
        inputs.append({"id": ident, "kind": "bytes", "hex": b.hex(), "how": how})

    def add_text(ident, s, how):
        inputs.append({"id": ident, "kind": "string", "text": s, "hex": canon_string(s).hex(), "how": how})

    add_bytes("bytes-empty", b"", "no bytes")
    add_bytes("bytes-00", b"\x00", "one byte 0x00")
    add_bytes("bytes-ff", b"\xff", "one byte 0xff")
    add_bytes("bytes-80", b"\x80", "one byte 0x80")
    for n in range(0, 301):
        s = (ASCII_PATTERN * 5)[:n]
        add_text("ascii-len-%03d" % n, s, "first %d chars of the 64-char pattern repeated" % n)
    for n in BINARY_LENGTHS:
        b = bytes((i * 167 + 13) & 0xFF for i in range(n))
        add_bytes("binary-len-%03d" % n, b, "byte i = (i*167+13) mod 256, %d bytes" % n)
    for ident, s in ASCII_TEXTS:
        add_text(ident, s, "fixed ASCII text")
    for ident, s in NON_ASCII_TEXTS:
        add_text(ident, s, "fixed non-ASCII text")
    longs = list(INT_EDGE_LONGS) + [rng.randint(LONG_MIN, LONG_MAX) for _ in range(12)]
    for i, v in enumerate(longs):
        inputs.append({"id": "long-%02d" % i, "kind": "long", "value": str(v), "hex": canon_long(v).hex(),
                       "how": "edge value" if i < len(INT_EDGE_LONGS) else "random.Random(%d)" % GEN_SEED})
    ints = list(INT_EDGE_INTS) + [rng.randint(INT_MIN, INT_MAX) for _ in range(8)]
    for i, v in enumerate(ints):
        inputs.append({"id": "int-%02d" % i, "kind": "int", "value": str(v), "hex": canon_int(v).hex(),
                       "how": "edge value" if i < len(INT_EDGE_INTS) else "random.Random(%d)" % GEN_SEED})
    return inputs


def stable_hashes_doc(inputs):
    functions = []
    for name, seed in HASH_CONFIGS:
        entry = {"name": name}
        entry.update(seed_fields(seed))
        entry["implementation"] = IMPLEMENTATIONS[name]
        entry["hashes"] = [dict({"input": inp["id"]}, **u64_fields(stable_hash(name, seed, bytes.fromhex(inp["hex"]))))
                           for inp in inputs]
        functions.append(entry)
    return {
        "description": "64-bit stable hashes of canonical key bytes. 'unsigned' is the hash as an unsigned "
                       "64-bit decimal, 'hex' the same 16 hex digits. A 'string' input is hashed as the UTF-8 "
                       "bytes in 'hex' (its 'text' is the same key); 'long' as 8 bytes little-endian two's "
                       "complement; 'int' as 4 bytes little-endian; 'bytes' as is.",
        "inputs": inputs,
        "functions": functions,
    }


# ---------------------------------------------------------------- keys of hash_mod.json / jump.json

def rand_ascii(rng, lo, hi):
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_:/.#"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(lo, hi)))


NON_ASCII_POOL = ["é", "ß", "中", "文", "设", "备", "ü", "\U0001F600", "\U0001F680", "Ж", "λ", "\U0001D11E", "a", "-", "7"]


def rand_text(rng, lo, hi):
    return "".join(rng.choice(NON_ASCII_POOL) for _ in range(rng.randint(lo, hi)))


def typed_keys(rng):
    keys = []

    def add(ident, kind, how, **fields):
        k = {"id": ident, "kind": kind}
        k.update(fields)
        k["how"] = how
        keys.append(k)

    for i in range(40):
        add("str-seq-%03d" % i, "string", "'user-' + decimal index", text="user-%d" % i)
    for i in range(60):
        add("str-rand-%03d" % i, "string", "random ASCII, 0..80 chars, random.Random(%d)" % GEN_SEED,
            text=rand_ascii(rng, 0, 80))
    for i in range(30):
        add("str-nonascii-%03d" % i, "string", "random non-ASCII incl. surrogate pairs, 1..60 chars",
            text=rand_text(rng, 1, 60))
    for ident, s in NON_ASCII_TEXTS[:8]:
        add("str-" + ident, "string", "fixed non-ASCII text", text=s)
    add("str-empty", "string", "empty string", text="")
    for i, v in enumerate(INT_EDGE_LONGS + [rng.randint(LONG_MIN, LONG_MAX) for _ in range(40)]):
        add("long-%03d" % i, "long", "edge or random long", value=str(v))
    for i, v in enumerate(INT_EDGE_INTS + [rng.randint(INT_MIN, INT_MAX) for _ in range(25)]):
        add("int-%03d" % i, "int", "edge or random int", value=str(v))
    uuids = ["00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
             "123e4567-e89b-12d3-a456-426614174000"]
    uuids += [str(uuid.UUID(int=rng.getrandbits(128), version=4)) for _ in range(27)]
    for i, u in enumerate(uuids):
        add("uuid-%03d" % i, "uuid", "edge or random version-4 uuid", value=u)
    for i in range(20):
        a = "tenant-%d" % rng.randint(0, 999) if i % 3 else rand_text(rng, 0, 8)
        b = rand_ascii(rng, 0, 24)
        add("ss-%03d" % i, "composite", "(string, string)", parts=[["string", a], ["string", b]])
    for i in range(20):
        a = rand_ascii(rng, 0, 20) if i % 4 else rand_text(rng, 1, 6)
        v = [0, -1, LONG_MIN, LONG_MAX][i] if i < 4 else rng.randint(LONG_MIN, LONG_MAX)
        add("sl-%03d" % i, "composite", "(string, long)", parts=[["string", a], ["long", v]])
    for i in range(20):
        a = rng.randint(LONG_MIN, LONG_MAX) if i else LONG_MIN
        v = rng.randint(LONG_MIN, LONG_MAX) if i else LONG_MAX
        add("ll-%03d" % i, "composite", "(long, long)", parts=[["long", a], ["long", v]])
    for i in range(10):
        parts = [["string", rand_ascii(rng, 0, 10)], ["int", rng.randint(INT_MIN, INT_MAX)],
                 ["uuid", str(uuid.UUID(int=rng.getrandbits(128), version=4))],
                 ["bytes", bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 12))).hex()],
                 ["long", rng.randint(LONG_MIN, LONG_MAX)]]
        add("mixed-%03d" % i, "composite", "(string, int, uuid, bytes, long)", parts=parts)
    for k in keys:
        k["canonical_hex"] = canonical_of(k).hex()
    return keys


def canonical_of(k):
    kind = k["kind"]
    if kind == "string":
        return canon_string(k["text"])
    if kind == "long":
        return canon_long(int(k["value"]))
    if kind == "int":
        return canon_int(int(k["value"]))
    if kind == "uuid":
        return canon_uuid(k["value"])
    if kind == "composite":
        return canon_composite(k["parts"])
    raise ValueError(kind)


def json_parts(parts):
    # long and int parts as decimal strings, so no reader loses precision
    return [[kind, str(v) if kind in ("long", "int") else v] for kind, v in parts]


def partitions_doc(strategy, keys, partition_of):
    out_keys = []
    for k in keys:
        data = bytes.fromhex(k["canonical_hex"])
        expected = []
        for name, seed in PARTITION_HASH_CONFIGS:
            h = stable_hash(name, seed, data)
            e = {"hash": name}
            e.update(seed_fields(seed))
            e["hash_unsigned"] = str(h)
            e["hash_hex"] = "%016x" % h
            e["partitions"] = [partition_of(h, p) for p in PARTITION_COUNTS]
            expected.append(e)
        ok = dict(k)
        if "parts" in ok:
            ok["parts"] = json_parts(ok["parts"])
        ok["expected"] = expected
        out_keys.append(ok)
    return {
        "strategy": strategy,
        "partition_counts": PARTITION_COUNTS,
        "description": None,
        "hash_configs": [dict({"hash": n}, **seed_fields(s)) for n, s in PARTITION_HASH_CONFIGS],
        "keys": out_keys,
    }


def jump_bucket_vectors(rng):
    keys = [0, 1, M64, 1 << 63, (1 << 63) - 1, 42, 0xDEADBEEFCAFEBABE] + [rng.getrandbits(64) for _ in range(25)]
    buckets = [1, 2, 3, 7, 8, 10, 100, 1000, 1024, 16384, 65536, 1 << 24, (1 << 31) - 1]
    out = []
    for key in keys:
        out.append({"key_unsigned": str(key), "key_int64": str(key - (1 << 64) if key >= 1 << 63 else key),
                    "buckets": buckets, "bucket": [jump(key, b) for b in buckets]})
    return out


def jump_back_bucket_vectors(rng, bucket=None):
    bucket = bucket or jump_back
    keys = [0, 1, M64, 1 << 63, (1 << 63) - 1, 42, 0xDEADBEEFCAFEBABE] + [rng.getrandbits(64) for _ in range(33)]
    buckets = [1, 2, 3, 4, 5, 7, 8, 9, 10, 16, 17, 100, 1000, 1024, 1025, 16384, 65536, 1000000,
               (1 << 24) - 1, 1 << 24, (1 << 30) + 1, (1 << 31) - 1]
    out = []
    for key in keys:
        out.append({"key_unsigned": str(key), "key_int64": str(key - (1 << 64) if key >= 1 << 63 else key),
                    "buckets": buckets, "bucket": [bucket(key, b) for b in buckets]})
    return out


# ---------------------------------------------------------------- canonical-keys.json

def canonical_doc(rng):
    entries = []

    def add(kind, how, data, **fields):
        e = {"kind": kind}
        e.update(fields)
        e["canonical_hex"] = data.hex()
        e["how"] = how
        entries.append(e)

    for s in ["", "a", "device-42", "é", "中文", "\U0001F600", "a\U0001F600b", "\U0010FFFF", "\uFFFF",
              "\u0080", "\u07FF", "\u0800", "a\u0000b", "tenant:plant-a/设备-42/é\U0001F600"]:
        add("string", "UTF-8 bytes, no terminator", canon_string(s), text=s)
    for v in INT_EDGE_LONGS:
        add("long", "8 bytes little-endian two's complement", canon_long(v), value=str(v))
    for v in INT_EDGE_INTS:
        add("int", "4 bytes little-endian two's complement", canon_int(v), value=str(v))
    for u in ["00000000-0000-0000-0000-000000000000", "123e4567-e89b-12d3-a456-426614174000",
              "ffffffff-ffff-ffff-ffff-ffffffffffff", "01234567-89ab-cdef-fedc-ba9876543210"]:
        add("uuid", "16 bytes, RFC 4122 order (Python uuid.UUID(text).bytes)", canon_uuid(u), value=u)
    composites = [
        [["string", "a:b"], ["string", "c"]],
        [["string", "a"], ["string", "b:c"]],
        [["string", ""], ["string", ""]],
        [["string", "plant-a"], ["long", 42]],
        [["string", "设备"], ["long", -1]],
        [["long", LONG_MIN], ["long", LONG_MAX]],
        [["int", -2], ["uuid", "123e4567-e89b-12d3-a456-426614174000"]],
        [["bytes", ""], ["bytes", "00ff"]],
        [["string", "\U0001F600"], ["int", 7], ["uuid", "01234567-89ab-cdef-fedc-ba9876543210"],
         ["bytes", "0a1b2c"], ["long", 1 << 40]],
        [["long", 5]],
    ]
    for parts in composites:
        add("composite", "parts in order: string/bytes = 4-byte LE length + bytes; long/int/uuid fixed width",
            canon_composite(parts), parts=json_parts(parts))
    invalid = [
        ("d800", "lone high surrogate"),
        ("dc00", "lone low surrogate"),
        ("0061d800", "high surrogate at the end"),
        ("d83d0061", "high surrogate followed by a non-surrogate"),
        ("0061dc000062", "low surrogate between ASCII"),
        ("de00d83d", "low then high: a reversed pair"),
    ]
    return {
        "description": "Canonical bytes of typed keys. A 'string' key is its strict UTF-8 bytes; a Java "
                       "String that is not well-formed UTF-16 has no canonical form and must be refused "
                       "(InvalidKeyException); 'invalid_strings' lists some as UTF-16 code units in hex.",
        "keys": entries,
        "invalid_strings": [{"utf16_hex": h, "why": why} for h, why in invalid],
    }


# ---------------------------------------------------------------- output

def xxhash_package_version():
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "python3-xxhash"],
                             capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


def provenance(inputs_how):
    return {
        "generator": GENERATOR,
        "command": "/usr/bin/python3 " + GENERATOR,
        "generated_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "python": "%s (%s)" % (platform.python_version(), sys.executable),
        "xxhash_module_version": xxhash.VERSION,
        "xxhash_debian_package": xxhash_package_version(),
        "libxxhash_version": xxhash.XXHASH_VERSION,
        "random": "random.Random(%d), drawn in a fixed order" % GEN_SEED,
        "inputs": inputs_how,
        "implementations": IMPLEMENTATIONS,
        "jump": "Lamping & Veach 2014: b=-1, j=0; while j < P: b=j; key=key*2862933555777941757+1 mod 2^64; "
                "j=int((b+1) * (float(1<<31) / float((key>>33)+1))); answer b",
        "jump_back": "docs/routing-spec.md section 4.2.1: SplitMix64 flags = mix(key + G); top range k of P-1 "
                     "walked down by rejection; else the highest flagged lower range, 2^j + j random bits",
        "jump_back2": "docs/routing-spec.md section 4.2.2: flags = the key's low bits; a range's largest active "
                      "bucket 2^j + top j bits of key * (mix(2j*G)|1); the walk down range k by high-half products",
        "hash_mod": "hash as unsigned 64-bit integer mod P",
        "note": "independent of the Java code under test; only 'provenance' changes between runs",
    }


def render(value, depth=0):
    """JSON with one record per line: objects holding lists of objects (and the top two levels) are
    opened up, every list of objects gets one element per line, everything else is compact."""
    def has_records(v):
        return isinstance(v, list) and any(isinstance(x, dict) for x in v)

    pad = "  " * (depth + 1)
    if isinstance(value, dict) and (depth <= 1 or any(has_records(v) for v in value.values())):
        items = ["%s%s: %s" % (pad, json.dumps(k, ensure_ascii=False), render(v, depth + 1)) for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    if has_records(value):
        items = [pad + render(v, depth + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def build():
    murmur_check = smhasher_verification_x64_128()
    if murmur_check != 0x6384BA69:
        sys.exit("MurmurHash3_x64_128 port fails SMHasher's verification: got 0x%08X, want 0x6384BA69" % murmur_check)
    rng = random.Random(GEN_SEED)
    inputs = hash_inputs(rng)
    keys = typed_keys(rng)
    buckets = jump_bucket_vectors(rng)
    docs = {}

    sh = stable_hashes_doc(inputs)
    docs["stable-hashes.json"] = dict(
        {"provenance": provenance("empty and 1-byte inputs; the ASCII pattern '%s' repeated and cut at every length "
                                  "0..300; a binary pattern at block-boundary lengths; fixed ASCII and non-ASCII "
                                  "texts (2-, 3- and 4-byte UTF-8, surrogate pairs in Java); edge and random longs "
                                  "and ints" % ASCII_PATTERN)}, **sh)

    keys_how = ("typed keys: sequential and random ASCII strings, random non-ASCII strings with surrogate pairs, "
                "edge and random longs, ints and uuids, composites (string,string), (string,long), (long,long) "
                "and (string,int,uuid,bytes,long); 'canonical_hex' is the key's canonical bytes")
    hm = partitions_doc("hash_mod", keys, lambda h, p: h % p)
    hm["description"] = ("hash_mod: partition = stable hash of canonical_hex, as unsigned 64-bit, mod P. "
                         "'partitions' is aligned with 'partition_counts'.")
    docs["hash_mod.json"] = dict({"provenance": provenance(keys_how)}, **hm)

    jp = partitions_doc("jump", keys, jump)
    jp["description"] = ("jump: partition = jump(stable hash of canonical_hex, P). 'partitions' is aligned with "
                         "'partition_counts'; 'bucket_vectors' pin jump itself on raw 64-bit keys.")
    jp["bucket_vectors"] = buckets
    docs["jump.json"] = dict({"provenance": provenance(keys_how + "; raw jump keys: edge and random 64-bit values")}, **jp)

    docs["canonical-keys.json"] = dict({"provenance": provenance("fixed values, see each entry's 'how'")},
                                       **canonical_doc(rng))

    # Drawn after every other file's inputs, so that adding it changed none of theirs.
    jb = partitions_doc("jump_back", keys, jump_back)
    jb["description"] = ("jump_back: partition = JumpBackHash(stable hash of canonical_hex, P) as "
                         "docs/routing-spec.md section 4.2.1 fixes it. 'partitions' is aligned with "
                         "'partition_counts'; 'bucket_vectors' pin jump_back itself on raw 64-bit keys.")
    jb["bucket_vectors"] = jump_back_bucket_vectors(rng)
    docs["jump_back.json"] = dict(
        {"provenance": provenance(keys_how + "; raw jump_back keys: edge and random 64-bit values")}, **jb)

    # Drawn after jump_back's, for the same reason.
    jb2 = partitions_doc("jump_back2", keys, jump_back2)
    jb2["description"] = ("jump_back2: partition = jump_back2(stable hash of canonical_hex, P) as "
                          "docs/routing-spec.md section 4.2.2 fixes it. 'partitions' is aligned with "
                          "'partition_counts'; 'bucket_vectors' pin jump_back2 itself on raw 64-bit keys.")
    jb2["bucket_vectors"] = jump_back_bucket_vectors(rng, jump_back2)
    docs["jump_back2.json"] = dict(
        {"provenance": provenance(keys_how + "; raw jump_back2 keys: edge and random 64-bit values")}, **jb2)
    return docs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="regenerate in memory and compare with the committed files (ignoring 'provenance')")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."),
                        help="repository root (default: two levels above this script)")
    args = parser.parse_args()
    out_dir = os.path.normpath(os.path.join(args.root, OUT_DIR))
    docs = build()
    failed = False
    for name, doc in docs.items():
        path = os.path.join(out_dir, name)
        if args.check:
            with open(path, encoding="utf-8") as f:
                old = json.load(f)
            old.pop("provenance", None)
            new = json.loads(json.dumps(doc))
            new.pop("provenance", None)
            same = old == new
            failed |= not same
            print("%s %s" % ("same     " if same else "DIFFERENT", path))
        else:
            os.makedirs(out_dir, exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(render(doc) + "\n")
            print("wrote %s (%d bytes)" % (path, os.path.getsize(path)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
