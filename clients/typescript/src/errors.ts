// Refusals as exceptions: the API's error body (docs/errors.md) turned into an Error that carries its stable
// `code`, its field errors and, for a 429 or 503, how long to wait.

/** Messages keyed by field (`address.postal_code`), as a 422 `validation_failed` answers them. */
export type FieldErrors = Record<string, string[]>;

export class QuartermasterError extends Error {
  override readonly name = 'QuartermasterError';

  constructor(
    message: string,
    /** The HTTP status of the answer. */
    readonly status: number,
    /** Stable and machine-readable (`not_found`, `validation_failed`, `insufficient_stock`…): switch on it. */
    readonly code: string,
    /** The messages by field of an invalid request; empty when the refusal names no field. */
    readonly fieldErrors: FieldErrors,
    /** The error body as the server sent it, with any member beyond the common ones. */
    readonly body: unknown,
    /** The `request_id` of a 500, to quote when reporting it. */
    readonly requestId: string | null,
    /** Seconds the server asked to wait (`Retry-After` of a 429 or 503), else null. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }

  /** The error of an answer that is not a 2xx, from its parsed body (anything, also nothing). */
  static fromResponse(response: Response, body: unknown): QuartermasterError {
    const fields = isRecord(body) ? body : {};
    const message = typeof fields.message === 'string' ? fields.message : `HTTP ${response.status}`;
    const code = typeof fields.code === 'string' ? fields.code : `http_${response.status}`;
    const requestId = typeof fields.request_id === 'string' ? fields.request_id : null;
    return new QuartermasterError(
      message,
      response.status,
      code,
      fieldErrorsOf(fields.errors),
      body,
      requestId,
      retryAfterSeconds(response.headers.get('retry-after')),
    );
  }

  /** The messages for one field, empty when it has none. */
  errorsFor(field: string): string[] {
    return this.fieldErrors[field] ?? [];
  }
}

export function isQuartermasterError(error: unknown): error is QuartermasterError {
  return error instanceof QuartermasterError;
}

/** The answer of a call, as every method of the client gives it. */
export interface CallResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** The success body of a call, or its refusal thrown as a QuartermasterError. */
export async function unwrap<Data>(call: Promise<CallResult<Data>> | CallResult<Data>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) throw QuartermasterError.fromResponse(response, error);
  return data as Data;
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: Date = new Date()): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

function fieldErrorsOf(errors: unknown): FieldErrors {
  if (!isRecord(errors)) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
