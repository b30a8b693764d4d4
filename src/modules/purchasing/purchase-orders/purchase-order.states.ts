// The purchase-order state machine: every status, which verb moves an order from which statuses to which, and
// the named sets of statuses that the services, reports and reorder queries ask about. Apart from the column's
// type in db/schema.ts (which the list below must match), no other file lists purchase-order statuses.
import { stateMachine } from '../../../core/state-machine.js';
import type { PurchaseOrderStatus } from '../../../db/schema.js';

/** Every status, in the order of an order's life; cancelled and rejected end it early. */
export const PURCHASE_ORDER_STATUSES = [
  'draft',
  'pending_approval',
  'approved',
  'sent',
  'acknowledged',
  'partially_received',
  'received',
  'invoiced',
  'completed',
  'cancelled',
  'rejected',
] as const satisfies readonly PurchaseOrderStatus[];

/** A new order starts in draft, or in pending_approval when it is created and submitted at once. */
export const INITIAL_STATUSES = ['draft', 'pending_approval'] as const satisfies readonly PurchaseOrderStatus[];

/**
 * The supplier holds the order and owes its goods: a cancellation is worth telling them about, and past its
 * expected delivery date the order is overdue.
 */
export const WITH_SUPPLIER_STATUSES: readonly PurchaseOrderStatus[] = ['sent', 'acknowledged', 'partially_received'];

/** Goods can be received exactly while the supplier holds the order. */
export const RECEIVABLE_STATUSES: readonly PurchaseOrderStatus[] = WITH_SUPPLIER_STATUSES;

/**
 * Still expecting goods (not fully received, not cancelled or rejected): such an order can be cancelled, and
 * a product on one of its lines is already being reordered.
 */
export const OPEN_STATUSES: readonly PurchaseOrderStatus[] = [
  'draft',
  'pending_approval',
  'approved',
  'sent',
  'acknowledged',
  'partially_received',
];

/**
 * Placed and not yet fully received: their lines' goods still due (ordered - received - cancelled) are the
 * incoming stock that availability counts.
 */
export const INCOMING_STATUSES: readonly PurchaseOrderStatus[] = ['approved', ...WITH_SUPPLIER_STATUSES];

/** Given to the supplier (approved or later, not cancelled or rejected): what the supplier's performance counts. */
export const PLACED_STATUSES: readonly PurchaseOrderStatus[] = [
  'approved',
  'sent',
  'acknowledged',
  'partially_received',
  'received',
  'invoiced',
  'completed',
];

interface Transition {
  /** The statuses it starts from: its conditional UPDATE matches only these. */
  from: readonly PurchaseOrderStatus[];
  /** The statuses it may leave the order in; none when the status stays (edit) or the order goes (delete). */
  to: readonly PurchaseOrderStatus[];
  /** What a refusal says the allowed orders "can be". */
  done: string;
}

/** Each verb (worded as the refusal names it) with the statuses it moves an order from and to. */
export const TRANSITIONS = {
  edit: { from: ['draft'], to: [], done: 'edited' },
  delete: { from: ['draft'], to: [], done: 'deleted' },
  'submit for approval': { from: ['draft'], to: ['pending_approval'], done: 'submitted for approval' },
  // Direct approval of a draft is refused: it must be submitted first.
  approve: { from: ['pending_approval'], to: ['approved'], done: 'approved' },
  reject: { from: ['pending_approval'], to: ['rejected'], done: 'rejected' },
  send: { from: ['approved'], to: ['sent'], done: 'sent' },
  acknowledge: { from: ['sent'], to: ['acknowledged'], done: 'acknowledged' },
  'receive goods for': { from: RECEIVABLE_STATUSES, to: ['partially_received', 'received'], done: 'received' },
  cancel: { from: OPEN_STATUSES, to: ['cancelled'], done: 'cancelled' },
  'record an invoice for': { from: ['received'], to: ['invoiced'], done: 'invoiced' },
  complete: { from: ['received', 'invoiced'], to: ['completed'], done: 'completed' },
} as const satisfies Record<string, Transition>;

export type PurchaseOrderVerb = keyof typeof TRANSITIONS;
/** The statuses `verb` may move an order to. */
export type TargetOf<V extends PurchaseOrderVerb> = (typeof TRANSITIONS)[V]['to'][number];

/** The 422 message of a refused transition: names the current status and the ones the verb is allowed from. */
export function refusalMessage(verb: PurchaseOrderVerb, current: PurchaseOrderStatus): string {
  const rule: Transition = TRANSITIONS[verb];
  return `Cannot ${verb} a purchase order whose status is ${current}; only ${rule.from.join(', ')} purchase orders can be ${rule.done}.`;
}

/**
 * The name each verb goes by in the API's `allowed_actions`: its route's last segment (`POST …/{id}/<name>`),
 * `edit` and `delete` for the update and the delete of the order itself.
 */
const ACTION_NAMES = {
  edit: 'edit',
  delete: 'delete',
  'submit for approval': 'submit-for-approval',
  approve: 'approve',
  reject: 'reject',
  send: 'send',
  acknowledge: 'acknowledge',
  'receive goods for': 'receive',
  cancel: 'cancel',
  'record an invoice for': 'record-invoice',
  complete: 'complete',
} as const satisfies Record<PurchaseOrderVerb, string>;

export type PurchaseOrderAction = (typeof ACTION_NAMES)[PurchaseOrderVerb];

/** The verbs in the order `allowed_actions` lists them: the order's next step first, cancel and delete last. */
const ACTION_ORDER: readonly PurchaseOrderVerb[] = [
  'edit',
  'submit for approval',
  'approve',
  'reject',
  'send',
  'acknowledge',
  'receive goods for',
  'record an invoice for',
  'complete',
  'cancel',
  'delete',
];

/** Every action name, in `allowed_actions` order: the OpenAPI enum. */
export const PURCHASE_ORDER_ACTIONS = ACTION_ORDER.map((verb) => ACTION_NAMES[verb]);

/** The verbs as a state machine: refuses a verb with `invalid_transition` and `refusalMessage`. */
export const PURCHASE_ORDER_STATES = stateMachine<PurchaseOrderStatus, PurchaseOrderVerb>({
  transitions: TRANSITIONS,
  order: ACTION_ORDER,
  refusalMessage,
});

/** The actions an order in `status` allows, whoever asks: the state machine's answer, not the caller's abilities. */
export function allowedActions(status: PurchaseOrderStatus): PurchaseOrderAction[] {
  return PURCHASE_ORDER_STATES.allowedActions(status).map((verb) => ACTION_NAMES[verb]);
}
