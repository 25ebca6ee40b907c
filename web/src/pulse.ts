import './styles.css';
import { get } from './api.ts';
import { familyLabel, loadAtlas, moodLabel, moodOf } from './atlas.ts';
import { bars, familyBars, OTHER_COLOR } from './bars.ts';
import { byId, h, show } from './dom.ts';
import { percent } from './format.ts';
import { showRegionProblem } from './forms.ts';
import { boot } from './session.ts';
import type { Atlas, Pulse } from './types.ts';

const WINDOWS = { '1h': 'the last hour', '24h': 'the last 24 hours', '7d': 'the last 7 days' } as const;
type Window = keyof typeof WINDOWS;

function render(atlas: Atlas, pulse: Pulse): void {
  const summary = byId('pulse-summary');
  const generated = new Date(pulse.generatedAt).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  });
  if (pulse.participants === 0) {
    summary.textContent = `Fewer than five people checked in during ${WINDOWS[pulse.window]}, so nothing is shown: every group stays anonymous. (As of ${generated}.)`;
  } else {
    summary.textContent = `At least ${pulse.participants} people checked in during ${WINDOWS[pulse.window]} (as of ${generated}).`;
  }
  byId('pulse-families').replaceChildren(familyBars(atlas, pulse.families, 'Share of people by family'));
  byId('pulse-moods').replaceChildren(
    bars(
      pulse.moods.map((m) => ({
        label: moodLabel(atlas, m.id),
        share: m.share,
        color: moodOf(atlas, m.id)?.color ?? OTHER_COLOR,
      })),
      'Share of people by mood',
    ),
  );
  const transitions = byId('pulse-transitions');
  transitions.replaceChildren(
    ...(pulse.transitions.length === 0
      ? [h('li', { class: 'empty' }, 'No moves to show.')]
      : pulse.transitions.map((t) =>
          h(
            'li',
            {},
            t.from === undefined || t.to === undefined || t.id === 'other' || t.from === 'other'
              ? `Other moves: ${percent(t.share)}`
              : `${familyLabel(atlas, t.from)} → ${familyLabel(atlas, t.to)}: ${percent(t.share)}`,
          ),
        )),
  );
}

async function load(atlas: Atlas, window: Window): Promise<void> {
  const status = byId('pulse-status');
  status.replaceChildren();
  byId('pulse-results').setAttribute('aria-busy', 'true');
  try {
    render(atlas, await get<Pulse>(`/api/trajectory/collective-pulse?window=${window}`));
  } catch (error) {
    showRegionProblem(status, error, 'The pulse could not be loaded.');
  } finally {
    byId('pulse-results').removeAttribute('aria-busy');
  }
}

async function main(): Promise<void> {
  void boot();
  const atlas = await loadAtlas();
  show(byId('loading'), false);
  const form = byId<HTMLFormElement>('pulse-window');
  const current = (): Window => {
    const value = new FormData(form).get('window');
    return value === '1h' || value === '7d' ? value : '24h';
  };
  form.addEventListener('change', () => void load(atlas, current()));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void load(atlas, current());
  });
  await load(atlas, current());
}

main().catch((error: unknown) => {
  show(byId('loading'), false);
  showRegionProblem(byId('pulse-status'), error, 'The pulse could not be loaded.');
});
