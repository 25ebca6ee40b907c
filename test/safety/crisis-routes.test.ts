import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import pino from 'pino';
import { REDACTED_PATHS } from '../../src/deps.ts';
import { DEFAULT_CRISIS_RESOURCES } from '../../src/domains/safety/resources.ts';
import { type Account, createKey, setBalance, signup, startTestApp, type TestApp } from '../helpers/app.ts';

const CRISIS_QUESTION = 'i cant do this anymore. everyone would be better off without me';
const SLANG_QUESTION = 'ngl i wanna kms tonight';
const THREAT_QUESTION = "I'm going to kill him when he gets home, I mean it";
const SUICIDE_PASSAGE_BAIT =
  'What did Seneca say about the door being open? I want to take my own life with dignity like the Stoics.';

/** Every line the service logs, kept in memory (pino JSON lines). */
class LogSink extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

describe('a person in crisis comes first (oracle and analysis)', () => {
  let t: TestApp;
  let account: Account;
  let oracleKey: string;
  let readKey: string;
  const sink = new LogSink();

  before(async () => {
    // The most talkative level: not even at trace may a crisis text reach a log line.
    t = await startTestApp({
      log: pino({ level: 'trace', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink),
      env: { LOG_LEVEL: 'trace' },
    });
    account = await signup(t.app);
    oracleKey = (await createKey(t.app, account, { scopes: ['oracle'] })).key;
    readKey = (await createKey(t.app, account, { scopes: ['read'] })).key;
  });
  after(async () => t.close());

  function ask(body: Record<string, unknown>, headers: Record<string, string> = {}, key = oracleKey) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/oracle',
      headers: { authorization: `Bearer ${key}`, ...headers },
      payload: body,
    });
  }

  function analyze(text: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/mood/analyze',
      headers: { authorization: `Bearer ${readKey}` },
      payload: { text },
    });
  }

  async function balance(): Promise<number> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/essence',
      headers: { authorization: `Bearer ${oracleKey}` },
    });
    return response.json().balance;
  }

  async function ledgerLength(): Promise<number> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/essence?limit=100',
      headers: { cookie: account.cookie },
    });
    return response.json().ledger.length;
  }

  test('a crisis question gets the safety answer: shape, resources, no quotation, free', async () => {
    const before = await balance();
    const ledgerBefore = await ledgerLength();
    const response = await ask({ question: CRISIS_QUESTION, style: 'stoic' });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.deepEqual(Object.keys(body).sort(), [
      'answer',
      'disclaimer',
      'moodReading',
      'provider',
      'safety',
      'sources',
      'themes',
    ]);
    assert.equal(body.provider, 'safety');
    assert.deepEqual(body.themes, []);
    assert.deepEqual(body.sources, []);
    assert.equal(body.safety.flag, 'self_harm');
    assert.deepEqual(body.safety.resources, DEFAULT_CRISIS_RESOURCES);
    assert.ok(body.safety.resources.some((r: { url: string }) => r.url.includes('findahelpline.com')));
    assert.match(body.answer, /emergency number/);
    assert.match(body.answer, /person/);
    assert.match(body.disclaimer, /philosophical exploration/);
    assert.equal(typeof body.moodReading.moodId, 'string');
    // Never quoted back: the answer does not echo the question.
    assert.ok(!body.answer.toLowerCase().includes('better off without me'));
    assert.equal(response.headers['essence-cost'], '0');
    assert.equal(Number(response.headers['essence-balance']), before);
    assert.equal(await balance(), before);
    assert.equal(await ledgerLength(), ledgerBefore, 'no ledger entry for a crisis answer');
  });

  test('slang the gate would refuse, and a threat to someone else, are answered, never refused', async () => {
    const slang = await ask({ question: SLANG_QUESTION });
    assert.equal(slang.statusCode, 200, slang.body);
    assert.equal(slang.json().provider, 'safety');
    assert.equal(slang.json().safety.flag, 'self_harm');
    const threat = await ask({ question: THREAT_QUESTION });
    assert.equal(threat.statusCode, 200, threat.body);
    assert.equal(threat.json().safety.flag, 'harm_to_others');
    assert.deepEqual(threat.json().sources, []);
    assert.equal(threat.headers['essence-cost'], '0');
  });

  test('a question asking for a passage on taking one’s life gets resources, not Seneca', async () => {
    const response = await ask({ question: SUICIDE_PASSAGE_BAIT, style: 'stoic' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().provider, 'safety');
    assert.deepEqual(response.json().sources, []);
  });

  test('an unknown moodId does not stand between a person in crisis and the answer', async () => {
    const response = await ask({ question: CRISIS_QUESTION, moodId: 'no-such-mood' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().provider, 'safety');
  });

  test('with an Idempotency-Key nothing is charged, first time or replayed', async () => {
    const before = await balance();
    const headers = { 'idempotency-key': 'crisis-idem-1' };
    const first = await ask({ question: CRISIS_QUESTION }, headers);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers['essence-cost'], '0');
    assert.equal(first.json().provider, 'safety');
    const again = await ask({ question: CRISIS_QUESTION }, headers);
    assert.equal(again.statusCode, 200);
    assert.equal(again.headers['essence-cost'], '0');
    assert.equal(again.body, first.body);
    assert.equal(await balance(), before);
  });

  test('an empty balance does not refuse a person in crisis (with or without an Idempotency-Key)', async () => {
    const poor = await signup(t.app);
    const poorKey = (await createKey(t.app, poor, { scopes: ['oracle'] })).key;
    await setBalance(t, poor.user.id, 0);
    const plain = await ask({ question: CRISIS_QUESTION }, {}, poorKey);
    assert.equal(plain.statusCode, 200, plain.body);
    assert.equal(plain.headers['essence-cost'], '0');
    assert.equal(plain.headers['essence-balance'], '0');
    const keyed = await ask({ question: CRISIS_QUESTION }, { 'idempotency-key': 'poor-1' }, poorKey);
    assert.equal(keyed.statusCode, 200, keyed.body);
    assert.equal(keyed.headers['essence-cost'], '0');
    // An ordinary question from the same empty balance is still refused with 402.
    const ordinary = await ask({ question: 'How do I make peace with a decision I regret?' }, {}, poorKey);
    assert.equal(ordinary.statusCode, 402, ordinary.body);
  });

  test('every other oracle answer carries safety: null, also when death is the subject', async () => {
    for (const question of [
      'How do I make peace with a decision I regret?',
      'What did the Stoics teach about mortality?',
      'My dad died last year. How do I cope with grief?',
      "I'm dead tired and killing time before my exam, how do I find some energy?",
    ]) {
      const response = await ask({ question });
      assert.equal(response.statusCode, 200, `${question}: ${response.body}`);
      const body = response.json();
      assert.equal(body.safety, null, question);
      assert.equal(body.provider, 'builtin', question);
      assert.equal(response.headers['essence-cost'], '15');
    }
  });

  test('analysis answers its reading plus safety, and safety: null otherwise; charged as usual', async () => {
    const crisis = await analyze(`Long day. ${CRISIS_QUESTION}`);
    assert.equal(crisis.statusCode, 200, crisis.body);
    const body = crisis.json();
    assert.equal(body.safety.flag, 'self_harm');
    assert.deepEqual(body.safety.resources, DEFAULT_CRISIS_RESOURCES);
    for (const field of ['moodId', 'family', 'valence', 'arousal', 'dominance', 'confidence', 'emotions']) {
      assert.ok(field in body, field);
    }
    assert.equal(crisis.headers['essence-cost'], '5');
    const threat = await analyze(THREAT_QUESTION);
    assert.equal(threat.json().safety.flag, 'harm_to_others');
    const calm = await analyze('Finally finished the thesis and I feel light, a little giddy even.');
    assert.equal(calm.statusCode, 200);
    assert.equal(calm.json().safety, null);
    const idiom = await analyze('This exam is going to kill me, I am dead tired.');
    assert.equal(idiom.json().safety, null);
  });

  test('logs hold the flag, never a crisis text, a question or an analysed text', async () => {
    // Everything above has run in this app; add one of each so this test stands alone.
    await ask({ question: CRISIS_QUESTION });
    await ask({ question: 'How do I make peace with a decision I regret?' });
    await analyze('Finally finished the thesis and I feel light, a little giddy even.');
    await analyze(THREAT_QUESTION);
    const logged = sink.text.toLowerCase();
    assert.ok(sink.lines.length > 0, 'the sink saw log lines');
    assert.match(sink.text, /"safetyFlag":"self_harm"/);
    assert.match(sink.text, /"safetyFlag":"harm_to_others"/);
    for (const secret of [
      CRISIS_QUESTION,
      'better off without me',
      SLANG_QUESTION,
      'kms',
      'kill him',
      SUICIDE_PASSAGE_BAIT.slice(0, 30),
      'make peace with a decision',
      'giddy',
    ]) {
      // As words: a random id (Crockford base32) may hold the letters of a short secret ("req_…3kms…").
      const asWords = new RegExp(
        `(?<![a-z0-9])${secret.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z0-9])`,
      );
      assert.ok(!asWords.test(logged), `a log line holds "${secret}"`);
    }
  });

  test('the OpenAPI document shows safety on both answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const schemaOf = (path: string) =>
      JSON.stringify(doc.paths[path].post.responses['200'].content['application/json'].schema);
    for (const path of ['/api/v1/oracle', '/api/v1/mood/analyze']) {
      const schema = schemaOf(path);
      assert.match(schema, /"safety"/, path);
      assert.match(schema, /harm_to_others/, path);
    }
  });
});

