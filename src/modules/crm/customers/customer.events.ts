// What the customer events say (docs/events.md): customer.created and customer.updated carry the customer as
// GET answers it, customer.updated also the fields whose values changed; customer.deleted names the customer,
// so that a copy kept elsewhere can find it by id or by its external id (docs/sync.md).
import type { Customer } from './customer.repository.js';
import type { CustomerResponse } from './customer.schemas.js';

/** Fields every write moves: a change of one of them alone is no change of the customer. */
const NOT_CHANGES = new Set(['created_at', 'updated_at']);

/** The customer's fields whose values differ between two resources, in the resource's order. */
export function changedCustomerFields(before: CustomerResponse, after: CustomerResponse): string[] {
  return (Object.keys(after) as Array<keyof CustomerResponse>).filter(
    (key) => !NOT_CHANGES.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** The payload of customer.deleted. */
export function deletedCustomerPayload(
  customer: Pick<Customer, 'id' | 'name' | 'external_id'>,
  deletedAt: string,
): Record<string, unknown> {
  return { id: customer.id, name: customer.name, external_id: customer.external_id, deleted_at: deletedAt };
}
