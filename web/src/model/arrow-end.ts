// Where an arrow from a name ends. It must end on that name's own card, inside the part of the
// card the panel shows; a card scrolled out of the panel gets an arrow to a marker on the panel's
// edge instead (never one that runs on and seems to land on whichever card sits at the edge).

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export type ArrowEnd =
  | { kind: 'card'; x: number; y: number }
  | { kind: 'edge'; side: 'above' | 'below' };

/** Least visible height (px) of a card for an arrow to end on it; less than this reads as "off". */
export const MIN_VISIBLE_PX = 16;
/** The arrow prefers to meet the card this far below its top edge (beside the names on the card). */
const HEAD_Y = 14;
/** Ends stay this far inside the card's box (the tip must not touch the border). */
const INSET = 4;

/** `card` and `view` are in the same coordinates; `view` is the part of the panel one can see. */
export function arrowEnd(card: Box, view: Box): ArrowEnd {
  const top = Math.max(card.top, view.top);
  const bottom = Math.min(card.bottom, view.bottom);
  const left = Math.max(card.left, view.left);
  const right = Math.min(card.right, view.right);
  if (bottom - top < MIN_VISIBLE_PX || right - left < 2 * INSET) {
    return { kind: 'edge', side: card.top + card.bottom < view.top + view.bottom ? 'above' : 'below' };
  }
  const y = clamp(card.top + HEAD_Y, top + INSET, bottom - INSET);
  return { kind: 'card', x: left + INSET, y };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}
