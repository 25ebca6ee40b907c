import './styles.css';
import { get, post } from './api.ts';
import { arcMap, arcTimeline } from './arc-draw.ts';
import { familyLabel, familyOf, loadAtlas, type MoodPicker, moodLabel, moodPicker } from './atlas.ts';
import { byId, h, show } from './dom.ts';
import { browserZone, time } from './format.ts';
import { onSubmit, showRegionProblem, text } from './forms.ts';
import { boot } from './session.ts';
import type { Atlas, FamilyId, UserArc } from './types.ts';

const zone = browserZone();

function signed(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return rounded > 0 ? `rose by ${rounded}` : rounded < 0 ? `fell by ${-rounded}` : 'held steady';
}

function describeState(atlas: Atlas, arc: UserArc): string {
  const family = familyOf(atlas, arc.state);
  if (arc.points.length === 0) {
    return `No check-ins yet today. Your state starts as ${family?.label ?? arc.state}.`;
  }
  const last = arc.points[arc.points.length - 1];
  const mood = last ? moodLabel(atlas, last.moodId) : '';
  return `You are in ${family?.label ?? arc.state} now${family?.description ? ` (${family.description})` : ''}; your latest check-in was ${mood} at ${last ? time(last.at, arc.timezone) : ''}.`;
}

function describeSummary(atlas: Atlas, arc: UserArc): string {
  const { summary } = arc;
  if (summary.count === 0) return '';
  const parts = [
    `${summary.count} ${summary.count === 1 ? 'check-in' : 'check-ins'} today`,
    `a path ${Math.round(summary.pathLength * 100) / 100} long through the Atlas`,
  ];
  if (summary.dominantFamily) parts.push(`mostly ${familyLabel(atlas, summary.dominantFamily)}`);
  const net = summary.netDisplacement;
  const movement =
    summary.count > 1
      ? ` Since your first check-in, pleasantness ${signed(net.valence)}, energy ${signed(net.arousal)} and control ${signed(net.dominance)}.`
      : '';
  return `${parts.join(', ')}.${movement}`;
}

function renderArc(atlas: Atlas, arc: UserArc): void {
  byId('arc-date').textContent = `${arc.date} (${arc.timezone})`;
  byId('arc-state').textContent = describeState(atlas, arc);
  byId('arc-state').dataset.state = arc.state;
  byId('arc-summary').textContent = describeSummary(atlas, arc);
  byId('arc-map').replaceChildren(arcMap(atlas, arc));
  byId('arc-timeline').replaceChildren(arcTimeline(atlas, arc));

  const transitions = byId('arc-transitions');
  if (arc.transitions.length === 0) {
    const family = arc.points.length > 0 ? familyLabel(atlas, arc.state) : null;
    transitions.replaceChildren(
      h(
        'li',
        {},
        arc.points.length > 1 && family
          ? `No transitions yet: every check-in today stayed in ${family} (a drift, not a move).`
          : 'No transitions yet today.',
      ),
    );
  } else {
    transitions.replaceChildren(
      ...arc.transitions.map((t) =>
        h(
          'li',
          {},
          `${time(t.at, arc.timezone)}: from ${familyLabel(atlas, t.from)} to ${familyLabel(atlas, t.to)}`,
        ),
      ),
    );
  }

  const list = byId('arc-points');
  list.replaceChildren(
    ...arc.points.map((p) =>
      h(
        'li',
        { css: { '--mood': atlas.moods.find((m) => m.id === p.moodId)?.color ?? '#fff' } },
        h('span', { class: 'dot', 'aria-hidden': 'true' }),
        `${time(p.at, arc.timezone)} — ${moodLabel(atlas, p.moodId)} (${familyLabel(atlas, p.family)}), intensity ${p.intensity}`,
      ),
    ),
  );
  show(byId('arc-points-empty'), arc.points.length === 0);
}

async function loadArc(atlas: Atlas): Promise<void> {
  const status = byId('arc-status');
  status.replaceChildren();
  try {
    const arc = await get<UserArc>(`/api/trajectory/user-arc?tz=${encodeURIComponent(zone)}`);
    renderArc(atlas, arc);
  } catch (error) {
    showRegionProblem(status, error, "Today's arc could not be loaded.");
  }
}

function wireCheckin(atlas: Atlas, picker: MoodPicker): void {
  const form = byId<HTMLFormElement>('checkin-form');
  const intensity = byId<HTMLInputElement>('checkin-intensity');
  const intensityOut = byId<HTMLOutputElement>('checkin-intensity-value');
  const note = byId<HTMLTextAreaElement>('checkin-note');
  const noteCount = byId('checkin-note-count');
  const syncIntensity = () => {
    intensityOut.value = Number(intensity.value).toFixed(2);
  };
  const syncNote = () => {
    noteCount.textContent = `${note.value.length} of 500 characters`;
  };
  intensity.addEventListener('input', syncIntensity);
  note.addEventListener('input', syncNote);
  syncIntensity();
  syncNote();

  onSubmit(form, async (data) => {
    const mood = picker.selected();
    const body: Record<string, unknown> = {
      // An unchosen mood goes to the service as "" so its answer names the field in words.
      moodId: mood?.id ?? '',
      intensity: Number(data.get('intensity') ?? 0.5),
    };
    const noteText = text(data, 'note');
    if (noteText !== '') body.note = noteText;
    const result = await post<{ state: FamilyId }>('/api/trajectory/checkins', body);
    byId('checkin-status').textContent =
      `Checked in: ${mood?.label ?? ''}. You are in ${familyLabel(atlas, result.state)} now.`;
    picker.clear();
    form.reset();
    syncIntensity();
    syncNote();
    await loadArc(atlas);
  });
}

async function main(): Promise<void> {
  const user = await boot();
  show(byId('loading'), false);
  if (user === null) {
    show(byId('signed-out'), true);
    return;
  }
  show(byId('arc-page'), true);
  let atlas: Atlas;
  try {
    atlas = await loadAtlas();
  } catch (error) {
    showRegionProblem(byId('picker'), error, 'The Atlas could not be loaded.');
    return;
  }
  const picker = moodPicker(byId('picker'), atlas);
  wireCheckin(atlas, picker);
  await loadArc(atlas);
}

main().catch((error: unknown) => showRegionProblem(byId('arc-status'), error, 'The page could not start.'));
