// One place that turns every error into the API's error bodies (README, API conventions; docs/errors.md;
// docs/decisions/requests-and-responses.md, Responses and errors). Every body carries a machine-readable `code` (error-codes.ts).
// A 500 is logged with its request id and never shows a stack.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  BadRequestError,
  BusinessRuleError,
  ConflictError,
  CsrfTokenMismatchError,
  ForbiddenError,
  LockedError,
  NotFoundError,
  PayloadTooLargeError,
  PreconditionFailedError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../core/errors.js';
import { fieldErrors } from '../core/validation.js';
import { codeForStatus } from './error-codes.js';

/** The protection space a 401's challenge names (RFC 7235): one for the whole API. */
export const AUTH_REALM = 'quartermaster';

/**
 * RFC 6750's challenge: `error="invalid_token"` where a bearer token was sent and refused, and no error where
 * no token was (a session request without its cookie, a login with a wrong password, another scheme).
 */
export function bearerChallenge(tokenRefused: boolean): string {
  return `Bearer realm="${AUTH_REALM}"${tokenRefused ? ', error="invalid_token"' : ''}`;
}

type ErrorClass = abstract new (...args: never[]) => AppError;

/**
 * The status of each error class of the kernel: the one place where an error becomes an HTTP status. The classes
 * carry none, so that a service names what went wrong and not how a transport answers it.
 */
export const ERROR_STATUS: ReadonlyMap<ErrorClass, number> = new Map<ErrorClass, number>([
  [BadRequestError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PreconditionFailedError, 412],
  [PayloadTooLargeError, 413],
  [UnsupportedMediaTypeError, 415],
  [CsrfTokenMismatchError, 419],
  [ValidationError, 422],
  [BusinessRuleError, 422],
  [LockedError, 423],
  [TooManyRequestsError, 429],
  [ServiceUnavailableError, 503],
]);

/** The status an error answers with; 500 for a class missing from the table (a test keeps it complete). */
export function statusOf(error: AppError): number {
  return ERROR_STATUS.get(error.constructor as ErrorClass) ?? 500;
}

function sendAppError(reply: FastifyReply, error: AppError) {
  const status = statusOf(error);
  const code = error.code ?? codeForStatus(status);
  if (error instanceof NotFoundError) {
    return reply.code(404).send({ success: false, message: error.message, code, data: null, meta: {} });
  }
  if (error instanceof ValidationError) {
    return reply.code(422).send({ success: false, message: error.message, code, errors: error.errors });
  }
  if (error instanceof PreconditionFailedError) {
    if (error.currentETag) reply.header('etag', error.currentETag);
    return reply.code(412).send({ success: false, message: error.message, code, current_etag: error.currentETag });
  }
  if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) {
    reply.header('Retry-After', String(error.retryAfterSeconds));
  }
  if (error instanceof UnauthenticatedError) reply.header('WWW-Authenticate', bearerChallenge(error.tokenRefused));
  if (error instanceof ConflictError && error.details) {
    return reply.code(status).send({ success: false, message: error.message, code, details: error.details });
  }
  return reply.code(status).send({ success: false, message: error.message, code });
}

const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported media type. Send application/json.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON in request body.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Malformed JSON in request body.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Request body does not match its Content-Length.'],
};

/** `{success: false, message, code}` with the status's generic code. */
function sendRefusal(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ success: false, message, code: codeForStatus(status) });
}

export function errorHandler(this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Retries used up on a busy database: worth a log line (with the driver's error as cause), not a stack in the body.
  if (error instanceof ServiceUnavailableError) request.log.warn({ err: error }, 'service unavailable');
  if (error instanceof AppError) return sendAppError(reply, error);

  if (error.validation) {
    return reply.code(422).send({
      success: false,
      message: 'The given data was invalid.',
      code: codeForStatus(422),
      errors: fieldErrors(error.validation as never),
    });
  }

  const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  if (known) return sendRefusal(reply, known[0], known[1]);

  // JSON.parse failures (and prototype-poisoning refusals) arrive as 400 SyntaxErrors.
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON|proto/i.test(error.message))) {
    return sendRefusal(reply, 400, 'Malformed JSON in request body.');
  }

  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return sendRefusal(reply, error.statusCode, error.message);
  }

  request.log.error({ err: error }, 'request failed');
  return reply
    .code(500)
    .send({ success: false, message: 'Server Error.', code: codeForStatus(500), request_id: request.id });
}
