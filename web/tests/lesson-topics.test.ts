// Every topic issue 13 lists, mapped to the lesson that teaches it. The mapping is checked against
// the lesson's program (it must actually use the API, not just mention it in prose) and its prose
// (both languages must talk about it), so a renamed or trimmed lesson fails here.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLesson } from '../src/model/lesson';
import { repo } from './wasm-module';

const dir = new URL('examples/', repo);
const lessons = new Map(readdirSync(dir).filter((f) => f.endsWith('.py')).map((f) => {
  const l = parseLesson(readFileSync(new URL(f, dir), 'utf8'));
  return [f.replace(/\.py$/, '').replace(/^\d+_/, ''), l] as const;
}));

/** topic → [lesson slug, patterns its program must contain] */
const TOPICS: [string, string, RegExp[]][] = [
  ['names vs objects, b = a, id()', 'names_and_objects', [/^b = a$/m, /id\(a\)/, /\bis\b/]],
  ['y = x + y vs y += x', 'add_vs_inplace_add', [/^y = x \+ y$/m, /^y \+= x$/m]],
  ['clone() copies and stays in the graph (gradient accumulates)', 'clone_keeps_graph', [/\.clone\(\)/, /\.backward\(\)/, /a\.grad/]],
  ['detach() shares storage and the version counter', 'clone_detach_data', [/\.detach\(\)/, /data_ptr\(\)/, /_version/]],
  ['clone().detach() vs detach().clone()', 'clone_detach_order', [/\.clone\(\)\.detach\(\)/, /\.detach\(\)\.clone\(\)/]],
  ['.data vs detach(): silent wrong gradient vs version-counter error', 'data_vs_detach', [/\.data\b/, /\.detach\(\)/, /\.backward\(\)/]],
  ['resize_/set_/transpose_ on .data/detach() results', 'metadata_ops_on_detach', [/\.resize_\(/, /\.set_\(/, /\.transpose_\(/, /\.data\b/, /\.detach\(\)/]],
  ['requires_grad, leaves, is_leaf, retain_grad()', 'requires_grad_leaves', [/requires_grad=True/, /\.is_leaf/, /\.retain_grad\(\)/]],
  ['gradient accumulation and zero_grad()', 'grad_accumulation', [/backward\(\)[\s\S]*backward\(\)/, /\.zero_grad\(\)/, /grad\.zero_\(\)/]],
  ['torch.no_grad() and inference_mode', 'no_grad_inference_mode', [/torch\.no_grad\(\)/, /torch\.inference_mode\(\)/, /is_inference\(\)/]],
  ['view shares storage', 'views_share_storage', [/\.view\(/, /_base is/]],
  ['strides, t()/transpose/permute and is_contiguous', 'strides_transpose_permute', [/\.stride\(\)/, /\.t\(\)/, /\.transpose\(/, /\.permute\(/, /is_contiguous\(\)/]],
  ['view vs reshape vs contiguous() (and the error)', 'view_needs_compatible_strides', [/\.view\(/, /\.reshape\(/, /\.contiguous\(\)/]],
  ['expand and stride 0: add_/copy_ fail, fill_/scalar assignment succeed', 'expand_writes', [/\.expand\(/, /\.add_\(/, /\.copy_\(/, /\.fill_\(/, /e\[0, 1\] = /]],
  ['as_strided sliding windows', 'as_strided_windows', [/\.as_strided\(\(4, 3\), \(1, 1\)\)/, /\.unfold\(/]],
  ['in-place ops and version counters (saved-tensor error)', 'saved_tensor_modified', [/\.mul_\(/, /_version/, /\.backward\(\)/]],
  ['copy_() with broadcasting, dtype and device kept', 'copy_broadcast', [/\.copy_\(/, /dtype/, /\.device/]],
  ['copy.deepcopy', 'deepcopy', [/copy\.deepcopy\(/, /copy\.copy\(/]],
  ['numpy()/from_numpy() sharing; numpy() refuses requires_grad', 'numpy_sharing', [/\.numpy\(\)/, /torch\.from_numpy\(/, /requires_grad=True\)\n[\s\S]*p\.numpy\(\)/]],
  ['torch.tensor vs torch.Tensor vs as_tensor vs from_numpy', 'tensor_constructors', [/torch\.tensor\(/, /torch\.Tensor\(/, /torch\.as_tensor\(/, /torch\.from_numpy\(/]],
  ['new_tensor/new_zeros/new_ones keep dtype and device', 'new_tensor', [/\.new_tensor\(/, /\.new_zeros\(/, /\.new_ones\(/]],
  ['creation ops and manual_seed', 'creation_ops_seed', [/torch\.zeros\(/, /torch\.ones\(/, /torch\.arange\(/, /torch\.linspace\(/, /torch\.logspace\(/, /torch\.full\(/, /torch\.eye\(/, /torch\.manual_seed\(/]],
  ['nn.Linear parameters, one SGD step, where each gradient lands', 'linear_sgd_step', [/nn\.Linear\(/, /optim\.SGD\(/, /\.step\(\)/, /weight\.grad/, /bias\.grad/]],
  ['a custom autograd.Function', 'custom_function', [/autograd\.Function/, /save_for_backward/, /\.apply\(/]],
  ['torch.frombuffer: a tensor over a bytearray\'s bytes (issue 14)', 'frombuffer_shared_bytes', [/torch\.frombuffer\(buf, dtype=torch\.uint8, count=3, offset=2\)/, /^t\[0\] = 1\.0$/m, /^buf\[4\] = 1$/m]],
  ['tutorial output PyTorch cannot produce: as_strided((5, 5), (0, 4)) on 3x3, expand(3, -1) on 2x3', 'tutorial_myths', [/view\(3, 3\)[\s\S]*\.as_strided\(\(5, 5\), \(0, 4\)\)/, /zeros\(2, 3\)[\s\S]*\.expand\(3, -1\)/]],
];

describe('every topic of the issue has a lesson that teaches it', () => {
  it.each(TOPICS)('%s → %s', (_topic, slug, patterns) => {
    const l = lessons.get(slug);
    expect(l, `lesson ${slug} exists`).toBeDefined();
    for (const p of patterns) expect(l!.code, `${slug} uses ${p}`).toMatch(p);
  });

  it('no lesson is left out of the map', () => {
    const mapped = new Set(TOPICS.map((x) => x[1]));
    expect([...lessons.keys()].filter((k) => !mapped.has(k))).toEqual([]);
  });
});
