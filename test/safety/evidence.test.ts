import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { canonical, detectCrisis } from '../../src/domains/safety/crisis.ts';
import {
  accumulateEvidence,
  distancingFrame,
  EVIDENCE_CLASSES,
  EVIDENCE_THRESHOLD,
  evidenceFlag,
  leadWords,
} from '../../src/domains/safety/evidence.ts';

const read = (text: string) => accumulateEvidence(canonical(text));

describe('crisis evidence accumulator (unit)', () => {
  test('a phrase is anchored on the words it can start with, or not at all', () => {
    assert.deepEqual(leadWords('(?:gave|giving) away'), ['gave', 'giving']);
    assert.deepEqual(leadWords('no future'), ['no']);
    assert.deepEqual(leadWords('vanish(?! into)'), ['vanish']);
    assert.equal(leadWords('(?:al )?pay'), null);
    assert.equal(leadWords('evict\\w*'), null);
    for (const c of EVIDENCE_CLASSES) assert.ok(c.groups.length > 0, c.id);
  });

  test('distress, loneliness and hopelessness alone never flag, however much of them there is', () => {
    const e = read(
      'i feel so empty and numb. nobody texts me. i cry every night. what is the point. ' +
        'i am exhausted and depressed, i hate myself, i feel so alone, nothing gets better.',
    );
    assert.equal(e.selfRisk, false);
    assert.ok(e.self_harm >= EVIDENCE_THRESHOLD.self_harm);
    assert.equal(evidenceFlag(e), null);
  });

  test('classes add up across sentences; one risk class alone stays below the threshold', () => {
    const burden = 'my family would have an easier time without me.';
    const preparation = 'today i gave my cat to my neighbour and sorted my things out.';
    assert.equal(evidenceFlag(read(burden)), null);
    assert.equal(evidenceFlag(read(preparation)), null);
    const both = read(`${burden} work was long, the bus was late.\n\n${preparation}`);
    assert.deepEqual(both.classes.slice().sort(), ['burden', 'preparation']);
    assert.equal(evidenceFlag(both), 'self_harm');
  });

  test('a class counts once; a second sentence adds half, and a third nothing', () => {
    const one = read('everyone would do fine without me.').self_harm;
    const two = read('everyone would do fine without me. they would do fine without me.').self_harm;
    const three = read(
      'everyone would do fine without me. they would do fine without me. people would do fine without me.',
    ).self_harm;
    assert.equal(two, one * 1.5);
    assert.equal(three, two);
  });

  test('a sentence in the past or laughed off counts a quarter', () => {
    const now = read('i gave away my guitar.').self_harm;
    assert.equal(read('years ago i gave away my guitar.').self_harm, now / 4);
    assert.equal(read('when i was a teen i gave away my guitar.').self_harm, now / 4);
    assert.equal(read('i gave away my guitar lol.').self_harm, now / 4);
  });

  test('recovery and fiction frame a whole text, unless the risk is said to be back', () => {
    assert.equal(
      distancingFrame(canonical('I attempted years ago. I am doing well now and got help.')),
      'recovery',
    );
    assert.equal(
      distancingFrame(canonical('I attempted years ago. I am doing well now, but lately it has come back.')),
      null,
    );
    assert.equal(
      distancingFrame(canonical('I am writing a novel where the villain wants revenge.')),
      'fiction',
    );
    assert.equal(
      detectCrisis(
        'Two years ago I gave my things away and wrote letters to my family. Today I am doing well now, I got help, believe them.',
      ),
      null,
    );
  });

  test('harm to others: revenge with a grievance, targeting or a weapon flags; a grievance alone does not', () => {
    assert.equal(evidenceFlag(read('they humiliated me in front of everyone and laughed at me.')), null);
    assert.equal(
      evidenceFlag(
        read('they humiliated me in front of everyone. they will all pay. i know where he parks.'),
      ),
      'harm_to_others',
    );
    assert.equal(
      evidenceFlag(read("i'm going to teach that class a lesson. i've got my dad's revolver.")),
      'harm_to_others',
    );
  });

  test('explicit future absence flags on its own; a move abroad explains giving things away', () => {
    for (const text of [
      'i dont think ill see next year honestly',
      "there's no future with me in it",
      "I won't be a bother much longer.",
    ]) {
      assert.deepEqual(detectCrisis(text), { flag: 'self_harm' }, text);
    }
    assert.equal(
      evidenceFlag(read("I'm moving abroad. I gave away my furniture and my sister is keeping my cat.")),
      null,
    );
  });
});
