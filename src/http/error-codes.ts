// The machine-readable `code` of every error body, catalogued with its status and meaning in docs/errors.md
// (a test keeps the two lists equal). A client switches on the code; the message is for people and may change.

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

/**
 * The codes of refusals more specific than their status: a broken business rule (422 unless docs/errors.md
 * says otherwise). A service names one when it throws, so every code in use is in this list.
 */
export const RULE_CODES = [
  'attribute_in_use',
  'brand_has_products',
  'category_has_products',
  'category_has_subcategories',
  'category_parents_differ',
  'concurrent_change',
  'count_below_reserved',
  'default_warehouse_required',
  'delivery_already_due',
  'delivery_already_open',
  'document_not_current',
  'exceeds_pending',
  'exceeds_reserved',
  'holds_stock',
  'idempotency_key_in_progress',
  'idempotency_key_reused',
  'insufficient_stock',
  'invalid_transition',
  'last_admin',
  'nothing_pending',
  'password_link_invalid',
  'subscription_disabled',
  'subscription_limit_reached',
  'supplier_not_orderable',
  'two_factor_already_enabled',
  'two_factor_not_started',
  'user_deactivated',
  'user_invited',
  'user_not_invited',
  'variant_configuration_missing',
] as const;

export type RuleCode = (typeof RULE_CODES)[number];
export type ErrorCode = GenericCode | RuleCode;

/** The generic code of a status; another 4xx reads as `bad_request`, another 5xx as `server_error`. */
export function codeForStatus(status: number): GenericCode {
  if (status in GENERIC_CODES) return GENERIC_CODES[status as GenericStatus];
  return status >= 500 ? GENERIC_CODES[500] : GENERIC_CODES[400];
}
