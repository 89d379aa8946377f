// @vitest-environment happy-dom
// reconcile() keeps the memory panel's unchanged groups where they are: moving a DOM subtree
// detaches and re-attaches it (a fresh style and layout of everything in it), so a step that adds
// one group must move nothing else.
import { describe, expect, it } from 'vitest';
import { h, reconcile, reuseIdentical } from '../src/views/dom';

function panel(n: number) {
  const parent = h('div');
  const kids = [...Array(n).keys()].map((i) => h('section', { 'data-i': i }));
  parent.append(...kids);
  return { parent, kids };
}

/** Every node removed from `parent` while `fn` runs (a move is a removal and an insertion). */
async function removedDuring(parent: Element, fn: () => void): Promise<Node[]> {
  const removed: Node[] = [];
  const obs = new MutationObserver((records) => records.forEach((r) => removed.push(...r.removedNodes)));
  obs.observe(parent, { childList: true });
  fn();
  removed.push(...obs.takeRecords().flatMap((r) => [...r.removedNodes]));
  obs.disconnect();
  return removed;
}

describe('reconcile', () => {
  it('inserts a new first child without moving the others', async () => {
    const { parent, kids } = panel(5);
    const fresh = h('section', { 'data-i': 'new' });
    const removed = await removedDuring(parent, () => reconcile(parent, [fresh, ...kids]));
    expect([...parent.children]).toEqual([fresh, ...kids]);
    expect(removed).toEqual([]);
  });

  it('drops what is no longer wanted and keeps the order asked for', async () => {
    const { parent, kids } = panel(5);
    const fresh = h('section');
    const wanted = [kids[0], fresh, kids[2], kids[4]];
    const removed = await removedDuring(parent, () => reconcile(parent, wanted));
    expect([...parent.children]).toEqual(wanted);
    expect(removed).toEqual([kids[1], kids[3]]);
  });

  it('moves only the element that changed place', async () => {
    const { parent, kids } = panel(4);
    const wanted = [kids[3], kids[0], kids[1], kids[2]];
    const removed = await removedDuring(parent, () => reconcile(parent, wanted));
    expect([...parent.children]).toEqual(wanted);
    expect(removed).toEqual([kids[3]]);
  });
});

describe('reuseIdentical', () => {
  it('keeps the children that did not change, so reconcile leaves them in place', async () => {
    const parent = h('div');
    const old = [h('button', { class: 'chip' }, 'a'), h('button', { class: 'chip rebound' }, 'b'), h('div', {}, 'i = 1')];
    parent.append(...old);
    const fresh = [h('button', { class: 'chip' }, 'a'), h('button', { class: 'chip' }, 'b'), h('div', {}, 'i = 2')];
    const wanted = reuseIdentical(parent, fresh);
    expect(wanted[0]).toBe(old[0]);
    expect(wanted[1]).toBe(fresh[1]);
    expect(wanted[2]).toBe(fresh[2]);
    const removed = await removedDuring(parent, () => reconcile(parent, wanted));
    expect(removed).toEqual([old[1], old[2]]);
    expect(parent.innerHTML).toBe(fresh.map((e) => e.outerHTML).join(''));
  });
});
