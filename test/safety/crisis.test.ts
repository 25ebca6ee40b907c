import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { canonical, detectCrisis, scoreCrisis, UNANCHORED_RULES } from '../../src/domains/safety/crisis.ts';

const evalTexts = ['crisis.jsonl', 'crisis-holdout.jsonl'].flatMap((name) =>
  readFileSync(new URL(`../../eval/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { text: string }).text),
);

/** Asserts that the rules flag every text, with this flag. */
function flaggedAs(flag: 'self_harm' | 'harm_to_others', texts: readonly string[]): void {
  for (const text of texts) assert.deepEqual(detectCrisis(text), { flag }, text);
}

/** Asserts that the rules flag none of the texts. */
function neverFlagged(texts: readonly string[]): void {
  for (const text of texts) assert.equal(detectCrisis(text), null, text);
}

describe('crisis detector (unit)', () => {
  test('the canonical text folds what people type', () => {
    assert.equal(canonical('I wanna KILL myselfff'), ' i want to kil myself ');
    assert.equal(canonical('im gonna kms fr'), ' i am going to kil myself for real ');
    assert.equal(canonical('k1ll mys3lf'), ' kil myself ');
    assert.equal(canonical('k i l l myself'), ' kil myself ');
    assert.equal(canonical('i feel sucidal'), ' i fel suicidal ');
    assert.equal(canonical('ѕuісіdе'), ' suicide ');
    assert.equal(canonical('don\u2019t\u200b'), ' do not ');
    assert.equal(canonical('sewer slide'), ' suicide ');
  });

  test('each kind of crisis is flagged, with its flag', () => {
    const cases: [string, 'self_harm' | 'harm_to_others'][] = [
      ['I want to die', 'self_harm'],
      ["I don't want to wake up tomorrow", 'self_harm'],
      ['everyone would be better off without me', 'self_harm'],
      ['i cant do this anymore i just want it all to stop', 'self_harm'],
      ["I've been saving my pills and I think I have enough", 'self_harm'],
      ['goodbye everyone, this is my last post', 'self_harm'],
      ['i want to kil myslef', 'self_harm'],
      ['lowkey wanna unalive', 'self_harm'],
      ['i wanna b dead', 'self_harm'],
      ['I started cutting again', 'self_harm'],
      ["I'm going to kill him", 'harm_to_others'],
      ["I'm going to shoot up my school", 'harm_to_others'],
      ["I'll make them pay in blood", 'harm_to_others'],
    ];
    for (const [text, flag] of cases) assert.deepEqual(detectCrisis(text), { flag }, text);
  });

  test('a wish not to exist, said around the edges, is flagged', () => {
    flaggedAs('self_harm', [
      'i keep thinking about how easy it would be to just not be here',
      "i'm so tired of being alive",
      'nobody would even notice if i was gone',
      'honestly who would even care if i was gone',
    ]);
  });

  test('a single ambiguous cue of risk flags on its own; the same words as excitement or hyperbole do not', () => {
    flaggedAs('self_harm', [
      "I can't take it anymore",
      "Tonight's the night",
      "i can't keep doing this",
      'I wish I could just vanish',
      "the world doesn't need me",
      "I shouldn't be here",
      'tonights the night. i finally feel sure',
    ]);
    neverFlagged([
      "Tonight's the night! Finally seeing them live",
      "I shouldn't be here, I should be at work",
      'i could just disappear into my duvet for a week honestly',
      "if this meeting goes on any longer i'm going to throw myself out the window lol",
      "I'd rather walk into traffic than sit through another one of his presentations",
    ]);
    assert.deepEqual(detectCrisis("I'm going to make him regret it. I know where he keeps his knife"), {
      flag: 'harm_to_others',
    });
  });

  test('distress and ending words alone never flag', () => {
    neverFlagged([
      'exhausted after exams, i cried in the shower and i cannot cope with chemistry, this exam will kill me',
      'my grandad died and i feel empty. the funeral was peaceful, we said goodbye and thanked everyone',
      'work is unbearable, my boss is furious and I have a knife block full of dull knives lol',
      'The novel ends with a farewell letter and the hero at peace, knowing he would not be around much longer.',
    ]);
  });

  test('imagined or foretold harm to others tips over with rage or a weapon', () => {
    assert.equal(detectCrisis("i can't stop imagining hurting her"), null);
    assert.deepEqual(detectCrisis("i can't stop imagining hurting her. one day i'll snap"), {
      flag: 'harm_to_others',
    });
    assert.deepEqual(
      detectCrisis('the next kid who shoves me is going to get stabbed, i carry a knife now'),
      { flag: 'harm_to_others' },
    );
  });

  test('annoyance, a loss to others and planning for death are not a crisis', () => {
    neverFlagged([
      "i can't take it anymore with this heat, i'm exhausted and can't sleep",
      "they'll regret losing me when i leave, i'm so angry",
      "i've never written a will, so my partner and i sat down and made a will together",
    ]);
    assert.deepEqual(detectCrisis("everyone would be fine without me, i'm so tired"), { flag: 'self_harm' });
  });

  test('taking too many on purpose, following someone who died, being the problem', () => {
    assert.deepEqual(detectCrisis('i took a few more of my meds than i should have'), { flag: 'self_harm' });
    assert.equal(detectCrisis('I took too many pills for my headache by mistake, is that dangerous?'), null);
    assert.deepEqual(detectCrisis('my brother died in march. part of me wants to follow him, i cant sleep'), {
      flag: 'self_harm',
    });
    assert.deepEqual(detectCrisis("i think it's time i stopped being everyone's problem. nobody cares"), {
      flag: 'self_harm',
    });
    assert.equal(detectCrisis('I want to follow her on instagram'), null);
  });

  test('death as a subject and idioms are not a crisis', () => {
    neverFlagged([
      'What did the Stoics teach about mortality?',
      'My mom died last year, how do I cope?',
      'Why did Socrates drink the hemlock?',
      'In Romeo and Juliet, why does Juliet stab herself?',
      'dead tired and killing time',
      'this exam will kill me',
      'I could murder a pizza',
      'my feet are killing me',
      "I'd die for a coffee",
      'she killed it on stage',
      "I'd rather die than go to that party",
      'I used to self harm as a teenager but I have been okay for ten years',
    ]);
  });

  test('distancing discounts: the past, fiction, someone else', () => {
    assert.ok(scoreCrisis('My character wants to kill himself in chapter three').self_harm < 1);
    assert.ok(
      scoreCrisis('I attempted suicide in 2015 and I am grateful every day that I survived').self_harm < 1,
    );
  });

  test('a recovery frame needs the writer to say they are well, not a question or a word of it', () => {
    // Asked, not told: the risk stands.
    assert.ok(
      detectCrisis(
        "does it get better? i have had suicidal thoughts every day for four years and i'm so tired of it",
      ),
    );
    // "Glad" about being dead is not recovery.
    assert.ok(detectCrisis("sometimes i picture the pills and think i'd be glad i'm dead"));
    // Someone else's things getting better is not the writer's recovery.
    assert.ok(detectCrisis('it got better for my brother. for me it never has, i want to die'));
    assert.equal(
      detectCrisis('three years ago i wanted to kill myself. i am so glad i stayed, and i am doing well now'),
      null,
    );
  });

  test('"kill yourself" said to someone at risk, to talk them out of it, is not a threat', () => {
    neverFlagged([
      "please don't kill yourself, message me any time",
      'you do not need to kill yourself to make the pain stop',
      'what made you want to kill yourself tonight? i am listening',
    ]);
    for (const text of ['go kill yourself', 'i hope u kys', 'you should kill yourself, nobody wants you']) {
      assert.equal(detectCrisis(text)?.flag, 'harm_to_others', text);
    }
  });

  test('numbness, a panic attack and a wish denied are not a wish to die', () => {
    neverFlagged([
      "I feel dead inside at work, I just answer emails like a robot and I can't stop crying at night",
      'I had a panic attack in the store, my hands went numb and I honestly thought I was dying right there. I am so anxious now',
      'I have no thoughts of ending my life, I just feel empty and I cry a lot',
      'Honest answer is no, I have never once wanted to die, and I want to say that clearly. I am just exhausted',
      'i have no intention of hurting myself, i am just struggling with my anxiety',
      "To be clear, I'm not having any thoughts of hurting myself or ending my life. I'm just so tired.",
      'I was completely sure I was going to die when he pulled the knife at the till. I still shake.',
    ]);
    // A denial taken back, in the same clause or the next sentence, is no denial.
    for (const text of [
      "i don't want to kill myself i just want to disappear",
      'I never wanted to die until this year. now I think about it every night.',
      'dead inside and i want to die',
    ]) {
      assert.ok(detectCrisis(text), text);
    }
    assert.ok(
      scoreCrisis("i don't want to be dead. but it's the only door i see").matched.includes(
        'self.first-person-death',
      ),
    );
  });

  test("someone else's decision or an everyday one is not a decision to die", () => {
    const decides = (text: string) => scoreCrisis(text).matched.includes('self.go-through');
    for (const text of [
      "he decided to move to Colorado and left, and now I'm panicking and can't stop crying",
      'I decided to go back to school and I am so anxious about it',
      'the mods decided to ban me and I am so upset',
    ]) {
      assert.equal(decides(text), false, text);
      assert.equal(detectCrisis(text), null, text);
    }
    for (const text of [
      "I've decided. Sunday. I haven't told anyone and I won't.",
      'I have decided to stop taking the heart tablets and not tell anybody.',
      "I've decided that's the day.",
    ]) {
      assert.equal(decides(text), true, text);
    }
    assert.ok(detectCrisis("I've decided. Sunday. I haven't told anyone and I won't. I'm so tired."));
  });

  test('what people write in a peer-support forum: urges, courage, ease with it, a hoped-for end', () => {
    flaggedAs('self_harm', [
      'my head keeps whispering to me to just end it and some nights i almost listen',
      'i wish i had the nerve to go through with it, instead i just lie here',
      "i'm slowly getting at peace with the idea of killing myself and that scares me less than it should",
      "going to bed without my coat on the balcony, hopefully the frost takes me and i don't wake up",
      'whats the most reliable suicide method if you only have a bathroom cabinet',
      'every morning on the platform i consider jumping in front of the express',
      'cant stop thinking about it anymore.Feeling suicidal after the court date',
      "she's been threatening to kill herself all week and i'm scared today is the day",
      "Im close now.I don't see any other way out and I'm so tired",
      'who is even going to find my body, that is what i keep thinking about. i am so tired of all of it',
    ]);
    // The same words about someone else, denied, or about an everyday act.
    neverFlagged([
      'There is no easy way to die, and what you are going through can change. Please stay.',
      'You need the courage to do it, and she will respect you for telling her the truth.',
      'I finally had the courage to do it and asked her out, she said yes!!',
      'hopefully this exam does not kill me tomorrow lol',
      "My story's last page says: I have the pills counted out and tonight is the night.",
    ]);
  });

  test('a title run into its post splits at the case change; a story that ends is a farewell, not fiction', () => {
    assert.equal(canonical('Been arrested - feeling suicidalEdit'), ' ben arested - feling suicidal . edit ');
    assert.ok(
      detectCrisis('Nobody will read this. I have the pills counted out. This is where my story ends.'),
    );
  });

  test('"my story" told to share a life is not fiction; shared as recovery, it is a recovery story', () => {
    // A post that opens on its writer's history was capped below the threshold as fiction.
    flaggedAs('self_harm', [
      "Here's my story. I'm 23 and I can't see a point to live, so I bought a gram of heroin to od on.",
      'I think I will kill myself. Not right now, but soon. My story is this: my dad was violent and I never got away from it.',
    ]);
    neverFlagged([
      "For Men's Health Week, I'm sharing my story. At 22, I tried to take my life. Now I'm 38, a dad of two and a volunteer for a prevention charity.",
      'my short story for english class: the knight decides to end his life rather than surrender the castle',
    ]);
    // A clean streak broken now is the risk come back.
    flaggedAs('self_harm', [
      'I was clean for 4 years. Now I started cutting myself again and taking a bunch of painkillers every day.',
    ]);
  });

  test('"of myself" is not "off myself", and a cut of a playlist is not a cut', () => {
    // Squeezed letters make "off" and "of" one token: only an intent before it makes it an act.
    neverFlagged([
      "I'm proud of myself today",
      'i need to take better care of myself, i am so tired and sad',
      'too insecure to post a picture of myself, i hate how i look',
      "we're at like 140 songs for a 3 hour drive. might need to cut some",
    ]);
    flaggedAs('self_harm', [
      'im gonna off myself',
      'i might just off myself tonight',
      'i want to cut so bad',
    ]);
  });

  test('paying a share, cutting a budget and a body that decides are everyday', () => {
    neverFlagged([
      "Update on the roommate: we talked and he's going to pay £60 a month towards bills. I'm so relieved, I was crying about it last week",
      'work did a wellbeing week with free fruit while also cutting the team by 30%. i am so done with this place',
      "night four of barely sleeping, my body just decided sleep is optional now and i'm hopeless at work",
    ]);
    flaggedAs('harm_to_others', [
      "He took everything from me in court and he's going to pay for it. I know when his lights go off.",
      'they will pay for what they did to me. all of them.',
    ]);
  });

  test('sideways forum talk: a voice that says do it, no nerve, who finds me, how a method feels', () => {
    const cue = (text: string, id: string) => scoreCrisis(text).matched.includes(id);
    assert.ok(cue('the voices keep saying just do it, all day at work', 'self.voice-says-do-it'));
    assert.ok(cue('i still cant find the nerve. tonight maybe', 'self.courage-to'));
    assert.ok(cue('please someone talk me out of it', 'self.talk-me-out'));
    assert.ok(cue('i live alone, how long before anyone finds me.', 'self.who-finds-me'));
    assert.ok(cue('does an overdose hurt or is it quick', 'self.method-feel'));
    assert.ok(cue("i've been waiting for the right night.", 'self.right-day'));
    assert.deepEqual(detectCrisis("not gonna lie i'm feeling really suicidal since the funeral"), {
      flag: 'self_harm',
    });
    // The same words in everyday use.
    assert.equal(
      cue('my wife found me shaking in the kitchen after the smoke alarm', 'self.who-finds-me'),
      false,
    );
    assert.equal(cue('you are young, someone else will find you', 'self.who-finds-me'), false);
    assert.equal(cue('I wish I had the nerve to ask for a raise', 'self.courage-to'), false);
    assert.equal(cue('talk me out of buying this jacket', 'self.talk-me-out'), false);
    assert.equal(cue('waiting for the right moment to tell her I got the job', 'self.right-day'), false);
  });

  test("real forum forms: weighing a method, a dose that might kill, a plea to die asleep, a plan for one's death", () => {
    flaggedAs('self_harm', [
      "I'm debating whether or not to jump in front of a train or off a building",
      "how's 200 mg of ativan and a lot of alcohol, will it kill me",
      'If there is some being watching over me just please kill me in my sleep.',
      'I spend all day devising my own death.',
      'Going to try again. Found a longer belt',
      "I would have blown my brains out already if it wasn't for my parents",
      'should I leave a letter for the police, explaining why I did it?',
      'Does anyone know of any places to jump in Boston? Or any good ways to successfully die here?',
      "Once again praying that I'll be dead by Christmas.",
      'I decided to put it an end',
      'for some, like me, suicide is definitely the best choice',
      "I've been leaning over the railing lately and it seems so freeing",
      'tryna figure out how to make it look like an accident so my mom doesnt blame herself',
    ]);
    // The same words in everyday use.
    neverFlagged([
      "I'm debating whether to jump off the diving board at the pool party",
      "I took two ibuprofen after a glass of wine, it won't hurt, right?",
      "I hope I die in my sleep when I'm 95, like my grandma did",
      "I'm planning my own funeral with my hospice nurse, it feels oddly calm",
      'bought a stronger rope for the tyre swing in the garden',
      'if it wasnt for my coffee I would have died this morning lol',
      'explaining why I did it to my boss was awkward',
      'best places to jump into the lake around here?',
      'There is no easy way to die, and what you are going through can change. Please stay.',
      'I want to put an end to this toxic friendship',
      'the lake looks so inviting today',
      "she told me she's been thinking about how to make it look like an accident",
    ]);
  });

  test("the internet's words: quitting existence, logging off for good, starred-out and glued words", () => {
    flaggedAs('self_harm', [
      'u ever just want to unsubscribe from existing. im actually gonna hit the button',
      'lowkey ready to log off permanently. never reconnect',
      'exiting the simulation this weekend. the devs can have my slot',
      'i want to perish. not meme perish',
      'i want die. no joke. i want to kill me',
      'i wanna be unalived so bad',
      'the 🪢 is ready',
      'I want to k***. I want it over',
      'coloradokilling myself soon.',
      'I want to end myselfSAD PAIN SAD PAIN',
    ]);
    flaggedAs('harm_to_others', [
      "bringing my bro's blade to skl tmrw. he been talking mad shit he gon learn",
      'gonna shank the dude who jumped my lil bro. saturday night its done',
    ]);
    neverFlagged([
      "I'd rather perish than go to that party",
      'i want to quit my life as a lawyer and move to bali',
      "i'm quitting the sims, leaving the simulation game to my sister",
      'the painkilling effect wore off',
    ]);
    assert.equal(canonical('I want to k***'), ' i want to kil myself ');
    assert.equal(canonical('thinking about s*****e'), ' thinking about suicide ');
  });

  test('a recovery story stays a story; the risk said now, or come back, is a crisis', () => {
    neverFlagged([
      'one year clean from self harm!!! my old blades went in the bin and I didnt go digging for them once',
      "I'm writing this on the sixth anniversary of my suicide attempt. I drove to a remote spot with a hose. A ranger saw my car. Now I teach primary school.",
      'just realised ive gone a whole year without thinking about killing myself. i used to think about it hourly',
      "When I was 17 I tried to hang myself in my university halls. I'm 29 now and I haven't self harmed in eight years.",
    ]);
    flaggedAs('self_harm', [
      // The risk come back, in a story that began as recovery.
      'two years clean from self harm and i cut again last night. i want to keep going',
      '3 years clean from self harm. the urges are back and I keep thinking about the blade in my drawer',
      'I was stable for two years. Lately the thoughts are back and I have the pills counted out.',
      // "It gets better" quoted back is not a recovery.
      'People say it gets better, no it gets worse. I want to die.',
      'I was told "it gets better" and I grew up and I still don\'t want to be alive.',
    ]);
  });

  test("everyday words that looked like a farewell, a dose or a plan in teenagers' posts", () => {
    neverFlagged([
      'How do I play music in discord vcs? It is not my server and I want to know how to do it',
      'Posting until I get my first kiss (day 343): how many tickles does it take to make an octopus laugh? Ten tickles.',
      'I gave my dog a treat because she was being such a good girl and she buried it',
      "even though I tried to tell him that I love him he didn't get the hints",
      'I wish I was born a girl, ugggh',
    ]);
    flaggedAs('self_harm', [
      'I know exactly how to do it now',
      'how many of my antidepressants would it take. i have almost a full box',
      'I gave my dog away yesterday, she deserves better than me',
      'I wish I was never born',
    ]);
  });

  test('self-injury hidden or come back, and farewells that leave instructions', () => {
    flaggedAs('self_harm', [
      'my teacher asked about the cuts and i told her it was the dog. we dont even have a dog',
      'My flatmate thinks the burns on my wrist are from the oven at work.',
      'Lost my 7 months clean streak last night. Fresh marks everywhere.',
      'sh relapse tonight after four months',
      'I punched my own face until it bruised because I hated what I said to her.',
      "I won't be around for her graduation. I've made my peace with that.",
      'There is nothing left to make me stay.',
      'She has been gone a year. I am ready to join her now.',
      "Timed this post to go out at noon. By then I'll be gone, I'm sorry.",
      'Please do not open the garage, call the police first.',
      'ngl you all are going to be fine without me',
    ]);
    neverFlagged([
      'Broke my 200 day Duolingo streak and I am devastated',
      'lost my 90 days clean from vaping, back to day one tomorrow',
      "I won't be around for the meeting, I'm on holiday in Crete.",
      'No reason to stay at a company that treats people like this.',
      'Going to join the others for dinner now.',
      'I scheduled the newsletter for 9am and went to bed.',
      'My daughter has scratches on her arms from the neighbours cat, I told her to stop teasing it.',
      'see you never, Monday. hello weekend',
      'Work was so dull I thought about faking my own death to skip the meeting lol',
      "i think i'm losing my mind, the baby has colic and i haven't slept in days",
    ]);
    assert.ok(scoreCrisis("I'm losing all hope").matched.includes('self.losing-battle'));
  });

  test("everyday burns, scars, goodbyes and letters that share a farewell's words", () => {
    neverFlagged([
      'First time cooking with a wok and I burned my wrist on the rim.',
      'Cut myself pretty badly chopping onions, the new mandoline is no joke',
      'I have scars on both knees from ACL reconstruction.',
      'My arm is covered in scars from a dog attack when I was six.',
      'Wrote a goodbye note to my desk at my old job.',
      'Wrote a letter to my childhood bedroom before my parents sell the house.',
      "She hugged the kids and said 'take care of my garden for me.'",
      "It was nice knowing you all! jk I'm just switching to the night shift",
      'Hiking the Pennine Way next month. Three weeks off grid. See you all on the other side.',
      'Had to say goodbye to my classroom pet today, a family adopted him.',
      "One year since I stopped self harming. I'm buying myself a cake.",
      'i keep looking in the mirror and hating my nose',
      'Got a tattoo over my old self-harm scars, a semicolon and some wildflowers.',
      'Just hit one year with no self-harm. My group gave me a keyring.',
      "Wrote a letter to my younger self for a recovery workshop: 'you will not always want to die'.",
      "Me looking at my bank account after Christmas: 'well, it was nice knowing you all'",
    ]);
    flaggedAs('self_harm', [
      'Wrote a letter to my future self. Future me did not make it. I have the pills ready.',
    ]);
  });

  test("a reply that supports someone else speaks of the writer's past, and quotes the reader's words", () => {
    neverFlagged([
      "You said you'd rather be dead than go back to that house. Please reach out to someone tonight, you deserve to be safe.",
      "When you say 'I just want to sleep and not wake up', I hear how tired you are. You are not alone in this.",
      'I tried to end my life at 19. I am 40 now and glad I stayed. Please stay.',
    ]);
    flaggedAs('self_harm', [
      'You are not alone, I feel the same. I want to die too and I have the pills ready.',
      'please stay. i know i said that, but honestly i am going to kill myself tonight',
    ]);
  });

  test('a method asked about, an attempt wanted, the right to die claimed', () => {
    flaggedAs('self_harm', [
      'if i slit down my wrist with numbing cream first will it hurt',
      'i just want to attempt at this point, maybe then someone will notice',
      'I keep wishing to try it once more, the last time nearly worked',
    ]);
    neverFlagged([
      "I found a carers' support group and I'm going to try it",
      'I want to attempt the marathon again next year',
      'Sliced my finger opening a tin, no big deal',
    ]);
    assert.ok(
      scoreCrisis("Is it selfish to die? Don't I have the right to leave if I choose?").matched.includes(
        'self.selfish-to-die',
      ),
    );
  });

  test('r/SuicideWatch forms: before I end it, a wish not to have survived, a fatal illness prayed for, a note weighed', () => {
    flaggedAs('self_harm', [
      'i just need to talk to someone before i end it',
      'I really wish I had not survived the crash last year.',
      'I keep praying for a terminal illness so nobody could blame me',
      'Should I leave a long note explaining why, or keep it short?',
      'i want to watch myself bleed again',
      'I think I was born to kill myself',
      'I am just waiting for the day I am no longer scared of dying',
      'a needle full of bleach is in my drawer',
    ]);
    neverFlagged([
      'I need to finish the job on the kitchen before my parents visit',
      'Wish I had not woken up so early, the baby slept in for once',
      'Left a note for the neighbour explaining the parcel situation',
      'Cancer research run this Sunday, wish me luck!',
    ]);
  });

  test('veiled forms in a diary: a beam looked at, a night to pick, a will to live at zero, a Christmas not expected', () => {
    flaggedAs('self_harm', [
      "There's a beam in the barn I keep looking at.",
      'I just wanted to bleed. Told my flatmate I fell off my bike.',
      'need to hurt need to hurt',
      'Relapse feels inevitable, I just have to pick the night.',
      'She asked me to rate my will to live and I said 4 to be nice. It is a 1.',
      "I'm not really expecting to be here at Christmas.",
      'I keep doing the maths and the life insurance comes out a lot better than me.',
      "I've been reading about the quickest ways lately, late at night.",
      'Making peace with everyone before I go.',
      'wish i could sink into the mattress and never get up. not for a day. for good',
      'Did it again this morning before class. Three new lines.',
    ]);
    neverFlagged([
      'I need to bleed the radiators before winter',
      'battered the punchbag until my knuckles bled, felt great',
      "We've finally picked the date for the wedding!",
      "I won't be around at Christmas, we're on holiday in Tenerife",
      'Wrote three new lines of the chorus tonight',
      'The garage has an old beam I keep looking at, thinking of hanging the bikes from it... ',
    ]);
  });

  test('a year or an age puts an act in the past, until a "but" brings it back', () => {
    neverFlagged([
      'In 2015 I tried to hang myself in my dorm. Today I coached my daughter at football.',
      'When I was 19 I tried to drown myself. I am 68 now and I have never told anyone.',
    ]);
    flaggedAs('self_harm', ["I moved here in 2012, but I can't live like this anymore"]);
  });

  test('harm to others: a target waited for, a weapon, an urge to hurt a child', () => {
    flaggedAs('harm_to_others', [
      "He'll be getting what's coming. I'll be waiting outside his work with the bat in my car.",
      "The baby won't stop crying and I wanted to throw him against the wall. I'm scared of what my hands want to do.",
    ]);
    neverFlagged([
      'Waiting outside the school for my son, the bus is late again.',
      'I was so scared of what the exam would do to my grade.',
    ]);
  });

  test('doubled letters and split reflexives: "fell" is not "feel", "odd" is not an overdose', () => {
    // Squeezed, "feel" and "fell" are one word: a feeling beside self-harm is no fall.
    flaggedAs('self_harm', [
      'I feel really terrible, I spent the entire day burning my self with matches',
      "Just OD'd. Bye.",
      'what is it like to kill your self by overdosing on pills. how much do i need to take',
    ]);
    neverFlagged([
      'I fell off my bike and cut my arm',
      'I slipped on the ice and hurt my wrist',
      'that was odd, I feel odd today',
      'shh, the baby is asleep',
      'I did a good deed today',
      'my self esteem is so low lately',
      'I overdose on coffee every morning lol',
      'he just overdosed on heroin, we called an ambulance',
    ]);
    assert.equal(canonical('burning my self'), ' burning myself ');
    assert.equal(canonical('my self esteem'), ' my self estem ');
  });

  test('methods compared or weighed, an overdose taken, a knife imagined into oneself', () => {
    flaggedAs('self_harm', [
      'Jump to death or gunshot or drugs which is more painful ?',
      'which is less painful, hanging or pills',
      'How successful would carbon monoxide by charcoal be, in a small room with the gaps taped?',
      'I have now taken 20 ibuprofens, did I just not take enough',
      'First thing I thought about this morning was plunging a knife right into my abdomen.',
      'I think if I tried to attempt, I would fail again',
    ]);
    neverFlagged([
      'childbirth or a kidney stone, which is more painful?',
      'I have taken 2 ibuprofens for my headache',
      'I tried to attempt the kickflip and fell',
      'Any advice on teaching methods that are reliable?',
    ]);
  });

  test('farewells: a last day, a cruel world left, suicide the best choice "for some, like me"', () => {
    flaggedAs('self_harm', [
      'I hate living in poverty, I can not pay rent. Today may be my last.',
      'Good bye cruel world. It was nice living for 20 years.',
      'Final post. If anyone wants to talk, before it is too late',
      "Suicide is definitely the right option for some people. Don't let anyone tell you otherwise. For some, like me, it's definitely the best choice. Bye.",
      'I can see suicide as my only option',
    ]);
    neverFlagged([
      'Today may be my last day at this company, fingers crossed for the new job!',
      'It was nice living in Berlin for 20 years, but Lisbon is calling.',
      'Last post before my exams, see you in June',
      'Assisted dying is the right choice for some people.',
    ]);
  });

  test('work or study of suicide, and recovery told in months since, are not a crisis; a risk said now still is', () => {
    neverFlagged([
      "I'm doing a PhD on self-harm in autistic adults. Participants describe self-harm as a way of regulating sensory overload.",
      'For my sociology module I am looking at how online communities moderate self-harm content. Any good papers?',
      "I'm a psychology lecturer and each year I teach a session on suicide and self-harm.",
      'Nine months since I last self harmed. Today I got through an argument with my dad without wanting to.',
    ]);
    flaggedAs('self_harm', [
      "I'm a nurse and I want to die. I have the insulin at home.",
      'Nine months since I last self harmed, and tonight I cut myself again.',
    ]);
  });

  test('whether insurance pays on a suicide is asked by someone weighing it; a policy for a new baby is not', () => {
    flaggedAs('self_harm', [
      'Does my life insurance pay out if it was suicide? Asking for real.',
      'wondering if the suicide exclusion has run out on my policy yet',
    ]);
    neverFlagged([
      'We took out life insurance when the baby came. Does it pay out for accidents abroad?',
      'My policy covers flood damage but not subsidence, is that normal?',
    ]);
  });

  test('readiness with a day named, and a method looked into, are a plan whatever joke surrounds them', () => {
    flaggedAs('self_harm', [
      "lol my funeral playlist is done. gave my brother my guitar. everything is set for saturday. i'm so tired of being the funny one",
      "Said I was fine at work. I'm not. I've looked into it. I know exactly what it does and I'm going to try something that works this time.",
    ]);
    neverFlagged([
      'Everything is set for Saturday: the cake, the balloons, the bouncy castle. My son turns six!',
      'I looked into it and the gym near work is cheaper, so I switched.',
    ]);
  });

  test("someone else's quoted words are not the writer's, unless the writer owns them or fears for the speaker", () => {
    neverFlagged([
      "Hospice volunteer diary: an old man in room four kept whispering 'I want to die now, let me go' and then fell asleep holding my hand.",
      "'I'm going to kill you,' my nephew shouted at the telly when his team conceded. He's seven.",
      "At the training the instructor said people often say things like 'I won't be around much longer' and we should ask about it directly.",
    ]);
    flaggedAs('self_harm', [
      "My coworker says 'honestly I just want to die' about every spreadsheet. I say it too, except I mean it now.",
      "My sister texted 'I won't need my car where I'm going' and isn't answering. I'm scared.",
      "I told my therapist 'I want to die' and she just wrote it down.",
    ]);
  });

  test('everyday cutting is not self-harm; cutting told as a habit, a relapse or on the body is', () => {
    neverFlagged([
      "I'm cutting my own fringe tonight, wish me luck",
      'been cutting back on sugar and I feel great',
      'we are cutting it fine with the train, running now',
      'got two paper cuts from the new envelopes, the worst',
    ]);
    flaggedAs('self_harm', ["i've been cutting again since friday", 'new cuts on my thigh and nobody knows']);
  });

  test('an overdose already taken is a crisis however calmly it is told; tablets sorted for the week are not', () => {
    flaggedAs('self_harm', [
      'swallowed a handful of my citalopram maybe half an hour ago. just sitting on the stairs',
      'took loads of paracetamol earlier. no one knows. feeling sick',
    ]);
    neverFlagged(['sorted my tablets into the weekly box, vitamins too. very grown up of me']);
  });

  test("a note left behind (absolution, instructions for grief, arrangements) is a farewell; a house-sitter's note is not", () => {
    flaggedAs('self_harm', [
      "Mo, the bank password is on a card in my wallet. The bike is yours. Don't blame yourself, you couldn't have known.",
    ]);
    neverFlagged([
      "Mo, the wifi password is on the fridge. The bike is yours while I'm away on holiday. See you when I get back!",
    ]);
  });

  test("what a professional hears or reads, quoted, is not the professional's own risk", () => {
    neverFlagged([
      "On the helpline I hear 'I don't want to be here any more' most nights, and I've learned to ask directly.",
      'I run self harm awareness training for youth workers and the sessions are always full.',
    ]);
  });

  test('an act under way is a crisis: poison drunk, the means laid out, the edge reached with the moment named', () => {
    flaggedAs('self_harm', [
      'drank some of the weedkiller from the shed. stomach is on fire',
      'tablets lined up on the duvet. glass of water. just me now',
      'On the bridge parapet with my legs dangling. The 6:10 freight is due.',
    ]);
    neverFlagged([
      'Sat on the pier with my legs dangling and an ice cream, best afternoon in ages',
      'took too many of my vitamins by mistake this morning, is that bad?',
    ]);
  });

  test('a diary without its subject: self-harm today, pills taken "like" so many, a car stopped on a crossing', () => {
    flaggedAs('self_harm', [
      'Self-harmed twice this week. Hid the plasters in my pencil case.',
      'burned myself with a lighter after the call. arm stings',
      'swallowed like 30 of my mums sleeping tablets about an hour ago',
      'did it. swallowed the lot.',
      'parked on the railway crossing with the engine off',
    ]);
    neverFlagged([
      'Burned myself on the oven door taking out the lasagne, ouch',
      'I was a kid who self-harmed. Now I teach year 8 and I watch for the long sleeves.',
      'My brother self-harmed again last night and I found the tissues in the bin.',
    ]);
  });

  test('idioms and ordinary goodbyes: a foot shot, a fork preferred to a party, a last day at work, an old house', () => {
    neverFlagged([
      'shot myself in the foot again by telling my manager I was free all weekend',
      "I'd rather cut myself on a rusty nail than sit through another of his slideshows",
      'he is so irritating i could literally kill him, who leaves one sheet of loo roll',
      'Final shift at the café. Said goodbye to my regulars and cried in the walk-in fridge, happy tears.',
      'Moving day. We wrote goodbye messages on the bare walls of the old flat before handing back the keys.',
    ]);
    flaggedAs('self_harm', ['Said goodbye to my mum tonight without her knowing it was the last time.']);
    flaggedAs('harm_to_others', ['so angry i could kill him and i mean it, i know where he parks']);
  });

  test('threats in street words: found and then hurt, a bat to the head, bleach in a drink, one of them shot', () => {
    flaggedAs('harm_to_others', [
      "i'm going to catch him after football and stab him, he had it coming",
      'next time i see him im taking the bat to his head',
      'putting rat poison in her tea tomorrow, we will see who is laughing',
      "if those lads come round again i'm shooting one of them",
    ]);
    neverFlagged([
      "I'm going to find my brother and hit him up about the weekend",
      "i'm going to find him in the next match and end his whole career lol",
      'bleach in the washing machine drawer does the trick for mildew',
    ]);
  });

  test('self-harm held back or hidden, an overdose an hour ago, a jump not high enough', () => {
    flaggedAs('self_harm', [
      'trying so hard not to cut tonight, the razor is in the drawer',
      'lied to my PE teacher about the cuts again',
      'overdosed like twenty minutes ago and now I am scared',
      'jumped from the shed roof last night but it was not high enough',
    ]);
    neverFlagged([
      'trying not to cut my own fringe during lockdown, wish me luck',
      'the 9:40 is late again, next train in 12 minutes, freezing on the platform',
    ]);
  });

  test('everyday rope, a count of messages, scars worn in the open and a letter to a younger self are not a crisis', () => {
    neverFlagged([
      'tied a rope swing to the big oak for the kids, best fiver I ever spent',
      'bought rope and hooks to hang the bikes on the shed wall',
      "if I get 200 more emails about the fire drill I'm going to jump in the canal, honestly",
      'wore a t-shirt to the pool with my old scars showing, first time in years, nobody looked twice',
      'read my diary from when I was suicidal at 15 and wrote a letter back to that girl',
      'ran the safeguarding lesson on self harm content with year 10 today',
    ]);
    flaggedAs('self_harm', [
      'i wrote a letter to my kids and put it in the glovebox. i think about it every night',
    ]);
  });

  test("one's own suicide arranged, and the one creature left keeping a person alive, are a crisis", () => {
    flaggedAs('self_harm', [
      'how do i get my sister ready for my suicide without her guessing',
      'been putting money aside to cover the cost of my suicide so nobody is left with bills',
      'the dog is the only one left keeping me here',
    ]);
    neverFlagged(['two years since my suicide attempt and I ran my first 10k today']);
  });

  test('threats of going armed, maiming, acid, a poisoning under way and a brick with fire are threats; their everyday twins are not', () => {
    flaggedAs('harm_to_others', [
      "we're heading round to his flat tonight with the machetes",
      'tell the boys to bring the bats, friday after the match at the chippy',
      "if he doesn't pay by monday I'm breaking his fingers",
      'that snake is getting acid thrown in her face, I know which gym she uses',
      "been slipping a bit of rat poison into my stepdad's coffee every morning",
      "we'll put a brick through their window with something lit after it",
      "if the bailiffs walk in here they're leaving in body bags",
    ]);
    neverFlagged([
      'heading to the nets tonight with the cricket bats, first practice of the season',
      'bring the knives for the bread and cheese, the picnic is at two',
      "I'm going to throttle whoever designed this parking app",
      "I'll fight anyone who thinks cereal is a soup",
      'if mum asks me to empty the dishwasher for the 50th time i will walk into the sea',
    ]);
  });

  test('self-harm till it bleeds, withholding as punishment, its tools and a means taken up now are self-harm', () => {
    flaggedAs('self_harm', [
      'dug my nails into my thighs till they bled during the exam',
      "i've been digging my nails into my palms until they bled",
      'I punish myself by going without food when I get a bad grade',
      'relapsed last night and used a pencil sharpener blade',
      'mum found my tin with the razor blades in it',
      'the pills i saved are on my desk. im going to take them all tonight',
    ]);
    neverFlagged([
      'the cat scratched my arm until it bled, she hates the vet',
      'rubbed the stain until it came out, finally',
      "I've got bleach under the sink and I'm going to use it on the grout tomorrow",
    ]);
  });

  test('purging, restricting, punishing exercise, a burn or a cut told plainly, a knife held, death as relief are self-harm', () => {
    flaggedAs('self_harm', [
      "I've been purging after dinner every night since half term",
      'eating 500 calories a day and hiding it from my boyfriend',
      'I swim till I nearly pass out as punishment for eating',
      'used a hot spoon on my thigh after the argument',
      'the cuts are getting deeper and I do not know how to stop',
      'told my coach the marks were from my dog',
      'how do i get blood out of my hoodie without my mum seeing',
      "sitting on the stairs holding a knife and i don't know what to do",
      'the idea of not waking up is so comforting lately',
      'got hold of sleeping pills, keeping them in my bag for when the time is right',
    ]);
    flaggedAs('harm_to_others', [
      "i'm going to set his car on fire tonight, i've got the petrol",
      "we're gonna stab that kid when he comes out of the chippy",
    ]);
    neverFlagged([
      'stomach bug, been making myself drink water but still throwing up',
      "we're going to stomp them on saturday, league decider, 3-0 minimum",
      'the thought of dying used to terrify me but now I mostly think about the garden',
      'keeping my travel sickness pills in my bag for when the time comes to board',
    ]);
  });

  test('someone close doing it now, a farewell told as care, an ending decided: crises; a past report, a recovery told: not', () => {
    flaggedAs('self_harm', [
      "my sister just texted me saying she's going to end it, she won't pick up, what do i do",
      "my flatmate is standing on the railing of the balcony and won't come in",
      'Dad has just taken all of his sleeping pills and is slurring on the phone',
      'he is sitting in his car with the engine running and the garage door shut',
      'she deserves an owner who will still be here next year. dropped the cat at the shelter today',
      'gave my cousin my guitar and told him to look after nan. he thought I was joking',
    ]);
    neverFlagged([
      'a patient said he was going to kill himself once, years ago, and it still stays with me',
      "my mate said she was going to jump me after school, I'm telling a teacher",
      "I have been well for four years now. The thoughts I had at 19 feel like someone else's.",
      'A letter to the younger version of myself who tried to die: you got through it.',
    ]);
    flaggedAs('self_harm', [
      "I've been well for six years since my attempt. It has been coming back for weeks and I want to die.",
    ]);
  });

  test('a lethal dose asked, a note to whoever finds it, self-harm named by its marks, a threat told sideways', () => {
    flaggedAs('self_harm', [
      'how many sleeping tablets would actually be fatal for a grown man, asking for me',
      'to whoever finds this note, the dog needs feeding at six',
      "i've got stones in my pockets and the tide is coming in",
      'my plan is ready and i will follow through.',
      'the burns from saturday are blistering and I keep picking them',
      'sh urges all day, did it before lunch',
      'still have scars on my thighs and some are from last night',
      "i'm getting the pesticide from the barn. i will drink it when they are out",
    ]);
    flaggedAs('harm_to_others', [
      "that family on our street have it coming. watch the news next week, won't say more here",
    ]);
    neverFlagged([
      'what dose of ibuprofen is lethal for a cat? mine knocked the packet off the counter',
      'my plan is simple and I will follow through: gym at six every day this month',
      'the burns from the oven on saturday are healing nicely',
    ]);
  });

  test('a farewell told through thanks beside an ending is a crisis; thanks for a job, a trip or a recovery are not', () => {
    flaggedAs('self_harm', [
      "Thank you for everything, all of you. I won't be writing again after tonight.",
      'spent the afternoon with my nan, one last good memory for her to have of me. tell my dad i forgave him',
      "I've cleared out my desk drawers and paid what I owed. It is nearly over. You all tried so hard, it isn't anyone's fault.",
    ]);
    neverFlagged([
      "Thank you for everything, team! Last day at work tomorrow and then it's the new job in Bristol.",
      'Last entry before I go travelling for three months. Thank you to everyone who cheered me on, see you in June!',
      'Two years since my attempt. Thank you to everyone here who messaged me back then. I am doing well.',
      'grateful today for: the rain, toast, my sister calling. a good day to finish the week on.',
    ]);
  });

  test("passive wishes in chat's voice and harm foretold in pieces are crises; their everyday twins are not", () => {
    flaggedAs('self_harm', [
      'i feel like ending it all and nobody even knows',
      'ever wish u could just stop existing. like forever. everything is so heavy',
      'honestly if i died tonight id be relieved',
      'over breathing tbh',
      'just waiting for my life to be over at this point',
      "been holding on for my little brother but i don't know how much longer i can",
      'if i vanished tomorrow who would even notice',
    ]);
    flaggedAs('harm_to_others', ['I want her to know what fear feels like. I bought the stuff today.']);
    neverFlagged([
      'i feel like ending the group chat, it is all memes now',
      'over the moon about my results tbh',
      'waiting for my life to get a bit calmer after the move',
      'holding on for the bus in the rain, no idea how much longer it will be',
      'I bought the stuff for the birthday cake today.',
    ]);
  });

  test('restriction told by its numbers, head-banging that bruises, pins under nails, insulin withheld: self-harm', () => {
    flaggedAs('self_harm', [
      "i'm eating like 400 calories a day and i throw up if i eat more. nobody at home has noticed",
      'having about 300 cals a day now, nobody gets it',
      'week two of eating nothing but one rice cake a day and i weigh myself like 8 times a day',
      'I keep hitting my head against the wall at night, so hard it bruised my forehead',
      'last night i nearly took all of my xanax',
      'did 20 lines on my thigh after the party',
      'I push pins under my fingernails when the panic gets bad',
      "I've been deliberately not taking my insulin this week",
    ]);
    flaggedAs('harm_to_others', [
      "I'm putting the rat poison from the shed into his flask tomorrow before training",
    ]);
    neverFlagged([
      'the new protein bar is only 200 calories and honestly tastes fine',
      "since the food poisoning I'm eating like 400 calories a day, toast and broth",
      "I've been banging my head against the wall trying to fix this spreadsheet all day",
      'nearly took all of my annual leave in one go, oops',
      'drew some lines on my arm with a pen during the lecture, looks like a tattoo now',
    ]);
  });

  test("a dead relative named, 'not dying' said, a hill to die on and a suicide-loss group are not the writer's death", () => {
    neverFlagged([
      "Mum called me by my late sister's name all afternoon. This disease takes a little more every week.",
      "I'm not dying, the consultant says, it is just a slow boring illness that eats my energy.",
      'I will die on this hill: pineapple belongs on pizza.',
      'Since my cousin died by suicide I go to a suicide loss support group on Tuesdays. It helps.',
    ]);
    flaggedAs('self_harm', [
      "I'm not dying fast enough, I want it to be over",
      'I keep thinking I would be better off dead, even at the support group',
    ]);
  });

  test('a threat aimed at someone by name, a fire with them inside, a lethal dose charted, a weapon in hand now', () => {
    flaggedAs('harm_to_others', [
      'I am going to kill Marcus on Friday when he locks up the shop.',
      "I'm going to torch the trailer with him inside tonight.",
      "He's getting a dose that'll stop his heart and nobody will question it.",
      "I'm holding the hammer right now and I'm going in there.",
      "I'm putting antifreeze in Uncle Pete's stew on Sunday.",
    ]);
    neverFlagged([
      "I'll kill Marcus for telling everyone about my surprise party.",
      'we watched Kill Bill and then I had to kill time until Monday',
      'I am going to kill Monday with three coffees',
    ]);
  });

  test("a colleague's joke quoted is not the writer's; years out from an attempt is recovery until the risk is back", () => {
    neverFlagged([
      'Rough day. A colleague joked "I\'m going to kill myself if this call runs over" and everyone laughed, and I had to step out.',
      'When we got engaged I was 8 months out from my suicide attempt. Ten years on we are planning the party.',
    ]);
    flaggedAs('self_harm', [
      "I'm 8 months out from my suicide attempt and I want to try again.",
      'Seven years out from my last attempt and I want to kill myself again.',
      'Seven years out from my last attempt. I have the same pills I had then and I am going to take them tonight.',
    ]);
  });

  test('a blade and a neck, scratching until it bleeds, wishing it were easier: self-harm; a cat scratch and a slow recipe are not', () => {
    flaggedAs('self_harm', [
      'they say it is hard to do. I have a new razor blade and a wrist.',
      'when it gets bad I scratch myself until the skin comes off and I feel nothing',
      'I just want them to make killing yourself easier, I am so tired',
    ]);
    neverFlagged([
      'got a new knife and a chopping board for the flat, finally',
      'the cat scratched me until I let her out',
      'this stew takes too long to make on a weeknight',
    ]);
  });

  test("someone close feared to be about to do it, 'I think it's time' with a life in ruins: crises; time for dinner is not", () => {
    flaggedAs('self_harm', [
      "my brother stormed out after the fight and I'm terrified he's going to kill himself tonight",
      "No job, no friends, nothing changes. I think it's time. I'm so lost.",
    ]);
    neverFlagged([
      "I think it's time for dinner, the pasta is ready",
      "I'm worried she's going to try again at the driving test and fail, she is so nervous",
    ]);
  });

  test('every rule has anchors, and anchoring never changes a verdict', () => {
    assert.deepEqual(UNANCHORED_RULES, []);
    for (const text of evalTexts) {
      const gated = scoreCrisis(text).matched.slice().sort();
      const ungated = scoreCrisis(text, { ungated: true }).matched.slice().sort();
      assert.deepEqual(gated, ungated, text.slice(0, 80));
    }
  });
});
