// A shipment's statuses as the console shows them (labels, colours, the list's tabs), and which of the actions
// the API allows now (the shipment's `allowed_actions`) the user's abilities permit. The state machine itself is
// the server's alone (docs/sales.md, Shipments).
import type { components } from '../../../clients/typescript/src/openapi';

export type Shipment = components['schemas']['Shipment'];
export type ShipmentLine = components['schemas']['ShipmentLine'];
export type ShipmentStatus = Shipment['status'];
export type ShipmentAction = Shipment['allowed_actions'][number];

export const STATUS_LABELS: Record<ShipmentStatus, string> = {
  draft: 'To pick',
  picking: 'Picked',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const STATUS_COLORS: Record<ShipmentStatus, string> = {
  draft: 'gray',
  picking: 'blue',
  packed: 'violet',
  shipped: 'teal',
  delivered: 'green',
  cancelled: 'dark',
};

/** The list's tabs, one per status the API's `status` filter takes (it takes one), and all of them. */
export const STATUS_TABS: readonly { value: ShipmentStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'To pick' },
  { value: 'picking', label: 'Picked' },
  { value: 'packed', label: 'Packed' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** The API's `status` filter for a tab; undefined for all (or an unknown tab in the URL). */
export function statusFilter(tab: string | undefined): ShipmentStatus | undefined {
  const found = STATUS_TABS.find((entry) => entry.value === tab);
  return found && found.value !== 'all' ? found.value : undefined;
}

/** Not shipped nor cancelled: a pick list may gather it, and its goods are still in the warehouse. */
export function isOpen(status: ShipmentStatus): boolean {
  return status === 'draft' || status === 'picking' || status === 'packed';
}

/** Every shipment write needs this ability (docs/abilities.md). */
export const SHIP_ABILITY = 'sales:ship-orders';
/** Recording a return is a decision about the order: the sales role's, not the warehouse's. */
export const RETURN_ABILITY = 'sales:edit-orders';

/** The actions the shipment allows now (the API's answer, in its order) that a user holding `abilities` may take. */
export function availableActions(shipment: Pick<Shipment, 'allowed_actions'>, abilities: readonly string[]) {
  return abilities.includes(SHIP_ABILITY) ? [...shipment.allowed_actions] : [];
}

/**
 * The warehouse's next step for the shipment: the console walks pick, pack, ship in that order (the API lets a
 * draft be packed or shipped at once, which would skip the check of the goods against the pick list), then
 * deliver; cancel stays offered beside it while the shipment is open.
 */
export function nextSteps(allowed: readonly ShipmentAction[]): ShipmentAction[] {
  const step = (['pick', 'pack', 'ship', 'deliver'] as const).find((action) => allowed.includes(action));
  return [...(step ? [step] : []), ...(allowed.includes('cancel') ? (['cancel'] as const) : [])];
}
