// The bulk change of products (POST /operations/products/bulk): its request and answer, and how the answer reads
// to a person: one sentence of counts, and the refused rows with their reasons.
import type { components, operations } from '../../../clients/typescript/src/openapi';

export type ProductBulkBody = operations['bulkChangeProducts']['requestBody']['content']['application/json'];
export type ProductBulkAction = ProductBulkBody['action'];
export type ProductBulkResult = components['schemas']['ProductBulkResult'];
export type PriceChange = NonNullable<ProductBulkBody['price_change']>;

/** "2 updated, 1 already so, 1 refused." */
export function bulkSummary(result: Pick<ProductBulkResult, 'results'>): string {
  const count = (status: string) => result.results.filter((row) => row.status === status).length;
  const parts = [
    `${count('updated')} updated`,
    count('unchanged') > 0 ? `${count('unchanged')} already so` : null,
    count('failed') > 0 ? `${count('failed')} refused` : null,
  ];
  return `${parts.filter((part) => part !== null).join(', ')}.`;
}

/** The refused rows, each with its reason, in the order sent. */
export function refusedRows(result: Pick<ProductBulkResult, 'results'>): Array<{ id: string; reason: string }> {
  return result.results
    .filter((row) => row.status === 'failed')
    .map((row) => ({ id: row.id, reason: row.error?.message ?? 'Refused.' }));
}

/** What each action is called on its button and in its result's title. */
export const BULK_ACTION_NAMES: Record<ProductBulkAction, string> = {
  activate: 'Activate',
  deactivate: 'Deactivate',
  set_category: 'Set category',
  add_tags: 'Add tags',
  remove_tags: 'Remove tags',
  change_price: 'Change price',
};
