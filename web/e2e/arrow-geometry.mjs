// Where arrows from names end, read from DOM geometry (arrows and frames e2e tests): each arrow's
// end point lies inside its own card's box and the visible panel, or at its name's edge marker.

/** Waits until the memory panel's scroll position and size have held for four frames (the page
 * scrolls to each step's change, possibly twice, and groups get laid out as they come into view). */
export const settle = (page) => page.evaluate(() => new Promise((resolve) => {
  const m = document.getElementById('memory');
  let last = '', same = 0, n = 0;
  const tick = () => {
    const now = `${m.scrollTop}/${m.scrollHeight}`;
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= 4 || ++n > 120) resolve(undefined);
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}));

/** Runs in the page: every (name, target card) pair and where its arrow ends. */
export function checkArrows() {
  const scroller = document.getElementById('memory');
  const p = scroller.getBoundingClientRect();
  const view = { top: p.top, bottom: p.top + scroller.clientHeight, left: p.left, right: p.left + scroller.clientWidth };
  const body = { ...view };
  // what the formula bar (a hovered element's address, pinned to the bottom) covers is not seen
  const formula = scroller.querySelector('.formula');
  if (formula?.textContent) view.bottom -= formula.getBoundingClientRect().height;
  // the edge markers are rows of their own above and below the scrolling body, in the same panel
  const panel = scroller.parentElement;
  const inBox = (pt, r) => pt.x >= r.left && pt.x <= r.right && pt.y >= r.top && pt.y <= r.bottom;
  const links = [...scroller.querySelectorAll('svg.arrows path.link')];
  const marks = [...panel.querySelectorAll('.edge-marks:not([hidden]) .edge-mark')];
  const problems = [];
  let onCard = 0, onEdge = 0;
  for (const chip of scroller.querySelectorAll('.name-chip[data-targets]')) {
    const name = chip.dataset.name;
    for (const key of chip.dataset.targets.split(' ')) {
      const card = scroller.querySelector(`[data-card="${key}"]`);
      if (!card) {
        problems.push(`${name} → ${key}: no card`);
        continue;
      }
      const mine = links.filter((l) => l.dataset.from === name && l.dataset.to.split(' ').includes(key));
      if (mine.length !== 1) {
        problems.push(`${name} → ${key}: ${mine.length} arrows`);
        continue;
      }
      const svg = mine[0].ownerSVGElement.getBoundingClientRect();
      const end = mine[0].getPointAtLength(mine[0].getTotalLength());
      const pt = { x: svg.left + end.x, y: svg.top + end.y };
      const c = card.getBoundingClientRect();
      if (inBox(pt, c) && inBox(pt, view)) {
        onCard++;
        continue;
      }
      const mark = marks.find((m) => m.dataset.name === name && m.dataset.targets.split(' ').includes(key));
      const below = mark?.textContent.startsWith('↓');
      const m = mark?.getBoundingClientRect();
      // an arrow to a marker ends on the body's edge, right under (or over) the marker
      if (mark && pt.x >= m.left && pt.x <= m.right && Math.abs(pt.y - (below ? body.bottom : body.top)) <= 2 &&
          (below ? m.top >= body.bottom - 1 : m.bottom <= body.top + 1)) {
        const seen = Math.min(c.bottom, view.bottom) - Math.max(c.top, view.top);
        // 16 px is the least the page draws an arrow onto
        if (seen >= 20) problems.push(`${name}: edge marker although ${seen.toFixed(0)} px of its card are visible`);
        if (below ? c.top < view.top : c.bottom > view.bottom) problems.push(`${name}: marker on the wrong edge`);
        if (!mark.textContent.includes(name)) problems.push(`${name}: marker says "${mark.textContent}"`);
        onEdge++;
        continue;
      }
      problems.push(`${name} → ${key}: arrow ends at (${pt.x.toFixed(0)}, ${pt.y.toFixed(0)}), outside its card ` +
        `[${c.left.toFixed(0)}, ${c.top.toFixed(0)} – ${c.right.toFixed(0)}, ${c.bottom.toFixed(0)}] and not on its edge marker`);
    }
  }
  return { problems, onCard, onEdge };
}
