import { AppError } from '../../http/errors.ts';
import { analyzeText } from '../analysis/analyzer.ts';
import { DISCLAIMER } from '../analysis/disclaimer.ts';
import { type FamilyId, findMood, moodFromInput } from '../atlas/catalogue.ts';
import { DEFAULT_CRISIS_RESOURCES } from '../safety/resources.ts';
import { assessSafety, type CrisisResource, crisisMessage, type Safety } from '../safety/service.ts';
import {
  chooseQuotations,
  composeAnswer,
  type MoodReading,
  type Quotation,
  reflectiveQuestions,
  reportedThemes,
  seedOf,
} from './compose.ts';
import { assessMission, REASON_TEXT } from './gate.ts';
import { callProvider, type ProviderSettings } from './provider.ts';
import { buildQuery, corpusIndex, type OracleStyle, type PassageIndex } from './retrieval.ts';
import { themesOfQuestion } from './themes.ts';

export interface OracleRequest {
  readonly question: string;
  readonly moodId?: string;
  readonly style?: OracleStyle;
}

export interface OracleSource {
  readonly work: string;
  readonly author: string;
  readonly locator: string;
}

export interface OracleAnswer {
  readonly answer: string;
  readonly themes: string[];
  readonly moodReading: { readonly moodId: string; readonly family: FamilyId };
  readonly sources: OracleSource[];
  readonly disclaimer: string;
  readonly provider: 'builtin' | 'openai-compatible' | 'safety';
  /** Set when the question expresses a crisis; then nothing was consulted (contract §7). */
  readonly safety: Safety | null;
}

export interface OracleSettings {
  /** The OpenAI-compatible provider, or null for the built-in one. */
  readonly provider: Omit<ProviderSettings, 'timeoutMs' | 'maxTokens'> | null;
  readonly timeoutMs: number;
  readonly maxTokens: number;
  /** Where a person in crisis is pointed; default, the international directories. */
  readonly crisisResources?: readonly CrisisResource[];
}

/** Passages handed to an upstream provider as context. */
const PROVIDER_CONTEXT = 3;

/** Said with every refusal of a practical question: where health, law and money are answered. */
const WHERE_TO_TURN =
  'A doctor or pharmacist, a lawyer or an adviser can answer a question of health, law or money; if someone may be in danger now, call your local emergency number.';

/**
 * The oracle: the refusal gate, a mood reading, retrieval over the shipped corpus, and an
 * answer composed either by the built-in engine or by an OpenAI-compatible provider given the
 * same framing and passages. The built-in answer is a pure function of the request.
 */
export class OracleService {
  private readonly settings: OracleSettings;
  private readonly fetchImpl: typeof fetch;

  constructor(settings: OracleSettings, fetchImpl: typeof fetch = fetch) {
    this.settings = settings;
    this.fetchImpl = fetchImpl;
  }

  get providerName(): 'builtin' | 'openai-compatible' {
    return this.settings.provider === null ? 'builtin' : 'openai-compatible';
  }

  /** Builds the corpus index now rather than on the first question. */
  warm(): PassageIndex {
    return corpusIndex();
  }

  /**
   * A person in crisis comes first: when the question expresses a risk of suicide, self-harm or
   * harm to someone else, the answer is a short message that urges reaching a person now, with
   * resources, and nothing else is consulted (no gate, corpus or provider). Null otherwise.
   * Decided before anything else, so a crisis is never refused, charged or quoted back.
   */
  crisis(request: OracleRequest): OracleAnswer | null {
    const safety = assessSafety(request.question, this.settings.crisisResources ?? DEFAULT_CRISIS_RESOURCES);
    if (safety === null) return null;
    // An unknown moodId is not refused here: the mood is read from the question instead.
    const reading = this.readMood(request.question, request.moodId);
    return {
      answer: crisisMessage(safety.flag),
      themes: [],
      moodReading: { moodId: reading.moodId, family: reading.family },
      sources: [],
      disclaimer: DISCLAIMER,
      provider: 'safety',
      safety,
    };
  }

