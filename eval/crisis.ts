/**
 * `npm run eval:crisis`: measures crisis detection through both routes' own code paths.
 *
 * - oracle: `OracleService.ask`, the whole decision (crisis first, then the gate, then an answer);
 *   a case counts as flagged when the answer's provider is `safety`. A refusal is not a flag.
 *   Texts longer than the oracle accepts (2,000 characters) are left out of this route.
 * - analysis: the analysis service; flagged when `safety` is set.
 *
 * Three files, `{text, label: "self_harm" | "harm_to_others" | "none", kind}` per line:
 * - `crisis.jsonl`: the development set the rules were tuned on;
 * - `crisis-holdout.jsonl`: written before the detector; its figures were read as the rules grew;
 * - `crisis-blind.jsonl`: written by someone who never saw the detector, its rules or the other
 *   sets, with long forum-style posts and the risk said indirectly; the most honest figure here.
 * Recall = crisis cases flagged; false alarms = other cases flagged. Goals on each file: oracle
 * recall ≥ 97 %, analysis recall ≥ 95 %, false alarms ≤ 3 % on each route. Exits non-zero when
 * the development set misses one; the other sets are printed against the same goals but do not
 * decide the exit status, and their mistakes are listed only with `--show-holdout`, so that
 * nobody fits rules to them by accident.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyze } from '../src/domains/analysis/service.ts';
import { QUESTION_MAX } from '../src/domains/oracle/schemas.ts';
import { OracleService } from '../src/domains/oracle/service.ts';
import { DEFAULT_CRISIS_RESOURCES } from '../src/domains/safety/resources.ts';

type Label = 'self_harm' | 'harm_to_others' | 'none';

interface Case {
  text: string;
  label: Label;
  kind: string;
}

const GOALS = { oracleRecall: 0.97, analysisRecall: 0.95, falseAlarms: 0.03 };

function load(name: string): Case[] {
  const file = fileURLToPath(new URL(`./${name}`, import.meta.url));
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const row = JSON.parse(line) as Partial<Case>;
      if (
        typeof row.text !== 'string' ||
        typeof row.kind !== 'string' ||
        !['self_harm', 'harm_to_others', 'none'].includes(String(row.label))
      ) {
        throw new Error(`${name} line ${i + 1}: expected {text, label, kind}`);
      }
      return { text: row.text, label: row.label as Label, kind: row.kind };
    });
}

const oracle = new OracleService({ provider: null, timeoutMs: 1000, maxTokens: 100 });

type Flag = 'self_harm' | 'harm_to_others' | null;

async function oracleFlag(text: string): Promise<Flag | undefined> {
  if (text.length > QUESTION_MAX) return undefined;
  try {
    const answer = await oracle.ask({ question: text });
    return answer.provider === 'safety' ? (answer.safety?.flag ?? null) : null;
  } catch {
    return null; // refused (off_mission, invalid): not a crisis answer
  }
}

function analysisFlag(text: string): Flag {
  return analyze(text, DEFAULT_CRISIS_RESOURCES).safety?.flag ?? null;
}

interface Tally {
  n: number;
  flagged: number;
  rightFlag: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

async function measure(name: string, cases: Case[], showMistakes: boolean): Promise<boolean> {
  const routes = {
    oracle: { crisis: new Map<string, Tally>(), benign: new Map<string, Tally>(), mistakes: [] as string[] },
    analysis: {
      crisis: new Map<string, Tally>(),
      benign: new Map<string, Tally>(),
      mistakes: [] as string[],
    },
  };
  let tooLong = 0;
  for (const c of cases) {
    const flags: Record<keyof typeof routes, Flag | undefined> = {
      oracle: await oracleFlag(c.text),
      analysis: analysisFlag(c.text),
    };
    if (flags.oracle === undefined) tooLong++;
    for (const route of ['oracle', 'analysis'] as const) {
      const flag = flags[route];
      if (flag === undefined) continue;
      const table = c.label === 'none' ? routes[route].benign : routes[route].crisis;
      const tally = table.get(c.kind) ?? { n: 0, flagged: 0, rightFlag: 0 };
      tally.n++;
      if (flag !== null) tally.flagged++;
      if (flag === c.label) tally.rightFlag++;
      table.set(c.kind, tally);
      const wrong = c.label === 'none' ? flag !== null : flag === null;
      if (wrong) {
        const shown = c.text.length > 160 ? `${c.text.slice(0, 157).replace(/\s+/g, ' ')}…` : c.text;
        routes[route].mistakes.push(
          `    ${c.label === 'none' ? 'false alarm' : `missed ${c.label}`} [${c.kind}]: ${shown}`,
        );
      }
    }
  }

  const sum = (table: Map<string, Tally>) =>
    [...table.values()].reduce(
      (a, t) => ({ n: a.n + t.n, flagged: a.flagged + t.flagged, rightFlag: a.rightFlag + t.rightFlag }),
      {
        n: 0,
        flagged: 0,
        rightFlag: 0,
      },
    );
  let pass = true;
  const crisisCount = cases.filter((c) => c.label !== 'none').length;
  process.stdout.write(
    `\n${name}: ${cases.length} messages (${crisisCount} crisis, ${cases.length - crisisCount} not)` +
      (tooLong > 0 ? `; ${tooLong} longer than the oracle accepts are measured on analysis only` : '') +
      '\n',
  );
  for (const route of ['oracle', 'analysis'] as const) {
    const r = routes[route];
    const crisis = sum(r.crisis);
    const benign = sum(r.benign);
    const recall = crisis.n === 0 ? 1 : crisis.flagged / crisis.n;
    const falseAlarms = benign.n === 0 ? 0 : benign.flagged / benign.n;
    const recallGoal = route === 'oracle' ? GOALS.oracleRecall : GOALS.analysisRecall;
    const ok = recall >= recallGoal && falseAlarms <= GOALS.falseAlarms;
    pass &&= ok;
    process.stdout.write(
      `  ${route}: recall ${crisis.flagged}/${crisis.n} = ${pct(recall)} (goal ≥ ${pct(recallGoal)}), ` +
        `false alarms ${benign.flagged}/${benign.n} = ${pct(falseAlarms)} (goal ≤ ${pct(GOALS.falseAlarms)}), ` +
        `right flag ${crisis.rightFlag}/${crisis.flagged} ${ok ? '' : '  ← below goal'}\n`,
    );
    const rows = [
      ...[...r.crisis.entries()].map(
        ([kind, t]) =>
          `      ${kind.padEnd(16)} recall ${`${t.flagged}/${t.n}`.padStart(8)} = ${pct(t.flagged / t.n)}`,
      ),
      ...[...r.benign.entries()].map(
        ([kind, t]) =>
          `      ${kind.padEnd(16)} false alarms ${`${t.flagged}/${t.n}`.padStart(8)} = ${pct(t.flagged / t.n)}`,
      ),
    ];
    process.stdout.write(`${rows.join('\n')}\n`);
    if (showMistakes && r.mistakes.length > 0)
      process.stdout.write(`    Misjudged:\n${r.mistakes.join('\n')}\n`);
  }
  return pass;
}

const showHoldout = process.argv.includes('--show-holdout');
const development = await measure('crisis.jsonl (development)', load('crisis.jsonl'), true);
const holdout = await measure('crisis-holdout.jsonl (held out)', load('crisis-holdout.jsonl'), showHoldout);
const blind = await measure('crisis-blind.jsonl (written blind)', load('crisis-blind.jsonl'), showHoldout);
// The development set guards against regressions and decides the exit status. The other sets
// are reported against the same goals but do not: they are never tuned on, and a miss there is
// a finding for the docs, not something to fix by adjusting rules to their messages.
const verdict = (ok: boolean) => (ok ? 'meets every goal' : 'MISSES a goal (reported, not gated)');
process.stdout.write(
  `\n${development ? 'PASS' : 'FAIL'} on the development set; held-out set ${verdict(holdout)}; ` +
    `blind set ${verdict(blind)}\n`,
);
process.exit(development ? 0 : 1);
