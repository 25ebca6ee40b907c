import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { findMood } from '../../src/domains/atlas/catalogue.ts';
import { type Account, createKey, signup, startTestApp, type TestApp } from '../helpers/app.ts';
import { expectInvalidField, expectProblem } from '../helpers/http.ts';

interface Answer {
  answer: string;
  themes: string[];
  moodReading: { moodId: string; family: string };
  sources: { work: string; author: string; locator: string }[];
  disclaimer: string;
  provider: string;
  safety: unknown;
}

const STOIC_WORKS = ['Meditations', 'Enchiridion', 'Moral Letters to Lucilius'];

describe('POST /api/v1/oracle (built-in provider)', () => {
  let t: TestApp;
  let account: Account;
  let key: string;

  before(async () => {
    t = await startTestApp();
    account = await signup(t.app);
    key = (await createKey(t.app, account, { scopes: ['oracle'] })).key;
  });
  after(async () => t.close());

  function ask(body: unknown, apiKey = key) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/oracle',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: body as Record<string, unknown>,
    });
  }

  async function ledger(who: Account): Promise<unknown[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/essence?limit=100',
      headers: { cookie: who.cookie },
    });
    return response.json().ledger;
  }

  async function balance(apiKey: string): Promise<number> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/essence',
      headers: { authorization: `Bearer ${apiKey}` },
    });
    return response.json().balance;
  }

  test('answers with the contract’s shape and charges 15 Essence', async () => {
    const before = await balance(key);
    const response = await ask({ question: 'How do I make peace with a decision I regret?' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['essence-cost'], '15');
    assert.equal(await balance(key), before - 15);
    const body = response.json<Answer>();
    assert.deepEqual(Object.keys(body).sort(), [
      'answer',
      'disclaimer',
      'moodReading',
      'provider',
      'safety',
      'sources',
      'themes',
    ]);
    assert.equal(body.provider, 'builtin');
    assert.equal(body.safety, null);
    assert.match(body.disclaimer, /philosophical exploration/);
    assert.ok(body.answer.length > 100);
    assert.ok(body.themes.length >= 1 && body.themes.length <= 3, JSON.stringify(body.themes));
    assert.ok(body.sources.length >= 1 && body.sources.length <= 2, JSON.stringify(body.sources));
    for (const source of body.sources) {
      assert.equal(typeof source.work, 'string');
      assert.equal(typeof source.author, 'string');
      assert.match(source.locator, /^\d+(\.\d+)?(-\d+(\.\d+)?)?$/);
      // Every cited source is quoted in the answer, with its locator.
      assert.ok(body.answer.includes(`${source.work} ${source.locator}`), body.answer);
    }
    const mood = findMood(body.moodReading.moodId);
    assert.ok(mood, body.moodReading.moodId);
    assert.equal(mood.family, body.moodReading.family);
    // One to three questions to leave with.
    const questions = body.answer.split('\n').filter((line) => line.startsWith('– '));
    assert.ok(questions.length >= 1 && questions.length <= 3, body.answer);
  });

  test('the same input gives the same answer', async () => {
    const request = { question: 'Why am I so afraid of being ordinary?', style: 'any' };
    const first = await ask(request);
    const second = await ask(request);
    assert.equal(first.statusCode, 200);
    assert.equal(first.body, second.body);
  });

  test('style selects the tradition that answers', async () => {
    const question = 'How do I face my own death without despair?';
    const stoic = (await ask({ question, style: 'stoic' })).json<Answer>();
    assert.ok(stoic.sources.length > 0);
    for (const s of stoic.sources) assert.ok(STOIC_WORKS.includes(s.work), s.work);

    const taoist = (await ask({ question, style: 'taoist' })).json<Answer>();
    assert.ok(taoist.sources.length > 0);
    for (const s of taoist.sources) {
      assert.equal(s.work, 'Tao Te Ching');
      assert.equal(s.author, 'Laozi');
    }

    const existential = (
      await ask({ question: 'What is the point of all my work?', style: 'existential' })
    ).json<Answer>();
    assert.ok(
      existential.sources.some((s) => s.work === 'Ecclesiastes'),
      JSON.stringify(existential.sources),
    );
  });

  test('a named mood is the mood read, and it changes the answer', async () => {
    const question = 'What should I make of this day?';
    const named = (await ask({ question, moodId: 'grateful' })).json<Answer>();
    assert.deepEqual(named.moodReading, { moodId: 'grateful', family: 'radiant' });
    assert.match(named.answer, /You name your mood grateful/);
    const other = (await ask({ question, moodId: 'drained' })).json<Answer>();
    assert.deepEqual(other.moodReading, { moodId: 'drained', family: 'heavy' });
    assert.notEqual(named.answer, other.answer);
  });

  test('without a mood, the question’s own mood is read', async () => {
    const body = (
      await ask({ question: 'I am furious at my brother and I hate how angry I feel.' })
    ).json<Answer>();
    assert.equal(body.moodReading.family, 'stormy');
    assert.ok(body.themes.includes('anger'), JSON.stringify(body.themes));
  });

  test('off-mission requests get 422 off_mission and cost nothing', async () => {
    const payer = await signup(t.app);
    const { key: payerKey } = await createKey(t.app, payer, { scopes: ['oracle'] });
    const before = await balance(payerKey);
    const ledgerBefore = (await ledger(payer)).length;
    for (const question of [
      'Write a Python function that checks for palindromes.',
      'Translate "memento mori" into German.',
      'What is 144 / 12 + 7 * 3?',
      'Who painted the Mona Lisa?',
      'Write a product description for my scented candles.',
    ]) {
      const response = await ask({ question, style: 'stoic' }, payerKey);
      const problem = expectProblem(response, 422, 'off_mission');
      assert.equal(typeof problem.reason, 'string');
      assert.notEqual(response.headers['essence-cost'], '15');
    }
    assert.equal(await balance(payerKey), before);
    assert.equal((await ledger(payer)).length, ledgerBefore);
  });

  test('a refused health, law or money question says where it is answered, and to call for help in danger', async () => {
    const payer = await signup(t.app);
    const { key } = await createKey(t.app, payer, { scopes: ['oracle'] });
    const medical = expectProblem(
      await ask(
        {
          question:
            "My toddler swallowed something, I think a button battery, an hour ago. He seems fine and I'm shaking. How long until it passes, and is it dangerous?",
        },
        key,
      ),
      422,
      'off_mission',
    );
    assert.equal(medical.reason, 'practical_advice');
    assert.match(String(medical.detail), /emergency number/);
    // Other refusals keep to the gate's own words.
    const code = expectProblem(
      await ask({ question: 'Write a Python function that sorts a list.' }, key),
      422,
      'off_mission',
    );
    assert.doesNotMatch(String(code.detail), /emergency/);
  });

  test('400s name the field', async () => {
    expectInvalidField(await ask({}), '/question');
    expectInvalidField(await ask({ question: '' }), '/question');
    expectInvalidField(await ask({ question: '   ' }), '/question');
    expectInvalidField(await ask({ question: 'x'.repeat(2001) }), '/question');
    expectInvalidField(await ask({ question: 42 }), '/question');
    expectInvalidField(await ask({ question: 'Is it foolish to hope?', style: 'cynic' }), '/style');
    expectInvalidField(await ask({ question: 'Is it foolish to hope?', moodId: 'not-a-mood' }), '/moodId');
    expectInvalidField(await ask({ question: 'Is it foolish to hope?', moodId: '' }), '/moodId');
    expectInvalidField(await ask({ question: 'Is it foolish to hope?', mood: 'calm' }), '/mood');
  });

  test('a bad mood is a 400 even when the question is off mission', async () => {
    expectInvalidField(await ask({ question: 'What is 2 + 2?', moodId: 'nope' }), '/moodId');
  });

  test('an Idempotency-Key replays the first answer and charges once', async () => {
    const payer = await signup(t.app);
    const { key: payerKey } = await createKey(t.app, payer, { scopes: ['oracle'] });
    const before = await balance(payerKey);
    const request = {
      method: 'POST' as const,
      url: '/api/v1/oracle',
      headers: { authorization: `Bearer ${payerKey}`, 'idempotency-key': 'oracle-replay-1' },
      payload: { question: 'How do I stop comparing my life to everyone else’s?' },
    };
    const first = await t.app.inject(request);
    const second = await t.app.inject(request);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(second.statusCode, 200);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(second.body, first.body);
    assert.equal(await balance(payerKey), before - 15);
  });

  test('the oracle scope is required', async () => {
    const { key: readKey } = await createKey(t.app, account, { scopes: ['read'] });
    expectProblem(await ask({ question: 'Is it foolish to hope?' }, readKey), 403, 'insufficient_scope');
  });
});
