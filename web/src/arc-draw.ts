import { familyOf, moodLabel } from './atlas.ts';
import { s } from './dom.ts';
import type { ArcPoint, Atlas, UserArc } from './types.ts';

const DEFAULT_STILL_RADIUS = 0.25;

/** Hours since local midnight of `iso` in `timeZone` (0..24). */
export function hourOfDay(iso: string, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') + part('minute') / 60 + part('second') / 3600;
}

function pointTitle(atlas: Atlas, point: ArcPoint, index: number, timeZone: string): string {
  const at = new Date(point.at).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
  return `${index + 1}. ${at}: ${moodLabel(atlas, point.moodId)} (${familyOf(atlas, point.family)?.label ?? point.family}), intensity ${point.intensity}`;
}

function moodColor(atlas: Atlas, point: ArcPoint): string {
  return (
    atlas.moods.find((m) => m.id === point.moodId)?.color ?? familyOf(atlas, point.family)?.color ?? '#ffffff'
  );
}

/** Today's arc on the valence × arousal plane: family quadrants, the still disc, the path, the points. */
export function arcMap(atlas: Atlas, arc: UserArc): SVGSVGElement {
  const size = 400;
  const pad = 36;
  const span = size - 2 * pad;
  const x = (valence: number) => pad + ((valence + 1) / 2) * span;
  const y = (arousal: number) => pad + ((1 - arousal) / 2) * span;
  const color = (id: string) => familyOf(atlas, id)?.color ?? '#888';
  const half = span / 2;
  const quadrants: [string, number, number, string][] = [
    ['radiant', x(0), pad, 'end'],
    ['calm', x(0), y(0), 'end'],
    ['stormy', pad, pad, 'start'],
    ['heavy', pad, y(0), 'start'],
  ];
  const svg = s(
    'svg',
    {
      viewBox: `0 0 ${size} ${size}`,
      class: 'arc-map',
      role: 'img',
      'aria-labelledby': 'arc-map-title',
    },
    s(
      'title',
      { id: 'arc-map-title' },
      arc.points.length === 0
        ? 'The Atlas map: no check-ins today.'
        : `The Atlas map with today's ${arc.points.length} check-ins, from ${moodLabel(atlas, arc.points[0]?.moodId ?? '')} to ${moodLabel(atlas, arc.points[arc.points.length - 1]?.moodId ?? '')}.`,
    ),
    s(
      'defs',
      {},
      s(
        'marker',
        {
          id: 'arc-arrow',
          viewBox: '0 0 10 10',
          refX: 9,
          refY: 5,
          markerWidth: 7,
          markerHeight: 7,
          orient: 'auto-start-reverse',
        },
        s('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#eef0f7' }),
      ),
    ),
    ...quadrants.map(([id, qx, qy, anchor]) =>
      s(
        'g',
        {},
        s('rect', { x: qx, y: qy, width: half, height: half, fill: color(id), 'fill-opacity': 0.13 }),
        s(
          'text',
          {
            x: anchor === 'end' ? qx + half - 8 : qx + 8,
            y: qy < y(0) ? qy + 18 : qy + half - 8,
            'text-anchor': anchor,
            class: 'quadrant-label',
            fill: color(id),
          },
          familyOf(atlas, id)?.label ?? id,
        ),
      ),
    ),
    s('circle', {
      cx: x(0),
      cy: y(0),
      r: (atlas.stillRadius ?? DEFAULT_STILL_RADIUS) * half,
      fill: color('still'),
      'fill-opacity': 0.22,
    }),
    s(
      'text',
      { x: x(0), y: y(0) + 4, 'text-anchor': 'middle', class: 'quadrant-label', fill: color('still') },
      familyOf(atlas, 'still')?.label ?? 'Still',
    ),
    s('line', { x1: pad, y1: y(0), x2: size - pad, y2: y(0), class: 'axis' }),
    s('line', { x1: x(0), y1: pad, x2: x(0), y2: size - pad, class: 'axis' }),
    s('rect', { x: pad, y: pad, width: span, height: span, class: 'frame' }),
    s('text', { x: pad, y: size - pad + 18, class: 'axis-label' }, '← unpleasant'),
    s('text', { x: size - pad, y: size - pad + 18, 'text-anchor': 'end', class: 'axis-label' }, 'pleasant →'),
    s('text', { x: x(0), y: pad - 10, 'text-anchor': 'middle', class: 'axis-label' }, '↑ energised'),
    s('text', { x: x(0), y: size - pad + 18, 'text-anchor': 'middle', class: 'axis-label' }, '↓ low energy'),
  );
  if (arc.points.length > 1) {
    svg.append(
      s('polyline', {
        points: arc.points.map((p) => `${x(p.valence).toFixed(1)},${y(p.arousal).toFixed(1)}`).join(' '),
        class: 'arc-path',
        'marker-end': 'url(#arc-arrow)',
      }),
    );
  }
  arc.points.forEach((point, index) => {
    const last = index === arc.points.length - 1;
    const cx = x(point.valence);
    const cy = y(point.arousal);
    svg.append(
      s(
        'g',
        { class: `point${last ? ' latest' : ''}`, 'data-mood': point.moodId },
        s('circle', { cx, cy, r: 5 + point.intensity * 7, fill: moodColor(atlas, point) }),
        s('text', { x: cx + 10, y: cy - 8, class: 'point-label' }, String(index + 1)),
        s('title', {}, pointTitle(atlas, point, index, arc.timezone)),
      ),
    );
  });
  return svg;
}

