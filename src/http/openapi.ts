import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { Config } from '../config.ts';
import type { AuthMode, PartnerMeta } from './auth.ts';
import { ERROR_CODES, type ErrorCode, STATUS } from './errors.ts';

/**
 * The OpenAPI 3.1 document, generated from the route table. Routes declare what only they know
 * (request schemas, success schemas, the problems their own rules raise); everything that follows
 * from how a route is declared — its auth mode, partner metering, daily quota, methods and
 * parameters — is derived here, in one place, for every route: security requirements, the
 * standard problem responses with examples, response headers, the `Idempotency-Key` parameter,
 * operation ids and descriptions. A new route is documented completely by being declared.
 */

/** Response headers the document knows; routes name them (case-insensitively) in `responseHeaders`. */
export const RESPONSE_HEADERS = {
  'X-Request-Id': {
    description: 'Identifies this request in logs and problem bodies (echoes a sane incoming one).',
    schema: { type: 'string', minLength: 1, maxLength: 128 },
  },
  'RateLimit-Policy': {
    description: 'The limit that applies (IETF RateLimit fields): name, quota `q`, window `w` in seconds.',
    schema: { type: 'string', pattern: '^"[a-z-]+";q=\\d+;w=\\d+$', examples: ['"daily";q=1000;w=86400'] },
  },
  RateLimit: {
    description: 'What is left of that limit: remaining calls `r`, seconds until it resets `t`.',
    schema: { type: 'string', pattern: '^"[a-z-]+";r=\\d+;t=\\d+$', examples: ['"daily";r=742;t=3600'] },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'string', pattern: '^\\d+$', examples: ['30'] },
  },
  'Essence-Cost': {
    description: 'Essence this call debited (0 when it was refused, free or replayed).',
    schema: { type: 'string', pattern: '^\\d+(\\.\\d{1,3})?$', examples: ['5'] },
  },
  'Essence-Balance': {
    description: "The key owner's balance after this call.",
    schema: { type: 'string', pattern: '^\\d+(\\.\\d{1,3})?$', examples: ['995'] },
  },
  'Idempotent-Replayed': {
    description: 'Present when this is the stored answer to an earlier call with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  Location: {
    description: 'Where the created resource lives.',
    schema: { type: 'string', format: 'uri-reference' },
  },
  ETag: {
    description: 'Validator of the representation; send it back in `If-None-Match`.',
    schema: { type: 'string' },
  },
  'Set-Cookie': {
    description: 'The `orrery_session` cookie (HttpOnly, SameSite=Lax, Path=/).',
    schema: { type: 'string' },
  },
  'Content-Disposition': {
    description: 'Names the file of a download.',
    schema: { type: 'string' },
  },
} as const satisfies Record<string, { description: string; schema: Record<string, unknown> }>;

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

declare module 'fastify' {
  interface FastifySchema {
    /** Response headers a route sets itself, by status (derived ones need not be listed). */
    responseHeaders?: Partial<Record<number, readonly ResponseHeaderName[]>>;
    /**
     * Problems the route's own rules raise, beyond those derived from its kind (e.g. `conflict`
     * on a taken email). A `Problem` schema under `response` stands for every code of its status.
     */
    problems?: readonly ErrorCode[];
  }
}

/** When each code is answered, for response descriptions and examples. */
const WHEN: Readonly<Record<ErrorCode, string>> = {
  invalid_request: 'The request is malformed: validation, bad JSON, an unknown field or query parameter.',
  unauthenticated: 'No credential, or an unknown, revoked or expired one.',
  insufficient_essence: "The call costs more than the key owner's balance; nothing ran, nothing was debited.",
  forbidden: 'Signed in, but not allowed to do this.',
  insufficient_scope: "The API key lacks this route's scope.",
  csrf_rejected: 'A cookie-authenticated write from another site.',
  not_found: 'No such resource (also: one that belongs to someone else).',
  method_not_allowed: 'The path exists, the method does not; `Allow` lists the methods.',
  conflict: 'The request conflicts with the current state.',
  idempotency_conflict: 'This Idempotency-Key was already used with a different body.',
  payload_too_large: 'The body is larger than the service accepts (64 KiB by default).',
  unsupported_media_type: 'The body is not `application/json`.',
  off_mission: 'The oracle declines requests that are not philosophical exploration (not charged).',
  quota_exceeded: 'The daily tier quota is spent; `Retry-After` says when it resets.',
  rate_limited: 'Too many requests; `Retry-After` says when to try again.',
  internal: 'A bug on our side; the body never leaks a stack or SQL. Quote the request id.',
  unavailable: 'A dependency (database, provider) is down or the instance is stopping; retry later.',
  request_timeout: 'The request headers or body did not arrive in time; the connection is closed.',
  headers_too_large: 'The request headers are larger than the service accepts; the connection is closed.',
};