  /** Throws `invalid_request` (unknown mood, empty question) or `off_mission` before any work. */
  check(request: OracleRequest): void {
    if (request.question.trim() === '') {
      throw AppError.field('/question', 'must contain more than whitespace');
    }
    if (request.moodId !== undefined && moodFromInput(request.moodId) === undefined) {
      throw AppError.field('/moodId', 'must be an Atlas mood id (see GET /api/v1/atlas/moods)');
    }
    const verdict = assessMission(request.question);
    if (!verdict.onMission && verdict.reason !== null) {
      // A refused health, legal or money question may be urgent ("my toddler swallowed a button
      // battery"): the refusal says where such a question is answered.
      const whereToTurn = verdict.reason === 'practical_advice' ? ` ${WHERE_TO_TURN}` : '';
      throw new AppError(
        'off_mission',
        `The oracle answers questions of meaning, feeling, choice and perspective; this reads as ${REASON_TEXT[verdict.reason]}.${whereToTurn}`,
        { extras: { reason: verdict.reason } },
      );
    }
  }

  /** The whole decision: a crisis answer, else the gate, then an answer. */
  async ask(request: OracleRequest): Promise<OracleAnswer> {
    const crisis = this.crisis(request);
    if (crisis !== null) return crisis;
    this.check(request);
    return this.compose(request);
  }

  /** An answer from the corpus or the provider; `crisis` and `check` have passed. */
  async compose(request: OracleRequest): Promise<OracleAnswer> {
    const question = request.question.trim();
    const style = request.style ?? 'any';
    const reading = this.readMood(question, request.moodId);
    const index = corpusIndex();
    const questionThemes = themesOfQuestion(question);
    const query = buildQuery(question, questionThemes, reading.family);
    const hits = index.search(query, style);
    const quotations = chooseQuotations(hits, query, index);
    const themes = reportedThemes(questionThemes, reading.family);
    const seed = seedOf(question, reading.moodId, style);
    const moodReading = { moodId: reading.moodId, family: reading.family };

    if (this.settings.provider !== null) {
      const context = this.providerContext(quotations, hits, query, index);
      const output = await callProvider(
        { ...this.settings.provider, timeoutMs: this.settings.timeoutMs, maxTokens: this.settings.maxTokens },
        {
          question,
          moodLabel: findMood(reading.moodId)?.label ?? reading.moodId,
          family: reading.family,
          themes,
          style,
          context,
        },
        this.fetchImpl,
      );
      return {
        answer: output.answer,
        themes,
        moodReading,
        sources: output.cited.map((i) => sourceOf(context[i] as Quotation)),
        disclaimer: DISCLAIMER,
        provider: 'openai-compatible',
        safety: null,
      };
    }

    const questions = reflectiveQuestions(themes, seed);
    return {
      answer: composeAnswer({ reading, questionThemes, themes, quotations, questions, seed }),
      themes,
      moodReading,
      sources: quotations.map(sourceOf),
      disclaimer: DISCLAIMER,
      provider: 'builtin',
      safety: null,
    };
  }

  private readMood(question: string, moodId: string | undefined): MoodReading {
    if (moodId !== undefined) {
      const mood = moodFromInput(moodId);
      if (mood !== undefined) return { moodId: mood.id, family: mood.family, named: true };
    }
    const analysis = analyzeText(question);
    return { moodId: analysis.moodId, family: analysis.family, named: false };
  }

  /** The quotations plus further distinct hits, up to `PROVIDER_CONTEXT` passages. */
  private providerContext(
    quotations: readonly Quotation[],
    hits: ReturnType<PassageIndex['search']>,
    query: Parameters<typeof chooseQuotations>[1],
    index: PassageIndex,
  ): Quotation[] {
    const context = [...quotations];
    const used = new Set(quotations.flatMap((q) => q.passages.map((p) => p.index)));
    for (const hit of hits) {
      if (context.length >= PROVIDER_CONTEXT) break;
      if (used.has(hit.passage.index)) continue;
      const [extra] = chooseQuotations([hit], query, index);
      if (extra === undefined) continue;
      context.push(extra);
      for (const p of extra.passages) used.add(p.index);
    }
    return context;
  }
}

function sourceOf(q: Quotation): OracleSource {
  return { work: q.work, author: q.author, locator: q.locator };
}
