import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { detectCrisis } from '../../src/domains/safety/crisis.ts';
import {
  compileModel,
  type LearnedModel,
  learnedCrisis,
  learnedModel,
  learnedPieces,
  pieceFeatures,
  scoreWith,
} from '../../src/domains/safety/learned.ts';
import { assessSafety } from '../../src/domains/safety/service.ts';

const RESOURCES = [{ name: 'Line', url: 'https://example.org', region: 'international' }];

describe('learned crisis stage (unit)', () => {
  test('the text is folded into sentences of stems', () => {
    assert.deepEqual(learnedPieces("I'm sooo tired. I dont wanna be here!!"), [
      ['i', 'am', 'so', 'tir'],
      ['i', 'do', 'not', 'want', 'to', 'be', 'here'],
    ]);
    assert.deepEqual(learnedPieces('k1lling myselfff'), [['kil', 'myself']]);
    assert.deepEqual(learnedPieces('  ...  '), []);
  });

  test('the shipped model is well formed', () => {
    const { model } = learnedModel();
    assert.equal(model.version, 1);
    assert.ok(model.threshold > 0 && model.threshold < 1, String(model.threshold));
    assert.ok(Object.keys(model.weights).length > 100);
    for (const [name, w] of Object.entries(model.weights)) {
      assert.equal(w.length, 2, name);
      assert.ok(w.every(Number.isFinite), name);
    }
  });

  test('scores are deterministic and between 0 and 1', () => {
    for (const text of ['', 'hello', 'i want to die', 'x'.repeat(5000), 'constructor __proto__ toString']) {
      const first = scoreWith(learnedModel(), text);
      assert.deepEqual(scoreWith(learnedModel(), text), first);
      assert.ok(first.score >= 0 && first.score <= 1, `${text.slice(0, 20)}: ${first.score}`);
    }
  });

  test('plain crises are flagged, with their flag', () => {
    const cases: [string, 'self_harm' | 'harm_to_others'][] = [
      ['i dont want to be alive anymore', 'self_harm'],
      ['I want to kill myself', 'self_harm'],
      ['everyone would be better off without me', 'self_harm'],
      ['i just want to die', 'self_harm'],
      ['I am going to kill him when he gets home', 'harm_to_others'],
    ];
    for (const [text, flag] of cases) assert.equal(learnedCrisis(text)?.flag, flag, text);
  });

  test('idioms, death as a topic and ordinary sadness are not flagged', () => {
    for (const text of [
      "I'm dead tired, going to bed early",
      'this exam is killing me',
      'i could murder a pizza right now',
      'What did the Stoics teach about mortality?',
      'How many people died in the Battle of the Somme?',
      'I keep dying on the final boss, any tips?',
      'Finally finished the thesis and I feel light, a little giddy even.',
    ])
      assert.equal(learnedCrisis(text), null, text);
  });

  test('the scorer reads the same features as training, and a span counts each once', () => {
    const model: LearnedModel = {
      version: 1,
      window: 0,
      windowFrom: 0,
      charGrams: true,
      threshold: 0.5,
      bias: [-1, -2],
      weights: { die: [2, 0], 'want to': [0.5, 0], '#<di': [0.25, 0], '^fp1': [0.1, 0.2], kil: [0, 3] },
    };
    const text = 'I want to die. Want to die!';
    const features = new Set(learnedPieces(text).flatMap((p) => pieceFeatures(p, true)));
    let a = model.bias[0];
    let b = model.bias[1];
    const tokens = learnedPieces(text).flat().length;
    let x = 0;
    let y = 0;
    for (const f of features) {
      const w = model.weights[f];
      if (w) {
        x += w[0];
        y += w[1];
      }
    }
    a += x / Math.sqrt(tokens);
    b += y / Math.sqrt(tokens);
    const expected = (Math.exp(a) + Math.exp(b)) / (1 + Math.exp(a) + Math.exp(b));
    const { score, flag } = scoreWith(compileModel(model), text);
    assert.ok(Math.abs(score - expected) < 1e-12, `${score} vs ${expected}`);
    assert.equal(flag, 'self_harm');
  });

  test('a window of sentences finds one risky sentence in a long text', () => {
    const model: LearnedModel = {
      version: 1,
      window: 1,
      windowFrom: 0,
      charGrams: false,
      threshold: 0.5,
      bias: [-3, -3],
      weights: { die: [10, 0] },
    };
    const text = `${'We went to the market and bought bread and apples. '.repeat(20)}I want to die.`;
    assert.ok(scoreWith(compileModel({ ...model, window: 0 }), text).score < 0.5);
    assert.ok(scoreWith(compileModel(model), text).score > 0.5);
    assert.ok(scoreWith(compileModel({ ...model, windowFrom: 2000 }), text).score < 0.5);
  });

  test('the service flags what either stage flags: rules OR learned', () => {
    const learnedOnly = 'i pray every night that god takes me in my sleep';
    assert.equal(detectCrisis(learnedOnly), null);
    assert.equal(learnedCrisis(learnedOnly)?.flag, 'self_harm');
    assert.equal(assessSafety(learnedOnly, RESOURCES)?.flag, 'self_harm');
    const rulesOnly = 'how do i hide my cuts from my parents';
    assert.equal(detectCrisis(rulesOnly)?.flag, 'self_harm');
    assert.equal(learnedCrisis(rulesOnly), null);
    assert.equal(assessSafety(rulesOnly, RESOURCES)?.flag, 'self_harm');
    assert.equal(assessSafety('this exam is killing me', RESOURCES), null);
  });
});
