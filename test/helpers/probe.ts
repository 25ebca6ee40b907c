import { Type } from 'typebox';
import { AppError, problemBody } from '../../src/http/errors.ts';
import { partnerRoute } from '../../src/http/partner.ts';
import { Strict } from '../../src/http/schemas.ts';

/**
 * A metered partner route that exists only in tests and benchmarks. It writes one row inside the
 * metering transaction (so tests can see that refused calls leave nothing behind), and can be
 * told to decline or to crash.
 */
export const probeRoute = partnerRoute({
  method: 'POST',
  path: '/api/v1/test/probe',
  scope: 'read',
  cost: 1,
  purpose: 'Test probe: records one effect row and echoes its input.',
  example: { body: { echo: 'hello' } },
  body: Strict({
    echo: Type.Optional(Type.String({ maxLength: 200 })),
    decline: Type.Optional(Type.Boolean()),
    crash: Type.Optional(Type.Boolean()),
  }),
  response: {
    201: Type.Object({ echo: Type.Union([Type.String(), Type.Null()]), requestId: Type.String() }),
  },
  responseHeaders: { 201: ['Location'] },
  problems: ['conflict'],
  async handler({ db, body, requestId }) {
    if (body.crash) throw new Error('select secret_column from hidden_table -- must never reach a client');
    if (body.decline) {
      return { status: 409, body: problemBody(new AppError('conflict', 'Declined, as asked.'), requestId) };
    }
    await db
      .insertInto('counters')
      .values({ counter_key: `probe:${requestId}`, count: 1, expires_at: Date.now() + 86_400_000 })
      .execute();
    return {
      status: 201,
      body: { echo: body.echo ?? null, requestId },
      headers: { location: `/api/v1/test/probe/${requestId}` },
    };
  },
});

export const probeGetRoute = partnerRoute({
  method: 'GET',
  path: '/api/v1/test/probe',
  scope: 'write',
  cost: 2,
  purpose: 'Test probe: a metered read needing the write scope.',
  pure: true,
  example: { query: { q: 'hello' } },
  query: Strict({ q: Type.Optional(Type.String({ maxLength: 20 })) }),
  response: { 200: Type.Object({ q: Type.Union([Type.String(), Type.Null()]) }) },
  async handler({ query }) {
    return { body: { q: query.q ?? null } };
  },
});

export const PROBES = [probeRoute, probeGetRoute];

/** For the benchmark: how many charges the unit of work settled, in how many batches. Free. */
export const chargerStatsRoute = partnerRoute({
  method: 'GET',
  path: '/api/v1/test/charger-stats',
  scope: 'any',
  cost: 0,
  keyCostApplies: false,
  keyRateLimit: false,
  purpose: 'Test probe: batches and charges settled by this process.',
  pure: true,
  async handler(_ctx, deps) {
    return { body: deps.charger.stats() };
  },
});
