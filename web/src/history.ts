import './styles.css';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ASSOCIATIONS } from '../../src/domains/trajectory/associations.ts';
import { api, get } from './api.ts';
import { familyLabel, loadAtlas, moodLabel } from './atlas.ts';
import { byId, h, show } from './dom.ts';
import { dateTime } from './format.ts';
import { busy, onSubmit, showRegionProblem, text } from './forms.ts';
import { boot } from './session.ts';
import { CHART_AXIS } from './spend-chart.ts';
import type { Atlas, Checkin, CheckinPage, HistoryDay } from './types.ts';

const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function localDate(epochMs: number): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(epochMs);
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function label(slug: string): string {
  return slug.replace(/-/g, ' ');
}

// ---------------------------------------------------------------- calendar and valence line

let destroyChart: (() => void) | null = null;

function renderCalendar(atlas: Atlas, from: string, to: string, days: HistoryDay[]): void {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const busiest = Math.max(1, ...days.map((d) => d.count));
  const cells: HTMLElement[] = [];
  // Columns are weeks, rows weekdays (Monday first): leading blanks align the first day.
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  for (let i = 0; i < weekday; i += 1) cells.push(h('span', { class: 'day blank', 'aria-hidden': 'true' }));
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = byDate.get(date);
    if (!day) {
      cells.push(h('span', { class: 'day none', role: 'listitem', 'aria-label': `${date}: no check-ins` }));
      continue;
    }
    const family = familyLabel(atlas, day.dominantFamily);
    cells.push(
      h('span', {
        class: `day family-${day.dominantFamily}`,
        role: 'listitem',
        'aria-label': `${date}: mostly ${family}, ${day.count} check-in${day.count === 1 ? '' : 's'}, ${day.transitions} transition${day.transitions === 1 ? '' : 's'}`,
        css: { '--strength': (0.35 + 0.65 * (day.count / busiest)).toFixed(2) },
      }),
    );
  }
  byId('calendar').replaceChildren(...cells);
  byId('calendar-key').replaceChildren(
    ...atlas.families.map((f) =>
      h('li', {}, h('span', { class: `swatch family-${f.id}`, 'aria-hidden': 'true' }), f.label),
    ),
  );
}

function renderValence(host: HTMLElement, from: string, to: string, days: HistoryDay[]): void {
  destroyChart?.();
  destroyChart = null;
  if (days.length === 0) {
    host.replaceChildren(h('p', { class: 'empty' }, 'No check-ins in this period yet.'));
    host.setAttribute('aria-label', 'No check-ins in this period.');
    return;
  }
  host.replaceChildren();
  const x = days.map((d) => Date.parse(`${d.date}T12:00:00Z`) / 1000);
  const y = days.map((d) => d.mean.valence);
  const mean = y.reduce((a, b) => a + b, 0) / y.length;
  host.setAttribute(
    'aria-label',
    `Line chart of daily mean valence over ${days.length} days with check-ins; the average is ${mean.toFixed(2)} on a scale from −1 to +1.`,
  );
  const axis = CHART_AXIS;
  const chart = new uPlot(
    {
      width: Math.max(280, host.clientWidth),
      height: 220,
      scales: {
        // The whole period, whatever days have check-ins.
        x: {
          time: true,
          range: () => [
            Date.parse(`${from}T00:00:00Z`) / 1000,
            Date.parse(`${addDays(to, 1)}T00:00:00Z`) / 1000,
          ],
        },
        y: { range: [-1, 1] },
      },
      axes: [
        {
          ...axis,
          values: (_u, splits) =>
            splits.map((v) =>
              new Date(v * 1000).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
            ),
        },
        { ...axis, size: 44, values: (_u, splits) => splits.map((v) => v.toFixed(1)) },
      ],
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: 'Day', value: (_u, v) => (v == null ? '—' : new Date(v * 1000).toLocaleDateString()) },
        {
          label: 'Mean valence',
          stroke: '#f5c542',
          width: 2,
          points: { show: days.length < 60, size: 5 },
          value: (_u, v) => (v == null ? '—' : v.toFixed(2)),
        },
      ],
    },
    [x, y],
    host,
  );
  const resize = new ResizeObserver(() =>
    chart.setSize({ width: Math.max(280, host.clientWidth), height: 220 }),
  );
  resize.observe(host);
  destroyChart = () => {
    resize.disconnect();
    chart.destroy();
  };
}

