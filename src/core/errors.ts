// Typed, transport-neutral errors. Services throw them; http/error-handler.ts maps each class to its status and
// response body, in one table, so that an error names what went wrong and not how a transport answers it.
import type { RuleCode } from './rule-codes.js';

export type FieldErrors = Record<string, string[]>;

/** The message for a value that must be unique in the tenant (a slug, code, sku, name or email) and is used. */
export function takenMessage(field: string): string {
  return `The ${field} has already been taken.`;
}

export abstract class AppError extends Error {
  /** The rule the request breaks, where there is one; otherwise the body's code is its status's (http/error-codes.ts). */
  readonly code?: RuleCode;
}

/** 422 with per-field messages keyed by dotted path (`items.0.quantity`). */
export class ValidationError extends AppError {
  constructor(
    readonly errors: FieldErrors,
    message = 'The given data was invalid.',
    override readonly code?: RuleCode,
  ) {
    super(message);
  }

  /** One field's message; `code` when a business rule, not the value's form, refuses the field. */
  static field(field: string, message: string, code?: RuleCode): ValidationError {
    return new ValidationError({ [field]: [message] }, undefined, code);
  }

  /** `The <field> has already been taken.` on `field`. */
  static taken(field: string): ValidationError {
    return ValidationError.field(field, takenMessage(field));
  }
}

/** 422 for a business rule that the request breaks (stock would go negative, wrong status...), named by its code. */
export class BusinessRuleError extends AppError {
  constructor(
    override readonly code: RuleCode,
    message: string,
  ) {
    super(message);
  }
}

/** 404 `<Resource> not found.`, also for a record that belongs to another tenant. */
export class NotFoundError extends AppError {
  constructor(readonly resource: string) {
    super(`${resource} not found.`);
  }
}

/**
 * 412: an If-Match precondition failed, the record having changed since the version the client holds.
 * `currentETag` is the record's ETag now, or null when there is no record.
 */
export class PreconditionFailedError extends AppError {
  constructor(readonly currentETag: string | null) {
    super(
      currentETag === null
        ? 'The record does not exist, so If-Match cannot match it.'
        : 'The record has changed since the version given in If-Match.',
    );
  }
}

/**
 * 409: the request conflicts with the record's state, named by its code; `details` names the records it
 * conflicts with, where a client can use them (the order that already has an external reference).
 */
export class ConflictError extends AppError {
  constructor(
    override readonly code: RuleCode,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

/** 413: the body, or a file in it, is larger than the route accepts. */
export class PayloadTooLargeError extends AppError {}

/** 400: the body cannot be read at all (malformed JSON is refused by the parser; this is for the others). */
export class BadRequestError extends AppError {}

/** 415: the body is not in a content type the route reads. */
export class UnsupportedMediaTypeError extends AppError {}

/**
 * 401. `tokenRefused` when the request carried a bearer token that was refused (unknown, malformed, revoked,
 * expired, awaiting approval, or its user inactive), as opposed to carrying no usable credentials at all.
 */
export class UnauthenticatedError extends AppError {
  constructor(
    message = 'Unauthenticated.',
    readonly tokenRefused = false,
  ) {
    super(message);
  }

  static invalidToken(message?: string): UnauthenticatedError {
    return new UnauthenticatedError(message, true);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'This action is unauthorized.') {
    super(message);
  }

  static missingAbility(ability: string): ForbiddenError {
    return new ForbiddenError(`This action requires the ability ${ability}.`);
  }
}

export class CsrfTokenMismatchError extends AppError {
  constructor() {
    super('CSRF token mismatch.');
  }
}

export class LockedError extends AppError {}

export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests.',
  ) {
    super(message);
  }
}

/**
 * 503: the service cannot answer now but will soon, e.g. the database kept aborting the unit of work as a
 * deadlock or serialization failure through every retry. `Retry-After` tells the client when to try again.
 */
export class ServiceUnavailableError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  static databaseBusy(cause: unknown): ServiceUnavailableError {
    return new ServiceUnavailableError('The database is busy; retry shortly.', 1, { cause });
  }
}
