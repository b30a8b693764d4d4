// The rules of a product's own fields that creating and updating a product share.
import { isCurrency, toMinorUnits } from '../../../lib/money.js';
import { trimOrNull } from '../../../lib/text.js';

export const STATUS_REFUSED =
  'The status cannot be set here: a product starts as draft and changes status through the lifecycle endpoints (activate, deactivate, discontinue...).';
export const NAME_TOO_SHORT = 'The name field must be at least 3 characters.';
export const MIN_NAME_LENGTH = 3;

/** Nullable fields copied as sent (text trimmed, blank text as null). */
export const OPTIONAL_FIELDS = [
  'reorder_point',
  'reorder_quantity',
  'short_description',
  'description',
  'meta_description',
  'meta_keywords',
  'weight',
  'length',
  'width',
  'height',
  'tax_class_id',
  'images',
] as const;

/** A field's value as stored: text trimmed, blank text as null, anything else as sent. */
export function clean<T>(value: T): T {
  return (typeof value === 'string' ? trimOrNull(value) : value) as T;
}

export const currencyRefused = (currency: string) => `The currency ${currency} is not an ISO 4217 currency code.`;

/** An amount in `currency` as stored, in minor units; null when none is sent or the currency is not one. */
export function minorAmount(amount: number | null | undefined, currency: string): number | null {
  return amount === undefined || amount === null || !isCurrency(currency) ? null : toMinorUnits(amount, currency);
}
