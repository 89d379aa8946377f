// Every string the page shows a learner, in English and Simplified Chinese, in one table so that
// adding a language is adding a column. `{name}` placeholders are filled by `t()`.

export type Lang = 'en' | 'zh-CN';
export const LANGS: readonly Lang[] = ['en', 'zh-CN'];

const en = {
  // chrome
  'app.title': 'tensorplay',
  'app.tagline': 'see how PyTorch tensors share memory and how autograd flows',
  'app.loading': 'Loading the engine…',
  'app.ready': 'Ready',
  'app.running': 'Running…',
  'app.ran': 'Ran {steps} steps in {ms} ms',
  'app.ranError': 'Stopped at line {line}: {type}',
  'app.engineFailed': 'The engine stopped unexpectedly ({name}: {message}). It was restarted; your code is safe.',
  'app.engineRefused': 'The engine could not run this program ({name}: {message}).',
  'app.loadFailed': 'The engine failed to load: {message}',
  'app.stopped': 'Run stopped after {s} s. Your code is unchanged; showing the previous run.',
  'app.stoppedNoTrace': 'Run stopped after {s} s. Your code is unchanged.',
  'btn.run': 'Run',
  'btn.run.title': 'Run the program (Ctrl+Enter)',
  'btn.stop': 'Stop',
  'btn.stop.title': 'Stop this run (Esc)',
  'btn.first': 'First step',
  'btn.prev': 'Previous step',
  'btn.next': 'Next step',
  'btn.last': 'Last step',
  'btn.play': 'Play',
  'btn.pause': 'Pause',
  'btn.example': 'Lessons',
  'btn.share': 'Copy link',
  'btn.shared': 'Link copied',
  'btn.lang': '中文',
  'btn.showAll': 'show all {n}',
  'btn.showLess': 'show less',
  'step.label': 'Step {n} of {total} · line {line}',
  'step.none': 'No steps yet — press Run',
  'step.timeline': 'Timeline: step',
  'legend.justRun': 'line {line} just ran: the picture shows the state after it',
  'legend.raised': 'line {line} raised {type}: the picture shows the state when it stopped',
  'legend.next': 'next to run: line {line}',
  'legend.end': 'end of the program',
  'keys.run': 'run',
  'keys.step': 'step',
  'keys.play': 'play (outside the editor;',
  'keys.anywhere': '+arrows anywhere)',
  // panels
  'panel.editor': 'Program',
  'panel.memory': 'Names → tensors → storage',
  'panel.graph': 'Autograd graph',
  'panel.console': 'Console',
  'memory.empty': 'Run the program to see its tensors.',
  'memory.names': 'Names',
  'memory.objects': 'Objects',
  'memory.storage': 'storage #{id}',
  'memory.storageMeta': '{dtype} · {numel} elements · {nbytes} bytes · {device}',
  'memory.sharedBy': 'shared by {n} tensors',
  'memory.sharedByMixed': 'shared by {n} objects (tensors and numpy arrays)',
  'memory.ndarrayNote': 'numpy array: strides count bytes; no version counter, no autograd',
  'memory.counter': 'version counter #{id}',
  'memory.noName': '(no name)',
  'memory.hidden': '… {n} more cells …',
  'memory.formula': 'element {index} lives in cell {cell}',
  'memory.kind.contiguous': 'contiguous',
  'memory.kind.strided': 'strided view',
  'memory.kind.broadcast': 'stride 0: one cell read many times',
  'memory.kind.overlapping': 'overlapping: cells read more than once',
  'memory.written': 'written this step',
  'memory.bumped': '_version went up',
  'memory.sharesCounter': 'shares its version counter with {names}',
  'memory.ownCounter': 'own version counter',
  'memory.otherObjects': 'Other values',
  'memory.value': 'value',
  'memory.offAbove': '{name}: its tensor is above, scrolled out of view. Click to scroll to it.',
  'memory.offBelow': '{name}: its tensor is below, scrolled out of view. Click to scroll to it.',
  'graph.empty': 'No autograd graph: no tensor here requires grad.',
  'graph.loading': 'Laying out the graph…',
  'graph.stale': 'saved {name} is stale: saved at version {saved}, now {current}',
  'graph.released': 'saved tensors freed (backward ran without retain_graph)',
  'graph.retains': 'retain_grad()',
  'graph.backward': 'backward(): gradients flow from {root}',
  'graph.replay': 'Replay backward',
  'console.placeholder': 'type a line and press Enter (runs in the same session)',
  'console.repl': 'REPL input',
  'console.clear': 'Clear',
  'error.heading': '{type} on line {line}',
  'error.explain': 'What happened',
} as const;

export type MessageKey = keyof typeof en;