const EXAMPLE_DETAIL: Readonly<Record<ErrorCode, string>> = {
  invalid_request: "'durationHours' must be <= 720.",
  unauthenticated: 'Sign in first: this route takes a session.',
  insufficient_essence: 'This call costs 15 Essence; the balance is 3.',
  forbidden: 'Only administrators may open this.',
  insufficient_scope: "This route needs a key with the 'write' scope.",
  csrf_rejected: 'Cross-site writes are refused.',
  not_found: 'No such key.',
  method_not_allowed: 'PUT is not allowed here; use GET, HEAD.',
  conflict: 'An account with this email already exists.',
  idempotency_conflict: 'This Idempotency-Key was already used with a different request.',
  payload_too_large: 'The request body is larger than this service accepts.',
  unsupported_media_type: 'Send request bodies as application/json.',
  off_mission: 'The oracle explores questions of meaning; it does not write code.',
  quota_exceeded: 'The daily quota of 1000 calls to trajectory routes is used up; it resets at 00:00 UTC.',
  rate_limited: 'At most 30 requests a minute for world signals; wait a moment.',
  internal: 'Something went wrong on our side; the request id identifies it.',
  unavailable: 'A dependency is not reachable.',
  request_timeout: 'The request did not arrive in time.',
  headers_too_large: 'The request headers are larger than this service accepts.',
};

const TAGS: Readonly<Record<string, string>> = {
  accounts: 'Sign-up, sign-in and the signed-in account (session cookie).',
  keys: 'API keys for the partner API: create, list, rotate, revoke (session cookie).',
  essence: 'Essence, the in-app unit partner calls are paid in: balance and ledger.',
  atlas: 'The Atlas: every mood as a point in valence × arousal × dominance.',
  trajectory: "Check-ins, each person's arc through the Atlas, and the anonymous collective pulse.",
  cosmos: 'The shared cosmos: objects spawned by partners near a mood, in a layer.',
  oracle: 'Philosophical exploration from a public-domain corpus (not advice of any kind).',
  analysis: 'Text to a mood reading, deterministic and offline.',
  memory: 'The memory bridge: notes scoped to the API key that wrote them.',
  council: 'World signals absorbed from the feeds administrators register.',
  discovery: 'Discovery-safe cards for embedding: no personal data, ever.',
  admin: 'Administration: accounts, Essence grants, feeds and the route table (administrators only).',
  operations: 'Liveness, readiness and this reference.',
  partner: 'Metered partner routes.',
  webhooks: 'Outbound events: endpoints, deliveries and their signatures.',
};

const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  303: 'See other',
  304: 'Not modified: the representation matches `If-None-Match`.',
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the document needs to know about one registered route. */
export interface RouteFacts {
  method: string;
  url: string;
  auth: AuthMode;
  partner: PartnerMeta | undefined;
  dailyQuota: boolean;
  publicCors: boolean;
  hasBody: boolean;
  hasParams: boolean;
}

export function routeFacts(
  route: Pick<RouteOptions, 'url' | 'config' | 'schema'>,
  method: string,
): RouteFacts {
  const config = route.config ?? {};
  const schema = route.schema ?? {};
  return {
    method,
    url: route.url,
    auth: config.auth ?? 'none',
    partner: config.partner,
    dailyQuota: config.dailyQuota === true,
    publicCors: config.publicCors === true,
    hasBody: schema.body !== undefined,
    hasParams: schema.params !== undefined || route.url.includes(':') || route.url.includes('*'),
  };
}

/** Whether a key's cost can be above zero on this partner route. */
function mayCharge(partner: PartnerMeta): boolean {
  return partner.cost > 0 || partner.keyCostApplies;
}

/**
 * The problems every route of this kind can answer, whatever its handler does. Route-specific
 * ones (409 on a taken email, 422 off mission, …) are declared on the route.
 */
