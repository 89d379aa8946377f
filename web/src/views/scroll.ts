// Scrolling that moves one panel and never the page: Element.scrollIntoView would also scroll
// every ancestor (and the window), pulling the page away from where the teacher is looking.

export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls `panel` the least amount that shows `el` (its top first when it is taller than the
 * panel), smoothly unless reduced motion is asked for. `margin` keeps a little context around.
 */
export function scrollIntoPanel(panel: Element, el: Element, margin = 12): void {
  const p = panel.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  let dy = 0;
  if (r.top < p.top + margin || r.height > p.height - 2 * margin) dy = r.top - p.top - margin;
  else if (r.bottom > p.bottom - margin) dy = r.bottom - p.bottom + margin;
  let dx = 0;
  if (r.left < p.left) dx = r.left - p.left - margin;
  else if (r.right > p.right && r.width < p.width) dx = r.right - p.right + margin;
  if (Math.abs(dy) < 1 && Math.abs(dx) < 1) return;
  panel.scrollTo({ top: panel.scrollTop + dy, left: panel.scrollLeft + dx, behavior: reducedMotion() ? 'auto' : 'smooth' });
}

/** Whether `el` is at least partly inside `panel`'s visible box. */
export function visibleIn(panel: Element, el: Element, minPx = 16): boolean {
  const p = panel.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  return Math.min(r.bottom, p.bottom) - Math.max(r.top, p.top) >= Math.min(minPx, r.height)
    && Math.min(r.right, p.right) - Math.max(r.left, p.left) > 0;
}
