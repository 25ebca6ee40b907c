import type { FamilyId } from '../atlas/catalogue.ts';
import { stem, words } from './text.ts';

/**
 * The oracle's small vocabulary of human themes. Each theme has the words a question uses for
 * it (`cues`), the words the old translations use for it (`corpus`, added to the query at a
 * lower weight so "anxious" can find Marcus's "perturbations"), and questions to leave with.
 */
export interface Theme {
  readonly id: string;
  readonly label: string;
  readonly cues: readonly string[];
  readonly corpus: readonly string[];
  readonly questions: readonly string[];
}

export const THEMES: readonly Theme[] = [
  {
    id: 'mortality',
    label: 'mortality',
    cues: [
      'die',
      'dying',
      'death',
      'dead',
      'mortal',
      'mortality',
      'funeral',
      'grave',
      'perish',
      'ends',
      'end',
    ],
    corpus: ['death', 'die', 'mortal', 'perish', 'dissolution', 'ashes', 'dust', 'grave'],
    questions: [
      'If this were among your last seasons, what in the question would still matter, and what would fall away?',
      'What would change in how you spend tomorrow if you let yourself remember that it is borrowed?',
      'Which fear here is about dying, and which is about not having lived in the way you meant to?',
    ],
  },
  {
    id: 'grief',
    label: 'grief and loss',
    cues: [
      'grief',
      'grieve',
      'grieving',
      'mourn',
      'mourning',
      'loss',
      'lost',
      'died',
      'miss',
      'gone',
      'tears',
      'cry',
      'weep',
      'widow',
      'bereaved',
      'passed',
    ],
    corpus: ['grief', 'sorrow', 'tears', 'mourn', 'lament', 'weep', 'loss', 'comfort'],
    questions: [
      'What would it mean to carry this loss with you rather than to solve it?',
      'What did the one you miss teach you that is still alive in the way you act?',
      'Where, in your days, does grief ask for room, and where have you refused it any?',
    ],
  },
  {
    id: 'fear',
    label: 'fear and worry',
    cues: [
      'afraid',
      'fear',
      'scared',
      'anxious',
      'anxiety',
      'worry',
      'worried',
      'panic',
      'dread',
      'nervous',
      'terrified',
      'frightening',
      'frightened',
    ],
    corpus: ['fear', 'terror', 'disturb', 'trouble', 'perturbation', 'alarm', 'future', 'expect'],
    questions: [
      'Of the things you fear here, which have happened, and which live only in anticipation?',
      'What would you do differently today if the worst outcome were already accepted?',
      'Is this fear protecting something you value? What is that thing?',
    ],
  },
  {
    id: 'anger',
    label: 'anger and injury',
    cues: [
      'anger',
      'angry',
      'rage',
      'furious',
      'resent',
      'resentment',
      'irritated',
      'annoyed',
      'hate',
      'betrayed',
      'betrayal',
      'offended',
      'unfair',
      'wronged',
    ],
    corpus: ['anger', 'wrath', 'passion', 'offend', 'injury', 'wrong', 'forgive', 'vex'],
    questions: [
      'What exactly was taken from you, and what could not have been taken?',
      'If the one who hurt you acted from ignorance rather than malice, what would change in you?',
      'What would it cost you to keep this anger for another year, and what does it give you?',
    ],
  },
  {
    id: 'control',
    label: 'what is in your power',
    cues: [
      'control',
      'power',
      'powerless',
      'helpless',
      'decide',
      'decision',
      'choose',
      'choice',
      'fate',
      'luck',
      'outcome',
    ],
    corpus: ['power', 'control', 'will', 'opinion', 'judgment', 'choose', 'depend'],
    questions: [
      'Which part of this is within your own power, and which belongs to the world?',
      'If you could only act on the part that is yours, what would your next step be?',
      'What judgement are you adding to what happened, beyond what happened itself?',
    ],
  },
  {
    id: 'change',
    label: 'change and impermanence',
    cues: [
      'change',
      'changing',
      'new',
      'start',
      'starting',
      'moved',
      'moving',
      'leave',
      'leaving',
      'transition',
      'ending',
    ],
    corpus: ['change', 'transform', 'flux', 'river', 'season', 'pass', 'new'],
    questions: [
      'What in you stays the same through this change, and does it need to?',
      'What are you holding onto that has already, quietly, begun to change?',
      'If this season is one of many, what is it asking of you in particular?',
    ],
  },
  {
    id: 'time',
    label: 'time and its use',
    cues: [
      'time',
      'years',
      'year',
      'age',
      'aging',
      'old',
      'older',
      'young',
      'forty',
      'fifty',
      'future',
      'past',
      'present',
      'days',
      'wasted',
      'waste',
      'weekend',
      'retirement',
      'retire',
    ],
    corpus: ['time', 'present', 'past', 'future', 'day', 'hour', 'old', 'age', 'short'],
    questions: [
      'If you measured your days by attention rather than by achievement, how would this one read?',
      'What are you postponing until a future that may not come in the shape you expect?',
      'What part of the past are you still living in, and what part of the present is waiting?',
    ],
  },
  {
    id: 'meaning',
    label: 'meaning and purpose',
    cues: [
      'meaning',
      'meaningful',
      'meaningless',
      'purpose',
      'point',
      'matter',
      'matters',
      'pointless',
      'empty',
      'worth',
      'significant',
      'ordinary',
    ],
    corpus: ['purpose', 'nature', 'vanity', 'profit', 'end', 'good', 'portion'],
    questions: [
      'When have you felt, even briefly, that what you were doing was enough? What were you doing?',
      'Does this need a grand purpose, or a faithful one?',
      'What would remain worth doing if no one ever saw it?',
    ],
  },
  {
    id: 'work',
    label: 'work and ambition',
    cues: [
      'work',
      'job',
      'career',
      'boss',
      'company',
      'office',
      'ambition',
      'ambitious',
      'success',
      'successful',
      'money',
      'salary',
      'business',
      'promotion',
      'fired',
    ],
    corpus: ['labor', 'work', 'business', 'duty', 'wealth', 'rich', 'office', 'toil'],
    questions: [
      'What would your work look like if it were an expression of who you are rather than a verdict on it?',
      'Whose measure of success are you using here, and did you choose it?',
      'What would be enough, and how would you know when you had it?',
    ],
  },
  {
    id: 'fame',
    label: 'praise and comparison',
    cues: [
      'praise',
      'praised',
      'fame',
      'famous',
      'recognition',
      'followers',
      'likes',
      'noticed',
      'notice',
      'compare',
      'comparing',
      'comparison',
      'reputation',
      'status',
      'admire',
      'approval',
      'judged',
    ],
    corpus: ['fame', 'praise', 'reputation', 'applause', 'opinion', 'blame', 'honor'],
    questions: [
      'Whose approval are you still waiting for, and what would it actually change?',
      'If no one would ever know the outcome, what would you choose?',
      'What do you admire in others that you could practise quietly yourself?',
    ],
  },
  {
    id: 'others',
    label: 'the people in your life',
    cues: [
      'friend',
      'friends',
      'friendship',
      'family',
      'mother',
      'father',
      'parent',
      'parents',
      'partner',
      'relationship',
      'brother',
      'sister',
      'son',
      'daughter',
      'children',
      'child',
      'marriage',
      'husband',
      'wife',
      'people',
      'colleague',
    ],
    corpus: ['friend', 'companion', 'neighbour', 'kinsman', 'brother', 'child', 'father', 'mother', 'social'],
    questions: [
      'What do you owe this person, and what do you owe yourself?',
      'If you saw them as acting from their own limits, what would you ask of them, and of yourself?',
      'What kind of presence do you want to be in their life, whatever they choose?',
    ],
  },
  {
    id: 'love',
    label: 'love',
    cues: ['love', 'loved', 'loving', 'heart', 'romance', 'lover', 'affection', 'crush', 'breakup'],
    corpus: ['love', 'heart', 'affection', 'friend', 'dear'],
    questions: [
      'What does loving well ask of you here: holding on, or letting be?',
      'Can you love someone without needing the love to take a particular shape?',
      'What has this love made of you that you would keep, whatever happens?',
    ],
  },
  {
    id: 'solitude',
    label: 'solitude and belonging',
    cues: [
      'lonely',
      'loneliness',
      'alone',
      'isolated',
      'belong',
      'belonging',
      'nowhere',
      'home',
      'crowd',
      'outsider',
      'understood',
    ],
    corpus: ['alone', 'solitude', 'retire', 'company', 'crowd', 'home', 'country', 'stranger'],
    questions: [
      'When you are alone, whose company are you keeping?',
      'Where do you already belong, even partly, that you have overlooked?',
      'What would it take to be a good companion to yourself while you wait for others?',
    ],
  },
  {
    id: 'desire',
    label: 'desire and enough',
    cues: [
      'want',
      'wanting',
      'desire',
      'crave',
      'wish',
      'enough',
      'rich',
      'greed',
      'pleasure',
      'envy',
      'jealous',
      'content',
      'satisfied',
    ],
    corpus: ['desire', 'want', 'enough', 'content', 'pleasure', 'rich', 'poverty', 'covet'],
    questions: [
      'What would "enough" look like here, concretely?',
      'Is the thing you want the thing itself, or the feeling you imagine it will bring?',
      'What do you already have that you once wanted badly?',
    ],
  },
  {
    id: 'acceptance',
    label: 'acceptance and letting go',
    cues: [
      'accept',
      'acceptance',
      'letting',
      'peace',
      'forgive',
      'regret',
      'regrets',
      'undo',
      'release',
      'surrender',
      'closure',
    ],
    corpus: ['accept', 'bear', 'endure', 'content', 'submit', 'yield', 'forgive', 'let'],
    questions: [
      'What would accepting this allow you to do that resisting it does not?',
      'Is there a difference, for you, between letting go and giving up?',
      'If the past cannot be changed, what in the present is still open?',
    ],
  },
  {
    id: 'virtue',
    label: 'character and the good',
    cues: [
      'good',
      'kind',
      'kindness',
      'honest',
      'honesty',
      'courage',
      'brave',
      'coward',
      'cowardly',
      'selfish',
      'moral',
      'integrity',
      'virtue',
      'justice',
      'weak',
      'strong',
      'ruthless',
      'right',
      'wrong',
    ],
    corpus: ['virtue', 'justice', 'courage', 'honor', 'temperance', 'good', 'kind', 'just'],
    questions: [
      'What would the person you most want to become do here, and what stops you?',
      'Which virtue is this situation quietly asking you to practise?',
      'If this choice were written down as your character, would you recognise yourself?',
    ],
  },
  {
    id: 'self',
    label: 'who you are',
    cues: [
      'self',
      'myself',
      'identity',
      'authentic',
      'become',
      'becoming',
      'person',
      'someone',
      'sabotage',
      'sabotaging',
      'worth',
    ],
    corpus: ['self', 'soul', 'mind', 'ruling', 'within', 'nature', 'character'],
    questions: [
      'Which parts of who you are did you choose, and which were handed to you?',
      'What would you do today if you trusted your own judgement a little more?',
      'Who are you when no role is asked of you?',
    ],
  },
  {
    id: 'suffering',
    label: 'suffering and endurance',
    cues: [
      'suffer',
      'suffering',
      'pain',
      'painful',
      'hurt',
      'hurts',
      'sick',
      'illness',
      'ill',
      'struggle',
      'struggling',
      'hard',
      'broken',
    ],
    corpus: ['pain', 'suffer', 'disease', 'endure', 'bear', 'hardship', 'affliction'],
    questions: [
      'What is the pain itself, and what is the story you are telling about it?',
      'What has enduring this already shown you about your own strength?',
      'Is there anything in this suffering that asks to be understood rather than escaped?',
    ],
  },
  {
    id: 'rest',
    label: 'rest and stillness',
    cues: [
      'rest',
      'resting',
      'busy',
      'tired',
      'exhausted',
      'overwhelmed',
      'slow',
      'stillness',
      'quiet',
      'calm',
      'burnout',
      'racing',
      'present',
      'presence',
    ],
    corpus: ['rest', 'quiet', 'tranquil', 'still', 'leisure', 'simple', 'retire', 'calm'],
    questions: [
      'What would change if rest were part of the work rather than a reward for it?',
      'Where in your day is there already a moment of stillness you pass by?',
      'What are you hurrying toward, and what are you hurrying away from?',
    ],
  },
  {
    id: 'hope',
    label: 'hope and despair',
    cues: ['hope', 'hopeful', 'hopeless', 'despair', 'faith', 'optimism', 'trying', 'giving'],
    corpus: ['hope', 'despair', 'expect', 'fortune', 'patience'],
    questions: [
      'What are you hoping for, exactly, and what would you do if it came?',
      'Can you act well without needing to know how it ends?',
      'What small thing is still worth doing, whatever happens?',
    ],
  },
];

