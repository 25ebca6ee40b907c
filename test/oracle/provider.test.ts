import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { SYSTEM_FRAMING } from '../../src/domains/oracle/provider.ts';
import { type Account, createKey, setBalance, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectProblem } from '../helpers/http.ts';

type Mode = 'ok' | 'error' | 'slow' | 'malformed' | 'empty' | 'no-choices';

interface Received {
  url: string;
  authorization: string | undefined;
  body: {
    model: string;
    max_tokens: number;
    messages: { role: string; content: string }[];
  };
}

/** A local stand-in for an OpenAI-compatible server, on loopback only. */
class FakeProvider {
  mode: Mode = 'ok';
  received: Received[] = [];
  private readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();

  constructor() {
    this.server = createServer((req, res) => this.handle(req, res));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      this.received.push({
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(raw),
      });
      const json = (status: number, body: string) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      switch (this.mode) {
        case 'ok':
          return json(
            200,
            JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              choices: [
                {
                  index: 0,
                  message: {
                    role: 'assistant',
                    content:
                      'Your mood reads as still. As the passage [2] has it, the mind can rest in itself. What would change if you let the decision be what it was?',
                  },
                  finish_reason: 'stop',
                },
              ],
            }),
          );
        case 'error':
          return json(500, JSON.stringify({ error: { message: 'upstream exploded' } }));
        case 'malformed':
          return json(200, '{"choices": [ {"message": ');
        case 'empty':
          return json(200, JSON.stringify({ choices: [{ message: { role: 'assistant', content: '   ' } }] }));
        case 'no-choices':
          return json(200, JSON.stringify({ object: 'chat.completion' }));
        case 'slow':
          // Never answers; the oracle's timeout must give up first.
          this.hanging.add(res);
          return;
      }
    });
  }
}

describe('POST /api/v1/oracle with an OpenAI-compatible provider', () => {
  const provider = new FakeProvider();
  let t: TestApp;
  let account: Account;
  let key: string;

  before(async () => {
    const baseUrl = await provider.start();
    t = await startTestApp({
      env: {
        ORACLE_BASE_URL: baseUrl,
        ORACLE_MODEL: 'test-model',
        ORACLE_API_KEY: 'sk-test-secret',
        ORACLE_TIMEOUT_MS: '300',
        ORACLE_MAX_TOKENS: '321',
      },
    });
    account = await signup(t.app);
    key = (await createKey(t.app, account, { scopes: ['oracle'] })).key;
  });
  after(async () => {
    await t.close();
    await provider.stop();
  });

  function ask(body: Record<string, unknown>, apiKey = key) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/oracle',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: body,
    });
  }

  async function balanceAndLedger(who: Account): Promise<[number, number]> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/essence?limit=100',
      headers: { cookie: who.cookie },
    });
    const json = response.json();
    return [json.balance, json.ledger.length];
  }

  test('sends Orrery’s framing with the question inside it, and answers with the reply', async () => {
    provider.mode = 'ok';
    provider.received = [];
    const question = 'How do I make peace with a decision I regret?';
    const response = await ask({ question, style: 'stoic', moodId: 'pensive' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['essence-cost'], '15');
    const body = response.json();
    assert.equal(body.provider, 'openai-compatible');
    assert.match(body.answer, /the mind can rest in itself/);
    assert.match(body.disclaimer, /philosophical exploration/);
    assert.deepEqual(body.moodReading, { moodId: 'pensive', family: 'still' });
    // The reply cites [2]: that passage is the source reported.
    assert.equal(body.sources.length, 1);
    assert.ok(['Meditations', 'Enchiridion', 'Moral Letters to Lucilius'].includes(body.sources[0].work));

    assert.equal(provider.received.length, 1);
    const sent = provider.received[0] as Received;
    assert.equal(sent.url, '/v1/chat/completions');
    assert.equal(sent.authorization, 'Bearer sk-test-secret');
    assert.equal(sent.body.model, 'test-model');
    assert.equal(sent.body.max_tokens, 321);
    const [system, user] = sent.body.messages;
    assert.equal(system?.role, 'system');
    assert.equal(system?.content, SYSTEM_FRAMING);
    assert.match(system?.content ?? '', /philosophical reflection only/i);
    assert.match(system?.content ?? '', /no advice/i);
    assert.equal(user?.role, 'user');
    // The question never travels alone: it sits inside the framing, with the passages to cite.
    assert.notEqual(user?.content.trim(), question);
    assert.ok(user?.content.includes(`<question>\n${question}\n</question>`), user?.content);
    assert.match(user?.content ?? '', /\[1\] .+, .+ \d/);
    assert.match(user?.content ?? '', /Mood reading: Pensive/);
    assert.equal(sent.body.messages.length, 2);
  });

  test('off-mission questions never reach the provider', async () => {
    provider.mode = 'ok';
    provider.received = [];
    expectProblem(
      await ask({ question: 'Write a haiku about our new espresso machine.' }),
      422,
      'off_mission',
    );
    assert.equal(provider.received.length, 0);
  });

  for (const mode of ['error', 'slow', 'malformed', 'empty', 'no-choices'] as const) {
    test(`provider failure (${mode}) → 503 unavailable, nothing charged`, async () => {
      provider.mode = mode;
      const payer = await signup(t.app);
      const { key: payerKey } = await createKey(t.app, payer, { scopes: ['oracle'] });
      const [balanceBefore, ledgerBefore] = await balanceAndLedger(payer);
      const response = await ask({ question: 'Is it foolish to hope?' }, payerKey);
      expectProblem(response, 503, 'unavailable');
      assert.ok(response.headers['retry-after']);
      assert.doesNotMatch(response.body, /sk-test-secret|exploded/);
      assert.deepEqual(await balanceAndLedger(payer), [balanceBefore, ledgerBefore]);
    });
  }

  test('a caller who cannot pay gets 402 and no upstream call', async () => {
    provider.mode = 'ok';
    provider.received = [];
    const poor = await signup(t.app);
    const { key: poorKey } = await createKey(t.app, poor, { scopes: ['oracle'] });
    await setBalance(t, poor.user.id, 3);
    expectProblem(await ask({ question: 'Is it foolish to hope?' }, poorKey), 402, 'insufficient_essence');
    assert.equal(provider.received.length, 0);
  });
});

