/**
 * The one error type of Orrery. Services throw it with a code from the closed set below; the
 * HTTP layer maps the code to a status in exactly one place (`STATUS`) and renders RFC 9457
 * problem+json.
 */
export const ERROR_CODES = [
  'invalid_request',
  'unauthenticated',
  'insufficient_essence',
  'forbidden',
  'insufficient_scope',
  'csrf_rejected',
  'not_found',
  'method_not_allowed',
  'conflict',
  'idempotency_conflict',
  'payload_too_large',
  'unsupported_media_type',
  'request_timeout',
  'headers_too_large',
  'off_mission',
  'quota_exceeded',
  'rate_limited',
  'internal',
  'unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const STATUS: Readonly<Record<ErrorCode, number>> = {
  invalid_request: 400,
  unauthenticated: 401,
  insufficient_essence: 402,
  forbidden: 403,
  insufficient_scope: 403,
  csrf_rejected: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  request_timeout: 408,
  headers_too_large: 431,
  off_mission: 422,
  quota_exceeded: 429,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

const TITLES: Readonly<Record<ErrorCode, string>> = {
  invalid_request: 'Invalid request',
  unauthenticated: 'Unauthenticated',
  insufficient_essence: 'Insufficient Essence',
  forbidden: 'Forbidden',
  insufficient_scope: 'Insufficient scope',
  csrf_rejected: 'Cross-site request rejected',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  conflict: 'Conflict',
  idempotency_conflict: 'Idempotency conflict',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  request_timeout: 'Request timeout',
  headers_too_large: 'Request header fields too large',
  off_mission: 'Off mission',
  quota_exceeded: 'Quota exceeded',
  rate_limited: 'Rate limited',
  internal: 'Internal error',
  unavailable: 'Unavailable',
};

export interface FieldError {
  /** JSON Pointer into the request part, e.g. `/durationHours`; query fields are `/query/limit`. */
  path: string;
  message: string;
}

export interface AppErrorOptions {
  errors?: FieldError[];
  /** Extra members of the problem body, e.g. `balance` and `cost` on a 402. */
  extras?: Record<string, unknown>;
  /** Response headers the error needs, e.g. `Retry-After` or `Allow`. */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly extras: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly code: ErrorCode,
    detail: string,
    options: AppErrorOptions = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = STATUS[code];
    this.errors = options.errors;
    this.extras = options.extras;
    this.headers = options.headers;
  }

  static invalid(detail: string, errors?: FieldError[]): AppError {
    return new AppError('invalid_request', detail, errors ? { errors } : {});
  }

  static field(path: string, message: string): AppError {
    return new AppError('invalid_request', `${path.replace(/^\//, '') || 'body'} ${message}`, {
      errors: [{ path, message }],
    });
  }

  static notFound(what = 'resource'): AppError {
    return new AppError('not_found', `No such ${what}.`);
  }

  static unauthenticated(detail = 'Authentication required.'): AppError {
    return new AppError('unauthenticated', detail);
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail: string;
  requestId: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

export function problemBody(error: AppError, requestId: string): ProblemBody {
  const body: ProblemBody = {
    ...(error.extras ?? {}),
    type: `/errors/${error.code}`,
    title: TITLES[error.code],
    status: error.status,
    code: error.code,
    detail: error.message,
    requestId,
  };
  if (error.errors !== undefined) body.errors = error.errors;
  return body;
}
