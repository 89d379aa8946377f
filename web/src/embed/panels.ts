// The panels an embed can show (its `panels` attribute), in the order they are laid out.
export type Panel = 'code' | 'console' | 'memory' | 'graph';
export const PANELS: readonly Panel[] = ['code', 'memory', 'console', 'graph'];
