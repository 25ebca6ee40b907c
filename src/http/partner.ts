import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Deps } from '../deps.ts';
import type { AfterCommit, CallReply, ChargeOutcome, UsageOutcome } from '../domains/essence/charge.ts';
import type { Scope, VerifiedKey } from '../domains/keys/service.ts';
import { canonicalJson } from '../lib/canonical-json.ts';
import { fromMilli, toMilli } from '../lib/essence.ts';
import type { Executor } from '../storage/tx.ts';
import type { PartnerMeta } from './auth.ts';
import { AppError, type ErrorCode } from './errors.ts';
import type { ResponseHeaderName } from './openapi.ts';
import { enforceWindow } from './quota.ts';
import { Strict } from './schemas.ts';

/** What a partner handler returns; the toolkit serialises, meters and (for POST) records it. */
export interface PartnerResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /**
   * This call costs nothing, whatever the route's price (a crisis answer): no debit, no ledger
   * row, no idempotency record. Honoured for pure handlers, whose result is known before the
   * charge.
   */
  free?: boolean;
}

export interface PartnerContext<B, Q, P> {
  request: FastifyRequest;
  key: VerifiedKey;
  /**
   * Where the handler writes: the charge's transaction (the unit of work, see
   * `domains/essence/charge.ts`). Rows written here (an object, an outbox event) commit with the
   * debit, its ledger row and the idempotency record, or not at all. A pure handler gets the pool
   * and must not write.
   */
  db: Executor;
  /**
   * Runs `callback` once the call's transaction has committed: live events, webhooks, cache
   * updates. Never runs if the call was refused, declined, failed or rolled back.
   */
  afterCommit(callback: AfterCommit): void;
  body: B;
  query: Q;
  params: P;
  requestId: string;
  /**
   * The key owner's balance in milli-Essence, read once per request however often it is asked
   * (the toolkit's `Essence-Balance` header on free calls reuses the same read).
   */
  balanceMilli(): Promise<number>;
}

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

export interface PartnerRouteSpec<
  B extends TSchema | undefined,
  Q extends TSchema | undefined,
  P extends TSchema | undefined,
> {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  scope: Scope | 'any';
  /** Default cost in Essence (at most 3 decimals). */
  cost: number;
  /** Set false where a key's `essencePerCall` must not apply (free routes such as the balance). */
  keyCostApplies?: boolean;
  /** One sentence for the route table and the OpenAPI document. */
  purpose: string;
  /** More for the OpenAPI document, when one sentence is not enough. */
  description?: string;
  tags?: string[];
  /** Problems the handler raises beyond those every partner route can answer (e.g. `off_mission`). */
  problems?: readonly ErrorCode[];
  /** Response headers the handler sets, by status (`Location` on a 201, …). */
  responseHeaders?: Partial<Record<number, readonly ResponseHeaderName[]>>;
  /** Public read routes answer any origin without credentials (CORS `*`). */
  publicCors?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  response?: Record<number, TSchema>;
  /**
   * The handler writes nothing, so it runs before the charge, outside any transaction, and its
   * result is discarded if the charge is refused.
   */
  pure?: boolean;
  /** Whether the route takes `Idempotency-Key` (default: POST routes do). */
  idempotent?: boolean;
  /** Whether the key's own rate limit (`rateLimit`) counts this route's calls (default true). */
  keyRateLimit?: boolean;
  /**
   * A per-key limit of this route's own (e.g. spawns a minute), counted for every valid call
   * before the charge; past it → 429 `rate_limited`, uncharged. Calls of the same moment share
   * one counter write.
   */
  quota?: RouteQuota;
  /**
   * The handler never answers non-2xx, and throws only before its first write or from a failing
   * statement: the unit of work may skip its savepoint on PostgreSQL (see `Charge`).
   */
  writesLast?: boolean;
  /** A valid request, used in the OpenAPI document and by the common route tests. */
  example?: PartnerExample;
  handler(
    ctx: PartnerContext<
      StaticOr<B, undefined>,
      StaticOr<Q, Record<string, never>>,
      StaticOr<P, Record<string, never>>
    >,
    deps: Deps,
  ): Promise<PartnerResult>;
}

