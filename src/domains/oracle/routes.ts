import { AppError } from '../../http/errors.ts';
import { partnerRoute } from '../../http/partner.ts';
import { fromMilli, toMilli } from '../../lib/essence.ts';
import { OracleAnswerSchema, OracleBody } from './schemas.ts';

const COST = 15;

export const oracleRoute = partnerRoute({
  method: 'POST',
  path: '/api/v1/oracle',
  scope: 'oracle',
  cost: COST,
  purpose:
    'Philosophical reflection on a question of meaning, feeling, choice or perspective, quoting public-domain texts; declines other requests (422, free).',
  tags: ['oracle'],
  body: OracleBody,
  response: { 200: OracleAnswerSchema },
  problems: ['off_mission'],
  // Writes nothing: answered before the debit, so no transaction is held while it thinks.
  pure: true,
  example: { body: { question: 'How do I make peace with a decision I regret?', style: 'stoic' } },
  async handler({ body, key, balanceMilli, request }, deps) {
    // A person in crisis comes first: answered before the gate, the balance and any provider,
    // and free whatever the balance. The log line holds the flag, never the question.
    const crisis = deps.oracle.crisis(body);
    if (crisis !== null) {
      request.log.info({ safetyFlag: crisis.safety?.flag }, 'oracle answered a crisis');
      return { body: crisis, free: true };
    }
    // Refusals and bad moods are decided before anything costs or leaves the process.
    deps.oracle.check(body);
    if (deps.oracle.providerName === 'openai-compatible') {
      // An upstream call costs real money: a caller who cannot pay does not get one.
      const cost = key.essencePerCallMilli ?? toMilli(COST);
      const balance = await balanceMilli();
      if (balance < cost) {
        throw new AppError(
          'insufficient_essence',
          `This call costs ${fromMilli(cost)} Essence; the balance is ${fromMilli(balance)}.`,
          {
            extras: { balance: fromMilli(balance), cost: fromMilli(cost) },
            headers: { 'essence-cost': '0', 'essence-balance': String(fromMilli(balance)) },
          },
        );
      }
    }
    return { body: await deps.oracle.compose(body) };
  },
});
