// Tiny DOM builders. Program data only ever enters the page as text nodes or attribute values
// (never innerHTML), so nothing a learner types or prints can become markup or script.

export type Child = Node | string | null | undefined | false;

export interface Attrs {
  class?: string;
  style?: string;
  title?: string;
  [attr: string]: string | number | boolean | undefined;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/**
 * Makes `parent`'s children exactly `wanted`, moving only what is new or out of place: the ones
 * no longer wanted go first, so one new group does not shift (detach and re-attach, restyle and
 * lay out again) every group after it.
 */
export function reconcile(parent: Element, wanted: Element[]): void {
  const keep = new Set(wanted);
  for (const child of [...parent.children]) if (!keep.has(child)) child.remove();
  let cursor = parent.firstElementChild;
  for (const el of wanted) {
    if (el === cursor) cursor = cursor.nextElementSibling;
    else parent.insertBefore(el, cursor);
  }
}

/**
 * `fresh`, with each element that is identical to one of `parent`'s current children replaced by
 * that child: reconciling with the result leaves unchanged ones untouched (no restyle, no layout,
 * and keyboard focus stays where it was).
 */
export function reuseIdentical(parent: Element, fresh: Element[]): Element[] {
  const old = new Map<string, Element[]>();
  for (const child of parent.children) {
    const list = old.get(child.outerHTML);
    if (list) list.push(child);
    else old.set(child.outerHTML, [child]);
  }
  return fresh.map((el) => old.get(el.outerHTML)?.shift() ?? el);
}

/** Writes only a changed value: rewriting an equal one still costs the page a restyle. */
export function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

export function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
