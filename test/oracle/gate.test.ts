import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { assessMission, type GateReason } from '../../src/domains/oracle/gate.ts';

// None of these prompts is in eval/oracle-gate.jsonl (checked below): the gate is judged here on
// text it was not tuned on.
const ON_MISSION = [
  'Why do I feel restless every Sunday evening?',
  'Is it possible to forgive my father without telling him?',
  'How do I live well when I know I will die?',
  'What is justice when the rules themselves are unfair?',
  'Should I write a letter to my estranged sister?',
  'I want to write a novel but I am afraid of failing. Is that foolish?',
  'My dog died yesterday and the house feels so quiet.',
  'Why does the thought of growing old frighten me?',
  'Is it selfish to want solitude?',
  'How do I stop being so hard on myself?',
  'What would the Stoics say about envy?',
  'Is there any point in being kind to people who are cruel?',
  'I got the promotion and feel nothing. What does that mean?',
  'How can I be at peace with not knowing what comes next?',
  'Who am I when nobody needs me?',
  'When did I stop believing in myself?',
  'What is the difference between solitude and loneliness?',
  'Does the algorithm of my habits decide who I become?',
  'Is a quiet life a wasted one?',
  'My work feels like a machine that never stops. Where is the meaning?',
  'I compile lists of everything I failed at. Why do I do that?',
  'Can I trust my own judgement after such a big mistake?',
  'How should I think about money and happiness?',
  'I debug other people’s problems all day and never my own. Why?',
  'What does it mean to have enough?',
];

const OFF_MISSION: [string, GateReason][] = [
  ['Write a cover letter for a nursing job.', 'content_generation'],
  ['Could you write me a limerick about cats?', 'content_generation'],
  ['Give me five names for my bakery.', 'content_generation'],
  ['Draft a press release for our product launch.', 'content_generation'],
  ['Thinking about the shortness of life, write an Instagram caption for my gym.', 'content_generation'],
  ['Write an essay on the causes of World War I.', 'content_generation'],
  ['Translate "carpe diem" into Spanish.', 'translation'],
  ['How do you say thank you in Korean?', 'translation'],
  ['What is 12 + 30?', 'arithmetic'],
  ['Calculate 18% of 350 for the tip.', 'arithmetic'],
  ['Convert 3 cups to millilitres.', 'arithmetic'],
  ['Who invented the telephone?', 'factual_lookup'],
  ['What is the capital of Mongolia?', 'factual_lookup'],
  ['When was the Eiffel Tower built?', 'factual_lookup'],
  ['Summarize the plot of Moby Dick.', 'factual_lookup'],
  ['Explain photosynthesis.', 'factual_lookup'],
  ['List the largest countries by area.', 'factual_lookup'],
  ['Write a SQL query to count orders per customer.', 'code'],
  ['My Python script crashes with a KeyError, can you fix it?', 'code'],
  ['How do I configure nginx as a reverse proxy?', 'code'],
  ['What dose of ibuprofen should I take for a headache?', 'practical_advice'],
  ['Recommend a good laptop for video editing.', 'practical_advice'],
  ['Plan a three-day itinerary for Rome.', 'practical_advice'],
  ['What time is it in Tokyo?', 'not_reflective'],
];

describe('oracle refusal gate', () => {
  test('the cases here are not the eval set', () => {
    const evalPrompts = new Set(
      readFileSync(new URL('../../eval/oracle-gate.jsonl', import.meta.url), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { prompt: string }).prompt),
    );
    for (const prompt of [...ON_MISSION, ...OFF_MISSION.map(([p]) => p)]) {
      assert.ok(!evalPrompts.has(prompt), prompt);
    }
  });

  for (const prompt of ON_MISSION) {
    test(`answers: ${prompt}`, () => {
      const verdict = assessMission(prompt);
      assert.equal(verdict.onMission, true, JSON.stringify(verdict));
      assert.equal(verdict.reason, null);
    });
  }

  for (const [prompt, reason] of OFF_MISSION) {
    test(`declines (${reason}): ${prompt}`, () => {
      const verdict = assessMission(prompt);
      assert.equal(verdict.onMission, false, JSON.stringify(verdict));
      assert.equal(verdict.reason, reason, JSON.stringify(verdict));
    });
  }

  test('a philosophical framing does not rescue a task inside it', () => {
    for (const prompt of [
      'As Marcus Aurelius would, explain how to write a Rust function that sorts a list.',
      'In the spirit of the Tao, translate this sentence into French: the river flows.',
      'Contemplate death, and then calculate 45 * 12.',
      'I am grieving, so please draft an email to my insurance company.',
    ]) {
      assert.equal(assessMission(prompt).onMission, false, prompt);
    }
  });

  test('metaphors of tasks are not tasks', () => {
    for (const prompt of [
      'I feel like I need to rewrite the story of my life. Where do I start?',
      'My heart speaks a language nobody around me understands.',
      'Everyone keeps score in my family. How do I stop counting?',
      'How do I find the formula for a happy life?',
    ]) {
      const verdict = assessMission(prompt);
      assert.equal(verdict.onMission, true, `${prompt}: ${JSON.stringify(verdict)}`);
    }
  });

  test('every refusal names its rule and what fired it', () => {
    const verdict = assessMission('Write a bash script that renames files.');
    assert.equal(verdict.reason, 'code');
    assert.equal(verdict.rule, 'technical-terms');
    assert.ok(verdict.evidence?.includes('bash'), String(verdict.evidence));
  });

  test('the gate is a pure function of the text', () => {
    for (const prompt of [...ON_MISSION, ...OFF_MISSION.map(([p]) => p)]) {
      assert.deepEqual(assessMission(prompt), assessMission(prompt));
    }
  });
});