export function derivedProblems(facts: RouteFacts): Map<number, Set<ErrorCode>> {
  const out = new Map<number, Set<ErrorCode>>();
  const add = (code: ErrorCode) => {
    const status = STATUS[code];
    const codes = out.get(status) ?? new Set<ErrorCode>();
    codes.add(code);
    out.set(status, codes);
  };
  // A malformed %-escape or a NUL in the URL is refused on every route.
  add('invalid_request');
  if (facts.hasParams) add('not_found');
  if (UNSAFE.has(facts.method)) add('payload_too_large');
  if (facts.hasBody) add('unsupported_media_type');
  switch (facts.auth) {
    case 'session':
      add('unauthenticated');
      break;
    case 'admin':
      add('unauthenticated');
      add('forbidden');
      break;
    case 'key':
      add('unauthenticated');
      add('insufficient_scope');
      add('rate_limited');
      if (facts.partner === undefined || mayCharge(facts.partner)) add('insufficient_essence');
      if (facts.method === 'POST') add('idempotency_conflict');
      break;
    default:
      break;
  }
  if (facts.auth !== 'key' && UNSAFE.has(facts.method)) add('csrf_rejected');
  if (facts.dailyQuota) add('quota_exceeded');
  add('internal');
  add('unavailable');
  return out;
}

interface HeaderRule {
  name: ResponseHeaderName;
  required: boolean;
}

/** The headers one response of a route carries, derived from the route's kind plus its own list. */
export function responseHeaders(
  facts: RouteFacts,
  status: number,
  declared: readonly string[],
): HeaderRule[] {
  const rules = new Map<ResponseHeaderName, boolean>();
  const set = (name: ResponseHeaderName, required: boolean) =>
    rules.set(name, required || rules.get(name) === true);
  const success = status >= 200 && status < 300;
  set('X-Request-Id', true);
  if (facts.dailyQuota) {
    set('RateLimit-Policy', success);
    set('RateLimit', success);
  }
  if (facts.auth === 'key') {
    // Once the key is recognised every answer says what it cost; validation and auth failures
    // happen before that.
    set('Essence-Cost', success || status === 402);
    set('Essence-Balance', success || status === 402);
    if (facts.method === 'POST' && success) set('Idempotent-Replayed', false);
    // Per-key and per-route rate limits report themselves; a replayed answer does not.
    set('RateLimit-Policy', false);
    set('RateLimit', false);
  }
  if (status === 429) {
    set('Retry-After', true);
    set('RateLimit-Policy', false);
    set('RateLimit', false);
  }
  if (status === 503) set('Retry-After', false);
  for (const raw of declared) {
    const name = headerName(raw);
    if (name === undefined) throw new Error(`${facts.method} ${facts.url}: unknown response header ${raw}`);
    set(name, true);
  }
  return [...rules].map(([name, required]) => ({ name, required }));
}

function headerName(raw: string): ResponseHeaderName | undefined {
  const lower = raw.toLowerCase();
  return (Object.keys(RESPONSE_HEADERS) as ResponseHeaderName[]).find((n) => n.toLowerCase() === lower);
}

