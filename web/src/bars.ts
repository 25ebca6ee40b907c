import { h } from './dom.ts';
import { percent } from './format.ts';

/** Horizontal share bars (the pulse's families and moods), with an empty state in words. */
export function bars(items: { label: string; share: number; color: string }[], label: string): HTMLElement {
  if (items.length === 0) return h('p', { class: 'empty' }, 'Nothing to show.');
  return h(
    'ul',
    { class: 'bars', 'aria-label': label },
    ...items.map((item) =>
      h(
        'li',
        { css: { '--share': String(item.share), '--bar': item.color } },
        h('span', { class: 'bar-label' }, item.label),
        h('span', { class: 'bar-track', 'aria-hidden': 'true' }, h('span', { class: 'bar-fill' })),
        h('span', { class: 'bar-value' }, percent(item.share)),
      ),
    ),
  );
}
