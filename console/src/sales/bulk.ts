// The list's bulk actions: which ones the selected orders and the user's abilities allow, and what running one
// order by order came to. Each order is sent on its own, so one refusal (its status, an approval threshold) never
// stops the others; the refusals are listed with the API's reason.
import type { SalesOrderAction } from './status';
import { availableActions } from './status';

export type BulkAction = Extract<SalesOrderAction, 'confirm' | 'hold' | 'cancel'>;

export const BULK_ACTIONS: readonly { action: BulkAction; label: string; done: string }[] = [
  { action: 'confirm', label: 'Confirm', done: 'confirmed' },
  { action: 'hold', label: 'Put on hold', done: 'put on hold' },
  { action: 'cancel', label: 'Cancel orders', done: 'cancelled' },
];

/** Whether the user may take any bulk action at all: else the list offers no selection. */
export function mayActInBulk(abilities: readonly string[]): boolean {
  return abilities.includes('sales:edit-orders') || abilities.includes('sales:cancel-orders');
}

/** The bulk actions some selected order allows now and the user may take; none for an empty selection. */
export function bulkActionsFor(
  selected: readonly { allowed_actions: readonly SalesOrderAction[] }[],
  abilities: readonly string[],
): BulkAction[] {
  const offered = new Set(selected.flatMap((order) => availableActions(order, abilities)));
  return BULK_ACTIONS.map((entry) => entry.action).filter((action) => offered.has(action));
}

export interface BulkOutcome {
  id: string;
  order_number: string;
  /** null when the order was done; else the API's reason for refusing it. */
  refusal: string | null;
}

/** What the run came to, as its notification says it: "2 orders confirmed, 1 refused." */
export function bulkSummary(action: BulkAction, outcomes: readonly BulkOutcome[]): string {
  const done = outcomes.filter((outcome) => outcome.refusal === null).length;
  const refused = outcomes.length - done;
  const verb = BULK_ACTIONS.find((entry) => entry.action === action)!.done;
  const orders = `${done} ${done === 1 ? 'order' : 'orders'} ${verb}`;
  return refused === 0 ? `${orders}.` : `${orders}, ${refused} refused.`;
}

/** Runs `send` for each order in turn, keeping each one's outcome. */
export async function runEach<T extends { id: string; order_number: string }>(
  orders: readonly T[],
  send: (order: T) => Promise<unknown>,
  reason: (error: unknown) => string,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const order of orders) {
    try {
      await send(order);
      outcomes.push({ id: order.id, order_number: order.order_number, refusal: null });
    } catch (error) {
      outcomes.push({ id: order.id, order_number: order.order_number, refusal: reason(error) });
    }
  }
  return outcomes;
}
