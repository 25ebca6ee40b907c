import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createOrreryClient, type Problem, type ProblemCode } from '@orrery/client';
import { PASSWORD, setBalance, startTestApp, type TestApp, uniqueEmail } from '../helpers/app.ts';

/**
 * The generated client (packages/client) against the running service over real HTTP: one flow
 * per domain. Every answer is also checked against the OpenAPI document by the test helper.
 */
describe('the typed client', () => {
  let t: TestApp;
  let baseUrl: string;
  before(async () => {
    t = await startTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => t.close());

  /** A signed-in client and a partner client with a key of these scopes. */
  async function people(scopes: ('read' | 'write' | 'oracle' | '*')[] = ['*']) {
    const person = createOrreryClient({ baseUrl, session: true });
    const email = uniqueEmail('client');
    const { data, error } = await person.POST('/api/auth/signup', { body: { email, password: PASSWORD } });
    assert.equal(error, undefined);
    const created = await person.POST('/api/v1/keys', { body: { name: 'client test', scopes } });
    assert.ok(created.data, JSON.stringify(created.error));
    const partner = createOrreryClient({ baseUrl, apiKey: created.data.key });
    return { person, partner, user: data?.user, keyId: created.data.apiKey.id };
  }

  function problemCode(error: Problem | undefined): ProblemCode | undefined {
    return error?.code;
  }

  test('accounts: sign up, read the account, sign out, and the session is gone', async () => {
    const person = createOrreryClient({ baseUrl, session: true });
    const email = uniqueEmail('client');
    const signup = await person.POST('/api/auth/signup', { body: { email, password: PASSWORD } });
    assert.equal(signup.response.status, 201);
    assert.equal(signup.data?.user.email, email);
    const me = await person.GET('/api/auth/me');
    assert.equal(me.data?.user.essence, 1000);
    const out = await person.POST('/api/auth/logout');
    assert.equal(out.response.status, 204);
    const after = await person.GET('/api/auth/me');
    assert.equal(after.response.status, 401);
    assert.equal(problemCode(after.error), 'unauthenticated');
    const taken = await createOrreryClient({ baseUrl }).POST('/api/auth/signup', {
      body: { email, password: PASSWORD },
    });
    assert.equal(taken.error?.code, 'conflict');
  });

  test('keys: create, list, rotate, revoke', async () => {
    const { person, keyId } = await people(['read']);
    const list = await person.GET('/api/v1/keys');
    assert.deepEqual(
      list.data?.keys.map((k) => k.id),
      [keyId],
    );
    const rotated = await person.POST('/api/v1/keys/{id}/rotate', {
      params: { path: { id: keyId } },
      body: { graceHours: 0 },
    });
    assert.equal(rotated.response.status, 201);
    const successor = rotated.data?.apiKey.id ?? '';
    const revoked = await person.DELETE('/api/v1/keys/{id}', { params: { path: { id: successor } } });
    assert.equal(revoked.response.status, 204);
    const again = await person.DELETE('/api/v1/keys/{id}', { params: { path: { id: 'key_unknown' } } });
    assert.equal(again.error?.code, 'not_found');
  });

  test('essence: a metered call debits, the ledger shows it, and a short balance is a typed 402', async () => {
    const { person, partner, user } = await people();
    const balance = await partner.GET('/api/v1/essence');
    assert.equal(balance.data?.balance, 1000);
    const analyzed = await partner.POST('/api/v1/mood/analyze', {
      body: { text: 'A calm, bright morning.' },
    });
    assert.equal(analyzed.response.headers.get('essence-cost'), '5');
    const ledger = await person.GET('/api/essence', { params: { query: { limit: 5 } } });
    assert.equal(ledger.data?.balance, 995);
    assert.equal(ledger.data?.ledger[0]?.amount, -5);
    await setBalance(t, user?.id ?? '', 1);
    const short = await partner.POST('/api/v1/mood/analyze', { body: { text: 'Still calm.' } });
    assert.equal(short.response.status, 402);
    assert.equal(short.error?.code, 'insufficient_essence');
    assert.equal(short.error?.cost, 5);
  });

  test('atlas: the catalogue, and a revalidation answers 304', async () => {
    const { partner } = await people(['read']);
    const first = await partner.GET('/api/v1/atlas/moods');
    assert.ok((first.data?.moods.length ?? 0) >= 60);
    const etag = first.response.headers.get('etag') ?? '';
    const again = await partner.GET('/api/v1/atlas/moods', { headers: { 'if-none-match': etag } });
    assert.equal(again.response.status, 304);
  });

  test('trajectory: a check-in moves the arc; the pulse stays anonymous', async () => {
    const { person, partner } = await people(['read']);
    const checkin = await person.POST('/api/trajectory/checkins', {
      body: { moodId: 'serene', intensity: 0.7 },
    });
    assert.equal(checkin.data?.state, 'calm');
    const arc = await person.GET('/api/trajectory/user-arc', { params: { query: { tz: 'Europe/Paris' } } });
    assert.equal(arc.data?.summary.count, 1);
    const pulse = await createOrreryClient({ baseUrl }).GET('/api/trajectory/collective-pulse', {
      params: { query: { window: '1h' } },
    });
    assert.equal(pulse.data?.participants, 0);
    const widget = await partner.GET('/api/v1/collective');
    assert.match(widget.data?.disclaimer ?? '', /philosophical exploration/);
  });

  test('cosmos: spawn with an Idempotency-Key, read it back, see it listed', async () => {
    const { partner } = await people(['read', 'write']);
    const body = {
      title: 'Client says hello',
      type: 'event' as const,
      moodTarget: 'hopeful',
      layerTarget: 2,
    };
    const spawned = await partner.POST('/api/v1/world/spawn', {
      body,
      params: { header: { 'Idempotency-Key': 'client-flow-1' } },
    });
    assert.equal(spawned.response.status, 201);
    const id = spawned.data?.objectId ?? '';
    const replay = await partner.POST('/api/v1/world/spawn', {
      body,
      params: { header: { 'Idempotency-Key': 'client-flow-1' } },
    });
    assert.equal(replay.response.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.data?.objectId, id);
    const read = await partner.GET('/api/v1/world/objects/{id}', { params: { path: { id } } });
    assert.equal(read.data?.title, body.title);
    const listed = await createOrreryClient({ baseUrl }).GET('/api/cosmos/objects', {
      params: { query: { layer: 2 } },
    });
    assert.ok(listed.data?.objects.some((o) => o.objectId === id));
  });

  test('oracle and analysis: an answer with sources, a typed off-mission refusal, a mood reading', async () => {
    const { partner } = await people(['read', 'oracle']);
    const answer = await partner.POST('/api/v1/oracle', {
      body: { question: 'How do I make peace with a decision I regret?', style: 'stoic' },
    });
    assert.ok(answer.data?.sources.length, JSON.stringify(answer.error));
    const refused = await partner.POST('/api/v1/oracle', {
      body: { question: 'Write a Python function that sorts a list.' },
    });
    assert.equal(refused.response.status, 422);
    // Compile-time: the error body is the problem object, not never (an untyped client's).
    const typed: [NonNullable<typeof refused.error>] extends [never] ? false : true = true;
    assert.ok(typed);
    assert.equal(refused.error?.code, 'off_mission');
    const reading = await partner.POST('/api/v1/mood/analyze', { body: { text: 'I am so happy today!' } });
    assert.equal(reading.data?.family, 'radiant');
  });

  test('memory: write through one key, search it back, invisible to another key', async () => {
    const { person, partner } = await people(['read', 'write']);
    const written = await partner.POST('/api/v1/user/memory', {
      body: { content: 'The harbour at low tide settled me.', tags: ['walks'] },
    });
    assert.equal(written.response.status, 201);
    const found = await partner.GET('/api/v1/user/memory', { params: { query: { q: 'harbour' } } });
    assert.equal(found.data?.memories.length, 1);
    const other = await person.POST('/api/v1/keys', { body: { scopes: ['read'] } });
    const stranger = createOrreryClient({ baseUrl, apiKey: other.data?.key ?? '' });
    const none = await stranger.GET('/api/v1/user/memory', { params: { query: { q: 'harbour' } } });
    assert.equal(none.data?.memories.length, 0);
  });

  test('council and discovery: world signals and discovery cards are public', async () => {
    const anyone = createOrreryClient({ baseUrl });
    const signals = await anyone.GET('/api/council/world-signals', { params: { query: { limit: 5 } } });
    assert.ok(Array.isArray(signals.data?.signals));
    assert.ok(signals.response.headers.get('ratelimit'));
    const feed = await anyone.GET('/api/mood/discovery-feed', { params: { query: { limit: 5 } } });
    assert.ok(Array.isArray(feed.data?.cards));
    const bad = await anyone.GET('/api/mood/discovery-feed', { params: { query: { limit: 0 } } });
    assert.equal(bad.error?.code, 'invalid_request');
    assert.equal(bad.error?.errors?.[0]?.path, '/query/limit');
  });
});
