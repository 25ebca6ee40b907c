import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { analyzeText } from '../../src/domains/analysis/analyzer.ts';
import { familyOf, findMood, MOOD_IDS } from '../../src/domains/atlas/catalogue.ts';

describe('mood analyser', () => {
  test('plain positive and negative texts land on the right side', () => {
    const good = analyzeText('What a wonderful, joyful day, I am so happy!');
    assert.ok(good.valence > 0.4, JSON.stringify(good));
    assert.equal(good.family, 'radiant');
    const bad = analyzeText('I feel miserable and hopeless, everything is awful.');
    assert.ok(bad.valence < -0.4, JSON.stringify(bad));
    assert.ok(bad.family === 'heavy' || bad.family === 'stormy', bad.family);
  });

  test('negation flips valence (not, never, no, n’t)', () => {
    const happy = analyzeText('I am happy today.');
    for (const text of [
      'I am not happy today.',
      'I am never happy today.',
      "I'm not happy today.",
      'I don’t feel happy today.',
      'I really don’t feel happy today.',
    ]) {
      const negated = analyzeText(text);
      assert.ok(happy.valence > 0 && negated.valence < 0, `${text}: ${negated.valence}`);
    }
    const sad = analyzeText('The news was bad.');
    const notSad = analyzeText('The news was not bad.');
    assert.ok(sad.valence < 0 && notSad.valence > 0, `${sad.valence} / ${notSad.valence}`);
    assert.ok(analyzeText('There was no stress at all.').valence > 0);
  });

  test('negation is softer than the opposite word', () => {
    assert.ok(analyzeText('I am not happy.').valence > analyzeText('I am miserable.').valence);
  });

  test('a negator is spent on the first cue it reaches', () => {
    // "can't stop" is not a negation of the laughing.
    assert.ok(analyzeText("I can't stop laughing.").valence > 0);
  });

  test('a negated comparative is emphatic, not reversed', () => {
    assert.ok(analyzeText("I couldn't be happier.").valence > 0.3);
    assert.ok(analyzeText('Never felt better.').valence > 0.2);
  });

  test('intensifiers scale up, downtoners scale down', () => {
    const plain = analyzeText('I am happy.').valence;
    const very = analyzeText('I am very happy.').valence;
    const extremely = analyzeText('I am extremely happy.').valence;
    const slightly = analyzeText('I am slightly happy.').valence;
    const aBit = analyzeText('I am a bit happy.').valence;
    assert.ok(very > plain, `${very} > ${plain}`);
    assert.ok(extremely >= very, `${extremely} >= ${very}`);
    assert.ok(slightly < plain && slightly > 0, `${slightly}`);
    assert.ok(aBit < plain && aBit > 0, `${aBit}`);
    const angry = analyzeText('I am angry.').valence;
    const veryAngry = analyzeText('I am very angry.').valence;
    assert.ok(veryAngry < angry, `${veryAngry} < ${angry}`);
    // "not very happy" is milder than "not happy".
    assert.ok(analyzeText('I am not very happy.').valence > analyzeText('I am not happy.').valence);
  });

  test('arousal and dominance come from the lexicon', () => {
    const wired = analyzeText('Frantic, panicking, heart racing.');
    const sleepy = analyzeText('Sleepy, drowsy, yawning on the sofa.');
    assert.ok(wired.arousal > 0.3 && sleepy.arousal < -0.3, `${wired.arousal} / ${sleepy.arousal}`);
    const powerless = analyzeText('I felt helpless and powerless.');
    const strong = analyzeText('I felt unstoppable and in command.');
    assert.ok(
      powerless.dominance < 0 && strong.dominance > 0,
      `${powerless.dominance} / ${strong.dominance}`,
    );
  });

  test('a mood the text names wins inside its family', () => {
    const result = analyzeText('Honestly I just feel nostalgic tonight.');
    assert.equal(result.moodId, 'nostalgic');
    assert.equal(result.family, 'calm');
    assert.equal(analyzeText('I am so anxious about tomorrow.').moodId, 'anxious');
    assert.equal(analyzeText('Feeling burnt out after this week.').moodId, 'drained');
  });

  test('ambiguous mood words count only in a feeling frame', () => {
    assert.equal(analyzeText('I sat down.').family, 'still');
    assert.equal(analyzeText('I feel down.').family, 'heavy');
    assert.notEqual(analyzeText('The content of the email.').moodId, 'content');
  });

  test('text with no signal is neutral and still with zero confidence', () => {
    for (const text of ['', '   ', '\n\t', '12345', '...', 'the of and']) {
      const result = analyzeText(text);
      assert.equal(result.moodId, 'neutral', text);
      assert.equal(result.family, 'still', text);
      assert.equal(result.valence, 0);
      assert.equal(result.arousal, 0);
      assert.equal(result.dominance, 0);
      assert.equal(result.confidence, 0);
    }
  });

  test('an ordinary day reads as still', () => {
    assert.equal(analyzeText('Had lunch, answered a few emails, an ordinary afternoon.').family, 'still');
  });

  test('more and more consistent evidence raises confidence', () => {
    const one = analyzeText('happy');
    const many = analyzeText('Happy, joyful, delighted and grateful, a wonderful day.');
    const mixed = analyzeText('Happy and miserable, wonderful and awful.');
    assert.ok(many.confidence > one.confidence, `${many.confidence} > ${one.confidence}`);
    assert.ok(mixed.confidence < many.confidence, `${mixed.confidence} < ${many.confidence}`);
  });

  test('the shape holds for any text, and the same text gives the same analysis', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const a = analyzeText(text);
        assert.deepEqual(analyzeText(text), a);
        for (const value of [a.valence, a.arousal, a.dominance]) {
          assert.ok(value >= -1 && value <= 1);
          assert.equal(Math.round(value * 100) / 100, value);
        }
        assert.ok(a.confidence >= 0 && a.confidence <= 1);
        const mood = findMood(a.moodId);
        assert.ok(mood);
        assert.equal(mood.family, a.family);
        assert.ok(a.emotions.length >= 3 && a.emotions.length <= 5);
        assert.equal(a.emotions[0]?.moodId, a.moodId);
        assert.equal(new Set(a.emotions.map((e) => e.moodId)).size, a.emotions.length);
        for (const e of a.emotions) {
          assert.ok(MOOD_IDS.includes(e.moodId));
          assert.ok(e.score >= 0 && e.score <= 1);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('the same text gives the same analysis across word-like inputs', () => {
    const vocabulary = [
      'not',
      'very',
      'happy',
      'sad',
      'tired',
      'but',
      'calm',
      'angry',
      'a',
      'bit',
      'never',
      '!',
      ',',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocabulary), { maxLength: 30 }), (parts) => {
        const text = parts.join(' ');
        assert.deepEqual(analyzeText(text), analyzeText(text));
      }),
      { numRuns: 200 },
    );
  });

  test('contrast: what follows "but" outweighs what comes before', () => {
    const endsWell = analyzeText('The wait was long and dull but the concert was wonderful.');
    const endsBadly = analyzeText('The concert was wonderful but the wait was long and dull.');
    assert.ok(endsWell.valence > endsBadly.valence, `${endsWell.valence} > ${endsBadly.valence}`);
    assert.ok(endsWell.valence > 0, `${endsWell.valence}`);
  });

  test('emoji and emoticons carry feeling', () => {
    const plain = analyzeText('The results came out today').valence;
    assert.ok(analyzeText('The results came out today 😭').valence < plain);
    assert.ok(analyzeText('The results came out today 🥳').valence > plain);
    assert.ok(analyzeText('The results came out today :)').valence > plain);
    assert.ok(analyzeText('The results came out today :(').valence < plain);
    assert.ok(analyzeText('❤️').valence > 0.3);
    const crying = analyzeText('😡😡');
    assert.ok(crying.valence < 0 && crying.arousal > 0, JSON.stringify(crying));
  });

  test('stretched words are read as their word, stressed', () => {
    assert.ok(analyzeText('this is goooood').valence > 0);
    assert.ok(analyzeText('i am sooooo happy').valence > analyzeText('i am happy').valence);
    assert.ok(analyzeText('ugh so baaaad').valence < 0);
  });

  test('capitals among lower case are emphasis; an all-caps text is not shouting', () => {
    assert.ok(analyzeText('I HATE waiting').valence < analyzeText('I hate waiting').valence);
    assert.ok(analyzeText('what GREAT news').valence > analyzeText('what great news').valence);
    assert.equal(analyzeText('I HATE WAITING').valence, analyzeText('i hate waiting').valence);
  });

  test('exclamation marks stress a sentence', () => {
    const calm = analyzeText('What a lovely day');
    const loud = analyzeText('What a lovely day!!!');
    assert.ok(loud.valence > calm.valence && loud.arousal > calm.arousal, `${JSON.stringify(loud)}`);
  });

  const TEXTISH = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          ...`i am not very happy sad angry calm tired but never so a bit really furious lonely great
          awful meh ok fine lol ugh love hate SOOOO GREAT :) :( <3 😭 🥳 ❤️ 😡 ! ? , .`.split(/\s+/),
        ),
        fc.string({ maxLength: 8 }),
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(' '));

  test('moodId is always the first and highest-scored emotion', () => {
    fc.assert(
      fc.property(TEXTISH, (text) => {
        const a = analyzeText(text);
        const first = a.emotions[0];
        assert.equal(first?.moodId, a.moodId, text);
        for (const e of a.emotions)
          assert.ok(e.score <= (first?.score ?? 0), `${text}: ${JSON.stringify(a)}`);
        for (let i = 1; i < a.emotions.length; i++) {
          assert.ok((a.emotions[i]?.score ?? 0) <= (a.emotions[i - 1]?.score ?? 0), `${text}: not in order`);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('family is the family of the reading’s own valence and arousal', () => {
    fc.assert(
      fc.property(TEXTISH, (text) => {
        const a = analyzeText(text);
        assert.equal(a.family, familyOf(a), `${text}: ${JSON.stringify(a)}`);
      }),
      { numRuns: 500 },
    );
  });
});