async function loadHistory(atlas: Atlas, span: number): Promise<void> {
  const to = localDate(Date.now());
  const from = addDays(to, -(span - 1));
  const query = new URLSearchParams({ from, to, tz: timezone });
  const host = byId('valence-chart');
  try {
    const { days } = await get<{ days: HistoryDay[] }>(`/api/trajectory/history?${query}`);
    renderCalendar(atlas, from, to, days);
    renderValence(host, from, to, days);
  } catch (error) {
    showRegionProblem(host, error, 'Your history could not be loaded.');
  }
}

// ---------------------------------------------------------------- check-ins: list, edit, delete

let cursor: string | null = null;

function editForm(
  atlas: Atlas,
  checkin: Checkin,
  item: HTMLElement,
  onSaved: () => Promise<void>,
): HTMLFormElement {
  const id = checkin.id;
  const mood = h(
    'select',
    { id: `mood-${id}`, name: 'moodId' },
    ...atlas.families.map((f) =>
      h(
        'optgroup',
        { label: f.label },
        ...atlas.moods
          .filter((m) => m.family === f.id)
          .map((m) => h('option', { value: m.id, selected: m.id === checkin.moodId }, m.label)),
      ),
    ),
  );
  const note = h(
    'textarea',
    { id: `note-${id}`, name: 'note', maxlength: '500', rows: '2' },
    checkin.note ?? '',
  );
  const form = h(
    'form',
    { class: 'edit-checkin', novalidate: true, 'aria-label': `Edit the check-in of ${dateTime(checkin.at)}` },
    h('div', { class: 'form-error', role: 'alert', tabindex: '-1', hidden: true }),
    h('div', { class: 'field' }, h('label', { for: `mood-${id}` }, 'Mood'), mood),
    h(
      'div',
      { class: 'field' },
      h('label', { for: `note-${id}` }, 'Note ', h('span', { class: 'optional' }, '(private)')),
      note,
    ),
    h(
      'fieldset',
      { class: 'field associations', 'data-field': 'associations' },
      h('legend', {}, 'What it was about (up to five)'),
      ...ASSOCIATIONS.map((a) =>
        h(
          'label',
          { class: 'check' },
          h('input', {
            type: 'checkbox',
            name: 'associations',
            value: a,
            checked: checkin.associations.includes(a),
          }),
          ` ${label(a)}`,
        ),
      ),
    ),
    h('button', { type: 'submit' }, 'Save'),
    h('button', { type: 'button', class: 'ghost', on: { click: () => void onSaved() } }, 'Cancel'),
  );
  onSubmit(form, async (data) => {
    await api('PATCH', `/api/trajectory/checkins/${encodeURIComponent(id)}`, {
      moodId: text(data, 'moodId'),
      note: text(data, 'note') === '' ? null : text(data, 'note'),
      associations: data.getAll('associations').map(String),
    });
    await onSaved();
    item.querySelector<HTMLButtonElement>('button')?.focus();
  });
  return form;
}

