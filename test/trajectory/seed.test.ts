import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { TrajectoryService } from '../../src/domains/trajectory/service.ts';
import { openStorage } from '../../src/storage/db.ts';
import { createTestDatabase } from '../helpers/app.ts';

test('orrery seed loads people and check-ins with progress, and the pulse sees them', async () => {
  const database = await createTestDatabase();
  try {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'seed', '--checkins', '2000', '--people', '100', '--days', '1'],
      { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' }, encoding: 'utf8' },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /seeded 100 people and 2,000 check-ins/);
    assert.match(result.stderr, /checkins: 100% 2,000\/2,000/);
    const storage = openStorage(database.url);
    try {
      const service = new TrajectoryService(storage, loadConfig({ DATABASE_URL: database.url }));
      const pulse = await service.computePulse('24h');
      assert.equal(pulse.participants, 100);
      assert.ok(pulse.transitions.length > 0);
    } finally {
      await storage.close();
    }
  } finally {
    await database.drop();
  }
});

test('orrery seed refuses nonsense with a clear message', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'seed', '--people', '0'], {
    env: { ...process.env, DATABASE_URL: 'sqlite::memory:' },
    encoding: 'utf8',
  });
  assert.equal(result.status, 2);
  assert.match(result.stderr, /--people must be an integer ≥ 1/);
});
