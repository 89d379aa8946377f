// Plain-language explanations shown next to PyTorch's exact message for the aliasing and autograd
// errors learners meet. Matched on message patterns; the explanation text lives here with both
// languages side by side (the i18n issue can move it into the shared table unchanged).
import type { TraceError } from '../engine/trace';
import type { Lang } from './i18n';

export interface Explanation {
  id: string;
  title: string;
  body: string;
  /** What to try instead (code, shown as code). */
  fix?: string;
}

interface Rule {
  id: string;
  match: RegExp;
  text: Record<Lang, { title: string; body: string }>;
  /** What to try instead (its comments in the learner's language); `{x}` stands for the
   * learner's own tensor, found on the failing line by `receiver`. */
  fix?: string | Record<Lang, string>;
  receiver?: RegExp;
}

/** A tensor expression before a method call: `t`, `model.weight`, `x[0]`, `x.t()`. */
const NAME = String.raw`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*(?:\(\))?|\[[^\]]*\])*)`;

const RULES: Rule[] = [
  {
    id: 'view-strides',
    match: /^view size is not compatible with input tensor's size and stride/,
    text: {
      en: {
        title: 'view() cannot re-read these cells with strides',
        body: 'view() never copies: it only changes sizes and strides over the same storage. This tensor\'s elements are not laid out in the order the new shape needs (e.g. after .t() or slicing), so no single stride per dimension can describe it. reshape() copies when it must; .contiguous().view(...) copies explicitly.',
      },
      'zh-CN': {
        title: 'view() 无法用步长重新解读这些单元',
        body: 'view() 从不复制：它只在同一块存储上改变形状和步长。这个张量的元素顺序（例如经过 .t() 或切片后）与新形状所需的顺序不一致，无法用每个维度一个步长来描述。reshape() 在必要时会复制；.contiguous().view(...) 会显式复制。',
      },
    },
    fix: { en: '{x}.reshape(...)  # or {x}.contiguous().view(...)', 'zh-CN': '{x}.reshape(...)  # 或 {x}.contiguous().view(...)' },
    receiver: new RegExp(`${NAME}\\s*\\.view\\(`),
  },
  {
    id: 'expand-size',
    match: /^The expanded size of the tensor \(\d+\) must match the existing size/,
    text: {
      en: {
        title: 'expand() can only repeat dimensions of size 1',
        body: 'expand() makes a view with stride 0 along new or size-1 dimensions, so one cell is read many times. A dimension that already has more than one element cannot be stretched to a different size: its cells would have to be invented.',
      },
      'zh-CN': {
        title: 'expand() 只能重复大小为 1 的维度',
        body: 'expand() 沿新的维度或大小为 1 的维度创建步长为 0 的视图，让同一个单元被多次读取。已经有多个元素的维度无法被拉伸到另一个大小：那些单元并不存在。',
      },
    },
  },
  {
    id: 'storage-bounds',
    match: /^setStorage: sizes .* out of bounds for storage of size \d+/,
    text: {
      en: {
        title: 'as_strided() would read past the end of the storage',
        body: 'as_strided() trusts the sizes, strides and offset you give it. The last element it would read is storage_offset + Σ (size−1)·stride, and that cell (times the element size in bytes) lies beyond the storage\'s bytes, so PyTorch refuses.',
      },
      'zh-CN': {
        title: 'as_strided() 会读到存储末尾之外',
        body: 'as_strided() 直接使用你给出的形状、步长和偏移。它要读取的最后一个元素是 storage_offset + Σ (size−1)·stride，该单元（乘以元素字节数）超出了存储的字节范围，所以 PyTorch 拒绝执行。',
      },
    },
  },
  {
    id: 'leaf-inplace',
    match: /^a (view of a )?leaf Variable that requires grad is being used in an in-place operation/,
    text: {
      en: {
        title: 'In-place change of a leaf that requires grad',
        body: 'A leaf with requires_grad=True is a parameter autograd must differentiate with respect to; overwriting it in place (or through a view of it) would make its gradient meaningless. Update it under torch.no_grad(), or change x.data / x.detach() if you really mean to bypass autograd.',
      },
      'zh-CN': {
        title: '对需要梯度的叶子张量做了原地修改',
        body: 'requires_grad=True 的叶子张量是自动求导要对其求导的参数；原地覆盖它（或它的视图）会让梯度失去意义。请在 torch.no_grad() 中更新它；若确实要绕过自动求导，可以修改 x.data 或 x.detach()。',
      },
    },
    fix: 'with torch.no_grad():\n    x.add_(1)',
  },
  {
    id: 'saved-modified',
    match: /^one of the variables needed for gradient computation has been modified by an inplace operation/,
    text: {
      en: {
        title: 'A tensor saved for backward was changed in place',
        body: 'Forward saved this tensor (the graph marks it) together with its _version. An in-place operation later bumped the version counter, so the saved values are no longer the ones the derivative needs. Every tensor sharing that counter — views and detach() — bumps it; .data does not, which is why .data hides the bug instead of reporting it.',
      },
      'zh-CN': {
        title: '为反向传播保存的张量被原地修改了',
        body: '前向计算保存了这个张量（图中已标出）以及它的 _version。之后的原地操作增加了版本计数器，保存的值已不是求导所需的值。共享该计数器的所有张量（视图和 detach()）都会增加它；.data 不会，所以 .data 会掩盖错误而不是报告它。',
      },
    },
    fix: {
      en: 'b = b * 2  # out of place: a new tensor, the saved one is untouched',
      'zh-CN': 'b = b * 2  # 非原地：得到新张量，保存的那个不受影响',
    },
  },
  {
    id: 'backward-twice',
    match: /^Trying to backward through the graph a second time/,
    text: {
      en: {
        title: 'The graph was already used and freed',
        body: 'backward() frees the tensors each node saved as soon as it has used them, to save memory. A second backward through the same nodes finds them gone. Pass retain_graph=True to the first backward if you need to go through the graph again, or recompute the forward pass.',
      },
      'zh-CN': {
        title: '计算图已被使用并释放',
        body: 'backward() 用完每个节点保存的张量后会立即释放它们以节省内存。第二次经过相同节点的反向传播就找不到它们了。如需再次反向传播，请在第一次调用时传入 retain_graph=True，或重新执行前向计算。',
      },
    },
    fix: 'loss.backward(retain_graph=True)',
  },
  {
    id: 'nonscalar-grad',
    match: /^grad can be implicitly created only for scalar outputs/,
    text: {
      en: {
        title: 'backward() needs a scalar, or a gradient to start from',
        body: 'backward() on a single number starts from d(out)/d(out) = 1. For a tensor with several elements there is no single obvious starting gradient, so PyTorch asks you to reduce it (e.g. .sum()) or to pass gradient= with the same shape.',
      },
      'zh-CN': {
        title: 'backward() 需要标量，或给定起始梯度',
        body: '对单个数调用 backward() 时起始梯度为 d(out)/d(out) = 1。多元素张量没有唯一明显的起始梯度，因此 PyTorch 要求先归约（例如 .sum()），或传入形状相同的 gradient=。',
      },
    },
    fix: { en: 'y.sum().backward()  # or y.backward(torch.ones_like(y))', 'zh-CN': 'y.sum().backward()  # 或 y.backward(torch.ones_like(y))' },
  },
  {
    id: 'no-grad-fn',
    match: /^element \d+ of tensors does not require grad and does not have a grad_fn/,
    text: {
      en: {
        title: 'Nothing to differentiate',
        body: 'This tensor was not computed from anything with requires_grad=True (or it was computed under torch.no_grad(), or detached), so it has no grad_fn and no graph to walk back through.',
      },
      'zh-CN': {
        title: '没有可求导的东西',
        body: '这个张量不是由 requires_grad=True 的张量计算得到的（或者是在 torch.no_grad() 中计算的，或已 detach），因此它没有 grad_fn，也没有可以回溯的计算图。',
      },
    },
  },
  {
    id: 'numpy-requires-grad',
    match: /^Can't call numpy\(\) on Tensor that requires grad/,
    text: {
      en: {
        title: 'numpy() would share memory behind autograd\'s back',
        body: 'A NumPy array made by numpy() shares the tensor\'s storage; writing to it would not be recorded by autograd. detach() first makes that explicit.',
      },
      'zh-CN': {
        title: 'numpy() 会绕过自动求导共享内存',
        body: 'numpy() 得到的数组与张量共享存储；对它的写入不会被自动求导记录。先调用 detach() 可以明确这一点。',
      },
    },
    fix: 't.detach().numpy()',
  },
  {
    id: 'detach-view-inplace',
    match: /^Can't detach views in-place/,
    text: {
      en: {
        title: 'A view cannot be detached in place',
        body: 'A view shares its base\'s autograd history; detach_() would have to cut it for the base too. detach() makes a new tensor on the same storage instead.',
      },
      'zh-CN': {
        title: '视图不能原地 detach',
        body: '视图与其基张量共享自动求导历史；detach_() 将不得不同时切断基张量的历史。detach() 会在同一存储上创建新的张量。',
      },
    },
  },
  {
    id: 'requires-grad-nonleaf',
    match: /^you can only change requires_grad flags of leaf variables/,
    text: {
      en: {
        title: 'Only leaves have a requires_grad switch',
        body: 'A computed tensor requires grad because its inputs do; the flag is a consequence, not a setting. Detach it to get a leaf you can switch.',
      },
      'zh-CN': {
        title: '只有叶子张量可以设置 requires_grad',
        body: '计算得到的张量需要梯度是因为它的输入需要梯度；这个标志是结果而不是设置。先 detach 得到一个叶子张量再设置。',
      },
    },
  },
];

/**
 * The explanation for an error in the learner's language, or null when we have none. With the
 * failing line's source, the suggested fix names the learner's own tensor (the one they called
 * the method on, e.g. the transposed `t`, not its base).
 */
export function explainError(err: Pick<TraceError, 'type' | 'message'>, lang: Lang, sourceLine = ''): Explanation | null {
  for (const r of RULES) {
    if (!r.match.test(err.message)) continue;
    const name = r.receiver?.exec(sourceLine)?.[1] ?? 'x';
    const fix = typeof r.fix === 'string' ? r.fix : r.fix?.[lang];
    return { id: r.id, ...r.text[lang], fix: fix?.replaceAll('{x}', name) };
  }
  return null;
}

/** Every explanation text in one language (titles, bodies, fixes), for tests of the page's language. */
export function explanationTexts(lang: Lang): string[] {
  return RULES.flatMap((r) => [r.text[lang].title, r.text[lang].body, typeof r.fix === 'string' ? r.fix : r.fix?.[lang] ?? '']);
}

/** Rule ids, for tests that check every rule has both languages. */
export function explanationIds(): string[] {
  return RULES.map((r) => r.id);
}
