import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Deps } from '../deps.ts';
import * as essenceRepo from '../domains/essence/repo.ts';
import type { Scope, VerifiedKey } from '../domains/keys/service.ts';
import { fromMilli, toMilli } from '../lib/essence.ts';
import { newId } from '../lib/ids.ts';
import { DAY } from '../lib/time.ts';
import type { Executor } from '../storage/tx.ts';
import type { PartnerMeta } from './auth.ts';
import { AppError, type ErrorCode } from './errors.ts';
import type { ResponseHeaderName } from './openapi.ts';

/** What a partner handler returns; the toolkit serialises, meters and (for POST) records it. */
export interface PartnerResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface PartnerContext<B, Q, P> {
  request: FastifyRequest;
  key: VerifiedKey;
  /** The transaction the debit runs in; effects written here commit only with the debit. */
  db: Executor;
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
   * The handler writes nothing, so it may run before the debit (the fast path: one atomic
   * statement or synchronous transaction, no transaction held across the handler).
   */
  pure?: boolean;
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

class Declined extends Error {
  constructor(readonly result: PartnerResult) {
    super('handler declined');
  }
}

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

function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

function insufficient(costMilli: number, balanceMilli: number): AppError {
  return new AppError(
    'insufficient_essence',
    `This call costs ${fromMilli(costMilli)} Essence; the balance is ${fromMilli(balanceMilli)}.`,
    { extras: { balance: fromMilli(balanceMilli), cost: fromMilli(costMilli) } },
  );
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
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
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return reply.code(status).headers(headers).type(`${type}; charset=utf-8`).send(payload);
}

/**
 * Declares a partner route once: method, path, scope, default cost, purpose and schemas.
 * Authentication and the scope check (auth hook, `config.auth = 'key'`), validation (schemas),
 * metering, idempotency, CORS and documentation all follow from this declaration.
 *
 * Metering: the debit is one guarded statement inside a transaction that also holds the
 * handler's effects, the ledger row and the idempotency record. A handler that answers non-2xx
 * or throws rolls all of it back, so failed calls cost nothing and leave nothing behind.
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

  return {
    meta,
    example: spec.example ?? {},
    register(app, deps) {
      const schema: Record<string, unknown> = {
        summary: spec.purpose,
        tags: spec.tags ?? ['partner'],
        security: [{ bearerKey: [] }, { headerKey: [] }],
      };
      if (spec.description) schema.description = spec.description;
      if (spec.body) schema.body = spec.body;
      if (spec.query) schema.querystring = spec.query;
      if (spec.params) schema.params = spec.params;
      if (spec.response) schema.response = spec.response;
      if (spec.problems) schema.problems = spec.problems;
      if (spec.responseHeaders) schema.responseHeaders = spec.responseHeaders;

      app.route({
        method: spec.method,
        url: spec.path,
        schema,
        config: { auth: 'key', partner: meta, publicCors: spec.publicCors ?? false },
        // Once the key is recognised, every refusal says what it cost (nothing) and the balance.
        onError: async (request, reply) => {
          if (request.apiKey === null || reply.hasHeader('essence-cost')) return;
          const balance = await deps.meter.balance(request.apiKey.userId).catch(() => undefined);
          reply.header('essence-cost', '0');
          if (balance !== undefined) reply.header('essence-balance', String(fromMilli(balance ?? 0)));
        },
        handler: async (request, reply) => {
          const key = request.apiKey;
          if (key === null) throw AppError.unauthenticated();
          const costMilli =
            meta.keyCostApplies && key.essencePerCallMilli !== null
              ? key.essencePerCallMilli
              : defaultCostMilli;
          const idempotencyKey = spec.method === 'POST' ? idempotencyKeyOf(request) : null;
          let balanceRead: Promise<number> | undefined;
          const balanceMilli = () => {
            balanceRead ??= deps.meter.balance(key.userId).then((balance) => balance ?? 0);
            return balanceRead;
          };
          const ctxBase = {
            balanceMilli,
            request,
            key,
            body: request.body as never,
            query: (request.query ?? {}) as never,
            params: (request.params ?? {}) as never,
            requestId: request.id,
          };

          // Calls that write nothing (pure handlers, or free calls) skip the transaction: the
          // handler runs, then one atomic debit decides. If that debit finds the balance short,
          // the result is discarded and the caller gets 402, so nothing observable executed.
          if ((spec.pure || costMilli === 0) && idempotencyKey === null) {
            const result = await spec.handler({ ...ctxBase, db: deps.storage.db }, deps);
            const status = result.status ?? 200;
            if (costMilli === 0 || !isSuccess(status)) {
              return send(reply, status, JSON.stringify(result.body), {
                ...result.headers,
                'essence-cost': '0',
                'essence-balance': String(fromMilli(await balanceMilli())),
              });
            }
            const now = Date.now();
            const outcome = await deps.meter.debit({
              userId: key.userId,
              keyId: key.id,
              costMilli,
              route: routeLabel,
              requestId: request.id,
              ledgerId: newId('led', now),
              now,
            });
            if (!outcome.ok) throw insufficient(costMilli, outcome.balance);
            return send(reply, status, JSON.stringify(result.body), {
              ...result.headers,
              'essence-cost': String(fromMilli(costMilli)),
              'essence-balance': String(fromMilli(outcome.balanceAfter)),
            });
          }

          const hash =
            idempotencyKey === null
              ? ''
              : requestHash(spec.method, request.url.split('?')[0] ?? '', request.body);
          const now = Date.now();
          const replay = (stored: essenceRepo.IdempotencyRow, balance: number) =>
            reply
              .code(stored.status_code)
              .headers({
                ...(JSON.parse(stored.response_headers) as Record<string, string>),
                'idempotent-replayed': 'true',
                'essence-cost': '0',
                'essence-balance': String(fromMilli(balance)),
              })
              .send(stored.response_body);

          // A pure handler never runs inside the transaction: it may take long (an upstream
          // provider) and a transaction held that long would stall every writer. An earlier
          // answer is replayed without running it; otherwise it runs first, and the transaction
          // below only claims the key, debits and records. If a concurrent twin wins the claim,
          // this run's result is discarded and the twin's answer replayed: the handler wrote
          // nothing, so nothing observable ran twice.
          let precomputed: PartnerResult | undefined;
          if (spec.pure && idempotencyKey !== null) {
            const earlier = await essenceRepo.findIdempotency(deps.storage.db, key.userId, idempotencyKey);
            if (earlier && earlier.status_code !== 0 && Number(earlier.expires_at) > now) {
              if (earlier.request_hash !== hash) {
                throw new AppError(
                  'idempotency_conflict',
                  'This Idempotency-Key was already used with a different request.',
                );
              }
              return replay(earlier, await balanceMilli());
            }
            precomputed = await spec.handler({ ...ctxBase, db: deps.storage.db }, deps);
          }
          try {
            if (precomputed !== undefined && !isSuccess(precomputed.status ?? 200))
              throw new Declined(precomputed);
            const outcome = await deps.storage.db.transaction().execute(async (tx) => {
              if (idempotencyKey !== null) {
                await essenceRepo.deleteExpiredIdempotency(tx, key.userId, idempotencyKey, now);
                const claimed = await essenceRepo.claimIdempotencyKey(tx, {
                  owner_id: key.userId,
                  idempotency_key: idempotencyKey,
                  request_hash: hash,
                  status_code: 0,
                  response_headers: '{}',
                  response_body: '',
                  created_at: now,
                  expires_at: now + DAY,
                });
                if (!claimed) {
                  const stored = await essenceRepo.findIdempotency(tx, key.userId, idempotencyKey);
                  if (!stored || stored.request_hash !== hash || stored.status_code === 0) {
                    throw new AppError(
                      'idempotency_conflict',
                      'This Idempotency-Key was already used with a different request.',
                    );
                  }
                  const balance = await essenceRepo.readBalance(tx, key.userId);
                  return { kind: 'replay' as const, stored, balance: balance ?? 0 };
                }
              }

              // Reserve first, debit and ledger row together: nothing runs unless the balance
              // covers the cost, and a declined or failed handler rolls both back.
              let balanceAfter: number | undefined;
              if (costMilli > 0) {
                const entry = await essenceRepo.applyChange(tx, {
                  id: newId('led', now),
                  user_id: key.userId,
                  key_id: key.id,
                  route: routeLabel,
                  amount_milli: -costMilli,
                  request_id: request.id,
                  idempotency_key: idempotencyKey,
                  reason: null,
                  created_at: now,
                });
                if (entry === undefined) {
                  throw insufficient(costMilli, (await essenceRepo.readBalance(tx, key.userId)) ?? 0);
                }
                balanceAfter = entry.balance_after_milli;
              } else {
                balanceAfter = await essenceRepo.readBalance(tx, key.userId);
              }

              const result = precomputed ?? (await spec.handler({ ...ctxBase, db: tx }, deps));
              const status = result.status ?? 200;
              if (!isSuccess(status)) throw new Declined(result);
              const payload = JSON.stringify(result.body);

              if (idempotencyKey !== null) {
                const replayHeaders: Record<string, string> = {
                  'content-type': 'application/json; charset=utf-8',
                };
                for (const name of REPLAYED_HEADERS) {
                  const value = result.headers?.[name];
                  if (value !== undefined) replayHeaders[name] = value;
                }
                await essenceRepo.completeIdempotency(tx, key.userId, idempotencyKey, {
                  status_code: status,
                  response_headers: JSON.stringify(replayHeaders),
                  response_body: payload,
                });
              }
              return {
                kind: 'fresh' as const,
                status,
                payload,
                headers: result.headers,
                balance: balanceAfter ?? 0,
              };
            });

            if (outcome.kind === 'replay') return replay(outcome.stored, outcome.balance);
            return send(reply, outcome.status, outcome.payload, {
              ...outcome.headers,
              'essence-cost': String(fromMilli(costMilli)),
              'essence-balance': String(fromMilli(outcome.balance)),
            });
          } catch (error) {
            if (!(error instanceof Declined)) throw error;
            const balance = (await deps.meter.balance(key.userId)) ?? 0;
            return send(reply, error.result.status ?? 400, JSON.stringify(error.result.body), {
              ...error.result.headers,
              'essence-cost': '0',
              'essence-balance': String(fromMilli(balance)),
            });
          }
        },
      });
    },
  };
}
