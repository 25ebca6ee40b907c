import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  createTestDatabase,
  PASSWORD,
  PATIENT_DATABASE,
  type TestDatabase,
  testEnv,
  uniqueEmail,
} from '../helpers/app.ts';
import { type ServiceProcess, startServiceProcess } from '../helpers/processes.ts';

/**
 * Two service processes share one database: the guarded debit must hold across processes, not
 * just across requests of one process.
 */
describe('two service processes sharing one database', () => {
  let database: TestDatabase;
  let one: ServiceProcess;
  let two: ServiceProcess;

  before(async () => {
    database = await createTestDatabase();
    const env = testEnv(database.url, `orrery-test:two:${Date.now()}:`, PATIENT_DATABASE);
    // Migrations run in the first process before the second starts, as in a rolling deploy.
    one = await startServiceProcess(env);
    two = await startServiceProcess(env);
  });

  after(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await database?.drop();
  });

  test('40 concurrent calls costing 100 against 1,000 across two processes: exactly 10 succeed', async () => {
    const signup = await fetch(`${one.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('two'), password: PASSWORD }),
    });
    assert.equal(signup.status, 201);
    const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const created = await fetch(`${two.url}/api/v1/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ essencePerCall: 100 }),
    });
    assert.equal(created.status, 201);
    const { key } = (await created.json()) as { key: string };

    const calls = Array.from({ length: 40 }, (_, i) =>
      fetch(`${(i % 2 === 0 ? one : two).url}/api/v1/test/probe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ echo: `call ${i}` }),
      }).then((r) => r.status),
    );
    const statuses = await Promise.all(calls);
    assert.equal(statuses.filter((s) => s === 201).length, 10, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 402).length, 30);

    const essence = await fetch(`${one.url}/api/essence?limit=100`, { headers: { cookie } });
    const body = (await essence.json()) as { balance: number; ledger: { amount: number }[] };
    assert.equal(body.balance, 0);
    assert.equal(
      body.ledger.reduce((sum, e) => sum + e.amount, 0),
      0,
    );
    assert.equal(body.ledger.length, 11);
  });
});
