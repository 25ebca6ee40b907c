import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { createTestDatabase, PASSWORD, type TestDatabase, testEnv, uniqueEmail } from '../helpers/app.ts';
import { type ServiceProcess, startServiceProcess } from '../helpers/processes.ts';

/**
 * A service process killed with SIGKILL in the middle of a stream of charged spawns (a webhook
 * sender with an Idempotency-Key per delivery): every spawn that was acknowledged survives, and
 * retrying every spawn against a new process creates each object exactly once and charges it once.
 */
describe('kill -9 in the middle of charged spawns', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  const processes: ServiceProcess[] = [];

  before(async () => {
    database = await createTestDatabase();
    env = testEnv(database.url, `orrery-test:kill:${Date.now()}:`, { SPAWN_RATE_PER_MINUTE: '1000000' });
  });

  after(async () => {
    for (const service of processes) if (service.child.exitCode === null) service.child.kill('SIGKILL');
    await database?.drop();
  });

  test('acknowledged spawns survive; retries replay or run once; balance = sum(ledger)', async () => {
    const first = await startServiceProcess(env);
    processes.push(first);
    const signup = await fetch(`${first.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('kill'), password: PASSWORD }),
    });
    assert.equal(signup.status, 201);
    const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const created = await fetch(`${first.url}/api/v1/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ scopes: ['write'], essencePerCall: 1 }),
    });
    const { key } = (await created.json()) as { key: string };

    const CALLS = 80;
    const spawn = (url: string, i: number) =>
      fetch(`${url}/api/v1/world/spawn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key, 'idempotency-key': `delivery-${i}` },
        body: JSON.stringify({ title: `Delivery ${i}`, moodTarget: 'calm', durationHours: 1 }),
      });

    // Fire every spawn at once; kill the process as soon as a quarter have been acknowledged.
    const acknowledged = new Map<number, string>();
    const exited = once(first.child, 'exit');
    await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        spawn(first.url, i)
          .then(async (response) => {
            if (response.status !== 201) return;
            acknowledged.set(i, await response.text());
            if (acknowledged.size === CALLS / 4) first.child.kill('SIGKILL');
          })
          .catch(() => {}),
      ),
    );
    if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
    await exited;
    assert.ok(acknowledged.size >= CALLS / 4);

    const second = await startServiceProcess(env);
    processes.push(second);
    for (let i = 0; i < CALLS; i++) {
      const response = await spawn(second.url, i);
      assert.equal(response.status, 201, `delivery ${i}: ${response.status}`);
      const earlier = acknowledged.get(i);
      if (earlier !== undefined) {
        assert.equal(response.headers.get('idempotent-replayed'), 'true', `delivery ${i} ran again`);
        assert.equal(await response.text(), earlier);
      }
    }

    const objects = (await (await fetch(`${second.url}/api/cosmos/objects?limit=100`)).json()) as {
      objects: { title: string }[];
    };
    const titles = objects.objects.map((o) => o.title).sort();
    assert.deepEqual(titles, Array.from({ length: CALLS }, (_, i) => `Delivery ${i}`).sort());

    const essence = (await (
      await fetch(`${second.url}/api/essence?limit=100`, { headers: { cookie } })
    ).json()) as {
      balance: number;
      ledger: { amount: number; route: string }[];
    };
    assert.equal(essence.ledger.filter((e) => e.route === 'POST /api/v1/world/spawn').length, CALLS);
    assert.equal(essence.balance, 1000 - CALLS);
    assert.equal(
      essence.ledger.reduce((sum, e) => sum + e.amount, 0),
      essence.balance,
    );
    await second.stop();
  });
});
