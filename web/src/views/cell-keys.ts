// Keyboard moves inside the memory panel: a tensor's elements (and a storage's cells) are one tab
// stop; arrow keys move inside it, Home and End go to its ends. The step keys stay out of it
// (Alt+arrows still step from anywhere).

/** Moves the focus for a keydown on an element or a cell; `cellsPerRow`: the strips' row width. */
export function moveCellFocus(e: KeyboardEvent, cellsPerRow: number): void {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const el = (e.target as Element).closest<HTMLElement>('.el[data-cell], .cell[data-cell]');
  if (!el || !['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) return;
  e.preventDefault();
  e.stopPropagation();
  const isElement = el.classList.contains('el');
  const scope = el.closest(isElement ? '.tgrid' : '.strip-wrap');
  if (!scope) return;
  const items = [...scope.querySelectorAll<HTMLElement>(isElement ? '.el[data-cell]' : '.cell[data-cell]')];
  const i = items.indexOf(el);
  let next: HTMLElement | undefined;
  if (e.key === 'Home') next = items[0];
  else if (e.key === 'End') next = items[items.length - 1];
  else if (e.key === 'ArrowLeft') next = items[i - 1];
  else if (e.key === 'ArrowRight') next = items[i + 1];
  else if (isElement) {
    // up/down: the same column of the previous/next row of the grid
    const rows = [...scope.querySelectorAll('.row')];
    const row = el.parentElement!;
    const col = [...row.children].indexOf(el);
    const other = rows[rows.indexOf(row) + (e.key === 'ArrowUp' ? -1 : 1)];
    const candidate = other?.children[col];
    next = candidate instanceof HTMLElement && candidate.matches('.el[data-cell]') ? candidate : undefined;
  } else {
    next = items[i + (e.key === 'ArrowUp' ? -1 : 1) * cellsPerRow];
  }
  if (!next) return;
  el.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}
