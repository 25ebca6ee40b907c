/**
 * `npm run bench:analysis`: in-process throughput of the mood analyser, one thread. Texts: the
 * ~200-character check-in note of the HTTP benchmark and the 5,426 Reddit comments of
 * `eval/goemotions-dev.tsv` (mostly 10–200 characters). After a warm-up, five timed rounds;
 * the median is reported, in analyses per second of this process's CPU time (the benchmark is
 * single-threaded; CPU time keeps the figure meaningful on a busy machine). Goal: ≥ 50,000 analyses
 * a second on each.
 *
 *   npm run bench:analysis -- --rounds 9
 */
import { parseArgs } from 'node:util';
import { readGoEmotions } from '../eval/goemotions.ts';
import { analyzeText } from '../src/domains/analysis/analyzer.ts';

const GOAL = 50_000;
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Math.max(1, Number(values.rounds));

const NOTE =
  'Slept badly and the commute was a mess, but lunch with an old friend lifted me. Not very calm yet, a bit restless, though the evening walk by the river helped more than I expected.';
const comments = readGoEmotions(new URL('../eval/goemotions-dev.tsv', import.meta.url)).map((c) => c.text);

function perSecond(texts: readonly string[], repeat: number): number {
  let sink = 0;
  // CPU time of this process, not wall time: on a shared machine the wall clock also counts the
  // time other processes held the core.
  const start = process.cpuUsage();
  for (let k = 0; k < repeat; k++) for (const text of texts) sink += analyzeText(text).valence;
  const used = process.cpuUsage(start);
  const seconds = (used.user + used.system) / 1e6;
  // Keeps the work observable so that it cannot be optimised away.
  if (Number.isNaN(sink)) throw new Error('unreachable');
  return (texts.length * repeat) / seconds;
}

let failed = false;
for (const [name, texts, repeat] of [
  ['check-in note, ~200 characters', [NOTE], 20_000],
  [`GoEmotions dev comments (${comments.length})`, comments, 4],
] as const) {
  perSecond(texts, Math.ceil(repeat / 4));
  const samples = Array.from({ length: rounds }, () => perSecond(texts, repeat)).sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] as number;
  const ok = median >= GOAL;
  if (!ok) failed = true;
  process.stdout.write(
    `mood analysis in process, ${name}: ${Math.round(median).toLocaleString('en')} analyses/s ` +
      `(goal ≥ ${GOAL.toLocaleString('en')}): ${ok ? 'meets' : 'BELOW'}\n`,
  );
}
process.exitCode = failed ? 1 : 0;
