#!/usr/bin/env python3
"""Every golden program in the core runner (Note [Two modules] in engine/bindings/library_variant.h):
it prints exactly its .out (and its .err line), or it stops with status 3 because it needs the full
library; never anything else (a name the core lacks must never turn into a different output).

    goldens_in_core.py CORE_RUNNER DIR...
"""
import pathlib
import subprocess
import sys

NEEDS_FULL = 3


def last_stderr_line(err):
    lines = [l for l in err.strip().split("\n") if l.strip()]
    return lines[-1].strip() if lines else ""


def main():
    runner, dirs = sys.argv[1], sys.argv[2:]
    same = needs_full = 0
    bad = []
    for d in dirs:
        for py in sorted(pathlib.Path(d).glob("*.py")):
            out_file = py.with_suffix(".out")
            if not out_file.exists():
                continue
            r = subprocess.run([runner, "run", str(py)], capture_output=True, text=True)
            if r.returncode == NEEDS_FULL and "needs the full library" in r.stderr:
                needs_full += 1
                continue
            err_file = py.with_suffix(".err")
            ok = r.stdout == out_file.read_text()
            if err_file.exists():
                ok = ok and r.returncode != 0 and last_stderr_line(r.stderr) == err_file.read_text().strip()
            else:
                ok = ok and r.returncode == 0
            if ok:
                same += 1
            else:
                bad.append(f"{py}: rc={r.returncode} {last_stderr_line(r.stderr)[:200]}")
    print(f"{same} programs print their .out in the core runner, {needs_full} need the full library")
    if bad:
        sys.exit("differ in the core runner:\n  " + "\n  ".join(bad))
    if same == 0:
        sys.exit("no golden program found")


if __name__ == "__main__":
    main()
