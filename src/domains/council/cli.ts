import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { Config } from '../../config.ts';
import { closeDeps, createDeps, REDACTED_PATHS } from '../../deps.ts';
import { pullUnderLease } from './job.ts';
import type { FeedOutcome, PullSummary } from './service.ts';

export const COUNCIL_USAGE = `  council pull [--force]                 Pull every Council feed now, one line per feed
                                         (--force: also feeds backing off after failures)`;

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function progressLine(outcome: FeedOutcome, done: number, total: number): string {
  const head = `[${done}/${total}] ${outcome.name} …`;
  switch (outcome.status) {
    case 'pulled':
      return `${head} ${outcome.added} new, ${outcome.seen} seen (${seconds(outcome.durationMs)})`;
    case 'not-modified':
      return `${head} not modified (${seconds(outcome.durationMs)})`;
    case 'failed':
      return `${head} failed: ${outcome.error} (${seconds(outcome.durationMs)})`;
    case 'skipped':
      return `${head} skipped: ${outcome.error ?? `backing off until ${outcome.dueAt}`}`;
  }
}

export function summaryLine(summary: PullSummary): string {
  const count = summary.feeds.length;
  return (
    `${count} feed${count === 1 ? '' : 's'} in ${seconds(summary.durationMs)}: ` +
    `${summary.added} new, ${summary.seen} seen, ${summary.failed} failed, ${summary.skipped} skipped`
  );
}

/**
 * `orrery council pull`: one pull now, under the same lease as the scheduled job. Progress goes to
 * stdout, structured logs to stderr. Exit 0 when every feed it tried succeeded, 3 when some
 * failed (each is recorded on its feed), 1 when another instance holds the lease.
 */
export async function councilCommand(args: string[], config: Config): Promise<number> {
  const [sub, ...options] = args;
  if (sub !== 'pull') {
    process.stderr.write(`orrery: unknown council command '${sub ?? ''}'\n${COUNCIL_USAGE}\n`);
    return 2;
  }
  const { values } = parseArgs({ args: options, options: { force: { type: 'boolean' } }, strict: true });
  const log = pino(
    { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    pino.destination(2),
  );
  const deps = await createDeps(config, { log });
  try {
    const holder = `cli-${process.pid}-${randomBytes(4).toString('hex')}`;
    const result = await pullUnderLease(
      deps.storage,
      deps.council,
      holder,
      {
        force: values.force === true,
        onProgress: (outcome, done, total) => process.stdout.write(`${progressLine(outcome, done, total)}\n`),
      },
      log,
    );
    if (!result.ran) {
      process.stderr.write(
        `orrery: another Council pull is running (lease held by ${result.holder ?? 'another instance'}); try again shortly\n`,
      );
      return 1;
    }
    if (result.summary.feeds.length === 0) {
      process.stdout.write('no active feeds; add one with POST /api/admin/feeds\n');
      return 0;
    }
    process.stdout.write(`${summaryLine(result.summary)}\n`);
    return result.summary.failed > 0 ? 3 : 0;
  } finally {
    await closeDeps(deps);
  }
}
