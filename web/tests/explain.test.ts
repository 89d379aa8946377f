import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { explainError, explanationIds } from '../src/model/explain';
import { LANGS, t, tableKeys } from '../src/model/i18n';

// The exact messages PyTorch prints (examples, golden programs, conformance cases).
const repo = new URL('../../', import.meta.url);
function errLines(dir: string): string[] {
  try {
    return readdirSync(new URL(dir, repo)).filter((f) => f.endsWith('.err'))
      .map((f) => readFileSync(new URL(`${dir}/${f}`, repo), 'utf8').trim());
  } catch {
    return [];
  }
}
const messages = [...errLines('examples'), ...errLines('tests/golden'), ...errLines('../shared/conformance/cases')]
  .map((l) => l.replace(/^\w+: /, ''));

describe('error explanations', () => {
  const cases: [string, string][] = [
    ["view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.", 'view-strides'],
    ['The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 4].  Tensor sizes: [3]', 'expand-size'],
    ['setStorage: sizes [5, 5], strides [0, 4], storage offset 0, and itemsize 8 requiring a storage size of 136 are out of bounds for storage of size 72', 'storage-bounds'],
    ['a leaf Variable that requires grad is being used in an in-place operation.', 'leaf-inplace'],
    ['a view of a leaf Variable that requires grad is being used in an in-place operation.', 'leaf-inplace'],
    ['one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at version 1; expected version 0 instead. Hint: ...', 'saved-modified'],
    ['Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed).', 'backward-twice'],
    ['grad can be implicitly created only for scalar outputs', 'nonscalar-grad'],
  ];
  it.each(cases)('explains %s', (message, id) => {
    for (const lang of LANGS) {
      const e = explainError({ type: 'RuntimeError', message }, lang);
      expect(e?.id).toBe(id);
      expect(e?.title.length).toBeGreaterThan(5);
    }
    expect(explainError({ type: 'RuntimeError', message }, 'zh-CN')?.body).toMatch(/[\u4e00-\u9fff]/);
  });

  it('says nothing for errors it does not know', () => {
    expect(explainError({ type: 'NameError', message: "name 'x' is not defined" }, 'en')).toBeNull();
  });

  it('matches the messages of the shipped failing programs it covers', () => {
    expect(messages.length).toBeGreaterThan(3);
    const covered = new Set(messages.map((m) => explainError({ type: '', message: m }, 'en')?.id).filter(Boolean));
    for (const id of ['view-strides', 'saved-modified', 'expand-size', 'storage-bounds', 'leaf-inplace', 'nonscalar-grad']) {
      expect(covered, id).toContain(id);
    }
    expect(explanationIds().length).toBeGreaterThanOrEqual(8);
  });
});

describe('i18n table', () => {
  it('has every key in every language', () => {
    expect(tableKeys('zh-CN').sort()).toEqual(tableKeys('en').sort());
  });
  it('fills placeholders and leaves unknown ones', () => {
    expect(t('en', 'step.label', { n: 2, total: 9, line: 4 })).toBe('Step 2 of 9 · line 4');
    expect(t('zh-CN', 'step.label', { n: 2, total: 9, line: 4 })).toBe('第 2 / 9 步 · 第 4 行');
    expect(t('en', 'app.ran', { steps: 3 })).toBe('Ran 3 steps in {ms} ms');
  });

  it('names the learner\'s own tensor in the suggested fix', () => {
    const err = { type: 'RuntimeError', message: "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead." };
    expect(explainError(err, 'en', 'v = t.view(6)')!.fix).toBe('t.reshape(...)  # or t.contiguous().view(...)');
    expect(explainError(err, 'en', 'flat = model.weight[0].view(-1)')!.fix).toMatch(/^model\.weight\[0\]\.reshape/);
    expect(explainError(err, 'zh-CN', 'v = x.t().view(6)')!.fix).toMatch(/^x\.t\(\)\.reshape\(\.\.\.\)/);
    expect(explainError(err, 'en')!.fix).toMatch(/^x\.reshape/);
  });
});
