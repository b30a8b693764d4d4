// A sales order's statuses as the console shows them (labels, colours, the list's tabs), and which of the actions
// the API allows now (the order's `allowed_actions`) the user's abilities permit. The screens offer exactly what
// availableActions returns; the state machine itself is the server's alone (docs/sales.md, States).
import type { components } from '../../../clients/typescript/src/openapi';

export type SalesOrderStatus = components['schemas']['SalesOrder']['status'];
/** An action the API may list in an order's `allowed_actions`. */
export type SalesOrderAction = components['schemas']['SalesOrder']['allowed_actions'][number];

export const STATUS_LABELS: Record<SalesOrderStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  confirmed: 'Confirmed',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  completed: 'Completed',
  on_hold: 'On hold',
  cancelled: 'Cancelled',
};

export const STATUS_COLORS: Record<SalesOrderStatus, string> = {
  draft: 'gray',
  pending_approval: 'yellow',
  confirmed: 'blue',
  partially_shipped: 'orange',
  shipped: 'teal',
  completed: 'green',
  on_hold: 'red',
  cancelled: 'dark',
};

/** The ability each action's route needs (docs/sales.md; `ship` is the shipments' `sales:ship-orders`). */
const ACTION_ABILITIES: Record<SalesOrderAction, string> = {
  edit: 'sales:edit-orders',
  'edit-lines': 'sales:edit-orders',
  confirm: 'sales:edit-orders',
  'submit-for-approval': 'sales:edit-orders',
  approve: 'sales:approve-orders',
  reject: 'sales:approve-orders',
  allocate: 'sales:edit-orders',
  ship: 'sales:ship-orders',
  complete: 'sales:complete-orders',
  hold: 'sales:edit-orders',
  'release-hold': 'sales:edit-orders',
  close: 'sales:cancel-orders',
  cancel: 'sales:cancel-orders',
  delete: 'sales:delete-orders',
};

/** The actions the order allows now (the API's answer, in its order) that a user holding `abilities` may take. */
export function availableActions(
  order: { allowed_actions: readonly SalesOrderAction[] },
  abilities: readonly string[],
): SalesOrderAction[] {
  return order.allowed_actions.filter((action) => abilities.includes(ACTION_ABILITIES[action]));
}

/** Whether the order has goods with the customer, so that a return can be recorded (docs/sales.md, Returns). */
export function acceptsReturns(order: { status: SalesOrderStatus }): boolean {
  return order.status === 'partially_shipped' || order.status === 'shipped' || order.status === 'completed';
}

/** The list's tabs: each a group of statuses, as the API's `status` filter takes them (comma-separated). */
export const STATUS_TABS = [
  { value: 'all', label: 'All', statuses: [] },
  { value: 'draft', label: 'Drafts', statuses: ['draft'] },
  { value: 'approval', label: 'Awaiting approval', statuses: ['pending_approval'] },
  { value: 'to-ship', label: 'To ship', statuses: ['confirmed', 'partially_shipped'] },
  { value: 'on-hold', label: 'On hold', statuses: ['on_hold'] },
  { value: 'shipped', label: 'Shipped', statuses: ['shipped'] },
  { value: 'closed', label: 'Closed', statuses: ['completed', 'cancelled'] },
] as const satisfies readonly { value: string; label: string; statuses: readonly SalesOrderStatus[] }[];

/** The API's `status` filter for a tab; undefined for all (or an unknown tab in the URL). */
export function statusFilter(tab: string | undefined): string | undefined {
  const found = STATUS_TABS.find((entry) => entry.value === tab);
  return found && found.statuses.length > 0 ? found.statuses.join(',') : undefined;
}
