import { AppError } from '../../http/errors.ts';
import { partnerRoute } from '../../http/partner.ts';
import { AnalyzeBody, MoodAnalysisSchema } from './schemas.ts';
import { analyze } from './service.ts';

export const analyzeRoute = partnerRoute({
  method: 'POST',
  path: '/api/v1/mood/analyze',
  scope: 'read',
  cost: 5,
  purpose:
    'Read the mood of a text: a point in the Atlas, its nearest mood and family, offline and deterministic.',
  tags: ['analysis'],
  body: AnalyzeBody,
  response: { 200: MoodAnalysisSchema },
  pure: true,
  example: { body: { text: 'Finally finished the thesis and I feel light, a little giddy even.' } },
  async handler({ body, request }, deps) {
    if (body.text.trim() === '') throw AppError.field('/text', 'must contain more than whitespace');
    const answer = analyze(body.text, deps.config.crisisResources);
    // The flag only: an analysed text never reaches a log line.
    if (answer.safety !== null)
      request.log.info({ safetyFlag: answer.safety.flag }, 'analysis read a crisis');
    return { body: answer };
  },
});
