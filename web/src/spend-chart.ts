import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { h } from './dom.ts';
import { essence } from './format.ts';
import { type SpendSeries, stacked } from './spend.ts';

const PALETTE = ['#f5c542', '#7fd1ae', '#e0796f', '#8fa8ff', '#d59cf0', '#6fd3e0', '#f0a35e', '#b8c46b'];

/** The look of every chart axis on the dark theme (spend, valence). */
export const CHART_AXIS = {
  stroke: '#c9cde0',
  grid: { stroke: 'rgba(201,205,224,0.12)' },
  ticks: { stroke: '#4a5075' },
};

export function routeColor(index: number): string {
  return PALETTE[index % PALETTE.length] as string;
}

/**
 * Stacked bars of spend per day by route (uPlot). uPlot has no stacking of its own: each series
 * carries the running total of itself and the routes below it, and is drawn tallest first, so
 * each route shows as its own band; the legend reads the route's own amount.
 */
export function renderSpendChart(host: HTMLElement, series: SpendSeries): () => void {
  host.replaceChildren();
  const x = series.days.map((d) => d.getTime() / 1000);
  const tops = stacked(series.amounts);
  const bars = uPlot.paths.bars?.({ size: [0.7, 48], align: 0 });
  const axis = CHART_AXIS;
  const chart = new uPlot(
    {
      width: Math.max(280, host.clientWidth),
      height: 240,
      scales: {
        // Half a day of room either side, so the first and last bars are not cut in half.
        x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
        y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
      },
      axes: [
        {
          ...axis,
          values: (_u, splits) =>
            splits.map((v) =>
              new Date(v * 1000).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
            ),
        },
        { ...axis, size: 56, values: (_u, splits) => splits.map((v) => essence(v)) },
      ],
      cursor: { drag: { x: false, y: false } },
      legend: { live: true },
      series: [
        { label: 'Day', value: (_u, v) => (v == null ? '—' : new Date(v * 1000).toLocaleDateString()) },
        ...series.routes.map((route, r) => ({
          label: route,
          stroke: routeColor(r),
          fill: routeColor(r),
          width: 0,
          ...(bars ? { paths: bars } : {}),
          points: { show: false },
          value: (_u: uPlot, _v: number | null, _s: number, i: number | null) =>
            i == null ? '—' : essence(series.amounts[r]?.[i] ?? 0),
        })),
      ],
    },
    [x, ...tops],
    host,
  );
  const observer = new ResizeObserver(() => {
    chart.setSize({ width: Math.max(280, host.clientWidth), height: 240 });
  });
  observer.observe(host);
  return () => {
    observer.disconnect();
    chart.destroy();
  };
}

/** The chart's data as a table, for screen readers and anyone who prefers numbers. */
export function spendTable(series: SpendSeries): HTMLTableElement {
  return h(
    'table',
    {},
    h('caption', { class: 'visually-hidden' }, 'Essence spent per day by route'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Day'),
        ...series.routes.map((r) => h('th', { scope: 'col' }, r)),
        h('th', { scope: 'col' }, 'Total'),
      ),
    ),
    h(
      'tbody',
      {},
      ...series.days.map((day, d) => {
        const values = series.amounts.map((row) => row[d] ?? 0);
        const total = values.reduce((a, b) => a + b, 0);
        return h(
          'tr',
          {},
          h('th', { scope: 'row' }, day.toLocaleDateString()),
          ...values.map((v) => h('td', { class: 'num' }, essence(v))),
          h('td', { class: 'num' }, essence(Math.round(total * 1000) / 1000)),
        );
      }),
    ),
  );
}
