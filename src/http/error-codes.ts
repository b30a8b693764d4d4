// The machine-readable `code` of every error body, catalogued with its status and meaning in docs/errors.md
// (a test keeps the two lists equal): a rule's own code (core/rule-codes.ts), else its status's generic one.
// A client switches on the code; the message is for people and may change.
import type { RuleCode } from '../core/rule-codes.js';

/** The code of an error that has no more specific one: one per status. */
export const GENERIC_CODES = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  419: 'csrf_token_mismatch',
  422: 'validation_failed',
  423: 'two_factor_required',
  429: 'too_many_requests',
  431: 'headers_too_large',
  500: 'server_error',
  503: 'service_unavailable',
} as const;

export type GenericStatus = keyof typeof GENERIC_CODES;
export type GenericCode = (typeof GENERIC_CODES)[GenericStatus];

export type ErrorCode = GenericCode | RuleCode;

/** The generic code of a status; another 4xx reads as `bad_request`, another 5xx as `server_error`. */
export function codeForStatus(status: number): GenericCode {
  if (status in GENERIC_CODES) return GENERIC_CODES[status as GenericStatus];
  return status >= 500 ? GENERIC_CODES[500] : GENERIC_CODES[400];
}
