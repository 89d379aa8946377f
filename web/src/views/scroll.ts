// Scrolling that moves one panel and never the page: Element.scrollIntoView would also scroll
// every ancestor (and the window), pulling the page away from where the teacher is looking.

export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls `panel` the least amount that shows `el` (its top first when it is taller than the
 * panel), smoothly unless reduced motion is asked for. `margin` keeps a little context around.
 */
export function scrollIntoPanel(panel: Element, el: Element | Rect, margin = 12): void {
  scrollPlan(panel, 'getBoundingClientRect' in el ? el.getBoundingClientRect() : el, margin)?.();
}

/** Measures now what scrollIntoPanel would do; the returned function does it (null: no need). */
function scrollPlan(panel: Element, r: Rect, margin: number): (() => void) | null {
  if (typeof panel.scrollTo !== 'function') return null;
  const p = panel.getBoundingClientRect();
  let dy = 0;
  if (r.top < p.top + margin || r.height > p.height - 2 * margin) dy = r.top - p.top - margin;
  else if (r.bottom > p.bottom - margin) dy = r.bottom - p.bottom + margin;
  let dx = 0;
  if (r.left < p.left) dx = r.left - p.left - margin;
  else if (r.right > p.right && r.width < p.width) dx = r.right - p.right + margin;
  if (Math.abs(dy) < 1 && Math.abs(dx) < 1) return null;
  const to = { top: panel.scrollTop + dy, left: panel.scrollLeft + dx };
  return () => void panel.scrollTo({ ...to, behavior: reducedMotion() ? 'auto' : 'smooth' });
}

export interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}

/** The smallest box holding all of `els`. */
export function unionRect(els: Element[]): Rect | null {
  if (!els.length) return null;
  const rs = els.map((e) => e.getBoundingClientRect());
  const top = Math.min(...rs.map((r) => r.top)), bottom = Math.max(...rs.map((r) => r.bottom));
  const left = Math.min(...rs.map((r) => r.left)), right = Math.max(...rs.map((r) => r.right));
  return { top, bottom, left, right, width: right - left, height: bottom - top };
}

/**
 * Shows what changed: all of `els` when they fit in the panel together, else the first (the most
 * important). Does nothing when they are all in view already, so a still picture stays still.
 */
export function showInPanel(panel: Element, els: Element[], margin = 12): boolean {
  const scroll = showInPanelPlan(panel, els, margin);
  scroll?.();
  return scroll !== null;
}

/** Measures now what showInPanel would do; the returned function scrolls (null: all in view). */
export function showInPanelPlan(panel: Element, els: Element[], margin = 12): (() => void) | null {
  if (!els.length || els.every((e) => fullyIn(panel, e))) return null;
  const all = unionRect(els)!;
  const target = all.height <= panel.clientHeight - 2 * margin ? all : els[0].getBoundingClientRect();
  return scrollPlan(panel, target, margin) ?? (() => {});
}

/** Calls `fn` once the panel's scroll has settled (the end of a smooth scroll, or two frames). */
export function afterScroll(panel: Element, fn: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    panel.removeEventListener('scrollend', once);
    fn();
  };
  if (reducedMotion()) {
    requestAnimationFrame(() => requestAnimationFrame(once));
    return;
  }
  panel.addEventListener('scrollend', once);
  setTimeout(once, 1500); // no scrollend when nothing moved, or in browsers without the event
}

function fullyIn(panel: Element, el: Element): boolean {
  const p = panel.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  return r.top >= p.top && r.bottom <= p.top + panel.clientHeight && r.left >= p.left && r.right <= p.left + panel.clientWidth;
}

/** Whether `el` is at least partly inside `panel`'s visible box. */
export function visibleIn(panel: Element, el: Element, minPx = 16): boolean {
  const p = panel.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  return Math.min(r.bottom, p.bottom) - Math.max(r.top, p.top) >= Math.min(minPx, r.height)
    && Math.min(r.right, p.right) - Math.max(r.left, p.left) > 0;
}
