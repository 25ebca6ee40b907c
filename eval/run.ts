/**
 * `npm run eval`: every evaluation in turn (the oracle gate, mood analysis, and crisis detection
 * when `eval/crisis.ts` is present), each printing its figures next to their targets. Each runs
 * in its own process so that one failing to load does not hide the others. Exits non-zero when
 * any evaluation misses a target.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const evaluations = ['gate.ts', 'analysis.ts', 'crisis.ts'].filter((name) => existsSync(here(name)));

const failed: string[] = [];
for (const name of evaluations) {
  process.stdout.write(`\n==> eval/${name}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', here(name)], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
}
process.stdout.write(
  failed.length === 0
    ? `\nAll ${evaluations.length} evaluations met their targets.\n`
    : `\nMissed targets in: ${failed.map((n) => `eval/${n}`).join(', ')}\n`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