describe('oracle provider configuration', () => {
  const base = { DATABASE_URL: 'sqlite::memory:' };

  test('none of the ORACLE_* provider variables: the built-in provider', () => {
    const config = loadConfig(base);
    assert.equal(config.oracle.provider, null);
    assert.equal(config.oracle.timeoutMs, 15_000);
    assert.equal(config.oracle.maxTokens, 600);
  });

  test('all three: the provider, with its limits', () => {
    const config = loadConfig({
      ...base,
      ORACLE_BASE_URL: 'https://llm.example/v1/',
      ORACLE_MODEL: 'm',
      ORACLE_API_KEY: 'k',
      ORACLE_TIMEOUT_MS: '2000',
      ORACLE_MAX_TOKENS: '100',
    });
    assert.deepEqual(config.oracle, {
      provider: { baseUrl: 'https://llm.example/v1', model: 'm', apiKey: 'k' },
      timeoutMs: 2000,
      maxTokens: 100,
    });
  });

  test('some but not all → ConfigError naming a missing one', () => {
    assert.throws(
      () => loadConfig({ ...base, ORACLE_BASE_URL: 'https://llm.example/v1', ORACLE_MODEL: 'm' }),
      (error: unknown) => error instanceof ConfigError && error.variable === 'ORACLE_API_KEY',
    );
    assert.throws(
      () => loadConfig({ ...base, ORACLE_API_KEY: 'k' }),
      (error: unknown) => error instanceof ConfigError && error.variable === 'ORACLE_BASE_URL',
    );
  });

  test('bad values → ConfigError naming the variable', () => {
    const all = { ...base, ORACLE_MODEL: 'm', ORACLE_API_KEY: 'k' };
    for (const [env, variable] of [
      [{ ...all, ORACLE_BASE_URL: 'ftp://x' }, 'ORACLE_BASE_URL'],
      [{ ...all, ORACLE_BASE_URL: 'not a url' }, 'ORACLE_BASE_URL'],
      [{ ...base, ORACLE_TIMEOUT_MS: 'soon' }, 'ORACLE_TIMEOUT_MS'],
      [{ ...base, ORACLE_MAX_TOKENS: '0' }, 'ORACLE_MAX_TOKENS'],
    ] as const) {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => error instanceof ConfigError && error.variable === variable,
        variable,
      );
    }
  });
});
