import { familyLabel, familyOf } from './atlas.ts';
import { h } from './dom.ts';
import { percent } from './format.ts';
import type { Atlas, Pulse } from './types.ts';

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

/** Grey for "other": the groups too small to name, folded together. */
export const OTHER_COLOR = '#7d8397';

/** The pulse's families as bars, in each family's colour. */
export function familyBars(atlas: Atlas, families: Pulse['families'], label: string): HTMLElement {
  return bars(
    families.map((f) => ({
      label: familyLabel(atlas, f.id),
      share: f.share,
      color: familyOf(atlas, f.id)?.color ?? OTHER_COLOR,
    })),
    label,
  );
}
