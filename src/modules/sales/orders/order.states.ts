// The sales-order state machine (docs/sales.md, Sales orders): every status, which action moves an order from
// which statuses to which, and the named sets of statuses the services and queries ask about. Apart from the
// column's type in db/schema.ts (which the list below must match), no other file lists sales-order statuses.
import { stateMachine } from '../../../core/state-machine.js';
import type { SalesOrderStatus } from '../../../db/schema.js';

/** Every status, in the order of an order's life; on_hold pauses it, cancelled ends it early. */
export const SALES_ORDER_STATUSES = [
  'draft',
  'pending_approval',
  'confirmed',
  'partially_shipped',
  'shipped',
  'completed',
  'on_hold',
  'cancelled',
] as const satisfies readonly SalesOrderStatus[];

/** Neither completed nor cancelled: an order that still references its customer's business (refuses its deletion). */
export const OPEN_STATUSES: readonly SalesOrderStatus[] = [
  'draft',
  'pending_approval',
  'confirmed',
  'partially_shipped',
  'shipped',
  'on_hold',
];

/** Not shipped yet and not ended: an order whose requested ship date has passed is overdue (the list's filter). */
export const UNSHIPPED_STATUSES: readonly SalesOrderStatus[] = [
  'draft',
  'pending_approval',
  'confirmed',
  'partially_shipped',
  'on_hold',
];

/** Confirmed and not yet fully shipped: what is still open on a line is backordered unless allocated. */
export const COMMITTED_STATUSES: readonly SalesOrderStatus[] = ['confirmed', 'partially_shipped'];

interface Transition {
  /** The statuses it starts from: its conditional UPDATE matches only these. */
  from: readonly SalesOrderStatus[];
  /** The statuses it may leave the order in; none when the status stays (edit) or the order goes (delete). */
  to: readonly SalesOrderStatus[];
  /** What a refusal says the allowed orders "can be". */
  done: string;
}

/** Each verb (worded as the refusal names it) with the statuses it moves an order from and to. */
export const TRANSITIONS = {
  edit: { from: ['draft', 'confirmed', 'partially_shipped', 'on_hold'], to: [], done: 'edited' },
  'edit the lines of': { from: ['draft', 'confirmed', 'partially_shipped'], to: [], done: 'edited' },
  delete: { from: ['draft'], to: [], done: 'deleted' },
  'submit for approval': { from: ['draft'], to: ['pending_approval'], done: 'submitted for approval' },
  approve: { from: ['pending_approval'], to: ['confirmed'], done: 'approved' },
  reject: { from: ['pending_approval'], to: ['draft'], done: 'rejected' },
  confirm: { from: ['draft'], to: ['confirmed'], done: 'confirmed' },
  allocate: { from: ['confirmed', 'partially_shipped'], to: [], done: 'allocated' },
  hold: { from: ['draft', 'confirmed', 'partially_shipped'], to: ['on_hold'], done: 'put on hold' },
  'release the hold of': {
    from: ['on_hold'],
    to: ['draft', 'confirmed', 'partially_shipped'],
    done: 'released from hold',
  },
  cancel: { from: ['draft', 'pending_approval', 'confirmed', 'on_hold'], to: ['cancelled'], done: 'cancelled' },
  close: { from: ['confirmed', 'partially_shipped', 'on_hold'], to: ['shipped', 'cancelled'], done: 'closed' },
  complete: { from: ['shipped'], to: ['completed'], done: 'completed' },
  'record a shipment of': {
    from: ['confirmed', 'partially_shipped'],
    to: ['partially_shipped', 'shipped'],
    done: 'shipped',
  },
} as const satisfies Record<string, Transition>;

export type SalesOrderVerb = keyof typeof TRANSITIONS;
/** The statuses `verb` may move an order to. */
export type TargetOf<V extends SalesOrderVerb> = (typeof TRANSITIONS)[V]['to'][number];

/** The 422 message of a refused transition: names the current status and the ones the verb is allowed from. */
export function refusalMessage(verb: SalesOrderVerb, current: SalesOrderStatus): string {
  const rule: Transition = TRANSITIONS[verb];
  return `Cannot ${verb} a sales order whose status is ${current}; only ${rule.from.join(', ')} sales orders can be ${rule.done}.`;
}

/**
 * The name each verb goes by in the API's `allowed_actions`: its route's last segment (`POST …/{id}/<name>`),
 * `edit` and `delete` for the update and the delete of the order itself. Shipping is the shipments' action.
 */
const ACTION_NAMES = {
  edit: 'edit',
  'edit the lines of': 'edit-lines',
  delete: 'delete',
  'submit for approval': 'submit-for-approval',
  approve: 'approve',
  reject: 'reject',
  confirm: 'confirm',
  allocate: 'allocate',
  hold: 'hold',
  'release the hold of': 'release-hold',
  cancel: 'cancel',
  close: 'close',
  complete: 'complete',
  'record a shipment of': 'ship',
} as const satisfies Record<SalesOrderVerb, string>;

export type SalesOrderAction = (typeof ACTION_NAMES)[SalesOrderVerb];

/** The verbs in the order `allowed_actions` lists them: the order's next step first, cancel and delete last. */
const ACTION_ORDER: readonly SalesOrderVerb[] = [
  'edit',
  'edit the lines of',
  'confirm',
  'submit for approval',
  'approve',
  'reject',
  'allocate',
  'record a shipment of',
  'complete',
  'hold',
  'release the hold of',
  'close',
  'cancel',
  'delete',
];

/** Every action name, in `allowed_actions` order: the OpenAPI enum. */
export const SALES_ORDER_ACTIONS = ACTION_ORDER.map((verb) => ACTION_NAMES[verb]);

/** The verbs as a state machine: refuses a verb with `invalid_transition` and `refusalMessage`. */
export const SALES_ORDER_STATES = stateMachine<SalesOrderStatus, SalesOrderVerb>({
  transitions: TRANSITIONS,
  order: ACTION_ORDER,
  refusalMessage,
});

/** The actions an order in `status` allows, whoever asks: the state machine's answer, not the caller's abilities. */
export function allowedActions(status: SalesOrderStatus): SalesOrderAction[] {
  return SALES_ORDER_STATES.allowedActions(status).map((verb) => ACTION_NAMES[verb]);
}