/** The day as a timeline: hour of day across, valence up and down, each check-in a point. */
export function arcTimeline(atlas: Atlas, arc: UserArc): SVGSVGElement {
  const width = 640;
  const height = 180;
  const left = 44;
  const right = 16;
  const top = 16;
  const bottom = 30;
  const x = (hour: number) => left + (hour / 24) * (width - left - right);
  const y = (valence: number) => top + ((1 - valence) / 2) * (height - top - bottom);
  const svg = s(
    'svg',
    {
      viewBox: `0 0 ${width} ${height}`,
      class: 'arc-timeline',
      role: 'img',
      'aria-labelledby': 'arc-timeline-title',
    },
    s(
      'title',
      { id: 'arc-timeline-title' },
      `Today's check-ins by time of day (${arc.timezone}), pleasant above, unpleasant below.`,
    ),
    s('line', { x1: left, y1: y(0), x2: width - right, y2: y(0), class: 'axis' }),
    s('text', { x: 4, y: y(1) + 4, class: 'axis-label' }, 'pleasant'),
    s('text', { x: 4, y: y(-1), class: 'axis-label' }, 'unpleasant'),
  );
  for (let hour = 0; hour <= 24; hour += 3) {
    svg.append(
      s('line', { x1: x(hour), y1: top, x2: x(hour), y2: height - bottom, class: 'grid' }),
      s(
        'text',
        { x: x(hour), y: height - 10, 'text-anchor': 'middle', class: 'axis-label' },
        `${String(hour).padStart(2, '0')}:00`,
      ),
    );
  }
  const coords = arc.points.map((p) => [x(hourOfDay(p.at, arc.timezone)), y(p.valence)] as const);
  if (coords.length > 1) {
    svg.append(
      s('polyline', {
        points: coords.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' '),
        class: 'arc-path',
      }),
    );
  }
  arc.points.forEach((point, index) => {
    const [cx, cy] = coords[index] ?? [0, 0];
    svg.append(
      s(
        'g',
        { class: 'point' },
        s('circle', { cx, cy, r: 6, fill: moodColor(atlas, point) }),
        s('title', {}, pointTitle(atlas, point, index, arc.timezone)),
      ),
    );
  });
  return svg;
}
