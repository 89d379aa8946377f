#!/usr/bin/env python3
"""Differential check of the Python subset against CPython (the reference).

Each tests/pydiff/programs/*.py is plain Python (no torch). It runs under `python3` and under
`tensorplay run`; stdout must be identical, the exit status must agree (0 or not), and when the
program fails the last non-blank stderr line (the exception line of the traceback) must match.

    pydiff.py RUNNER PROGRAM...     check the given programs (CTest runs one per test)
    pydiff.py RUNNER --all          check every program in programs/, print a summary
"""
import difflib
import glob
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=60)
    lines = [l for l in p.stderr.splitlines() if l.strip()]
    return p.stdout, (lines[-1] if lines else ""), p.returncode


def check(runner, program):
    """Returns a list of human-readable differences (empty when the runs agree)."""
    cwd = os.path.dirname(program)
    name = os.path.basename(program)
    want_out, want_last, want_rc = run([sys.executable, "-X", "utf8", name], cwd)
    got_out, got_last, got_rc = run([runner, "run", name], cwd)
    diffs = []
    if want_out != got_out:
        d = difflib.unified_diff(want_out.splitlines(True), got_out.splitlines(True),
                                 "cpython", "tensorplay")
        diffs.append("stdout differs:\n" + "".join(d))
    if (want_rc == 0) != (got_rc == 0):
        diffs.append(f"exit status: cpython {want_rc}, tensorplay {got_rc}\n"
                     f"  cpython stderr: {want_last}\n  tensorplay stderr: {got_last}")
    elif want_rc != 0 and want_last != got_last:
        diffs.append(f"last stderr line:\n  cpython:    {want_last}\n  tensorplay: {got_last}")
    return diffs


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    runner = os.path.abspath(argv[1])
    programs = (sorted(glob.glob(os.path.join(HERE, "programs", "*.py"))) if argv[2] == "--all"
                else [os.path.abspath(p) for p in argv[2:]])
    failed = 0
    for prog in programs:
        diffs = check(runner, prog)
        if diffs:
            failed += 1
            print(f"FAIL {os.path.relpath(prog, HERE)}")
            for d in diffs:
                print("  " + d.replace("\n", "\n  "))
    print(f"pydiff: {len(programs) - failed} agree, {failed} differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
