import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Type } from 'typebox';
import { partnerRoute } from '../../src/http/partner.ts';
import { Strict } from '../../src/http/schemas.ts';
import { createKey, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectProblem } from '../helpers/http.ts';

/** A pure POST whose handler can be held open, like one waiting on an upstream provider. */
let runs = 0;
let gate: Promise<void> = Promise.resolve();
const slowPureRoute = partnerRoute({
  method: 'POST',
  path: '/api/v1/test/slow-pure',
  scope: 'read',
  cost: 3,
  purpose: 'Test probe: a pure POST that waits before answering.',
  pure: true,
  example: { body: { text: 'hello' } },
  body: Strict({ text: Type.String({ maxLength: 50 }) }),
  response: { 201: Type.Object({ text: Type.String(), run: Type.Integer() }) },
  async handler({ body }) {
    runs += 1;
    await gate;
    return { status: 201, body: { text: body.text, run: runs } };
  },
});

describe('pure partner POSTs with an Idempotency-Key', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ extraPartnerRoutes: [slowPureRoute] });
  });
  after(async () => t.close());

  const call = (key: string, idempotencyKey: string, text = 'hello') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/test/slow-pure',
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
      payload: { text },
    });

  test('the handler runs outside any transaction: other writes proceed while it waits', async () => {
    const owner = await signup(t.app);
    const { key } = await createKey(t.app, owner, { scopes: ['read'] });
    let release = () => {};
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const pending = call(key, 'slow-1');
    // While the handler waits, another account's write must commit (SQLite has one writer).
    const other = await signup(t.app);
    const checkin = await t.app.inject({
      method: 'POST',
      url: '/api/trajectory/checkins',
      headers: { cookie: other.cookie },
      payload: { moodId: 'calm' },
    });
    assert.equal(checkin.statusCode, 201);
    release();
    const response = await pending;
    assert.equal(response.statusCode, 201);
    assert.equal(response.headers['essence-cost'], '3');
    gate = Promise.resolve();
  });

  test('a replay answers byte for byte without running the handler again', async () => {
    const owner = await signup(t.app);
    const { key } = await createKey(t.app, owner, { scopes: ['read'] });
    const first = await call(key, 'replay-1');
    const before = runs;
    const again = await call(key, 'replay-1');
    assert.equal(runs, before);
    assert.equal(again.body, first.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.headers['essence-cost'], '0');
    assert.equal(Number(again.headers['essence-balance']), 997);
    expectProblem(await call(key, 'replay-1', 'another body'), 409, 'idempotency_conflict');
  });

  test('concurrent twins are charged once and answer alike', async () => {
    const owner = await signup(t.app);
    const { key } = await createKey(t.app, owner, { scopes: ['read'] });
    const responses = await Promise.all(Array.from({ length: 6 }, () => call(key, 'twins-1')));
    assert.ok(responses.every((r) => r.statusCode === 201));
    assert.equal(new Set(responses.map((r) => r.body)).size, 1);
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/v1/essence',
      headers: { 'x-api-key': key },
    });
    assert.equal(balance.json().balance, 997);
  });
});
