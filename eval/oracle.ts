/**
 * `npm run eval:oracle`: measures the oracle's refusal gate on `eval/oracle-gate.jsonl`
 * (`{prompt, onMission}` per line). A refusal is the positive class: precision is the share of
 * refusals that were off-mission, recall the share of off-mission prompts refused. Exits non-zero
 * unless at least 95 % of off-mission prompts are refused and at most 5 % of on-mission ones.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assessMission } from '../src/domains/oracle/gate.ts';

interface Case {
  prompt: string;
  onMission: boolean;
}

const file = fileURLToPath(new URL('./oracle-gate.jsonl', import.meta.url));
const cases: Case[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line, i) => {
    const row = JSON.parse(line) as Partial<Case>;
    if (typeof row.prompt !== 'string' || typeof row.onMission !== 'boolean') {
      throw new Error(`oracle-gate.jsonl line ${i + 1}: expected {prompt, onMission}`);
    }
    return { prompt: row.prompt, onMission: row.onMission };
  });

let refusedOff = 0;
let refusedOn = 0;
const off = cases.filter((c) => !c.onMission).length;
const on = cases.length - off;
const mistakes: string[] = [];
for (const c of cases) {
  const verdict = assessMission(c.prompt);
  const refused = !verdict.onMission;
  if (refused && !c.onMission) refusedOff++;
  if (refused && c.onMission) refusedOn++;
  if (refused === c.onMission) {
    const what = refused
      ? `refused (${verdict.reason}, ${verdict.rule}: ${verdict.evidence})`
      : `answered (${verdict.rule})`;
    mistakes.push(`  ${c.onMission ? 'on ' : 'off'}-mission ${what}: ${c.prompt}`);
  }
}

const refusals = refusedOff + refusedOn;
const precision = refusals === 0 ? 1 : refusedOff / refusals;
const recall = off === 0 ? 1 : refusedOff / off;
const offRate = recall;
const onRate = on === 0 ? 0 : refusedOn / on;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

process.stdout.write(
  `Oracle gate on ${cases.length} prompts (${off} off-mission, ${on} on-mission)\n` +
    `  precision (refusals that were off-mission): ${pct(precision)}\n` +
    `  recall (off-mission prompts refused):       ${pct(recall)}\n` +
    `  off-mission refused: ${refusedOff}/${off} = ${pct(offRate)} (goal ≥ 95 %)\n` +
    `  on-mission refused:  ${refusedOn}/${on} = ${pct(onRate)} (goal ≤ 5 %)\n`,
);
if (mistakes.length > 0) process.stdout.write(`Misjudged:\n${mistakes.join('\n')}\n`);
const pass = offRate >= 0.95 && onRate <= 0.05;
process.stdout.write(pass ? 'PASS\n' : 'FAIL\n');
process.exit(pass ? 0 : 1);
