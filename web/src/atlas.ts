import { get } from './api.ts';
import { h } from './dom.ts';
import type { Atlas, Family, FamilyId, Mood } from './types.ts';

let cached: Promise<Atlas> | null = null;

/** The Atlas catalogue from the public, session-free route (loaded once per page). */
export function loadAtlas(): Promise<Atlas> {
  cached ??= get<Atlas>('/api/atlas/moods').catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

export function familyOf(atlas: Atlas, id: string): Family | undefined {
  return atlas.families.find((f) => f.id === id);
}

export function familyLabel(atlas: Atlas, id: string): string {
  if (id === 'other') return 'Other';
  return familyOf(atlas, id)?.label ?? id;
}

export function moodOf(atlas: Atlas, id: string): Mood | undefined {
  return atlas.moods.find((m) => m.id === id);
}

export function moodLabel(atlas: Atlas, id: string): string {
  if (id === 'other') return 'Other';
  return moodOf(atlas, id)?.label ?? id;
}

function normalise(text: string): string {
  return text
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
}

function matches(mood: Mood, family: Family, query: string): boolean {
  if (query === '') return true;
  const haystack = [mood.id, mood.label, family.label, ...(mood.synonyms ?? [])].map(normalise);
  return haystack.some((word) => word.includes(query));
}

export interface MoodPicker {
  selected(): Mood | null;
  clear(): void;
}

/**
 * The Atlas as a searchable mood picker: one fieldset per family (its colour, its label), each
 * mood a native radio button named `name`, so the keyboard works as everywhere else — Tab into
 * the group, arrow keys between moods, Space to choose. Typing in the search field hides moods
 * that do not match (by name, synonym or family); Enter there chooses the first match.
 */
export function moodPicker(host: HTMLElement, atlas: Atlas, name = 'moodId'): MoodPicker {
  const searchId = `${name}-search`;
  const search = h('input', {
    id: searchId,
    type: 'search',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': `${searchId}-hint`,
    'aria-controls': `${name}-groups`,
  });
  const count = h('p', { class: 'visually-hidden', role: 'status' });
  const chosen = h('p', { class: 'mood-chosen', 'aria-live': 'polite' }, 'No mood chosen yet.');
  const radios: { input: HTMLInputElement; label: HTMLElement; mood: Mood; family: Family }[] = [];
  const groups = atlas.families.map((family) => {
    const moods = atlas.moods.filter((m) => m.family === family.id);
    const descriptions: HTMLElement[] = [];
    const chips = moods.map((mood) => {
      const descriptionId = `${name}-${mood.id}-d`;
      const input = h('input', { type: 'radio', name, value: mood.id, 'aria-describedby': descriptionId });
      const label = h(
        'label',
        { class: 'chip', css: { '--mood': mood.color }, title: mood.description },
        input,
        h('span', { class: 'dot', 'aria-hidden': 'true' }),
        h('span', {}, mood.label),
      );
      // Outside the label, so the radio's name is the mood alone; hidden nodes still describe.
      descriptions.push(
        h('span', { id: descriptionId, hidden: true }, `${family.label}: ${mood.description}`),
      );
      radios.push({ input, label, mood, family });
      return label;
    });
    return h(
      'fieldset',
      { class: `family fam-${family.id}`, css: { '--family': family.color }, 'data-family': family.id },
      h(
        'legend',
        {},
        h('span', { class: 'swatch', 'aria-hidden': 'true' }),
        family.label,
        h('span', { class: 'legend-note' }, ` — ${family.description ?? ''}`),
      ),
      h('div', { class: 'chips' }, ...chips),
      ...descriptions,
    );
  });

  const filter = () => {
    const query = normalise(search.value.trim());
    let shown = 0;
    for (const r of radios) {
      const visible = matches(r.mood, r.family, query);
      r.label.hidden = !visible;
      if (visible) shown++;
    }
    for (const group of groups) {
      group.hidden = group.querySelector('label.chip:not([hidden])') === null;
    }
    count.textContent = query === '' ? '' : `${shown} ${shown === 1 ? 'mood matches' : 'moods match'}.`;
  };
  search.addEventListener('input', filter);
  search.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const first = radios.find((r) => !r.label.hidden);
    if (first === undefined) return;
    first.input.checked = true;
    first.input.dispatchEvent(new Event('change', { bubbles: true }));
    first.input.focus();
  });

  const describe = (r: (typeof radios)[number]) =>
    `Chosen: ${r.mood.label} (${r.family.label}) — ${r.mood.description}`;
  const groupsHost = h('div', { id: `${name}-groups`, class: 'mood-groups', 'data-field': name }, ...groups);
  groupsHost.addEventListener('change', () => {
    const r = radios.find((x) => x.input.checked);
    chosen.textContent = r ? describe(r) : 'No mood chosen yet.';
  });

  host.replaceChildren(
    h(
      'div',
      { class: 'field' },
      h('label', { for: searchId }, 'Find a mood'),
      search,
      h(
        'p',
        { class: 'hint', id: `${searchId}-hint` },
        `${atlas.moods.length} moods in five families. Type to filter, Enter picks the first match; arrow keys move between moods.`,
      ),
    ),
    count,
    groupsHost,
    chosen,
  );

  return {
    selected: () => radios.find((r) => r.input.checked)?.mood ?? null,
    clear: () => {
      for (const r of radios) r.input.checked = false;
      search.value = '';
      filter();
      chosen.textContent = 'No mood chosen yet.';
    },
  };
}

export const FAMILY_ORDER: readonly FamilyId[] = ['radiant', 'calm', 'stormy', 'heavy', 'still'];
