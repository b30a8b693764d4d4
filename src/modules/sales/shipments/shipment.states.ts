// The shipment state machine: draft → picking → packed → shipped → delivered, or cancelled before it ships. A
// shipment may skip the warehouse steps it does not record (a draft may be packed or shipped at once), never go
// back. Apart from the column's type in db/schema.ts (which the list below must match), no other file lists
// shipment statuses.
import { BusinessRuleError } from '../../../core/errors.js';
import { stateMachine } from '../../../core/state-machine.js';
import type { ShipmentStatus } from '../../../db/schema.js';

/** Every status, in the order of a shipment's life; cancelled ends it early. */
export const SHIPMENT_STATUSES = [
  'draft',
  'picking',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
] as const satisfies readonly ShipmentStatus[];

/** Not yet shipped nor cancelled: its quantities are spoken for, so no other shipment may take them. */
export const OPEN_SHIPMENT_STATUSES = ['draft', 'picking', 'packed'] as const satisfies readonly ShipmentStatus[];

interface Transition {
  from: readonly ShipmentStatus[];
  to: ShipmentStatus;
  /** What a refusal says the allowed shipments "can be". */
  done: string;
}

/** Each action (its route's last segment, `POST /sales/shipments/{id}/<action>`) with its statuses. */
export const SHIPMENT_TRANSITIONS = {
  pick: { from: ['draft'], to: 'picking', done: 'picked' },
  pack: { from: ['draft', 'picking'], to: 'packed', done: 'packed' },
  ship: { from: OPEN_SHIPMENT_STATUSES, to: 'shipped', done: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered', done: 'delivered' },
  cancel: { from: OPEN_SHIPMENT_STATUSES, to: 'cancelled', done: 'cancelled' },
} as const satisfies Record<string, Transition>;

export type ShipmentAction = keyof typeof SHIPMENT_TRANSITIONS;

/** Every action, in the order `allowed_actions` lists them: the next step first, cancel last. */
export const SHIPMENT_ACTIONS: readonly ShipmentAction[] = ['pick', 'pack', 'ship', 'deliver', 'cancel'];

/** The 422 message of a refused action: names the current status and the ones the action is allowed from. */
export function shipmentRefusalMessage(action: ShipmentAction, current: ShipmentStatus): string {
  const rule: Transition = SHIPMENT_TRANSITIONS[action];
  return `Cannot ${action} a shipment whose status is ${current}; only ${rule.from.join(', ')} shipments can be ${rule.done}.`;
}

const MACHINE = stateMachine<ShipmentStatus, ShipmentAction>({
  transitions: SHIPMENT_TRANSITIONS,
  order: SHIPMENT_ACTIONS,
  refusalMessage: shipmentRefusalMessage,
});

/** The actions a shipment in `status` allows, whoever asks. */
export function allowedShipmentActions(status: ShipmentStatus): ShipmentAction[] {
  return MACHINE.allowedActions(status);
}

/**
 * @throws BusinessRuleError 422 `invalid_transition` naming the status and the allowed ones, as every sales refusal
 * of a status does.
 */
export function assertShipmentCan(status: ShipmentStatus, action: ShipmentAction): void {
  if (!MACHINE.can(status, action))
    throw new BusinessRuleError('invalid_transition', shipmentRefusalMessage(action, status));
}

/** The order statuses a shipment may be created and shipped in: confirmed, and partly shipped already. */
export const SHIPPABLE_ORDER_STATUSES = ['confirmed', 'partially_shipped'] as const;

/** @throws BusinessRuleError 422 `invalid_transition` when an order in `status` cannot ship (on hold, cancelled…). */
export function assertOrderCanShip(status: string, action: 'create a shipment for' | 'ship'): void {
  if (!(SHIPPABLE_ORDER_STATUSES as readonly string[]).includes(status))
    throw new BusinessRuleError(
      'invalid_transition',
      `Cannot ${action} a sales order whose status is ${status}; only ${SHIPPABLE_ORDER_STATUSES.join(', ')} orders can ship.`,
    );
}