export interface RouteQuota {
  /** The counter's name; the key id completes it. */
  name: string;
  /** The policy name in the RateLimit fields. */
  policy: string;
  windowSeconds: number;
  limit(deps: Deps): number;
  detail(limit: number, resetSeconds: number): string;
}

export interface PartnerExample {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
  /**
   * For routes whose example needs a resource to exist first (a read by id): creates it and
   * returns the example to use instead. Tests call it once per app before using the example.
   */
  prepare?(deps: Deps): Promise<Omit<PartnerExample, 'prepare'>>;
}

export interface PartnerRoute {
  readonly meta: PartnerMeta;
  readonly example: PartnerExample;
  register(app: FastifyInstance, deps: Deps): void;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const REPLAYED_HEADERS = ['content-type', 'location'] as const;
const JSON_TYPE = 'application/json; charset=utf-8';
/** No query parameters: any one sent is unknown, and a 400 names it. */
const NO_QUERY = Strict({});

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY.test(raw)) {
    throw AppError.invalid('Idempotency-Key must be 1..255 visible ASCII characters.', [
      { path: '/headers/idempotency-key', message: 'must be 1..255 visible ASCII characters' },
    ]);
  }
  return raw;
}

/** The request as idempotency sees it: route and JSON value of the body (key order and spacing aside). */
function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

function essenceHeaders(costMilli: number, balanceMilli: number): Record<string, string> {
  return { 'essence-cost': String(fromMilli(costMilli)), 'essence-balance': String(fromMilli(balanceMilli)) };
}

function insufficient(costMilli: number, balanceMilli: number): AppError {
  return new AppError(
    'insufficient_essence',
    `This call costs ${fromMilli(costMilli)} Essence; the balance is ${fromMilli(balanceMilli)}.`,
    {
      extras: { balance: fromMilli(balanceMilli), cost: fromMilli(costMilli) },
      headers: essenceHeaders(0, balanceMilli),
    },
  );
}

