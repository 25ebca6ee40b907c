import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { hashKey } from '../../src/domains/keys/format.ts';
import { newId } from '../../src/lib/ids.ts';
import {
  type Account,
  createKey,
  createTestDatabase,
  ON_POSTGRES,
  PASSWORD,
  signup,
  startTestApp,
  TEST_REDIS_URL,
  type TestApp,
  type TestDatabase,
} from '../helpers/app.ts';
import { expectInvalidField, expectProblem, withCookie } from '../helpers/http.ts';

/** Every table of the test database, with every row as JSON text. */
async function everyRow(t: TestApp): Promise<Map<string, string[]>> {
  const db = t.deps.storage.db;
  const tables = ON_POSTGRES
    ? (
        await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      ).rows
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
  const result = new Map<string, string[]>();
  for (const { name } of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    result.set(
      name,
      rows.map((row) =>
        JSON.stringify(row, (_key, value) =>
          value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value,
        ),
      ),
    );
  }
  return result;
}

describe('take it with you, or erase it', () => {
  let database: TestDatabase;
  let t: TestApp;
  let other: TestApp;
  before(async () => {
    database = await createTestDatabase();
    const redisPrefix = `orrery-test:erase:${Date.now()}:`;
    t = await startTestApp({
      database,
      redisPrefix,
      env: { EXPORTS_PER_HOUR: '3', WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
    other = await startTestApp({
      database,
      redisPrefix,
      env: { EXPORTS_PER_HOUR: '3', WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
  });
  after(async () => {
    await t?.close();
    await other?.close();
    await database?.drop();
  });

  const checkIn = async (who: Account, payload: Record<string, unknown>) => {
    const response = await withCookie(t.app, who.cookie, 'POST', '/api/trajectory/checkins', payload);
    assert.equal(response.statusCode, 201, response.body);
    return response.json<{ checkin: { id: string } }>().checkin;
  };
  const remember = async (key: string, content: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/memory',
      headers: { 'x-api-key': key },
      payload: { content, tags: ['mine'] },
    });
    assert.equal(response.statusCode, 201, response.body);
  };
  const balance = (app: TestApp, key: string) =>
    app.app
      .inject({ method: 'GET', url: '/api/v1/essence', headers: { 'x-api-key': key } })
      .then((r) => r.statusCode);

  test('the export is one JSON attachment with the whole record and no secret', async () => {
    const me = await signup(t.app);
    const first = await createKey(t.app, me, { scopes: ['read', 'write'], name: 'diary app' });
    const second = await createKey(t.app, me, { scopes: ['write'] });
    await checkIn(me, { moodId: 'serene', note: 'a "quiet", slow\nmorning', associations: ['self-care'] });
    await checkIn(me, { moodId: 'anxious', kind: 'daily', associations: ['work', 'money'] });
    await remember(first.key, 'from the first key');
    await remember(second.key, 'from the second key');
    const hook = await withCookie(t.app, me.cookie, 'POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/diary',
      events: ['essence.low'],
    });
    assert.equal(hook.statusCode, 201, hook.body);
    const hookSecret = hook.json().secret as string;

    const response = await withCookie(t.app, me.cookie, 'GET', '/api/account/export');
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    assert.match(
      String(response.headers['content-disposition']),
      /^attachment; filename="orrery-export-.*\.json"$/,
    );
    const body = response.json();
    assert.deepEqual(Object.keys(body), [
      'exportedAt',
      'user',
      'checkins',
      'memories',
      'keys',
      'ledger',
      'webhooks',
    ]);
    assert.deepEqual(
      body.webhooks.map((w: { url: string; events: string[] }) => [w.url, w.events]),
      [['http://127.0.0.1:9/diary', ['essence.low']]],
    );
    assert.ok(!response.body.includes(hookSecret), 'a webhook secret in the export');
    assert.equal(body.user.id, me.user.id);
    assert.equal(body.user.email, me.user.email);
    assert.deepEqual(
      body.checkins.map(
        (c: { moodId: string; note: string | null; associations: string[]; kind: string }) => [
          c.moodId,
          c.note,
          c.associations,
          c.kind,
        ],
      ),
      [
        ['serene', 'a "quiet", slow\nmorning', ['self-care'], 'momentary'],
        ['anxious', null, ['work', 'money'], 'daily'],
      ],
    );
    assert.deepEqual(
      body.memories.map((m: { content: string; keyId: string }) => [m.content, m.keyId]).sort(),
      [
        ['from the first key', first.id],
        ['from the second key', second.id],
      ],
    );
    assert.deepEqual(body.keys.map((k: { id: string }) => k.id).sort(), [first.id, second.id].sort());
    assert.equal(body.ledger.length, 3); // the welcome grant and two memory writes
    for (const raw of [first.key, second.key]) {
      assert.ok(!response.body.includes(raw), 'a raw key in the export');
      assert.ok(!response.body.includes(hashKey(raw)), 'a key hash in the export');
    }
    assert.doesNotMatch(response.body, /password|key_hash|keyHash|secret/i);
  });

  test('the CSV export has a header and one properly quoted row per check-in', async () => {
    const me = await signup(t.app);
    await checkIn(me, {
      moodId: 'serene',
      note: 'a "quiet", slow\nmorning',
      associations: ['self-care', 'work'],
    });
    await checkIn(me, { moodId: 'happy', note: '=1+1' });
    const response = await withCookie(t.app, me.cookie, 'GET', '/api/account/export?format=csv');
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/csv/);
    assert.match(String(response.headers['content-disposition']), /^attachment; filename=".*\.csv"$/);
    const lines = response.body.split('\r\n');
    assert.equal(
      lines[0],
      'id,at,createdAt,moodId,family,valence,arousal,dominance,intensity,kind,associations,note',
    );
    assert.match(response.body, /,momentary,self-care;work,"a ""quiet"", slow\nmorning"\r\n/);
    // A formula is neutralised, so opening one's own export in a spreadsheet runs nothing.
    assert.match(response.body, /,momentary,,'=1\+1\r\n$/);
    expectInvalidField(
      await withCookie(t.app, me.cookie, 'GET', '/api/account/export?format=xml'),
      '/query/format',
    );
  });

  test('the export pages through a long record', async () => {
    const me = await signup(t.app);
    const base = Date.now() - 10 * 86_400_000;
    const rows = Array.from({ length: 2_345 }, (_, i) => ({
      id: newId('chk', base + i),
      user_id: me.user.id,
      mood_id: 'calm',
      family: 'calm',
      valence: 0.5,
      arousal: -0.5,
      dominance: 0.2,
      intensity: 0.5,
      note: `n${i}`,
      at: base + i * 1000,
      created_at: base + i * 1000,
      kind: 'momentary',
      associations: '[]',
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.deps.storage.db
        .insertInto('checkins')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const json = (await withCookie(t.app, me.cookie, 'GET', '/api/account/export')).json();
    assert.equal(json.checkins.length, 2_345);
    assert.equal(json.checkins[2_344].note, 'n2344');
    const csv = (await withCookie(t.app, me.cookie, 'GET', '/api/account/export?format=csv')).body;
    assert.equal(csv.trimEnd().split('\r\n').length, 2_346);
  });

  test('downloads are limited per account and hour', async () => {
    const me = await signup(t.app);
    for (let i = 0; i < 3; i += 1) {
      const response = await withCookie(t.app, me.cookie, 'GET', '/api/account/export?format=csv');
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers.ratelimit), new RegExp(`r=${2 - i};`));
    }
    const refused = await withCookie(t.app, me.cookie, 'GET', '/api/account/export');
    expectProblem(refused, 429, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    const someoneElse = await signup(t.app);
    assert.equal((await withCookie(t.app, someoneElse.cookie, 'GET', '/api/account/export')).statusCode, 200);
  });

  test('deletion needs the right password: wrong → 403 and nothing changes', async () => {
    const me = await signup(t.app);
    await checkIn(me, { moodId: 'serene' });
    expectProblem(
      await withCookie(t.app, me.cookie, 'DELETE', '/api/account', { password: 'not my password' }),
      403,
      'forbidden',
    );
    expectInvalidField(await withCookie(t.app, me.cookie, 'DELETE', '/api/account', {}), '/password');
    const still = await withCookie(t.app, me.cookie, 'GET', '/api/auth/me');
    assert.equal(still.statusCode, 200);
    const cross = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: me.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { password: PASSWORD },
    });
    expectProblem(cross, 403, 'csrf_rejected');
    assert.equal((await withCookie(t.app, me.cookie, 'GET', '/api/auth/me')).statusCode, 200);
  });

  test('deletion erases the person everywhere at once; the ledger keeps its amounts; published pulses stay', async () => {
    // Five people felt something yesterday, and yesterday's pulse was published.
    const crowd = await Promise.all(Array.from({ length: 6 }, () => signup(t.app)));
    // Noon of yesterday (UTC), 12 to 36 hours ago whatever the hour: "30 hours ago" was the day
    // before yesterday when the test ran just after midnight.
    const yesterdayNoon = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 12 * 3_600_000);
    for (const who of crowd) await checkIn(who, { moodId: 'serene', at: yesterdayNoon.toISOString() });
    await t.deps.storage.db
      .updateTable('users')
      .set({ created_at: Date.now() - 40 * 3_600_000 })
      .where(
        'id',
        'in',
        crowd.map((c) => c.user.id),
      )
      .execute();
    const me = crowd[0] as Account;
    const published = (
      await t.app.inject({ method: 'GET', url: '/api/trajectory/collective-pulse/history?days=2' })
    ).json();

    const key = await createKey(t.app, me, { scopes: ['*'] });
    await checkIn(me, { moodId: 'furious', note: 'mine alone' });
    await checkIn(me, { moodId: 'joyful', associations: ['friends'] });
    await remember(key.key, `remember ${me.user.email}`);
    // An endpoint with a delivery queued to it (nothing listens there, so it stays queued).
    const hook = await withCookie(t.app, me.cookie, 'POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/orrery',
      events: ['object.spawned'],
    });
    assert.equal(hook.statusCode, 201, hook.body);
    const endpointId = hook.json().endpoint.id as string;
    const spawned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/world/spawn',
      headers: { 'x-api-key': key.key },
      payload: { title: 'A lantern', type: 'event' },
    });
    assert.equal(spawned.statusCode, 201, spawned.body);
    await withCookie(t.app, me.cookie, 'PUT', '/api/essence/alert', { threshold: 10 });
    const ledgerBefore = await t.deps.storage.db
      .selectFrom('ledger')
      .select(['id', 'amount_milli'])
      .where('user_id', '=', me.user.id)
      .orderBy('id')
      .execute();
    assert.ok(ledgerBefore.length >= 3);
    // A second session, and the key cached on both instances.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: PASSWORD },
    });
    const secondCookie = String(login.headers['set-cookie']).split(';')[0] as string;
    assert.equal(await balance(t, key.key), 200);
    assert.equal(await balance(other, key.key), 200);
    const peopleCounted = async () =>
      Number(
        (
          await t.deps.storage.db
            .selectFrom('pulse_latest_hours')
            .select(sql<number>`coalesce(sum(people), 0)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const countedBefore = await peopleCounted();

    const deleted = await withCookie(t.app, me.cookie, 'DELETE', '/api/account', { password: PASSWORD });
    assert.equal(deleted.statusCode, 204, deleted.body);
    assert.match(String(deleted.headers['set-cookie']), /orrery_session=;/);
    const erasedAt = Date.now();

    expectProblem(await withCookie(t.app, me.cookie, 'GET', '/api/auth/me'), 401, 'unauthenticated');
    expectProblem(await withCookie(other.app, secondCookie, 'GET', '/api/auth/me'), 401, 'unauthenticated');
    assert.equal(await balance(t, key.key), 401);
    while ((await balance(other, key.key)) !== 401) {
      assert.ok(Date.now() - erasedAt < 1000, 'the other instance still accepted the key after 1 s');
      await sleep(20);
    }
    // Nothing of the person remains in any table.
    for (const [table, rows] of await everyRow(t)) {
      for (const row of rows) {
        assert.ok(!row.includes(me.user.id), `${table} still holds the user id: ${row}`);
        assert.ok(!row.includes(me.user.email), `${table} still holds the email: ${row}`);
        assert.ok(!row.includes('mine alone'), `${table} still holds a note: ${row}`);
        // Rate-limit windows (`counters`) name the key for at most their window, then expire.
        if (table !== 'counters') assert.ok(!row.includes(key.id), `${table} still holds the key id: ${row}`);
        assert.ok(!row.includes(endpointId), `${table} still holds the webhook endpoint: ${row}`);
      }
    }
    // A check-in that was already past authentication when the account went is refused, not a 500.
    await assert.rejects(t.deps.trajectory.checkIn(me.user.id, { moodId: 'calm' }), {
      code: 'unauthenticated',
    });
    // (Signing in throttles by email, so this comes after the search for traces.)
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: PASSWORD },
    });
    assert.equal(relogin.statusCode, 401);

    // The ledger keeps the entries' amounts without the user link.
    const ledgerAfter = await t.deps.storage.db
      .selectFrom('ledger')
      .select(['id', 'amount_milli', sql<string | null>`user_id`.as('owner')])
      .where(
        'id',
        'in',
        ledgerBefore.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    assert.deepEqual(
      ledgerAfter.map((r) => [r.id, Number(r.amount_milli), r.owner]),
      ledgerBefore.map((r) => [r.id, Number(r.amount_milli), null]),
    );
    // The rollups no longer count them; the object they spawned stays until it expires.
    assert.equal(await peopleCounted(), countedBefore - 1);
    const objectId = spawned.json().objectId;
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/api/cosmos/objects?type=event` })).body.includes(objectId),
      true,
    );
    // What was published stays exactly as it was.
    const again = (
      await t.app.inject({ method: 'GET', url: '/api/trajectory/collective-pulse/history?days=2' })
    ).json();
    assert.deepEqual(again.days, published.days);
    assert.equal(published.days[0].pulse.participants, 5);
  });
});
