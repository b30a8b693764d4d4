// The events of a product change: product.updated naming the changed fields, and product.price_changed
// with the previous prices when a price (or the currency of a priced product) changed. Shared by the
// product update and the variants' bulk price update, so that both describe a change the same way; and the
// payload of product.deleted, shared by the product delete and the deletion of a master's variants.
import type { DomainEvent } from '../../events/event-recorder.js';
import type { Product } from './product.repository.js';
import type { ProductResponse } from './product.schemas.js';

/** What product.deleted says of the product: enough to find it in a copy, by id or by its codes. */
export function deletedProductPayload(row: DeletedProduct, deletedAt: string): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    barcode: row.barcode,
    master_product_id: row.master_product_id,
    deleted_at: deletedAt,
  };
}

export type DeletedProduct = Pick<Product, 'id' | 'name' | 'sku' | 'barcode' | 'master_product_id'>;

/** Response fields derived from others: a change shows under the field it derives from. */
const DERIVED_FIELDS = new Set([
  'type_traits',
  'tax_category',
  'parent_product_id',
  'available_quantity',
  'is_low_stock',
  'stock_status',
  'allowed_actions',
  'category',
  'supplier',
  'brand',
  'visible_attributes',
  'effective_values',
  'created_at',
  'updated_at',
]);

/** The product's own fields whose values differ between two resources. */
export function changedFields(before: ProductResponse, after: ProductResponse): string[] {
  return (Object.keys(after) as Array<keyof ProductResponse>).filter(
    (key) => !DERIVED_FIELDS.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

function priceChanged(before: ProductResponse, after: ProductResponse, changed: readonly string[]): boolean {
  if (changed.includes('selling_price') || changed.includes('cost_price')) return true;
  const priced = (p: ProductResponse) => p.selling_price !== null || p.cost_price !== null;
  return changed.includes('currency') && (priced(before) || priced(after));
}

/** The events that describe going from `before` to `after`; none when nothing of the product's own changed. */
export function productChangeEvents(before: ProductResponse, after: ProductResponse): DomainEvent[] {
  const changed = changedFields(before, after);
  if (changed.length === 0) return [];
  const events: DomainEvent[] = [
    { type: 'product.updated', entityId: after.id, payload: { ...after, changed_fields: changed } },
  ];
  if (priceChanged(before, after, changed)) {
    events.push({
      type: 'product.price_changed',
      entityId: after.id,
      payload: {
        ...after,
        previous: { selling_price: before.selling_price, cost_price: before.cost_price, currency: before.currency },
      },
    });
  }
  return events;
}
