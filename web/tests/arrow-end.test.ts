import { describe, expect, it } from 'vitest';
import { MIN_VISIBLE_PX, arrowEnd, type Box } from '../src/model/arrow-end';

const box = (top: number, bottom: number, left = 100, right = 400): Box => ({ top, bottom, left, right });
const view = box(0, 500, 0, 600);
const inside = (p: { x: number; y: number }, b: Box) => p.x > b.left && p.x < b.right && p.y > b.top && p.y < b.bottom;

describe('arrowEnd', () => {
  it('ends inside a fully visible card, near its top', () => {
    const card = box(40, 200);
    const end = arrowEnd(card, view);
    expect(end.kind).toBe('card');
    if (end.kind === 'card') {
      expect(inside(end, card)).toBe(true);
      expect(end.y).toBeLessThan(card.top + 20);
    }
  });

  it('ends inside the visible part of a card cut by the bottom or top edge', () => {
    const low = box(460, 900);
    const a = arrowEnd(low, view);
    expect(a.kind === 'card' && inside(a, low) && a.y < view.bottom).toBe(true);
    const high = box(-300, 60);
    const b = arrowEnd(high, view);
    expect(b.kind === 'card' && inside(b, high) && b.y > view.top).toBe(true);
  });

  it('goes to the edge marker when the card is out of view, on the side where the card is', () => {
    expect(arrowEnd(box(600, 800), view)).toEqual({ kind: 'edge', side: 'below' });
    expect(arrowEnd(box(-400, -10), view)).toEqual({ kind: 'edge', side: 'above' });
    // a sliver is not enough to put an arrow on
    expect(arrowEnd(box(500 - MIN_VISIBLE_PX + 2, 700), view)).toEqual({ kind: 'edge', side: 'below' });
  });

  it('never ends outside the card, whatever the geometry', () => {
    for (let top = -1000; top < 1500; top += 37) {
      for (const h of [20, 80, 400]) {
        const card = box(top, top + h);
        const end = arrowEnd(card, view);
        if (end.kind === 'card') {
          expect(inside(end, card)).toBe(true);
          expect(inside(end, view)).toBe(true);
        }
      }
    }
  });
});