describe('crisis answers never reach a provider, and resources are configuration', () => {
  let t: TestApp;
  let upstream: Server;
  let upstreamCalls = 0;

  before(async () => {
    upstream = createServer((_req, res) => {
      upstreamCalls++;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    t = await startTestApp({
      env: {
        ORACLE_BASE_URL: `http://127.0.0.1:${port}/v1`,
        ORACLE_MODEL: 'test-model',
        ORACLE_API_KEY: 'test-key',
        CRISIS_RESOURCES: JSON.stringify([
          { name: 'Samaritans', url: 'https://www.samaritans.org', phone: '116 123', region: 'GB' },
        ]),
      },
    });
  });
  after(async () => {
    await t.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  test('the configured resources are the ones answered, and the provider is never called', async () => {
    const account = await signup(t.app);
    const key = (await createKey(t.app, account, { scopes: ['oracle', 'read'] })).key;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oracle',
      headers: { authorization: `Bearer ${key}` },
      payload: { question: 'I have my pills saved up and tonight I am going to take all of them.' },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().provider, 'safety');
    assert.deepEqual(response.json().safety.resources, [
      { name: 'Samaritans', url: 'https://www.samaritans.org', phone: '116 123', region: 'GB' },
    ]);
    assert.equal(upstreamCalls, 0);
    // An ordinary question does reach the (failing) provider: 503, uncharged.
    const ordinary = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oracle',
      headers: { authorization: `Bearer ${key}` },
      payload: { question: 'How do I make peace with a decision I regret?' },
    });
    assert.equal(ordinary.statusCode, 503, ordinary.body);
    assert.ok(upstreamCalls > 0);
  });
});