/** `GET /api/v1/keys/:id/rotate` → `getV1KeysByIdRotate`: unique because method + path are. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter((s) => s !== '')
    .flatMap((segment) => {
      const param = /^[:{](\w+)\}?$/.exec(segment);
      const parts = (param ? `by-${param[1]}` : segment.replace('*', 'path')).split(/[^A-Za-z0-9]+/);
      return parts.filter((p) => p !== '');
    });
  return method.toLowerCase() + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}

function securityFor(auth: AuthMode): Record<string, string[]>[] {
  switch (auth) {
    case 'key':
      return [{ bearerKey: [] }, { headerKey: [] }];
    case 'session':
    case 'admin':
      return [{ session: [] }];
    case 'optional-session':
      return [{}, { session: [] }];
    default:
      return [];
  }
}

function describe(facts: RouteFacts, own: string | undefined): string {
  const lines: string[] = own ? [own] : [];
  switch (facts.auth) {
    case 'key':
      lines.push(
        `**Auth:** an API key with the \`${facts.partner?.scope ?? 'read'}\` scope, as \`Authorization: Bearer <key>\` or \`X-Api-Key\`.`,
      );
      break;
    case 'session':
      lines.push('**Auth:** a session cookie (sign in first). API keys are refused here.');
      break;
    case 'admin':
      lines.push('**Auth:** an administrator session.');
      break;
    case 'optional-session':
      lines.push('**Auth:** none; a session cookie, when sent, is read.');
      break;
    default:
      lines.push('**Auth:** none.');
  }
  if (facts.partner) {
    const { cost, keyCostApplies } = facts.partner;
    lines.push(
      cost === 0 && !keyCostApplies
        ? '**Cost:** free, whatever the key.'
        : `**Cost:** ${cost} Essence${keyCostApplies ? " (a key's `essencePerCall` replaces it)" : ''}, debited only on success; \`Essence-Cost\` and \`Essence-Balance\` say what happened.`,
    );
  }
  if (facts.auth === 'key' && facts.method === 'POST') {
    lines.push(
      '**Idempotency:** send `Idempotency-Key`; a retry with the same key and body within 24 h replays the first answer (`Idempotent-Replayed: true`) and is not charged again.',
    );
  }
  if (facts.dailyQuota)
    lines.push('**Quota:** counts against the daily tier quota (RateLimit fields on every answer).');
  if (facts.publicCors) lines.push('**CORS:** any origin, without credentials.');
  if (facts.auth !== 'key' && UNSAFE.has(facts.method)) {
    lines.push('**CSRF:** a cookie-authenticated write from another site is refused (403 `csrf_rejected`).');
  }
  return lines.join('\n\n');
}

/** One documented outbound event (§ webhooks): its type, what it means and the shape of `data`. */
export interface WebhookEventDoc {
  type: string;
  summary: string;
  description?: string;
  data: TSchema;
}

const WEBHOOK_EVENTS = new Map<string, WebhookEventDoc>();

/**
 * Adds an event to the document's `webhooks` section. Call it where the event's payload schema
 * is declared (module scope); the document is built after every module has loaded.
 */
export function documentWebhookEvent(event: WebhookEventDoc): WebhookEventDoc {
  WEBHOOK_EVENTS.set(event.type, event);
  return event;
}

function webhookOperation(event: WebhookEventDoc): Record<string, unknown> {
  return {
    post: {
      operationId: `webhook${event.type.replace(/(^|[._-])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`,
      summary: event.summary,
      description: [
        event.description,
        'Orrery POSTs this to every enabled endpoint of the account that subscribes to the type, signed as the Standard Webhooks specification describes. Any 2xx within 10 s acknowledges it; anything else is retried with backoff for at least 24 h.',
      ]
        .filter(Boolean)
        .join('\n\n'),
      tags: ['webhooks'],
      security: [],
      parameters: [
        { $ref: '#/components/parameters/WebhookId' },
        { $ref: '#/components/parameters/WebhookTimestamp' },
        { $ref: '#/components/parameters/WebhookSignature' },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['type', 'timestamp', 'data'],
              properties: {
                type: { const: event.type },
                timestamp: { type: 'string', format: 'date-time' },
                data: event.data,
              },
            },
          },
        },
      },
      responses: {
        '2XX': { description: 'Acknowledged.' },
        '4XX': { description: 'Refused: the delivery is retried later, then marked exhausted.' },
      },
    },
  };
}

const WEBHOOK_PARAMETERS = {
  WebhookId: {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The same on every attempt of one delivery: de-duplicate on it.',
    schema: { type: 'string' },
  },
  WebhookTimestamp: {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds of this attempt; refuse ones too far from now.',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  WebhookSignature: {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the base64-decoded secret; several, space-separated, while a secret rotates.',
    schema: { type: 'string' },
  },
};

/** Drops the examples and headers no operation refers to (405 is never an operation's answer). */
function pruneComponents(
  document: Record<string, unknown> & { components: Record<string, Record<string, unknown>> },
): void {
  const text = JSON.stringify({ paths: document.paths, webhooks: document.webhooks });
  for (const kind of ['examples', 'headers']) {
    const components = document.components[kind] ?? {};
    for (const name of Object.keys(components)) {
      if (!text.includes(`"#/components/${kind}/${name}"`)) delete components[name];
    }
  }
}

const PROBLEM_REF = '#/components/schemas/Problem';

