// The plain rules of the bulk change of products (product-bulk.service.ts): the price a price change gives, and
// the tag set an add or a removal leaves. No database, no errors thrown: the service words the refusals.
import { fromMinorUnits, toMinorUnits } from '../../../lib/money.js';
import type { PriceChange } from './product-bulk.schemas.js';

/**
 * The price `current` becomes under `change`, in currency units, rounded to the currency's minor unit (half away
 * from zero). Negative when the change would take the price below 0: the caller refuses it.
 */
export function changedPrice(current: number, change: Pick<PriceChange, 'by' | 'value'>, currency: string): number {
  const minor = toMinorUnits(current, currency);
  const next =
    change.by === 'amount'
      ? minor + toMinorUnits(change.value, currency)
      : roundHalfAwayFromZero((minor * (100 + change.value)) / 100);
  return fromMinorUnits(next, currency);
}

function roundHalfAwayFromZero(value: number): number {
  // Products of minor units and percents with a few decimals: a small tolerance keeps 0.5 from reading as 0.4999….
  const rounded = Math.round(Math.abs(value) + 1e-9);
  return value < 0 ? -rounded : rounded;
}

/** The tag ids a product keeps after `tagIds` are added (`add`) or removed, in their first order; null when unchanged. */
export function changedTags(current: readonly string[], tagIds: readonly string[], add: boolean): string[] | null {
  const next = add
    ? [...current, ...tagIds.filter((id) => !current.includes(id))]
    : current.filter((id) => !tagIds.includes(id));
  const same = next.length === current.length && next.every((id) => current.includes(id));
  return same ? null : next;
}
