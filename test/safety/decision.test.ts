import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decideCrisis, RULES_OR_LEARNED } from '../../src/domains/safety/decision.ts';

const none = { self_harm: 0, harm_to_others: 0 };
const learned = (score: number) => ({ score, flag: 'self_harm' as const });

describe('crisis decision of the two stages (unit)', () => {
  test('rules OR learned: either stage at its own threshold flags', () => {
    assert.equal(
      decideCrisis({ self_harm: 1, harm_to_others: 0 }, learned(0), 0.8, RULES_OR_LEARNED),
      'self_harm',
    );
    assert.equal(decideCrisis(none, learned(0.8), 0.8, RULES_OR_LEARNED), 'self_harm');
    assert.equal(
      decideCrisis({ self_harm: 0.9, harm_to_others: 0 }, learned(0.79), 0.8, RULES_OR_LEARNED),
      null,
    );
  });

  test('a single rules match needs the learned stage not to find the text plainly ordinary', () => {
    const decision = { rulesAlone: 2, withRules: 0.2 };
    assert.equal(decideCrisis({ self_harm: 1.2, harm_to_others: 0 }, learned(0.19), 0.8, decision), null);
    assert.equal(
      decideCrisis({ self_harm: 1.2, harm_to_others: 0 }, learned(0.2), 0.8, decision),
      'self_harm',
    );
    // Rules that agree strongly flag whatever the learned stage says.
    assert.equal(decideCrisis({ self_harm: 2, harm_to_others: 0 }, learned(0), 0.8, decision), 'self_harm');
    // Below the rules' own threshold, only the learned stage can flag.
    assert.equal(decideCrisis({ self_harm: 0.9, harm_to_others: 0 }, learned(0.79), 0.8, decision), null);
    assert.equal(
      decideCrisis({ self_harm: 0.9, harm_to_others: 0 }, learned(0.8), 0.8, decision),
      'self_harm',
    );
  });

  test("the rules' flag wins when they count; otherwise the learned one's", () => {
    const decision = { rulesAlone: 1.5, withRules: 0.1 };
    const threat = { self_harm: 0.4, harm_to_others: 1.1 };
    assert.equal(decideCrisis(threat, { score: 0.9, flag: 'self_harm' }, 0.8, decision), 'harm_to_others');
    assert.equal(decideCrisis(none, { score: 0.9, flag: 'harm_to_others' }, 0.8, decision), 'harm_to_others');
  });

  test('the learned stage is not read when the rules decide alone', () => {
    let reads = 0;
    const reading = () => {
      reads++;
      return learned(0.9);
    };
    assert.equal(
      decideCrisis({ self_harm: 1, harm_to_others: 0 }, reading, 0.8, RULES_OR_LEARNED),
      'self_harm',
    );
    assert.equal(reads, 0);
    assert.equal(decideCrisis(none, reading, 0.8, RULES_OR_LEARNED), 'self_harm');
    assert.equal(reads, 1);
  });
});
