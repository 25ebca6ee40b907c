import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { ResolvedSession } from '../domains/accounts/service.ts';
import { DAY } from '../lib/time.ts';
import type { CounterStore } from '../storage/counters.ts';
import { AppError } from './errors.ts';

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy, and what is left
 * of it with the seconds until it resets.
 */
export function rateLimitHeaders(
  policy: string,
  quota: number,
  windowSeconds: number,
  remaining: number,
  resetSeconds: number,
): Record<string, string> {
  return {
    'ratelimit-policy': `"${policy}";q=${quota};w=${windowSeconds}`,
    ratelimit: `"${policy}";r=${Math.max(0, remaining)};t=${Math.max(0, resetSeconds)}`,
  };
}

export function dailyQuotaFor(config: Config, session: ResolvedSession | null): number {
  const { quotaAnonymous, quotaFree, quotaPlus, quotaPro } = config.limits;
  if (session === null) return quotaAnonymous;
  switch (session.user.tier) {
    case 'pro':
      return quotaPro;
    case 'plus':
      return quotaPlus;
    default:
      return quotaFree;
  }
}

/**
 * The per-UTC-day quota of the trajectory routes: signed-in callers by account, anonymous ones
 * by client address. Every call counts, refused ones included, and the count and check are one
 * atomic step in the counter store, so instances sharing it never hand out the same last call.
 */
export function buildDailyQuota(counters: CounterStore, config: Config) {
  return async function chargeDailyQuota(
    request: FastifyRequest,
    reply: FastifyReply,
    session: ResolvedSession | null,
  ): Promise<void> {
    const now = Date.now();
    const day = Math.floor(now / DAY);
    const dayEnd = (day + 1) * DAY;
    const who = session === null ? `ip:${request.ip}` : `user:${session.user.id}`;
    const quota = dailyQuotaFor(config, session);
    const { count } = await counters.hit(`quota:${day}:${who}`, dayEnd - now);
    const resetSeconds = Math.ceil((dayEnd - now) / 1000);
    const headers = rateLimitHeaders('daily', quota, DAY / 1000, quota - count, resetSeconds);
    reply.headers(headers);
    if (count > quota) {
      throw new AppError(
        'quota_exceeded',
        `The daily quota of ${quota} calls to trajectory routes is used up; it resets at 00:00 UTC.`,
        { headers: { ...headers, 'retry-after': String(resetSeconds) } },
      );
    }
  };
}
