/**
 * Building DOM without innerHTML: text is always set as text, so nothing the service returns is
 * ever parsed as markup. Styles are never set through attributes (the page CSP forbids inline
 * styles); `css` sets custom properties through the CSSOM instead.
 */

type Child = Node | string | number | null | undefined | false;
type Primitive = string | number | boolean | null | undefined;
type Listeners = Partial<{ [K in keyof HTMLElementEventMap]: (event: HTMLElementEventMap[K]) => void }>;
interface Attrs {
  [attribute: string]: Primitive | Listeners | Record<string, string>;
  on?: Listeners;
  css?: Record<string, string>;
}

function apply(el: Element, attrs: Attrs | undefined, children: Child[]): void {
  if (attrs) {
    for (const [name, value] of Object.entries(attrs)) {
      if (name === 'on' || name === 'css') continue;
      const primitive = value as Primitive;
      if (primitive === null || primitive === undefined || primitive === false) continue;
      el.setAttribute(name, primitive === true ? '' : String(primitive));
    }
    for (const [type, listener] of Object.entries(attrs.on ?? {})) {
      el.addEventListener(type, listener as EventListener);
    }
    for (const [property, value] of Object.entries(attrs.css ?? {})) {
      (el as HTMLElement | SVGElement).style.setProperty(property, value);
    }
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'number' ? String(child) : child);
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, attrs, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs?: Attrs,
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, attrs, children);
  return el;
}

/** The element with this id, which the page's HTML guarantees. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`missing #${id}`);
  return el as T;
}

export function show(el: HTMLElement, visible: boolean): void {
  el.hidden = !visible;
}
