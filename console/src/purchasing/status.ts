// A purchase order's statuses as the console shows them (labels, colours, the list's tabs), and which of the
// actions the API allows now (the order's `allowed_actions`) the user's abilities permit. The detail page offers
// exactly the actions availableActions returns; the state machine itself is the server's alone.
import type { components } from '../../../clients/typescript/src/openapi';

export type PurchaseOrderStatus = components['schemas']['PurchaseOrder']['status'];

export const STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  approved: 'Approved',
  sent: 'Sent',
  acknowledged: 'Acknowledged',
  partially_received: 'Partially received',
  received: 'Received',
  invoiced: 'Invoiced',
  completed: 'Completed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

export const STATUS_COLORS: Record<PurchaseOrderStatus, string> = {
  draft: 'gray',
  pending_approval: 'yellow',
  approved: 'blue',
  sent: 'indigo',
  acknowledged: 'violet',
  partially_received: 'orange',
  received: 'teal',
  invoiced: 'cyan',
  completed: 'green',
  cancelled: 'dark',
  rejected: 'red',
};

/** An action the API may list in an order's `allowed_actions`: what its status allows, by the server's state machine. */
export type PurchaseOrderAction = components['schemas']['PurchaseOrder']['allowed_actions'][number];

/** The ability each action's route needs (docs/abilities.md). */
export const ACTION_ABILITIES: Record<PurchaseOrderAction, string> = {
  edit: 'operations:edit-purchase-orders',
  'submit-for-approval': 'operations:edit-purchase-orders',
  approve: 'operations:approve-purchase-orders',
  reject: 'operations:approve-purchase-orders',
  send: 'operations:send-purchase-orders',
  acknowledge: 'operations:edit-purchase-orders',
  receive: 'operations:receive-goods-purchase-orders',
  'record-invoice': 'operations:edit-purchase-orders',
  complete: 'operations:edit-purchase-orders',
  cancel: 'operations:edit-purchase-orders',
  delete: 'operations:delete-purchase-orders',
};

/** The actions the order allows now (the API's answer, in its order) that a user holding `abilities` may take. */
export function availableActions(
  order: { allowed_actions: readonly PurchaseOrderAction[] },
  abilities: readonly string[],
): PurchaseOrderAction[] {
  return order.allowed_actions.filter((action) => abilities.includes(ACTION_ABILITIES[action]));
}

/**
 * Whether the supplier already holds the order (a cancellation is worth telling them about): the API receives
 * goods exactly while the supplier holds it.
 */
export function isWithSupplier(order: { allowed_actions: readonly PurchaseOrderAction[] }): boolean {
  return order.allowed_actions.includes('receive');
}

/** The list's tabs: each a group of statuses, as the API's `status` filter takes them (comma-separated). */
export const STATUS_TABS = [
  { value: 'all', label: 'All', statuses: [] },
  { value: 'draft', label: 'Drafts', statuses: ['draft'] },
  { value: 'approval', label: 'Awaiting approval', statuses: ['pending_approval'] },
  { value: 'to-send', label: 'To send', statuses: ['approved'] },
  { value: 'with-supplier', label: 'With supplier', statuses: ['sent', 'acknowledged', 'partially_received'] },
  { value: 'received', label: 'Received', statuses: ['received', 'invoiced'] },
  { value: 'closed', label: 'Closed', statuses: ['completed', 'cancelled', 'rejected'] },
] as const satisfies readonly { value: string; label: string; statuses: readonly PurchaseOrderStatus[] }[];

/** The API's `status` filter for a tab; undefined for all (or an unknown tab in the URL). */
export function statusFilter(tab: string | undefined): string | undefined {
  const found = STATUS_TABS.find((entry) => entry.value === tab);
  return found && found.statuses.length > 0 ? found.statuses.join(',') : undefined;
}