/** Components every document has: the problem schema, one example per code, headers, parameters. */
function baseComponents(): Record<string, unknown> {
  const examples: Record<string, unknown> = {};
  for (const code of ERROR_CODES) {
    const status = STATUS[code];
    examples[code] = {
      summary: WHEN[code],
      value: {
        type: `/errors/${code}`,
        title: code.replaceAll('_', ' ').replace(/^\w/, (c) => c.toUpperCase()),
        status,
        code,
        detail: EXAMPLE_DETAIL[code],
        requestId: 'req_01jd8y3m5k2v9q4r7t6w0x1z2a',
        ...(code === 'invalid_request'
          ? { errors: [{ path: '/durationHours', message: 'must be <= 720' }] }
          : code === 'insufficient_essence'
            ? { balance: 3, cost: 15 }
            : {}),
      },
    };
  }
  return {
    schemas: {
      Problem: {
        type: 'object',
        description: 'An RFC 9457 problem: every error Orrery answers, as `application/problem+json`.',
        required: ['type', 'title', 'status', 'code', 'detail', 'requestId'],
        properties: {
          type: { type: 'string', description: '`/errors/<code>`.' },
          title: { type: 'string' },
          status: { type: 'integer', minimum: 400, maximum: 599 },
          code: { type: 'string', enum: [...ERROR_CODES], description: 'Stable and machine-readable.' },
          detail: { type: 'string', description: 'For people; may change.' },
          requestId: { type: 'string' },
          errors: {
            type: 'array',
            description: 'On validation failures: each field that is wrong.',
            items: {
              type: 'object',
              required: ['path', 'message'],
              properties: {
                path: { type: 'string', description: 'JSON Pointer; query fields are `/query/<name>`.' },
                message: { type: 'string' },
              },
            },
          },
          balance: { type: 'number', description: 'On 402: the balance.' },
          cost: { type: 'number', description: 'On 402: what the call costs.' },
        },
        additionalProperties: true,
      },
    },
    examples,
    headers: headerComponents(),
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Makes a retry safe: the same key, API key and body within 24 h replays the first answer. 1..255 visible ASCII characters.',
        schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
      },
    },
    securitySchemes: {
      bearerKey: {
        type: 'http',
        scheme: 'bearer',
        description: 'An Orrery API key (`orr_…`) as `Authorization: Bearer <key>`.',
      },
      headerKey: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Api-Key',
        description: 'The same API key in `X-Api-Key`. Sending both with different keys is a 400.',
      },
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: 'orrery_session',
        description: 'The session cookie set by sign-up and sign-in.',
      },
    },
  };
}

function problemResponse(codes: Iterable<ErrorCode>, headers: HeaderRule[]): Record<string, unknown> {
  const list = [...codes].sort();
  const examples: Record<string, unknown> = {};
  for (const code of list) examples[code] = { $ref: `#/components/examples/${code}` };
  return {
    description: list.map((code) => `\`${code}\`: ${WHEN[code]}`).join(' '),
    headers: headerObjects(headers),
    content: { 'application/problem+json': { schema: { $ref: PROBLEM_REF }, examples } },
  };
}

/** Header components are named `<Header>` when required and `<Header>.optional` otherwise. */
function headerObjects(rules: HeaderRule[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, required } of rules) {
    out[name] = { $ref: `#/components/headers/${name}${required ? '' : '.optional'}` };
  }
  return out;
}

function headerComponents(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, doc] of Object.entries(RESPONSE_HEADERS)) {
    out[name] = { ...doc, required: true };
    out[`${name}.optional`] = { ...doc, required: false };
  }
  return out;
}

/** The codes a declared problem status stands for: all codes of that status. */
function codesOfStatus(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => STATUS[code] === status);
}

type Operation = Record<string, unknown> & { responses?: Record<string, Record<string, unknown>> };

