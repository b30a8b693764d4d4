// What the API answers when it refuses, as the console shows it: the message, the machine-readable code
// (docs/errors.md) and, for a 422, the messages per field under the API's dotted names (`lines.0.quantity`).

export interface ErrorBody {
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
  current_etag?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: Record<string, string[]>;
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: ErrorBody | undefined, retryAfterSeconds: number | null = null) {
    super(body?.message ?? defaultMessage(status));
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.fieldErrors = body?.errors ?? {};
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get isValidation(): boolean {
    return this.status === 422 && Object.keys(this.fieldErrors).length > 0;
  }
}

function defaultMessage(status: number): string {
  if (status === 0) return 'The server cannot be reached. Check your connection and try again.';
  if (status === 401) return 'Your session has ended. Sign in again.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'Not found. It may have been deleted.';
  if (status === 419) return 'The page was open too long. Try again.';
  if (status === 429) return 'Too many attempts. Wait a moment and try again.';
  if (status >= 500) return 'The server failed to answer. Try again; if it persists, tell your administrator.';
  return `The request failed (${status}).`;
}

/** A readable message for anything a request can throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429 && error.retryAfterSeconds !== null)
      return `${error.message} Try again in ${error.retryAfterSeconds} s.`;
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/**
 * The API's 422 field messages placed on a form's fields: each error under the form field it names (the API's
 * dotted names are the form's paths; `aliases` renames where they differ, e.g. `warehouse_id` shown at the
 * warehouse picker), the rest returned as `unplaced` to show above the form, so that no message is lost.
 */
export function placeFieldErrors(
  error: ApiError,
  formFields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): { fields: Record<string, string>; unplaced: string[] } {
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    const target = aliases[name] ?? name;
    const text = messages.join(' ');
    if (formFields.some((field) => target === field || target.startsWith(`${field}.`))) {
      fields[target] = fields[target] ? `${fields[target]} ${text}` : text;
    } else {
      unplaced.push(name === '' || name === '_' ? text : `${humanize(name)}: ${text}`);
    }
  }
  return { fields, unplaced };
}

/** `lines.0.unit_cost` -> `Line 1 unit cost`: a field name as a person reads it. */
export function humanize(field: string): string {
  const words = field
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part.replace(/_/g, ' ')))
    .join(' ')
    .replace(/(\w)s (\d+)/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
