/**
 * `npm run eval:gate`: measures the oracle's refusal gate on `eval/gate.jsonl`
 * (`{prompt, onMission, split}` per line). `split` is `dev` (the prompts the rules were developed
 * against) or `heldout` (written before the rules and never tuned on); both are reported, and the
 * targets are judged on the held-out split. Exits non-zero when a target is missed.
 *
 *   npm run eval:gate                 figures
 *   npm run eval:gate -- --misses     also every misjudged prompt of the dev split
 */
import { readFileSync } from 'node:fs';
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
lines.push(pass ? 'gate: PASS' : 'gate: FAIL');
process.stdout.write(`${lines.join('\n')}\n`);
process.exitCode = pass ? 0 : 1;
