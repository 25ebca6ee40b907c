import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Cron } from 'croner';
import { CouncilJob, schedule } from '../../src/domains/council/job.ts';
import { startTestApp } from '../helpers/app.ts';

function nextRuns(minutes: number, from: string, count = 3): string[] {
  const { pattern, interval } = schedule(minutes);
  const cron = new Cron(pattern, { paused: true, timezone: 'Etc/UTC', ...(interval ? { interval } : {}) });
  try {
    return cron.nextRuns(count, new Date(from)).map((d) => d.toISOString().slice(11, 19));
  } finally {
    cron.stop();
  }
}

describe('the Council schedule', () => {
  it('aligns periods that divide an hour or a day to the clock', () => {
    assert.deepEqual(nextRuns(15, '2026-11-21T09:07:13Z'), ['09:15:00', '09:30:00', '09:45:00']);
    assert.deepEqual(nextRuns(1, '2026-11-21T09:07:13Z'), ['09:08:00', '09:09:00', '09:10:00']);
    assert.deepEqual(nextRuns(60, '2026-11-21T09:07:13Z'), ['10:00:00', '11:00:00', '12:00:00']);
    assert.deepEqual(nextRuns(360, '2026-11-21T09:07:13Z'), ['12:00:00', '18:00:00', '00:00:00']);
    assert.deepEqual(nextRuns(1440, '2026-11-21T09:07:13Z', 1), ['00:00:00']);
  });

  it('runs other periods that many minutes apart', () => {
    const runs = nextRuns(45, '2026-11-21T09:07:13Z').map((t) => {
      const [h, m] = t.split(':').map(Number);
      return (h ?? 0) * 60 + (m ?? 0);
    });
    assert.equal((runs[1] ?? 0) - (runs[0] ?? 0), 45);
    assert.equal((runs[2] ?? 0) - (runs[1] ?? 0), 45);
  });

  it('is not scheduled when the interval is 0, and a run in progress is not started twice', async () => {
    const t = await startTestApp();
    try {
      const off = new CouncilJob(t.deps.storage, t.deps.council, 0, t.deps.log);
      off.start();
      await off.stop();
      const job = new CouncilJob(t.deps.storage, t.deps.council, 15, t.deps.log);
      job.start();
      const [first, second] = await Promise.all([job.runOnce(), job.runOnce()]);
      assert.ok(first?.ran, 'the first run pulls (no feeds: an empty pull)');
      assert.equal(second, null, 'the second finds a run in progress');
      await job.stop();
    } finally {
      await t.close();
    }
  });
});
