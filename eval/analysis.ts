/**
 * `npm run eval:analysis`: runs the mood analyser over `eval/analysis.jsonl` (`{text, family}` per
 * line) and prints valence-sign accuracy, family accuracy and a confusion matrix. Exits non-zero
 * when valence-sign accuracy is below 0.80.
 *
 * The expected valence sign follows the family: radiant and calm are positive, stormy and heavy
 * negative; `still` lines have no expected sign and count only towards family accuracy. A valence
 * of exactly 0 counts as a wrong sign.
 *
 *   npm run eval:analysis               figures and matrix
 *   npm run eval:analysis -- --misses   also every line whose family was missed
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { analyzeText } from '../src/domains/analysis/analyzer.ts';
import { FAMILY_IDS, type FamilyId } from '../src/domains/atlas/catalogue.ts';

const SIGN_TARGET = 0.8;

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: new URL('./analysis.jsonl', import.meta.url).pathname },
    misses: { type: 'boolean', default: false },
  },
});

interface Case {
  text: string;
  family: FamilyId;
}

function isFamily(value: unknown): value is FamilyId {
  return typeof value === 'string' && (FAMILY_IDS as readonly string[]).includes(value);
}

function load(path: string): Case[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const parsed = JSON.parse(line) as { text?: unknown; family?: unknown };
      if (typeof parsed.text !== 'string' || !isFamily(parsed.family)) {
        throw new Error(`${path}:${index + 1}: expected {text, family}`);
      }
      return { text: parsed.text, family: parsed.family };
    });
}

const EXPECTED_SIGN: Record<FamilyId, number> = { radiant: 1, calm: 1, stormy: -1, heavy: -1, still: 0 };

const cases = load(values.file);
const confusion = new Map<FamilyId, Map<FamilyId, number>>(
  FAMILY_IDS.map((f) => [f, new Map(FAMILY_IDS.map((g) => [g, 0]))]),
);
let signTotal = 0;
let signRight = 0;
let familyRight = 0;
const misses: string[] = [];

for (const c of cases) {
  const result = analyzeText(c.text);
  const row = confusion.get(c.family);
  row?.set(result.family, (row.get(result.family) ?? 0) + 1);
  if (result.family === c.family) familyRight++;
  else
    misses.push(
      `  ${c.family.padEnd(8)}→ ${result.family.padEnd(8)} v=${result.valence} a=${result.arousal}  ${c.text}`,
    );
  const expected = EXPECTED_SIGN[c.family];
  if (expected !== 0) {
    signTotal++;
    if (Math.sign(result.valence) === expected) signRight++;
  }
}

const signAccuracy = signTotal === 0 ? 0 : signRight / signTotal;
const familyAccuracy = cases.length === 0 ? 0 : familyRight / cases.length;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

const lines: string[] = [];
lines.push(`Mood analysis evaluation: ${cases.length} texts from ${values.file}`);
lines.push(
  `  valence-sign accuracy ${signAccuracy.toFixed(3)} (${signRight}/${signTotal}, ${pct(signAccuracy)})`,
);
lines.push(
  `  family accuracy       ${familyAccuracy.toFixed(3)} (${familyRight}/${cases.length}, ${pct(familyAccuracy)})`,
);
lines.push('');
lines.push('Confusion matrix (rows: expected family, columns: analysed family)');
const width = 9;
lines.push(
  `${'expected'.padEnd(width)}${FAMILY_IDS.map((f) => f.padStart(width)).join('')}${'recall'.padStart(width)}`,
);
for (const expected of FAMILY_IDS) {
  const row = confusion.get(expected) ?? new Map<FamilyId, number>();
  const total = [...row.values()].reduce((a, b) => a + b, 0);
  const recall = total === 0 ? 0 : (row.get(expected) ?? 0) / total;
  lines.push(
    `${expected.padEnd(width)}${FAMILY_IDS.map((f) => String(row.get(f) ?? 0).padStart(width)).join('')}${recall
      .toFixed(2)
      .padStart(width)}`,
  );
}
if (values.misses && misses.length > 0) {
  lines.push('', 'Family misses:', ...misses);
}
lines.push('');
const passed = signAccuracy >= SIGN_TARGET;
lines.push(
  passed
    ? `valence-sign accuracy meets the target (≥ ${SIGN_TARGET})`
    : `valence-sign accuracy is BELOW the target (≥ ${SIGN_TARGET})`,
);
process.stdout.write(`${lines.join('\n')}\n`);
process.exitCode = passed ? 0 : 1;