/** Turns the operation @fastify/swagger generated into the complete one. */
function completeOperation(op: Operation, facts: RouteFacts, schema: Record<string, unknown>): void {
  const declared = (schema.responseHeaders ?? {}) as Partial<Record<number, readonly string[]>>;
  op.operationId ??= operationIdFor(facts.method, facts.url);
  if (!Array.isArray(op.tags) || op.tags.length === 0) op.tags = ['operations'];
  op.summary ??= operationIdFor(facts.method, facts.url);
  op.description = describe(facts, typeof schema.description === 'string' ? schema.description : undefined);
  op.security = securityFor(facts.auth);
  if (facts.auth === 'key' && facts.method === 'POST') {
    const parameters = Array.isArray(op.parameters) ? op.parameters : [];
    op.parameters = [...parameters, { $ref: '#/components/parameters/IdempotencyKey' }];
  }

  const responses: Record<string, Record<string, unknown>> = {};
  const problems = derivedProblems(facts);
  const addProblem = (status: number, code: ErrorCode) => {
    const codes = problems.get(status) ?? new Set<ErrorCode>();
    codes.add(code);
    problems.set(status, codes);
  };
  for (const code of (schema.problems ?? []) as readonly ErrorCode[]) addProblem(STATUS[code], code);
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const code = Number(status);
    if (code >= 400) {
      for (const c of codesOfStatus(code)) addProblem(code, c);
      continue;
    }
    const headers = headerObjects(responseHeaders(facts, code, declared[code] ?? []));
    const description =
      response.description === 'Default Response' ? (REASONS[code] ?? 'Success') : response.description;
    responses[status] = { ...response, description, headers };
  }
  for (const [status, codes] of [...problems].sort(([a], [b]) => a - b)) {
    responses[String(status)] = problemResponse(
      codes,
      responseHeaders(facts, status, declared[status] ?? []),
    );
  }
  op.responses = responses;
}

export interface OpenApiOptions {
  config: Config;
}

/**
 * Registers @fastify/swagger with the derivations above, and serves the document at
 * `/openapi.json` (and, for existing clients, `/api/openapi.json`).
 */
export async function installOpenApi(app: FastifyInstance, { config }: OpenApiOptions): Promise<void> {
  /** Filled while the document is generated: the facts of every documented operation. */
  const operations = new Map<string, { facts: RouteFacts; schema: Record<string, unknown> }>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Orrery',
        version: '1',
        summary: 'State-aware trajectories, the collective pulse and a metered partner API.',
        description:
          'Orrery places each feeling as a point in the Atlas, follows each arc through it, publishes an anonymous collective pulse and keeps a shared cosmos. Partners call `/api/v1` with an API key, paid in Essence (an in-app unit, never legal tender). Every error is `application/problem+json` with a stable `code`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Orrery' },
        contact: { name: 'Orrery', url: `${config.baseUrl.origin}/docs` },
      },
      servers: [{ url: config.baseUrl.origin, description: 'This instance' }],
      components: baseComponents(),
    },
    transform({ schema, url, route }) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const facts = routeFacts(route, method);
        operations.set(`${method} ${url.replace(/:(\w+)/g, '{$1}')}`, {
          facts,
          schema: (schema ?? {}) as Record<string, unknown>,
        });
      }
      return { schema, url };
    },
    transformObject(input) {
      // Always the OpenAPI variant: the `openapi` option above selects it.
      const document = (input as unknown as { openapiObject: Record<string, unknown> })
        .openapiObject as Record<string, unknown> & {
        paths?: Record<string, Record<string, Operation>>;
        components: Record<string, Record<string, unknown>>;
      };
      const used = new Set<string>();
      for (const [path, item] of Object.entries(document.paths ?? {})) {
        for (const [method, op] of Object.entries(item)) {
          const entry = operations.get(`${method.toUpperCase()} ${path}`);
          if (entry === undefined) continue;
          completeOperation(op, entry.facts, entry.schema);
          for (const tag of op.tags as string[]) used.add(tag);
        }
      }
      if (WEBHOOK_EVENTS.size > 0) {
        used.add('webhooks');
        document.webhooks = Object.fromEntries(
          [...WEBHOOK_EVENTS.values()].map((event) => [event.type, webhookOperation(event)]),
        );
        Object.assign(document.components.parameters ?? {}, WEBHOOK_PARAMETERS);
      }
      pruneComponents(document);
      document.tags = [...used].sort().map((name) => ({
        name,
        description: TAGS[name] ?? `Routes of ${name}.`,
      }));
      return document;
    },
  });

  const serve = {
    schema: {
      summary: 'This OpenAPI 3.1 document.',
      tags: ['operations'],
      response: {
        200: Type.Object({}, { additionalProperties: true, description: 'The OpenAPI 3.1 document.' }),
      },
    },
    config: { auth: 'none' as const, publicCors: true },
  };
  app.get('/openapi.json', serve, async () => app.swagger());
  app.get('/api/openapi.json', { ...serve, schema: { ...serve.schema, hide: true } }, async () =>
    app.swagger(),
  );
}