function checkinItem(atlas: Atlas, checkin: Checkin, reload: () => Promise<void>): HTMLLIElement {
  const item = h('li', { class: `checkin family-${checkin.family}`, 'data-id': checkin.id });
  const render = () => {
    const edit = h('button', { type: 'button', class: 'ghost' }, 'Edit');
    const remove = h('button', { type: 'button', class: 'ghost danger' }, 'Delete');
    const actions = h('div', { class: 'actions' }, edit, remove);
    item.replaceChildren(
      h(
        'div',
        { class: 'summary' },
        h('strong', {}, moodLabel(atlas, checkin.moodId)),
        h(
          'span',
          { class: 'hint' },
          ` ${familyLabel(atlas, checkin.family)} · ${dateTime(checkin.at)}${checkin.kind === 'daily' ? ' · the whole day' : ''}`,
        ),
        checkin.note ? h('p', { class: 'note' }, checkin.note) : null,
        checkin.associations.length > 0
          ? h('p', { class: 'hint' }, `About: ${checkin.associations.map(label).join(', ')}`)
          : null,
      ),
      actions,
    );
    edit.addEventListener('click', () => {
      const form = editForm(atlas, checkin, item, async () => {
        await reload();
      });
      actions.replaceWith(form);
      form.querySelector('select')?.focus();
    });
    remove.addEventListener('click', () => {
      // A second, explicit step: a deletion cannot be undone.
      const confirm = h('button', { type: 'button', class: 'danger' }, 'Yes, delete it');
      const keep = h('button', { type: 'button', class: 'ghost' }, 'Keep it');
      const status = h('span', { role: 'status', class: 'status' });
      const ask = h(
        'div',
        { class: 'actions confirm' },
        h('span', {}, 'Delete this check-in for good?'),
        confirm,
        keep,
        status,
      );
      actions.replaceWith(ask);
      confirm.focus();
      keep.addEventListener('click', () => {
        render();
      });
      confirm.addEventListener('click', () => {
        void busy(confirm, async () => {
          try {
            await api('DELETE', `/api/trajectory/checkins/${encodeURIComponent(checkin.id)}`);
            await reload();
            byId('checkins-title').focus();
          } catch (error) {
            showRegionProblem(status, error, 'It could not be deleted.');
          }
        });
      });
    });
  };
  render();
  return item;
}

async function loadCheckins(atlas: Atlas, reset: boolean, reload: () => Promise<void>): Promise<void> {
  const list = byId('checkins');
  const status = byId('checkins-status');
  const query = new URLSearchParams({ limit: '20' });
  if (!reset && cursor !== null) query.set('cursor', cursor);
  try {
    const page = await get<CheckinPage>(`/api/trajectory/checkins?${query}`);
    if (reset) list.replaceChildren();
    list.append(...page.checkins.map((c) => checkinItem(atlas, c, reload)));
    cursor = page.nextCursor;
    show(byId('checkins-more'), cursor !== null);
    status.textContent = list.childElementCount === 0 ? 'No check-ins yet: add one on My arc.' : '';
  } catch (error) {
    showRegionProblem(status, error, 'Your check-ins could not be loaded.');
  }
}

// ---------------------------------------------------------------- page

async function main(): Promise<void> {
  const user = await boot();
  show(byId('loading'), false);
  if (user === null) {
    show(byId('signed-out'), true);
    return;
  }
  show(byId('history-page'), true);
  byId('timezone').textContent = timezone;
  const atlas = await loadAtlas();
  const select = byId<HTMLSelectElement>('range-days');
  const span = () => Number(select.value) || 90;
  const reload = async () => {
    await Promise.all([loadHistory(atlas, span()), loadCheckins(atlas, true, reload)]);
  };
  select.addEventListener('change', () => void loadHistory(atlas, span()));
  byId<HTMLFormElement>('range-form').addEventListener('submit', (event) => event.preventDefault());
  byId('checkins-more').addEventListener('click', (event) => {
    void busy(event.currentTarget as HTMLButtonElement, () => loadCheckins(atlas, false, reload));
  });
  await reload();
}

main().catch((error: unknown) => {
  show(byId('loading'), false);
  const region = h('div', {});
  byId('main').append(region);
  showRegionProblem(region, error, 'The history page could not start.');
});
