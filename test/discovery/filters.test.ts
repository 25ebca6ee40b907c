import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hasPersonalData, isDiscoverySafe, isProfane } from '../../src/domains/discovery/cards.ts';
import { foldForMatching } from '../../src/lib/fold.ts';

describe('discovery filters judge folded text (contract §8)', () => {
  test('the fold: NFKC, invisible characters, look-alikes, leetspeak, spaced letters', () => {
    assert.equal(foldForMatching('ｆｕｃｋ'), 'fuck');
    assert.equal(foldForMatching('f\u200bu\u200dc\u2060k'), 'fuck');
    assert.equal(foldForMatching('f\u202Eu\u202Cck'), 'fuck');
    assert.equal(foldForMatching('ѕһіt'), 'shit');
    assert.equal(foldForMatching('fυck'), 'fuck');
    assert.equal(foldForMatching('sh1t and b1tch'), 'shit and bitch');
    assert.equal(foldForMatching('f u c k'), 'fuck');
    assert.equal(foldForMatching('f.u.c.k'), 'fuck');
    assert.equal(foldForMatching('f-u-c-k off'), 'fuck off');
    assert.equal(foldForMatching('Café'), 'cafe');
    // Numbers stay numbers; ordinary words and spacing stay as they are.
    assert.equal(foldForMatching('The 2026 season opens on 3 May'), 'the 2026 season opens on 3 may');
    assert.equal(foldForMatching('A calm evening at the harbour'), 'a calm evening at the harbour');
  });

  test('obfuscated profanity is caught', () => {
    for (const text of [
      'what the f u c k',
      'what the f.u.c.k',
      'what the f*u*c*k is this',
      'total b u l l s h i t',
      'what the f\u200buck',
      'what the ｆｕｃｋ',
      'what the fυck',
      'this is ѕhіt',
      'this is sh1t',
      'you b1tch',
      'F U C K this',
      'what the fuuuuuck',
      'sh\u00ADit happens',
    ]) {
      assert.ok(isProfane(text), text);
      assert.ok(!isDiscoverySafe({ title: 'A signal', body: text }), text);
    }
  });

  test('clean text stays clean', () => {
    for (const text of [
      'A calm evening at the harbour',
      'Scunthorpe United win at home',
      'The class assessment is on Friday',
      'I am a u t o m a t i c in the morning',
      'Passing the torch: a new season of the orchestra',
      'Finally finished the thesis and I feel light',
    ]) {
      assert.ok(!isProfane(text), text);
    }
  });

  test('personal data is caught however it is written', () => {
    for (const text of [
      'write to jane at example dot com',
      'write to jane (at) example (dot) com',
      'write to jane [at] example [dot] com',
      'write to jane @ example . com',
      'write to jаne@exаmple.com', // Cyrillic а
      'write to jane\u200b@example.com',
      'call 555.123.4567',
      'call (555) 123-4567',
      'call +44 20 7946 0958',
      'call five five five, one two three, four five six seven',
      'call oh seven seven zero zero nine zero zero one two three',
      'call 0 7 7 0 0 9 0 0 1 2 3',
      'call 07700/900/123',
      'call ０７７００ ９００１２３',
    ]) {
      assert.ok(hasPersonalData(text), text);
      assert.ok(!isDiscoverySafe({ title: text, body: '' }), text);
    }
    for (const text of [
      'A calm evening at the harbour',
      'The 2026 season opens on 3 May',
      'Meet at noon',
      'One two three, the children counted at the fair',
      'Scores: 3-1, 2-2 and 4-0 this weekend',
    ]) {
      assert.ok(!hasPersonalData(text), text);
    }
  });
});
