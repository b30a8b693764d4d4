// The machine-readable codes of the business rules, which an error body carries as its `code` (the generic codes
// of other refusals are http/error-codes.ts'). docs/errors.md catalogues each; a test keeps the two lists equal.

/**
 * The codes of refusals more specific than their status: a broken business rule (422 unless docs/errors.md
 * says otherwise). A service names one when it throws, so every code in use is in this list.
 */
export const RULE_CODES = [
  'approval_required',
  'attribute_in_use',
  'brand_has_products',
  'category_has_products',
  'category_has_subcategories',
  'category_parents_differ',
  'concurrent_change',
  'count_below_reserved',
  'customer_has_open_orders',
  'default_warehouse_required',
  'delivery_already_due',
  'delivery_already_open',
  'document_not_current',
  'duplicate_external_ref',
  'exceeds_pending',
  'exceeds_reserved',
  'holds_stock',
  'idempotency_key_in_progress',
  'idempotency_key_reused',
  'insufficient_stock',
  'invalid_transition',
  'last_admin',
  'negative_price',
  'no_price',
  'nothing_pending',
  'password_link_invalid',
  'reservation_held_by_order',
  'reservation_location_mismatch',
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
