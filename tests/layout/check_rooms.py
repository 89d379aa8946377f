#!/usr/bin/env python3
"""Checks the engine's rooms (engine/README.md): folder sizes, file names, layer direction, and that
a newcomer finds the places the README promises by folder and file name alone.
Usage: check_rooms.py <repo root>. Prints one line per violation; exits 1 if there is any."""
import re
import sys
from pathlib import Path

MAX_SOURCES_PER_FOLDER = 30
# Which top-level engine folders each layer may include from (engine/README.md's layer map).
ALLOWED_INCLUDES = {
    'core': {'core'},
    'ops': {'core', 'ops'},
    'autograd': {'core', 'ops', 'autograd'},
    'format': {'core', 'format'},
    'python': {'core', 'autograd', 'format', 'python', 'bindings'},
    'bindings': {'core', 'ops', 'autograd', 'format', 'python', 'bindings'},
    'trace': {'core', 'ops', 'autograd', 'format', 'python', 'bindings', 'trace'},
}
# What a newcomer looks for, and the file whose name says it holds it (plus a string proving it does).
LANDMARKS = [
    ('torch.nn.Linear', 'bindings/nn/linear_layers.cpp', '"Linear"'),
    ('Tensor.view', 'bindings/torch/views.cpp', '"view"'),
    ('itertools.product', 'python/modules/itertools.cpp', '"product"'),
    ('the for statement', 'python/loops.cpp', 'exec_for'),
    ('the view kernel', 'ops/shape/views.cpp', 'Tensor view('),
    ('the view derivative', 'autograd/shape/views.cpp', 'ViewBackward0'),
]
NAME_SMELLS = re.compile(r'(_more|misc|utils2)\b|^(more|misc)\b')


def main(root: Path) -> int:
    engine = root / 'engine'
    problems = []
    for folder in sorted({p.parent for p in engine.rglob('*')} | {engine}):
        sources = [p for p in folder.iterdir() if p.suffix in ('.cpp', '.h')]
        if len(sources) > MAX_SOURCES_PER_FOLDER:
            problems.append(f'{folder.relative_to(root)}: {len(sources)} source files (> {MAX_SOURCES_PER_FOLDER})')
    for tree in ('engine', 'tests', 'cli', 'wasm', 'examples'):
        for p in (root / tree).rglob('*'):
            if p.is_file() and NAME_SMELLS.search(p.stem):
                problems.append(f'{p.relative_to(root)}: named after when it was written, not what it holds')
    include = re.compile(r'#include "([a-z_]+)/')
    for p in engine.rglob('*'):
        if p.suffix not in ('.cpp', '.h'):
            continue
        layer = p.relative_to(engine).parts[0]
        for n, line in enumerate(p.read_text(encoding='utf-8').splitlines(), 1):
            m = include.match(line)
            if m and m.group(1) not in ALLOWED_INCLUDES.get(layer, set()):
                problems.append(f'{p.relative_to(root)}:{n}: {layer}/ includes {m.group(1)}/ (layers depend downward only)')
    for what, rel, proof in LANDMARKS:
        f = engine / rel
        if not f.is_file() or proof not in f.read_text(encoding='utf-8'):
            problems.append(f'{what}: expected in engine/{rel}')
    for line in problems:
        print(line)
    print(f'rooms: {len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else '.')))
