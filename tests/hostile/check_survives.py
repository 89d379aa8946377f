#!/usr/bin/env python3
"""A hostile program must end like a Python program: exit 0, or exit 1 with a Python-style error as
the last stderr line, never a signal, a hang or C++ text; and its trace must be valid UTF-8 JSON.
Usage: check_survives.py RUNNER PROGRAM.py   (tests/hostile/*.py and tests/fuzz/regressions/*)"""
import json
import re
import subprocess
import sys

runner, program = sys.argv[1], sys.argv[2]
LAST_LINE = re.compile(r'^[A-Z][A-Za-z]*(Error|Exception|Interrupt|Exit)(: .*)?$')
problems = []
for mode in ('run', 'trace'):
    try:
        p = subprocess.run([runner, mode, program], capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        problems.append(f'{mode}: still running after 60 s')
        continue
    if p.returncode not in (0, 1):
        problems.append(f'{mode}: exit status {p.returncode} (a signal or crash)')
        continue
    err = p.stderr.decode('utf-8', 'replace').rstrip().splitlines()
    if p.returncode == 1 and (not err or not LAST_LINE.match(err[-1])):
        problems.append(f'{mode}: exit 1 without a Python-style last line: {err[-1:]}')
    if any(s in '\n'.join(err) for s in ('std::', '.cpp', 'what():')):
        problems.append(f'{mode}: C++ internals in stderr')
    if mode == 'trace':
        try:
            json.loads(p.stdout.decode('utf-8'))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            problems.append(f'trace: not valid UTF-8 JSON ({e})')
for line in problems:
    print(line)
sys.exit(1 if problems else 0)
