import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { ResolvedSession } from '../domains/accounts/service.ts';
import { DAY } from '../lib/time.ts';
import type { CounterStore } from '../storage/counters.ts';
import type { Executor } from '../storage/tx.ts';
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

export interface WindowLimit {
  key: string;
  limit: number;
  windowMs: number;
  /** The policy name in the RateLimit fields, e.g. `daily` or `minute`. */
  policy: string;
  /** The policy's window as advertised (`w=`), when it differs from what is left of it. */
  policySeconds?: number;
  code: 'quota_exceeded' | 'rate_limited';
  detail(resetSeconds: number): string;
  /** A transaction the database store counts in (see `CounterStore.hit`). */
  within?: Executor;
}

/**
 * One fixed-window limit: counts the call (refused ones too), and answers the RateLimit fields
 * to send, or throws 429 carrying them and `Retry-After`. Count and check are one atomic step in
 * the counter store, so instances sharing it never both hand out the last call.
 */
export async function enforceWindow(
  counters: CounterStore,
  limit: WindowLimit,
): Promise<Record<string, string>> {
  const { count, resetAt } = await counters.hit(limit.key, limit.windowMs, 1, limit.within);
  // Within the window however the store's clock and ours differ.
  const resetSeconds = Math.min(
    Math.ceil(limit.windowMs / 1000),
    Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
  );
  const policySeconds = limit.policySeconds ?? limit.windowMs / 1000;
  const headers = rateLimitHeaders(
    limit.policy,
    limit.limit,
    policySeconds,
    limit.limit - count,
    resetSeconds,
  );
  if (count > limit.limit) {
    throw new AppError(limit.code, limit.detail(resetSeconds), {
      headers: { ...headers, 'retry-after': String(resetSeconds) },
    });
  }
  return headers;
}

/**
 * The per-UTC-day quota of the trajectory routes: signed-in callers by account, anonymous ones
 * by client address. The window is the UTC day, so its key names the day.
 */
export function buildDailyQuota(counters: CounterStore, config: Config) {
  return async function chargeDailyQuota(
    request: FastifyRequest,
    reply: FastifyReply,
    session: ResolvedSession | null,
  ): Promise<void> {
    const now = Date.now();
    const day = Math.floor(now / DAY);
    const who = session === null ? `ip:${request.ip}` : `user:${session.user.id}`;
    const quota = dailyQuotaFor(config, session);
    const headers = await enforceWindow(counters, {
      key: `quota:${day}:${who}`,
      limit: quota,
      windowMs: (day + 1) * DAY - now,
      policy: 'daily',
      policySeconds: DAY / 1000,
      code: 'quota_exceeded',
      detail: () =>
        `The daily quota of ${quota} calls to trajectory routes is used up; it resets at 00:00 UTC.`,
    });
    reply.headers(headers);
  };
}
