/**
 * `npm run eval:external -- <file.csv> ...`: crisis detection measured on public research data
 * that Orrery does not redistribute. Each file is read in the format of the set it comes from,
 * recognised by its header:
 *
 * - `User,Post,Label`: the Reddit C-SSRS set of Gaur et al. (2019), 500 users' posts labelled by
 *   clinicians as Supportive, Indicator, Ideation, Behavior or Attempt. Ideation, Behavior and
 *   Attempt count as crisis; Supportive (people answering others) as not; Indicator (risk
 *   factors without ideation) is printed but counts on neither side.
 * - `…,subreddit,…,text,label,…`: Dreaddit (Turcan & McKeown, 2019), stress in Reddit posts
 *   from anxiety, PTSD, abuse, housing and relationship forums. It has no crisis labels: the
 *   figure is the share flagged per forum, an upper bound on false alarms (some of these posts
 *   do speak of suicide).
 * - `text,class` (any other columns ignored): posts labelled `suicide` or `non-suicide`, as in the
 *   r/SuicideWatch vs r/teenagers collection.
 *
 * Every text goes through `assessSafety`, the decision both routes make; texts of at most
 * 2,000 characters (what the oracle accepts) are also counted apart. Nothing here was written
 * for, fitted to or tuned on these files. Prints figures only: never a text.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { QUESTION_MAX } from '../src/domains/oracle/schemas.ts';
import { DEFAULT_CRISIS_RESOURCES } from '../src/domains/safety/resources.ts';
import { assessSafety } from '../src/domains/safety/service.ts';
import { parseCsv, pythonStrings } from './csv.ts';

interface Row {
  text: string;
  /** true: crisis; false: not; null: counts on neither side. */
  crisis: boolean | null;
  group: string;
}

function rowsOf(file: string): { format: string; rows: Row[] } {
  const [header, ...body] = parseCsv(readFileSync(file, 'utf8'));
  if (header === undefined) throw new Error(`${file}: empty`);
  const column = (name: string) => header.indexOf(name);
  const complete = body.filter((r) => r.length === header.length);
  if (column('Post') >= 0 && column('Label') >= 0) {
    const crisisLabels = new Set(['Ideation', 'Behavior', 'Attempt']);
    return {
      format: 'C-SSRS (Gaur et al. 2019)',
      rows: complete.map((r) => {
        const label = r[column('Label')] as string;
        return {
          text: pythonStrings(r[column('Post')] as string).join('\n'),
          crisis: crisisLabels.has(label) ? true : label === 'Supportive' ? false : null,
          group: label,
        };
      }),
    };
  }
  if (column('subreddit') >= 0 && column('text') >= 0) {
    return {
      format: 'Dreaddit (Turcan & McKeown 2019), share flagged per forum',
      rows: complete.map((r) => ({
        text: r[column('text')] as string,
        crisis: null,
        group: r[column('subreddit')] as string,
      })),
    };
  }
  if (column('text') >= 0 && column('class') >= 0) {
    return {
      format: 'suicide / non-suicide posts',
      rows: complete.map((r) => {
        const label = r[column('class')] as string;
        return { text: r[column('text')] as string, crisis: label === 'suicide', group: label };
      }),
    };
  }
  throw new Error(`${file}: unknown header ${header.join(',')}`);
}

const pct = (x: number, n: number) => `${x}/${n} = ${((100 * x) / Math.max(1, n)).toFixed(1)} %`;

function report(file: string): void {
  const { format, rows } = rowsOf(file);
  const flagged = rows.map((r) => assessSafety(r.text, DEFAULT_CRISIS_RESOURCES) !== null);
  process.stdout.write(`\n${basename(file)}: ${format}, ${rows.length} texts\n`);
  const groups = [...new Set(rows.map((r) => r.group))].sort();
  for (const group of groups) {
    const idx = rows.map((r, i) => (r.group === group ? i : -1)).filter((i) => i >= 0);
    process.stdout.write(
      `  ${group.padEnd(20)} flagged ${pct(idx.filter((i) => flagged[i]).length, idx.length)}\n`,
    );
  }
  for (const [route, limit] of [
    ['all texts', Number.POSITIVE_INFINITY],
    [`texts ≤ ${QUESTION_MAX} chars`, QUESTION_MAX],
  ] as const) {
    const within = rows.map((r, i) => (r.text.length <= limit ? i : -1)).filter((i) => i >= 0);
    const crisis = within.filter((i) => rows[i]?.crisis === true);
    const benign = within.filter((i) => rows[i]?.crisis === false);
    if (crisis.length + benign.length === 0) continue;
    process.stdout.write(
      `  ${route}: recall ${pct(crisis.filter((i) => flagged[i]).length, crisis.length)}, false alarms ${pct(
        benign.filter((i) => flagged[i]).length,
        benign.length,
      )}\n`,
    );
  }
}

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write(
    'usage: npm run eval:external -- <file.csv> ... (see the comment at the top of eval/external.ts)\n',
  );
  process.exitCode = 2;
}
for (const file of files) report(file);
