// Answers come from the trace: the same question gets a different answer when the program does
// something else (so the page never shows a hard-coded answer). Needs the wasm build.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@wasm/tensorplay.mjs';
import { parseLesson } from '../src/model/lesson';
import { answer } from '../src/model/lesson-answer';
import { TraceModel } from '../src/model/world';
import { loadEngine, traceWithReprs } from './wasm-module';

let session: Session;
beforeAll(async () => {
  session = new (await loadEngine()).Session();
});

const ask = (program: string) => {
  const l = parseLesson(`# title: t\n${program}`);
  const m = new TraceModel(traceWithReprs(session, l.code));
  return l.questions.map((q) => {
    const a = answer(m, q);
    return a === null ? null : q.choices[a.choice];
  });
};

describe('answers computed from the trace', () => {
  it('shares(): view yes, clone no', () => {
    const q = '# ask: q\n# answer: shares(b, a)\n';
    expect(ask(`import torch\na = torch.zeros(3)\n${q}b = a.view(3)\n`)).toEqual(['yes']);
    expect(ask(`import torch\na = torch.zeros(3)\n${q}b = a.clone()\n`)).toEqual(['no']);
  });

  it('changed(): the elements that really changed, including through a view', () => {
    const q = '# ask: q\n# answer: changed(a)\n# choices: none | a[1] | a[0], a[2]\n';
    expect(ask(`import torch\na = torch.zeros(3)\nv = a[::2]\n${q}v += 1\n`)).toEqual(['a[0], a[2]']);
    expect(ask(`import torch\na = torch.zeros(3)\nv = a[1:2]\n${q}v += 1\n`)).toEqual(['a[1]']);
    expect(ask(`import torch\na = torch.zeros(3)\nv = a.clone()\n${q}v += 1\n`)).toEqual(['none']);
    // a write that stores the same value changes nothing
    expect(ask(`import torch\na = torch.zeros(3)\n${q}a.zero_()\n`)).toEqual(['none']);
  });

  it('value(): grads, versions and named values', () => {
    const g = '# ask: q\n# answer: value(x.grad)\n# choices: None | tensor([2., 2.]) | tensor([3., 3.])\n';
    expect(ask(`import torch\nx = torch.ones(2, requires_grad=True)\n${g}(x * 2).sum().backward()\n`)).toEqual(['tensor([2., 2.])']);
    expect(ask(`import torch\nx = torch.ones(2, requires_grad=True)\n${g}y = x * 3\n`)).toEqual(['None']);
    const v = '# ask: q\n# answer: value(x._version)\n# choices: 0 | 1 | 2\n';
    expect(ask(`import torch\nx = torch.ones(2)\nx.add_(1)\n${v}x.add_(1)\n`)).toEqual(['2']);
    expect(ask(`import torch\n${'# ask: q\n# answer: value(n)\n# choices: 3 | 4\n'}n = 1 + 2\n`)).toEqual(['3']);
  });

  it('raises(): from the step\'s error', () => {
    const q = '# ask: q\n# answer: raises()\n';
    expect(ask(`import torch\nz = torch.zeros(2, 3)\n${q}e = z.expand(3, -1)\n`)).toEqual(['yes']);
    expect(ask(`import torch\nz = torch.zeros(1, 3)\n${q}e = z.expand(3, -1)\n`)).toEqual(['no']);
  });

  it('no answer (null) when no choice matches what the trace says', () => {
    expect(ask('import torch\n# ask: q\n# answer: value(x)\n# choices: tensor([9.]) | None\nx = torch.ones(1)\n')).toEqual([null]);
  });
});
