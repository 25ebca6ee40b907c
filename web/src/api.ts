/** A thin client for Orrery's JSON routes; every failure becomes an ApiError with words in it. */

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    readonly requestId: string | null = null,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

interface ProblemBody {
  code?: unknown;
  detail?: unknown;
  title?: unknown;
  errors?: unknown;
  requestId?: unknown;
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldError).path === 'string' &&
    typeof (value as FieldError).message === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  let problem: ProblemBody = {};
  try {
    problem = (await response.json()) as ProblemBody;
  } catch {
    // Not JSON (a proxy's error page, say): fall back to the status line below.
  }
  const detail =
    typeof problem.detail === 'string' && problem.detail !== ''
      ? problem.detail
      : typeof problem.title === 'string'
        ? problem.title
        : `The service answered ${response.status} ${response.statusText}.`;
  const errors = Array.isArray(problem.errors) ? problem.errors.filter(isFieldError) : [];
  return new ApiError(
    response.status,
    typeof problem.code === 'string' ? problem.code : 'unknown',
    detail,
    errors,
    typeof problem.requestId === 'string' ? problem.requestId : response.headers.get('x-request-id'),
  );
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'network', 'Orrery could not be reached. Check the connection and try again.');
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const get = <T>(path: string) => api<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
