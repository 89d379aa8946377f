#!/usr/bin/env python3
"""The names only the full library has (Note [Two modules] in engine/bindings/library_variant.h).

    full_only_names.py FULL_RUNNER CORE_RUNNER LIST            # check LIST (a CTest)
    full_only_names.py FULL_RUNNER CORE_RUNNER LIST --update   # rewrite LIST

Each runner prints every library name it installs (`tensorplay names`). The list is what the full one
has and the core one lacks, without the members of what the core lacks altogether (torch.nn.Conv2d
is listed; its forward is not: a program reaches it only through Conv2d). The core library must
have nothing the full one lacks.
"""
import subprocess
import sys


def names(runner):
    out = subprocess.run([runner, "names"], check=True, capture_output=True, text=True).stdout
    return set(out.split())


def full_only(full, core):
    extra = full - core
    owners_in_core = set()
    for n in core:
        parts = n.split(".")
        owners_in_core.update(".".join(parts[:i]) for i in range(1, len(parts)))
    kept = []
    for n in sorted(extra):
        parts = n.split(".")
        owner = ".".join(parts[:-1])  # "" for a module (`import itertools`)
        if any(".".join(parts[:i]) in extra for i in range(1, len(parts))):
            continue  # a member of something the core lacks
        if owner and owner not in owners_in_core and owner not in core:
            continue  # a member of a class only the full library has
        kept.append(n)
    return kept


def render(kept):
    return "".join(f'"{n}",\n' for n in kept)


def main():
    full_runner, core_runner, list_path = sys.argv[1:4]
    full, core = names(full_runner), names(core_runner)
    missing_in_full = sorted(core - full)
    if missing_in_full:
        sys.exit(f"the core library has names the full one lacks: {missing_in_full[:20]}")
    text = render(full_only(full, core))
    if sys.argv[4:] == ["--update"]:
        with open(list_path, "w") as f:
            f.write(text)
        print(f"wrote {list_path}: {text.count(chr(10))} names")
        return
    with open(list_path) as f:
        committed = f.read()
    if committed != text:
        want, have = set(text.splitlines()), set(committed.splitlines())
        sys.exit(f"{list_path} is stale (rerun with --update):\n"
                 f"  missing: {sorted(want - have)[:20]}\n  not full-only any more: {sorted(have - want)[:20]}")
    print(f"{list_path}: {text.count(chr(10))} names, up to date")


if __name__ == "__main__":
    main()
