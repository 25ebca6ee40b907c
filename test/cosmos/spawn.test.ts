import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { findMood } from '../../src/domains/atlas/catalogue.ts';
import { cellAt, parsePosition, positionLabel } from '../../src/domains/cosmos/placement.ts';
import {
  type Account,
  createKey,
  ON_POSTGRES,
  setBalance,
  signup,
  startTestApp,
  type TestApp,
} from '../helpers/app.ts';
import { eventually, expectInvalidField, expectProblem } from '../helpers/http.ts';

const LABEL = /^L[0-6]:(radiant|calm|stormy|heavy|still):\d+-\d{3,}$/;
const HOUR = 3_600_000;

describe(`cosmos spawn (${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(async () => t.close());

  async function writer(scopes: string[] = ['write']): Promise<{ account: Account; key: string }> {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes });
    return { account, key };
  }

  function spawn(key: string, payload: unknown, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/world/spawn',
      headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  }

  async function objectsOf(userId: string): Promise<number> {
    const row = await t.deps.storage.db
      .selectFrom('cosmos_objects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  test('201 with exactly the contract fields, a Location, and 20 Essence charged', async () => {
    const { account, key } = await writer();
    const before = Date.now();
    const response = await spawn(key, {
      type: 'billboard',
      title: 'Build 1432 passed',
      description: 'main is green',
      moodTarget: 'serene',
      layerTarget: 3,
      durationHours: 2,
    });
    assert.equal(response.statusCode, 201, response.body);
    const body = response.json();
    assert.deepEqual(Object.keys(body).sort(), [
      'expiresAt',
      'layerTarget',
      'moodTarget',
      'objectId',
      'ok',
      'position',
      'title',
      'type',
    ]);
    assert.equal(body.ok, true);
    assert.match(body.objectId, /^obj_[0-9a-z]{26}$/);
    assert.equal(body.type, 'billboard');
    assert.equal(body.title, 'Build 1432 passed');
    assert.equal(body.moodTarget, 'serene');
    assert.equal(body.layerTarget, 3);
    assert.match(body.position, /^L3:calm:\d+-\d{3}$/);
    const expires = Date.parse(body.expiresAt);
    assert.ok(expires >= before + 2 * HOUR && expires <= Date.now() + 2 * HOUR);
    assert.equal(response.headers.location, `/api/v1/world/objects/${body.objectId}`);
    assert.equal(response.headers['essence-cost'], '20');
    assert.equal(response.headers['essence-balance'], '980');
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), 980_000);
    assert.equal(await objectsOf(account.user.id), 1);
  });

  test('defaults: notification, neutral (family still), layer 0, one hour; title trimmed', async () => {
    const { key } = await writer();
    const before = Date.now();
    const response = await spawn(key, { title: '   Hello cosmos  ' });
    assert.equal(response.statusCode, 201, response.body);
    const body = response.json();
    assert.equal(body.type, 'notification');
    assert.equal(body.title, 'Hello cosmos');
    assert.equal(body.moodTarget, 'neutral');
    assert.equal(body.layerTarget, 0);
    assert.match(body.position, /^L0:still:/);
    const expires = Date.parse(body.expiresAt);
    assert.ok(expires >= before + HOUR && expires <= Date.now() + HOUR);
  });

  test('default lifetimes per type; a content_node is persistent unless given a duration', async () => {
    const { key } = await writer();
    const cases: [string, number | null][] = [
      ['notification', 1],
      ['event', 24],
      ['billboard', 72],
      ['content_node', null],
    ];
    for (const [type, hours] of cases) {
      const before = Date.now();
      const response = await spawn(key, { type, title: type });
      assert.equal(response.statusCode, 201, response.body);
      const { expiresAt } = response.json();
      if (hours === null) assert.equal(expiresAt, null);
      else {
        const expires = Date.parse(expiresAt);
        assert.ok(expires >= before + hours * HOUR && expires <= Date.now() + hours * HOUR, type);
      }
    }
    const node = await spawn(key, { type: 'content_node', title: 'node', durationHours: 0.5 });
    assert.equal(node.statusCode, 201);
    assert.ok(Date.parse(node.json().expiresAt) <= Date.now() + HOUR / 2);
  });

  test('a key with * spawns; a read-only key gets 403', async () => {
    const star = await writer(['*']);
    assert.equal((await spawn(star.key, { title: 'star' })).statusCode, 201);
    const reader = await writer(['read']);
    expectProblem(await spawn(reader.key, { title: 'nope' }), 403, 'insufficient_scope');
  });

  test('every invalid field → 400 naming it, and nothing is charged or created', async () => {
    const { account, key } = await writer();
    const cases: [unknown, string][] = [
      [{}, '/title'],
      [{ title: '' }, '/title'],
      [{ title: '   \t\n ' }, '/title'],
      [{ title: 'x'.repeat(121) }, '/title'],
      [{ title: `  ${'x'.repeat(121)}  ` }, '/title'],
      [{ title: 42 }, '/title'],
      [{ title: null }, '/title'],
      [{ title: 'ok', type: 'comet' }, '/type'],
      [{ title: 'ok', type: 3 }, '/type'],
      [{ title: 'ok', description: 'd'.repeat(2001) }, '/description'],
      [{ title: 'ok', description: 7 }, '/description'],
      [{ title: 'ok', moodTarget: 'ecstatic-ish' }, '/moodTarget'],
      [{ title: 'ok', moodTarget: 'Serene' }, '/moodTarget'],
      [{ title: 'ok', moodTarget: 5 }, '/moodTarget'],
      [{ title: 'ok', layerTarget: '3' }, '/layerTarget'],
      [{ title: 'ok', layerTarget: 2.5 }, '/layerTarget'],
      [{ title: 'ok', layerTarget: 7 }, '/layerTarget'],
      [{ title: 'ok', layerTarget: -1 }, '/layerTarget'],
      [{ title: 'ok', layerTarget: null }, '/layerTarget'],
      [{ title: 'ok', durationHours: 0 }, '/durationHours'],
      [{ title: 'ok', durationHours: -1 }, '/durationHours'],
      [{ title: 'ok', durationHours: 720.5 }, '/durationHours'],
      [{ title: 'ok', durationHours: '24' }, '/durationHours'],
      [{ title: 'ok', durationHours: null }, '/durationHours'],
      [{ title: 'ok', color: 'red' }, '/color'],
      [{ title: 'ok', objectId: 'obj_01jd0000000000000000000000' }, '/objectId'],
    ];
    for (const [payload, path] of cases) {
      const response = await spawn(key, payload);
      expectInvalidField(response, path);
      // Refused by the schema (no header) or by the service once the key was known ('0').
      assert.ok(
        ['0', undefined].includes(response.headers['essence-cost'] as string | undefined),
        JSON.stringify(payload),
      );
    }
    expectProblem(await spawn(key, '[1,2]'), 400, 'invalid_request');
    expectProblem(await spawn(key, '{"title": "x",'), 400, 'invalid_request');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/world/spawn',
      headers: { 'x-api-key': key, 'content-type': 'text/plain' },
      payload: 'title=x',
    });
    expectProblem(wrongType, 415, 'unsupported_media_type');
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), 1_000_000);
    assert.equal(await objectsOf(account.user.id), 0);
  });

  test('limits are inclusive: 120-character title, 2,000-character description, 720 hours, layer 6', async () => {
    const { key } = await writer();
    const response = await spawn(key, {
      title: `  ${'é'.repeat(120)}  `,
      description: 'd'.repeat(2000),
      durationHours: 720,
      layerTarget: 6,
      moodTarget: 'worried',
    });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().title, 'é'.repeat(120));
    assert.match(response.json().position, /^L6:stormy:/);
  });

  test('402 when the balance is short: nothing created', async () => {
    const { account, key } = await writer();
    await setBalance(t, account.user.id, 19);
    const response = await spawn(key, { title: 'too poor' });
    const problem = expectProblem(response, 402, 'insufficient_essence');
    assert.equal(problem.cost, 20);
    assert.equal(await objectsOf(account.user.id), 0);
  });

  test('essencePerCall on the key replaces the default cost', async () => {
    const account = await signup(t.app);
    const { key } = await createKey(t.app, account, { scopes: ['write'], essencePerCall: 2.5 });
    const response = await spawn(key, { title: 'cheap' });
    assert.equal(response.statusCode, 201);
    assert.equal(response.headers['essence-cost'], '2.5');
  });

  test('Idempotency-Key: a retry replays the first response and never creates a second object', async () => {
    const { account, key } = await writer();
    const payload = { type: 'event', title: 'Deploy', moodTarget: 'hopeful' };
    const first = await spawn(key, payload, { 'idempotency-key': 'run-1001' });
    assert.equal(first.statusCode, 201);
    const second = await spawn(key, payload, { 'idempotency-key': 'run-1001' });
    assert.equal(second.statusCode, 201);
    assert.equal(second.body, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(second.headers['essence-cost'], '0');
    assert.equal(second.headers.location, first.headers.location);
    assert.equal(await objectsOf(account.user.id), 1);
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), 980_000);

    const other = await spawn(key, { ...payload, title: 'Another' }, { 'idempotency-key': 'run-1001' });
    expectProblem(other, 409, 'idempotency_conflict');
    assert.equal(await objectsOf(account.user.id), 1);
  });

  test('Idempotency-Key: concurrent retries with one key create exactly one object', async () => {
    const { account, key } = await writer();
    const payload = { title: 'CI run 77', moodTarget: 'proud' };
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => spawn(key, payload, { 'idempotency-key': 'gh-run-77' })),
    );
    for (const response of responses) assert.equal(response.statusCode, 201, response.body);
    const ids = new Set(responses.map((r) => r.json().objectId));
    assert.equal(ids.size, 1);
    assert.equal(responses.filter((r) => r.headers['idempotent-replayed'] === 'true').length, 11);
    assert.equal(await objectsOf(account.user.id), 1);
    assert.equal(await t.deps.essence.balanceMilli(account.user.id), 980_000);
    const events = await t.deps.storage.db
      .selectFrom('cosmos_events')
      .select('id')
      .where('object_id', 'in', [...ids])
      .execute();
    assert.equal(events.length, 1);
  });

  test('the first spawns of a mood take its nearest positions, in order', async () => {
    const { key } = await writer();
    const positions: string[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await spawn(key, { title: `near ${i}`, moodTarget: 'melancholic', layerTarget: 5 });
      positions.push(response.json().position);
    }
    assert.deepEqual(
      positions,
      Array.from({ length: 10 }, (_, i) => positionLabel(5, 'heavy', cellAt(i))),
    );
    // Another mood of the same family shares the numbering: it continues where the family is.
    const next = await spawn(key, { title: 'sad too', moodTarget: 'sad', layerTarget: 5 });
    assert.equal(next.json().position, positionLabel(5, 'heavy', cellAt(10)));
  });

  test('reads: the partner route and the public list show the object with coordinates', async () => {
    const { key } = await writer(['read', 'write']);
    const created = (
      await spawn(key, { title: 'Readable', moodTarget: 'joyful', layerTarget: 2, description: 'd' })
    ).json();
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/world/objects/${created.objectId}`,
      headers: { 'x-api-key': key },
    });
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(read.headers['essence-cost'], '0');
    const object = read.json();
    assert.deepEqual(Object.keys(object).sort(), [
      'coordinates',
      'createdAt',
      'description',
      'expiresAt',
      'layerTarget',
      'moodTarget',
      'objectId',
      'position',
      'title',
      'type',
    ]);
    assert.equal(object.objectId, created.objectId);
    assert.equal(object.position, created.position);
    assert.equal(object.expiresAt, created.expiresAt);
    assert.equal(object.description, 'd');
    const { x, y, z } = object.coordinates;
    const radius = Math.hypot(x, y, z);
    assert.ok(radius > 4.5 && radius < 5.5, `layer 2 shell radius, got ${radius}`);
    // joyful is radiant: pleasant (+x) and energised (+z)
    assert.ok(x > 0 && z > 0);
    assert.ok(findMood('joyful'));

    const list = await t.app.inject({ method: 'GET', url: '/api/cosmos/objects?layer=2&type=notification' });
    assert.equal(list.statusCode, 200);
    assert.equal(list.headers['access-control-allow-origin'], '*');
    const listed = list.json().objects.find((o: { objectId: string }) => o.objectId === created.objectId);
    assert.deepEqual(listed, object);
  });

  test('reads: unknown, malformed and expired ids → 404', async () => {
    const { key } = await writer(['read', 'write']);
    for (const id of ['obj_01jd0000000000000000000000', 'nope', 'key_01jd0000000000000000000000']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/world/objects/${id}`,
        headers: { 'x-api-key': key },
      });
      expectProblem(response, 404, 'not_found');
    }
    const created = (await spawn(key, { title: 'Blink', durationHours: 0.0003 })).json();
    const url = `/api/v1/world/objects/${created.objectId}`;
    assert.equal((await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } })).statusCode, 200);
    await eventually(async () => {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
      return response.statusCode === 404 ? true : undefined;
    }, 3000);
    const list = await t.app.inject({ method: 'GET', url: '/api/cosmos/objects?limit=100' });
    assert.ok(!list.json().objects.some((o: { objectId: string }) => o.objectId === created.objectId));
  });

  test('public list: filters, newest first, paging with a cursor, strict query', async () => {
    const { key } = await writer();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await spawn(key, { type: 'event', title: `page ${i}`, layerTarget: 4, moodTarget: 'calm' })).json()
          .objectId,
      );
    }
    await spawn(key, { type: 'billboard', title: 'other type', layerTarget: 4 });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/cosmos/objects?layer=4&type=event&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const response: LightMyRequestResponse = await t.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, response.body);
      const page = response.json();
      assert.ok(page.objects.length <= 2);
      for (const o of page.objects) {
        assert.equal(o.layerTarget, 4);
        assert.equal(o.type, 'event');
        seen.push(o.objectId);
      }
      cursor = page.nextCursor;
    } while (cursor !== null);
    assert.deepEqual(seen, [...ids].reverse());

    expectInvalidField(
      await t.app.inject({ method: 'GET', url: '/api/cosmos/objects?layer=7' }),
      '/query/layer',
    );
    expectInvalidField(
      await t.app.inject({ method: 'GET', url: '/api/cosmos/objects?type=comet' }),
      '/query/type',
    );
    expectInvalidField(
      await t.app.inject({ method: 'GET', url: '/api/cosmos/objects?limit=0' }),
      '/query/limit',
    );
    expectInvalidField(
      await t.app.inject({ method: 'GET', url: '/api/cosmos/objects?cursor=zzz' }),
      '/query/cursor',
    );
    expectInvalidField(
      await t.app.inject({ method: 'GET', url: '/api/cosmos/objects?color=red' }),
      '/query/color',
    );
  });

  test('the cosmos service: activeCounts and listLive for other domains', async () => {
    const before = await t.deps.cosmos.activeCounts();
    const { key } = await writer();
    await spawn(key, { type: 'billboard', title: 'b' });
    await spawn(key, { type: 'content_node', title: 'c' });
    await spawn(key, { type: 'content_node', title: 'c2' });
    await spawn(key, { type: 'notification', title: 'gone soon', durationHours: 0.0003 });
    const after = await t.deps.cosmos.activeCounts();
    assert.equal(after.billboard, before.billboard + 1);
    assert.equal(after.content_node, before.content_node + 2);
    assert.equal(after.event, before.event);
    await eventually(async () => {
      const counts = await t.deps.cosmos.activeCounts();
      return counts.notification === before.notification ? true : undefined;
    }, 3000);

    const page = await t.deps.cosmos.listLive({ type: 'content_node', limit: 1 });
    assert.equal(page.objects.length, 1);
    assert.equal(page.objects[0]?.type, 'content_node');
    assert.notEqual(page.nextCursor, null);
    const rest = await t.deps.cosmos.listLive({
      type: 'content_node',
      limit: 100,
      cursor: page.nextCursor ?? undefined,
    });
    assert.ok(rest.objects.every((o) => o.objectId < (page.objects[0]?.objectId ?? '')));
  });

  test('positions are labels of the contract form, and parse back', async () => {
    const { key } = await writer();
    const response = await spawn(key, { title: 'label', moodTarget: 'anxious', layerTarget: 1 });
    const { position } = response.json();
    assert.match(position, LABEL);
    const parsed = parsePosition(position);
    assert.equal(parsed?.layer, 1);
    assert.equal(parsed?.family, findMood('anxious')?.family);
  });
});
