/**
 * `npm run eval:gate`: measures the oracle's refusal gate on `eval/gate.jsonl`
 * (`{prompt, onMission, split}` per line). `split` is `dev` (the prompts the rules were developed
 * against) or `heldout` (written before the rules and never tuned on); both are reported, and the
 * targets are judged on the held-out split. Exits non-zero when a target is missed. Three blind
 * sets, `eval/gate-blind.jsonl`, `-2` and `-3`, written without sight of the gate,
 * are reported by kind and never gated; so are the development sets `eval/gate-dev-*.jsonl`.
 *
 *   npm run eval:gate                 figures
 *   npm run eval:gate -- --misses     also every misjudged prompt of the dev split
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { assessMission } from '../src/domains/oracle/gate.ts';

const OFF_REFUSED_TARGET = 0.95;
const ON_ANSWERED_TARGET = 0.97;

interface Case {
  prompt: string;
  onMission: boolean;
  split: 'dev' | 'heldout';
}

const { values } = parseArgs({ options: { misses: { type: 'boolean', default: false } } });

const file = new URL('./gate.jsonl', import.meta.url);
const cases: Case[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line, i) => {
    const row = JSON.parse(line) as Partial<Case>;
    if (
      typeof row.prompt !== 'string' ||
      typeof row.onMission !== 'boolean' ||
      (row.split !== 'dev' && row.split !== 'heldout')
    ) {
      throw new Error(`gate.jsonl line ${i + 1}: expected {prompt, onMission, split}`);
    }
    return { prompt: row.prompt, onMission: row.onMission, split: row.split };
  });

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
let pass = true;
const lines: string[] = ['Oracle gate (eval/gate.jsonl)'];
const misses: string[] = [];
for (const split of ['heldout', 'dev'] as const) {
  const rows = cases.filter((c) => c.split === split);
  const off = rows.filter((c) => !c.onMission);
  const on = rows.filter((c) => c.onMission);
  let refusedOff = 0;
  let answeredOn = 0;
  for (const c of rows) {
    const verdict = assessMission(c.prompt);
    if (c.onMission && verdict.onMission) answeredOn++;
    if (!c.onMission && !verdict.onMission) refusedOff++;
    if (split === 'dev' && verdict.onMission !== c.onMission) {
      misses.push(
        `  ${c.onMission ? 'sincere answered? no ' : 'off-mission refused? no'} (${verdict.rule}): ${c.prompt}`,
      );
    }
  }
  const offRate = off.length === 0 ? 1 : refusedOff / off.length;
  const onRate = on.length === 0 ? 1 : answeredOn / on.length;
  const judged = split === 'heldout';
  const offOk = offRate >= OFF_REFUSED_TARGET;
  const onOk = onRate >= ON_ANSWERED_TARGET;
  if (judged && !(offOk && onOk)) pass = false;
  const mark = (ok: boolean) => (judged ? (ok ? '  ok' : '  MISSED') : '');
  lines.push(
    `  ${split.padEnd(7)} off-mission refused ${refusedOff}/${off.length} = ${pct(offRate).padStart(7)}  (target ≥ ${pct(OFF_REFUSED_TARGET)})${mark(offOk)}`,
    `  ${split.padEnd(7)} sincere answered    ${answeredOn}/${on.length} = ${pct(onRate).padStart(7)}  (target ≥ ${pct(ON_ANSWERED_TARGET)})${mark(onOk)}`,
  );
}
if (values.misses && misses.length > 0) lines.push('Dev split misjudged:', ...misses);

// Sets with `{prompt, onMission, kind}` per line, reported by kind against the same targets and
// never deciding the exit status. The blind sets were written by hands that never saw the gate,
// its rules or the prompts above; their mistakes are never printed, so that nobody fits rules to
// them. `gate-dev-*.jsonl` are development sets (the first is the other half of the second blind
// set's batch): rules were extended from them and the learned stage is trained on them, so their
// figures are in-sample.
const reported = (ok: boolean) => (ok ? '  ok' : '  below (reported, not gated)');
function reportByKind(name: string, label: string): void {
  const rows = readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const row = JSON.parse(line) as { prompt?: unknown; onMission?: unknown; kind?: unknown };
      if (
        typeof row.prompt !== 'string' ||
        typeof row.onMission !== 'boolean' ||
        typeof row.kind !== 'string'
      ) {
        throw new Error(`${name} line ${i + 1}: expected {prompt, onMission, kind}`);
      }
      return { prompt: row.prompt, onMission: row.onMission, kind: row.kind };
    });
  const byKind = new Map<string, { onMission: boolean; right: number; n: number }>();
  for (const c of rows) {
    const tally = byKind.get(c.kind) ?? { onMission: c.onMission, right: 0, n: 0 };
    tally.n++;
    if (assessMission(c.prompt).onMission === c.onMission) tally.right++;
    byKind.set(c.kind, tally);
  }
  const rate = (onMission: boolean) => {
    const tallies = [...byKind.values()].filter((t) => t.onMission === onMission);
    const right = tallies.reduce((sum, t) => sum + t.right, 0);
    const n = tallies.reduce((sum, t) => sum + t.n, 0);
    return { right, n, rate: n === 0 ? 1 : right / n };
  };
  const off = rate(false);
  const on = rate(true);
  lines.push(
    `${label} (eval/${name}, ${rows.length} prompts)`,
    `  off-mission refused ${off.right}/${off.n} = ${pct(off.rate).padStart(7)}  (target ≥ ${pct(OFF_REFUSED_TARGET)})${reported(off.rate >= OFF_REFUSED_TARGET)}`,
    `  sincere answered    ${on.right}/${on.n} = ${pct(on.rate).padStart(7)}  (target ≥ ${pct(ON_ANSWERED_TARGET)})${reported(on.rate >= ON_ANSWERED_TARGET)}`,
    ...[...byKind.entries()].map(
      ([kind, t]) =>
        `      ${kind.padEnd(26)} ${t.onMission ? 'answered' : 'refused '} ${`${t.right}/${t.n}`.padStart(6)}`,
    ),
  );
}
reportByKind('gate-blind.jsonl', 'Blind set');
reportByKind('gate-blind-2.jsonl', 'Second blind set');
reportByKind('gate-blind-3.jsonl', 'Third blind set (first-person practical and professional requests)');
for (const name of readdirSync(new URL('./', import.meta.url))
  .filter((file) => /^gate-dev-[\w-]+\.jsonl$/.test(file))
  .sort())
  reportByKind(name, 'Development set (in-sample)');
lines.push(pass ? 'gate: PASS' : 'gate: FAIL');
process.stdout.write(`${lines.join('\n')}\n`);
process.exitCode = pass ? 0 : 1;