const zh: Record<MessageKey, string> = {
  'app.title': 'tensorplay',
  'app.tagline': '看 PyTorch 张量如何共享内存、自动求导如何流动',
  'app.loading': '正在加载引擎…',
  'app.ready': '就绪',
  'app.running': '运行中…',
  'app.ran': '共 {steps} 步，用时 {ms} 毫秒',
  'app.ranError': '在第 {line} 行停止：{type}',
  'app.engineFailed': '引擎意外停止（{name}: {message}），已重新启动；你的代码没有丢失。',
  'app.engineRefused': '引擎无法运行这个程序（{name}: {message}）。',
  'app.loadFailed': '引擎加载失败：{message}',
  'app.stopped': '运行已在 {s} 秒后停止。代码没有改动；显示的是上一次运行。',
  'app.stoppedNoTrace': '运行已在 {s} 秒后停止。代码没有改动。',
  'btn.run': '运行',
  'btn.run.title': '运行程序（Ctrl+Enter）',
  'btn.stop': '停止',
  'btn.stop.title': '停止本次运行（Esc）',
  'btn.first': '第一步',
  'btn.prev': '上一步',
  'btn.next': '下一步',
  'btn.last': '最后一步',
  'btn.play': '播放',
  'btn.pause': '暂停',
  'btn.example': '课程',
  'btn.share': '复制链接',
  'btn.shared': '链接已复制',
  'btn.lang': 'English',
  'btn.showAll': '显示全部 {n} 个',
  'btn.showLess': '收起',
  'step.label': '第 {n} / {total} 步 · 第 {line} 行',
  'step.none': '还没有步骤 — 请点击运行',
  'step.timeline': '时间线：步骤',
  'legend.justRun': '第 {line} 行刚运行完：图中是它运行之后的状态',
  'legend.raised': '第 {line} 行抛出 {type}：图中是它停下时的状态',
  'legend.next': '下一步运行：第 {line} 行',
  'legend.end': '程序结束',
  'keys.run': '运行',
  'keys.step': '单步',
  'keys.play': '播放（编辑器外；',
  'keys.anywhere': '+方向键任何地方可用）',
  'panel.editor': '程序',
  'panel.memory': '名字 → 张量 → 存储',
  'panel.graph': '自动求导图',
  'panel.console': '控制台',
  'memory.empty': '运行程序后这里会显示张量。',
  'memory.names': '名字',
  'memory.objects': '对象',
  'memory.storage': '存储 #{id}',
  'memory.storageMeta': '{dtype} · {numel} 个元素 · {nbytes} 字节 · {device}',
  'memory.sharedBy': '{n} 个张量共享',
  'memory.sharedByMixed': '{n} 个对象共享（张量和 numpy 数组）',
  'memory.ndarrayNote': 'numpy 数组：步长以字节计；没有版本计数器，也没有自动求导',
  'memory.counter': '版本计数器 #{id}',
  'memory.noName': '（无名字）',
  'memory.hidden': '… 另有 {n} 个单元 …',
  'memory.formula': '元素 {index} 位于单元 {cell}',
  'memory.kind.contiguous': '连续',
  'memory.kind.strided': '跨步视图',
  'memory.kind.broadcast': '步长为 0：同一单元被多次读取',
  'memory.kind.overlapping': '重叠：有单元被读取多次',
  'memory.written': '本步写入',
  'memory.bumped': '_version 增加了',
  'memory.sharesCounter': '与 {names} 共享版本计数器',
  'memory.ownCounter': '独立的版本计数器',
  'memory.otherObjects': '其他值',
  'memory.value': '值',
  'memory.offAbove': '{name}：它的张量在上方，已滚出视野。点击滚动过去。',
  'memory.offBelow': '{name}：它的张量在下方，已滚出视野。点击滚动过去。',
  'graph.empty': '没有自动求导图：这里没有需要梯度的张量。',
  'graph.loading': '正在布局计算图…',
  'graph.stale': '保存的 {name} 已过期：保存时版本 {saved}，现在 {current}',
  'graph.released': '保存的张量已释放（backward 未使用 retain_graph）',
  'graph.retains': 'retain_grad()',
  'graph.backward': 'backward()：梯度从 {root} 开始流动',
  'graph.replay': '重放反向传播',
  'console.placeholder': '输入一行代码后按回车（在同一会话中运行）',
  'console.repl': 'REPL 输入',
  'console.clear': '清空',
  'error.heading': '第 {line} 行出现 {type}',
  'error.explain': '发生了什么',
};

const TABLE: Record<Lang, Record<MessageKey, string>> = { en, 'zh-CN': zh };

export function t(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const template = TABLE[lang][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** Every key of every language, so a test can check the table is complete. */
export function tableKeys(lang: Lang): string[] {
  return Object.keys(TABLE[lang]);
}

export function isLang(s: string | null | undefined): s is Lang {
  return s === 'en' || s === 'zh-CN';
}

/** The page language for a BCP 47 tag from a link or the browser (`zh`, `zh-CN`, `zh-Hans-CN`,
 * `en-GB`, ...): every Chinese tag gets the Simplified Chinese table, the only one we have. */
export function langFromTag(tag: string | null | undefined): Lang | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en';
  return undefined;
}