export const THEMES_BY_ID: ReadonlyMap<string, Theme> = new Map(THEMES.map((t) => [t.id, t]));

/** Themes whose passages suit the `existential` style outside Ecclesiastes. */
export const EXISTENTIAL_THEMES: readonly string[] = ['mortality', 'meaning', 'time', 'change'];

/** Query words for each Atlas family, added at a low weight: the mood colours the reading. */
export const FAMILY_TERMS: Readonly<Record<FamilyId, readonly string[]>> = {
  radiant: ['joy', 'gratitude', 'fortune', 'pleasure', 'moderation', 'good'],
  calm: ['tranquil', 'peace', 'content', 'present', 'rest'],
  stormy: ['disturb', 'anger', 'fear', 'passion', 'opinion', 'trouble'],
  heavy: ['grief', 'sorrow', 'bear', 'endure', 'burden', 'comfort'],
  still: ['quiet', 'still', 'silence', 'empty', 'rest', 'return'],
};

/** The themes a family leans toward when the question itself names none. */
export const FAMILY_THEMES: Readonly<Record<FamilyId, readonly string[]>> = {
  radiant: ['desire', 'others'],
  calm: ['rest', 'acceptance'],
  stormy: ['control', 'fear'],
  heavy: ['suffering', 'acceptance'],
  still: ['rest', 'meaning'],
};