function idempotencyConflict(): AppError {
  return new AppError(
    'idempotency_conflict',
    'This Idempotency-Key was already used with a different request.',
  );
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function toReply(result: PartnerResult): CallReply {
  const headers = result.headers ?? {};
  const replayHeaders: Record<string, string> = { 'content-type': JSON_TYPE };
  for (const name of REPLAYED_HEADERS) {
    const value = headers[name];
    if (value !== undefined) replayHeaders[name] = value;
  }
  return { status: result.status ?? 200, payload: JSON.stringify(result.body), headers, replayHeaders };
}

function send(
  reply: FastifyReply,
  status: number,
  payload: string,
  headers: Record<string, string>,
): FastifyReply {
  // No body and no content type with a 204 or 304.
  if (status === 204 || status === 304) return reply.code(status).headers(headers).send();
  // A handler that declines answers a problem like every other error.
  const type = status >= 400 ? 'application/problem+json; charset=utf-8' : JSON_TYPE;
  return reply.code(status).headers(headers).type(type).send(payload);
}

function usageOutcome(status: number): UsageOutcome {
  if (isSuccess(status)) return 'succeeded';
  if (status === 402) return 'insufficientEssence';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'failed';
  return 'refused';
}

/**
 * Declares a partner route once: method, path, scope, default cost, purpose and schemas.
 * Authentication and the scope check (auth hook, `config.auth = 'key'`), the key's rate limit,
 * validation (schemas; a route without a query schema takes no query parameters), metering,
 * idempotency, usage counts, CORS and documentation all follow from this declaration.
 *
 * Metering is the essence domain's unit of work (`deps.charger`, see `domains/essence/charge.ts`):
 * this toolkit only declares the charge (cost, idempotency, the handler as its effect) and maps the
 * outcome to HTTP. It writes no SQL. Every answer to a recognised key carries `Essence-Cost` (0
 * unless this call was charged) and `Essence-Balance`.
 */
export function partnerRoute<
  B extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
>(spec: PartnerRouteSpec<B, Q, P>): PartnerRoute {
  const meta: PartnerMeta = {
    method: spec.method,
    path: spec.path,
    scope: spec.scope,
    cost: spec.cost,
    keyCostApplies: spec.keyCostApplies ?? true,
    purpose: spec.purpose,
  };
  const defaultCostMilli = toMilli(spec.cost);
  const routeLabel = `${spec.method} ${spec.path}`;
  const takesIdempotencyKey = spec.idempotent ?? spec.method === 'POST';
  const countsKeyRate = spec.keyRateLimit ?? true;

  return {
    meta,
    example: spec.example ?? {},
    register(app, deps) {
      const schema: Record<string, unknown> = {
        summary: spec.purpose,
        tags: spec.tags ?? ['partner'],
        security: [{ bearerKey: [] }, { headerKey: [] }],
        querystring: spec.query ?? NO_QUERY,
      };
      if (spec.description) schema.description = spec.description;
      if (spec.body) schema.body = spec.body;
      if (spec.params) schema.params = spec.params;
      if (spec.response) schema.response = spec.response;
      if (spec.problems) schema.problems = spec.problems;
      if (spec.responseHeaders) schema.responseHeaders = spec.responseHeaders;

      const charger = deps.charger;
      const balanceOf = async (userId: string) => (await charger.balance(userId)) ?? 0;

      app.route({
        method: spec.method,
        url: spec.path,
        schema,
        config: { auth: 'key', partner: meta, publicCors: spec.publicCors ?? false },
        // The key's own rate limit counts every authenticated call, valid or not, before anything
        // is charged; past it → 429 rate_limited, uncharged.
        preValidation: (request, reply, done) => {
          const key = request.apiKey;
          if (!countsKeyRate || key === null || key.rateLimit === null) return done();
          const { limit, windowSeconds } = key.rateLimit;
          enforceWindow(deps.counters, {
            key: `key-rate:${key.id}`,
            limit,
            windowMs: windowSeconds * 1000,
            policy: 'key',
            code: 'rate_limited',
            detail: (resetSeconds) =>
              `This key may make ${limit} calls every ${windowSeconds} s; try again in ${resetSeconds} s.`,
          }).then((headers) => {
            reply.headers(headers);
            done();
          }, done);
        },
        // Refusals raised before or around the charge (validation, rate limits, failures) still
        // tell a recognised key what it paid (nothing) and what it has.
        // A 503 means the database may be down or stalled: reading the balance then would only
        // delay the answer (or fail it), so such an answer carries the cost alone; so does any
        // answer whose balance read fails.
        onSend: (request, reply, payload, done) => {
          const key = request.apiKey;
          if (key === null || reply.hasHeader('essence-cost')) return done(null, payload);
          if (reply.statusCode === 503) {
            reply.header('essence-cost', '0');
            return done(null, payload);
          }
          balanceOf(key.userId).then(
            (balance) => {
              reply.headers(essenceHeaders(0, balance));
              done(null, payload);
            },
            () => {
              reply.header('essence-cost', '0');
              done(null, payload);
            },
          );
        },
        onResponse: (request, reply, done) => {
          const key = request.apiKey;
          if (key !== null) {
            const cost = Number(reply.getHeader('essence-cost') ?? 0);
            charger.recordUsage(
              key.id,
              routeLabel,
              usageOutcome(reply.statusCode),
              Number.isFinite(cost) ? toMilli(cost) : 0,
            );
          }
          done();
        },
        handler: async (request, reply) => {
          const key = request.apiKey;
          if (key === null) throw AppError.unauthenticated();
          const costMilli =
            meta.keyCostApplies && key.essencePerCallMilli !== null
              ? key.essencePerCallMilli
              : defaultCostMilli;
          const idempotencyKey = takesIdempotencyKey ? idempotencyKeyOf(request) : null;
          let balanceRead: Promise<number> | undefined;
          const balanceMilli = () => {
            balanceRead ??= balanceOf(key.userId);
            return balanceRead;
          };
          const early: AfterCommit[] = [];
          const ctxBase = {
            balanceMilli,
            request,
            key,
            body: request.body as never,
            query: (request.query ?? {}) as never,
            params: (request.params ?? {}) as never,
            requestId: request.id,
          };
          const idempotency =
            idempotencyKey === null
              ? null
              : {
                  scope: key.id,
                  key: idempotencyKey,
                  fingerprint: fingerprint(spec.method, request.url.split('?')[0] ?? '', request.body),
                };

          // An earlier answer to this Idempotency-Key is replayed at once: nothing runs, nothing is
          // counted. (The charge checks again in its transaction, for twins racing in.)
          if (idempotency !== null) {
            const earlier = await charger.findReplay(key.userId, idempotency);
            if (earlier === 'conflict') throw idempotencyConflict();
            if (earlier !== null) return replay(reply, earlier, await balanceMilli());
          }
          if (spec.quota !== undefined) {
            const quota = spec.quota;
            const limit = quota.limit(deps);
            reply.headers(
              await enforceWindow(deps.counters, {
                key: `${quota.name}:${key.id}`,
                limit,
                windowMs: quota.windowSeconds * 1000,
                policy: quota.policy,
                code: 'rate_limited',
                detail: (resetSeconds) => quota.detail(limit, resetSeconds),
              }),
            );
          }
          // A pure handler never runs inside the transaction: it may take long (an upstream
          // provider) and a transaction held that long would stall every writer. It runs first
          // and the charge only debits and records. If the charge is refused (or a concurrent
          // twin won the key), this run's result is discarded: the handler wrote nothing, so
          // nothing observable ran.
          let precomputed: CallReply | undefined;
          if (spec.pure) {
            const result = await spec.handler(
              { ...ctxBase, db: deps.storage.db, afterCommit: (callback) => early.push(callback) },
              deps,
            );
            precomputed = toReply(result);
            if (
              !isSuccess(precomputed.status) ||
              result.free === true ||
              (costMilli === 0 && idempotency === null)
            ) {
              const balance = await balanceMilli();
              // Nothing to commit: a successful free call's callbacks run now, a declined one's never.
              if (isSuccess(precomputed.status)) charger.runAfterCommit(early);
              return send(reply, precomputed.status, precomputed.payload, {
                ...precomputed.headers,
                ...essenceHeaders(0, balance),
              });
            }
          }

          const outcome = await charger.charge({
            userId: key.userId,
            keyId: key.id,
            route: routeLabel,
            requestId: request.id,
            costMilli,
            idempotency,
            reply: precomputed,
            afterCommit: early,
            effectNeedsNoSavepoint: spec.writesLast ?? false,
            effect:
              precomputed === undefined
                ? async (unit) =>
                    toReply(
                      await spec.handler({ ...ctxBase, db: unit.tx, afterCommit: unit.afterCommit }, deps),
                    )
                : undefined,
          });
          return answer(reply, outcome);
        },
      });
    },
  };
}

function replay(
  reply: FastifyReply,
  stored: { status: number; payload: string; headers: Record<string, string> },
  balanceMilli: number,
): FastifyReply {
  return reply
    .code(stored.status)
    .headers({ ...stored.headers, 'idempotent-replayed': 'true', ...essenceHeaders(0, balanceMilli) })
    .send(stored.payload);
}

function answer(reply: FastifyReply, outcome: ChargeOutcome): FastifyReply {
  switch (outcome.kind) {
    case 'charged':
      return send(reply, outcome.reply.status, outcome.reply.payload, {
        ...outcome.reply.headers,
        ...essenceHeaders(outcome.costMilli, outcome.balanceMilli),
      });
    case 'declined':
      return send(reply, outcome.reply.status, outcome.reply.payload, {
        ...outcome.reply.headers,
        ...essenceHeaders(0, outcome.balanceMilli),
      });
    case 'replayed':
      return replay(reply, outcome.reply, outcome.balanceMilli);
    case 'insufficient':
      throw insufficient(outcome.costMilli, outcome.balanceMilli);
    case 'conflict':
      throw idempotencyConflict();
    case 'failed':
      throw outcome.error;
  }
}
