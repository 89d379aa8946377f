// Reading a <tensor-playground>'s attributes and text (pure, so unit tests need no DOM).
import { PANELS, type Panel } from './panels';

/** The program written in the article: common indentation and blank edge lines removed. */
export function programText(raw: string): string {
  const lines = raw.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && lines[0].trim() === '') lines.shift();
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  const indents = lines.filter((l) => l.trim() !== '').map((l) => l.match(/^[ \t]*/)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join('\n') + '\n';
}

export function parsePanels(attr: string | null): Set<Panel> {
  const asked = (attr ?? '').split(/[\s,]+/).filter((p): p is Panel => (PANELS as readonly string[]).includes(p));
  return new Set(asked.length ? asked : PANELS);
}