const CUE_STEMS: readonly { theme: Theme; stems: ReadonlySet<string> }[] = THEMES.map((theme) => ({
  theme,
  stems: new Set(theme.cues.map((cue) => stem(cue))),
}));

const CORPUS_STEMS: readonly { theme: Theme; stems: ReadonlySet<string> }[] = THEMES.map((theme) => ({
  theme,
  stems: new Set(theme.corpus.map((word) => stem(word))),
}));

/** Themes a question names, strongest first (ties in catalogue order). */
export function themesOfQuestion(question: string): string[] {
  // Every word counts here, stop words too: "want" names a theme even though it does not rank.
  const stems = words(question).map((w) => stem(w));
  const scored: { id: string; hits: number; order: number }[] = [];
  CUE_STEMS.forEach(({ theme, stems: cues }, order) => {
    let hits = 0;
    for (const s of stems) if (cues.has(s)) hits++;
    if (hits > 0) scored.push({ id: theme.id, hits, order });
  });
  scored.sort((a, b) => b.hits - a.hits || a.order - b.order);
  return scored.map((s) => s.id);
}

/** Themes a passage speaks to, by the translations' own vocabulary (`hits ≥ minHits`). */
export function themesOfPassage(passageTerms: readonly string[], minHits = 1): string[] {
  const out: string[] = [];
  for (const { theme, stems } of CORPUS_STEMS) {
    let hits = 0;
    for (const s of passageTerms) if (stems.has(s)) hits++;
    if (hits >= minHits) out.push(theme.id);
  }
  return out;
}
