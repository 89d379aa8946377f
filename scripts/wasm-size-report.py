#!/usr/bin/env python3
"""Where the bytes of tensorplay.wasm go: code bytes per function, grouped by category, plus the data section.

The shipped module has no names, so link a named copy from the same objects first (same flags plus
--profiling-funcs, which keeps the name section and changes nothing else):
    scripts/wasm-size-report.sh            # does that link into build/wasm-prof, then runs this script
or by hand:
    python3 scripts/wasm-size-report.py build/wasm-prof/tensorplay.wasm \
        --objects build/wasm/CMakeFiles [--top 25] [--category 'lambda: engine/interp']
--objects maps each function back to the source file that defined it (llvm-nm on the .o files), which is
how lambdas and engine code are split by layer/file. Needs c++filt (binutils) and llvm-nm-14.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import zlib

# ----------------------------------------------------------------------------- wasm parsing
SECTION_NAMES = {0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
                 7: "export", 8: "start", 9: "elem", 10: "code", 11: "data", 12: "datacount", 13: "tag"}


def leb(d, p):
    r = s = 0
    while True:
        b = d[p]
        p += 1
        r |= (b & 0x7F) << s
        s += 7
        if b < 0x80:
            return r, p


def parse(path):
    d = open(path, "rb").read()
    assert d[:4] == b"\0asm", "not a wasm file"
    sections, bodies, names, data_segments = [], [], {}, []
    n_imported_funcs = 0
    p = 8
    while p < len(d):
        sid = d[p]
        p += 1
        size, p = leb(d, p)
        start, end = p, p + size
        label = SECTION_NAMES.get(sid, str(sid))
        if sid == 0:
            n, q = leb(d, p)
            label = "custom:" + d[q:q + n].decode()
            if label == "custom:name":
                q += n
                while q < end:
                    sub, q = leb(d, q)
                    sub_size, q = leb(d, q)
                    sub_end = q + sub_size
                    if sub == 1:  # function names
                        count, r = leb(d, q)
                        for _ in range(count):
                            idx, r = leb(d, r)
                            ln, r = leb(d, r)
                            names[idx] = d[r:r + ln].decode("utf-8", "replace")
                            r += ln
                    q = sub_end
        elif sid == 2:  # imports: count the imported functions (they come first in the index space)
            count, q = leb(d, p)
            for _ in range(count):
                for _ in range(2):
                    ln, q = leb(d, q)
                    q += ln
                kind = d[q]
                q += 1
                if kind == 0:
                    _, q = leb(d, q)
                    n_imported_funcs += 1
                elif kind == 1:
                    q += 1
                    flags, q = leb(d, q)
                    _, q = leb(d, q)
                    if flags & 1:
                        _, q = leb(d, q)
                elif kind == 2:
                    flags, q = leb(d, q)
                    _, q = leb(d, q)
                    if flags & 1:
                        _, q = leb(d, q)
                elif kind == 3:
                    q += 2
                elif kind == 4:
                    q += 1
                    _, q = leb(d, q)
        elif sid == 10:
            count, q = leb(d, p)
            for i in range(count):
                bsize, q2 = leb(d, q)
                bodies.append((n_imported_funcs + i, q2 - q + bsize, d[q2:q2 + bsize]))
                q = q2 + bsize
        elif sid == 11:
            count, q = leb(d, p)
            for _ in range(count):
                flags, q = leb(d, q)
                if flags == 2:
                    _, q = leb(d, q)
                if flags in (0, 2):  # offset expression, ends with 0x0b
                    while d[q] != 0x0B:
                        q += 1
                    q += 1
                ln, q = leb(d, q)
                data_segments.append(d[q:q + ln])
                q += ln
        sections.append((label, size + (start - (start - 1)) + len(_uleb(size))))
        p = end
    return d, sections, bodies, names, data_segments


def _uleb(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def demangle(names):
    if not names:
        return {}
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True, check=True).stdout
    return dict(zip(names, out.split("\n")))


def symbol_sources(objects_dir):
    """mangled name -> source path (relative, e.g. engine/bindings/nn/module.cpp), from llvm-nm on the objects."""
    where = {}
    if not objects_dir:
        return where
    objs = []
    for root, _, files in os.walk(objects_dir):
        objs += [os.path.join(root, f) for f in files if f.endswith(".o")]
    for o in sorted(objs):
        m = re.search(r"\.dir/(.*)\.o$", o)
        src = m.group(1) if m else o
        res = subprocess.run(["llvm-nm-14", "--defined-only", "--demangle", o], capture_output=True, text=True)
        for line in res.stdout.splitlines():
            parts = line.split(" ", 2)
            if len(parts) == 3 and parts[1] in "tTwW":
                name = parts[2]
                prev = where.get(name)
                # a template or inline function defined in several objects belongs to none of them
                where[name] = src if prev in (None, src) else "(several files)"
    return where


LAMBDA_RE = re.compile(r"::(\$_\d+|\{lambda\()")


def source_of(dem, where):
    """The object that defined this function, or for a lambda / std::function wrapper, the one that
    defined the function enclosing the lambda (names are demangled, as in the name section)."""
    src = where.get(dem)
    if src and src != "(several files)":
        return src
    m = LAMBDA_RE.search(dem)
    if m:
        head = dem[:m.start()]
        # the enclosing function is a suffix of head starting after '<', ', ' or the start
        starts = [0] + [i + 1 for i, ch in enumerate(head) if ch in "< "]
        for st in starts:
            cand = where.get(head[st:])
            if cand and cand != "(several files)":
                return cand
    return src


# ----------------------------------------------------------------------------- categories
def category(mangled, dem, src):
    layer = None
    if src and src.startswith("engine/"):
        layer = "/".join(src.split("/")[:2])
    elif src and src.startswith("wasm/"):
        layer = "wasm"
    if "std::__2::__function::" in dem:
        return "std::function machinery: " + (layer or "?")
    if "{lambda(" in dem or re.search(r"::\$_\d+", dem) or "'lambda" in dem:
        if src:
            return "lambda: " + (layer or src)
        return "lambda: (header/unknown)"
    if dem.startswith("xt::") or "xt::" in dem.split("(")[0]:
        return "xtensor (" + (layer or "?") + ")"
    if "emscripten::" in dem or mangled.startswith(("_embind", "embind", "__embind")):
        return "embind"
    if layer:
        return "engine: " + layer
    if dem.startswith("std::") or "std::__2::" in dem.split("(")[0]:
        return "libc++ (instantiated/inline)" if src else "libc++ (library)"
    if src == "(several files)":
        return "engine: (several files)"
    return "libc/compiler-rt/runtime"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("wasm")
    ap.add_argument("--objects", help="directory searched for .o files (e.g. build/wasm/CMakeFiles)")
    ap.add_argument("--top", type=int, default=15, help="largest functions to list")
    ap.add_argument("--category", help="list the largest functions of this category only")
    ap.add_argument("--by-file", action="store_true", help="also print code bytes per source file")
    args = ap.parse_args()

    d, sections, bodies, names, segments = parse(args.wasm)
    print(f"{args.wasm}: {len(d):,} bytes")
    print("\n== sections")
    for label, size in sections:
        print(f"  {label:24s} {size:>10,}")
    if not names:
        sys.exit("no name section: link with --profiling-funcs (see the header of this script)")

    mangled = [names.get(i, f"<func {i}>") for i, _, _ in bodies]
    # emscripten writes demangled names; c++filt leaves those as they are and demangles the rest
    dem = demangle(sorted(set(mangled)))
    where = symbol_sources(args.objects)
    cats = collections.Counter()
    counts = collections.Counter()
    blobs = collections.defaultdict(list)
    per_file = collections.Counter()
    rows = []
    for (idx, size, body), m in zip(bodies, mangled):
        dm = dem.get(m, m)
        src = source_of(dm, where)
        c = category(m, dm, src)
        cats[c] += size
        blobs[c].append(body)
        counts[c] += 1
        if src:
            per_file[src] += size
        rows.append((size, c, dm))

    total = sum(s for _, s, _ in bodies)
    print(f"\n== code section by category ({total:,} bytes in {len(bodies)} functions;"
          " gz = that category's bodies gzipped alone, a rough share of the download)")
    for c, s in cats.most_common():
        gz = len(zlib.compress(b"".join(blobs[c]), 9))
        print(f"  {c:52s} {s:>10,}  {100 * s / total:5.1f}%  gz {gz:>8,}  ({counts[c]} fns)")

    fn_types = collections.Counter()
    for size, c, dm in rows:
        if c.startswith("std::function"):
            m = re.search(r"__function::(__func|__base|__value_func|__alloc_func|__policy\w*)<.*>::(~?\w+)", dm)
            fn_types[m.group(2) if m else "other"] += size
    if fn_types:
        print("\n== std::function machinery by member")
        for k, s in fn_types.most_common():
            print(f"  {k:30s} {s:>10,}")

    if args.by_file:
        print("\n== code bytes per source file (functions whose symbol is defined in that object)")
        for f, s in per_file.most_common():
            print(f"  {f:52s} {s:>10,}")

    print(f"\n== largest functions{' in ' + args.category if args.category else ''}")
    sel = [r for r in rows if not args.category or r[1] == args.category]
    for size, c, dm in sorted(sel, reverse=True)[:args.top]:
        print(f"  {size:>8,}  {c[:30]:30s} {dm[:150]}")

    # data: RTTI type-name strings (typeinfo names are NUL-terminated mangled types, e.g. NSt3__210__function6__funcI...)
    data = b"".join(segments)
    rtti_re = re.compile(rb"(?<=\0)(?:N|Z|St|P|[1-9][0-9]*)[A-Za-z0-9_$]{6,}(?=\0)")
    cands = [m.group(0).decode() for m in rtti_re.finditer(b"\0" + data)]
    typed = subprocess.run(["c++filt", "-t"], input="\n".join(cands), capture_output=True, text=True).stdout.split("\n")
    rtti = [(c, t) for c, t in zip(cands, typed) if t != c]
    rtti_bytes = sum(len(c) + 1 for c, _ in rtti)
    func_rtti = sum(len(c) + 1 for c, t in rtti if "__function::" in t or "lambda" in t or "$_" in c)
    print(f"\n== data section: {len(data):,} bytes in {len(segments)} segments")
    print(f"  RTTI type-name strings          {rtti_bytes:>10,}  ({len(rtti)} strings)")
    print(f"    of which std::function/lambda {func_rtti:>10,}")
    zeros = data.count(b"\0")
    print(f"  NUL bytes                       {zeros:>10,}")


if __name__ == "__main__":
    main()
