// What a purchase order's status allows, as the API's state machine has it (src/modules/purchasing/
// purchase-orders/purchase-order.states.ts, read from the OpenAPI descriptions): each action with the statuses it
// starts from and the ability it needs. The detail page offers exactly the actions this returns.
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

export type PurchaseOrderAction =
  | 'edit'
  | 'submit'
  | 'approve'
  | 'reject'
  | 'send'
  | 'acknowledge'
  | 'receive'
  | 'record-invoice'
  | 'complete'
  | 'cancel'
  | 'delete';

/** Goods can be received, and the order cancelled with the supplier told, while the supplier holds it. */
const WITH_SUPPLIER: readonly PurchaseOrderStatus[] = ['sent', 'acknowledged', 'partially_received'];
/** Not yet fully received, cancelled or rejected. */
const OPEN: readonly PurchaseOrderStatus[] = ['draft', 'pending_approval', 'approved', ...WITH_SUPPLIER];

const RULES: Record<PurchaseOrderAction, { from: readonly PurchaseOrderStatus[]; ability: string }> = {
  edit: { from: ['draft'], ability: 'operations:edit-purchase-orders' },
  submit: { from: ['draft'], ability: 'operations:edit-purchase-orders' },
  approve: { from: ['pending_approval'], ability: 'operations:approve-purchase-orders' },
  reject: { from: ['pending_approval'], ability: 'operations:approve-purchase-orders' },
  send: { from: ['approved'], ability: 'operations:send-purchase-orders' },
  acknowledge: { from: ['sent'], ability: 'operations:edit-purchase-orders' },
  receive: { from: WITH_SUPPLIER, ability: 'operations:receive-goods-purchase-orders' },
  'record-invoice': { from: ['received'], ability: 'operations:edit-purchase-orders' },
  complete: { from: ['received', 'invoiced'], ability: 'operations:edit-purchase-orders' },
  cancel: { from: OPEN, ability: 'operations:edit-purchase-orders' },
  delete: { from: ['draft'], ability: 'operations:delete-purchase-orders' },
};

/** The order in which the actions appear: the next step of the order's life first, cancel and delete last. */
const ORDER: readonly PurchaseOrderAction[] = ['edit', 'submit', 'approve', 'reject', 'send', 'acknowledge', 'receive', 'record-invoice', 'complete', 'cancel', 'delete'];

/** The actions an order in `status` allows to a user holding `abilities`. */
export function availableActions(status: PurchaseOrderStatus, abilities: readonly string[]): PurchaseOrderAction[] {
  return ORDER.filter((action) => RULES[action].from.includes(status) && abilities.includes(RULES[action].ability));
}

/** Whether the supplier already holds the order (a cancellation is worth telling them about). */
export function isWithSupplier(status: PurchaseOrderStatus): boolean {
  return WITH_SUPPLIER.includes(status);
}

/** The list's tabs: each a group of statuses, as the API's `status` filter takes them (comma-separated). */
export const STATUS_TABS = [
  { value: 'all', label: 'All', statuses: [] },
  { value: 'draft', label: 'Drafts', statuses: ['draft'] },
  { value: 'approval', label: 'Awaiting approval', statuses: ['pending_approval'] },
  { value: 'to-send', label: 'To send', statuses: ['approved'] },
  { value: 'with-supplier', label: 'With supplier', statuses: WITH_SUPPLIER },
  { value: 'received', label: 'Received', statuses: ['received', 'invoiced'] },
  { value: 'closed', label: 'Closed', statuses: ['completed', 'cancelled', 'rejected'] },
] as const satisfies readonly { value: string; label: string; statuses: readonly PurchaseOrderStatus[] }[];

/** The API's `status` filter for a tab; undefined for all (or an unknown tab in the URL). */
export function statusFilter(tab: string | undefined): string | undefined {
  const found = STATUS_TABS.find((entry) => entry.value === tab);
  return found && found.statuses.length > 0 ? found.statuses.join(',') : undefined;
}
