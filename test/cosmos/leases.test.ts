import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { acquireLease, LeasedJob, releaseLease, renewLease } from '../../src/storage/leases.ts';
import { ON_POSTGRES, startTestApp, type TestApp } from '../helpers/app.ts';

describe(`leases (${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  test('one holder at a time; renewal by the holder; free once it runs out or is released', async () => {
    const db = t.deps.storage.db;
    const now = Date.now();
    assert.equal(await acquireLease(db, 'job.a', 'one', 1000, now), true);
    assert.equal(await acquireLease(db, 'job.a', 'two', 1000, now + 10), false);
    assert.equal(await renewLease(db, 'job.a', 'one', 1000, now + 500), true);
    // Renewed until now + 1500: still held at now + 1400.
    assert.equal(await acquireLease(db, 'job.a', 'two', 1000, now + 1400), false);
    assert.equal(await acquireLease(db, 'job.a', 'two', 1000, now + 1500), true);
    assert.equal(await renewLease(db, 'job.a', 'one', 1000, now + 1600), false);
    // Releasing someone else's lease does nothing; the holder's own release frees it.
    await releaseLease(db, 'job.a', 'one');
    assert.equal(await acquireLease(db, 'job.a', 'three', 1000, now + 1700), false);
    await releaseLease(db, 'job.a', 'two');
    assert.equal(await acquireLease(db, 'job.a', 'three', 1000, now + 1700), true);
    // Leases are independent by name.
    assert.equal(await acquireLease(db, 'job.b', 'two', 1000, now + 1700), true);
  });

  test('racing acquirers: exactly one wins', async () => {
    const db = t.deps.storage.db;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => acquireLease(db, 'job.race', `holder-${i}`, 60_000)),
    );
    assert.equal(results.filter(Boolean).length, 1);
  });

  test('LeasedJob: of two instances of a job, only the lease holder runs it', async () => {
    const runs: string[] = [];
    const log = { warn() {}, error() {} };
    const make = (name: string) =>
      new LeasedJob({
        db: t.deps.storage.db,
        name: 'job.shared',
        intervalMs: 60_000,
        log,
        run: async () => {
          runs.push(name);
        },
      });
    const first = make('first');
    const second = make('second');
    assert.equal(await first.tick(), true);
    assert.equal(await second.tick(), false);
    assert.equal(await first.tick(), true);
    assert.deepEqual(runs, ['first', 'first']);
    // Stopping releases the lease, so the other instance takes over at its next tick.
    first.start();
    await first.stop();
    assert.equal(await second.tick(), true);
    assert.equal(runs.at(-1), 'second');
  });
});
