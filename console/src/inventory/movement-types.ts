import type { MovementType, StockMovement } from './api';

/** The ledger's movement types, as the API names and labels them. */
export const MOVEMENT_TYPES: { value: MovementType; label: string }[] = [
  { value: 'initial_stock', label: 'Initial stock' },
  { value: 'purchase_receipt', label: 'Purchase receipt' },
  { value: 'adjustment', label: 'Adjustment' },
  { value: 'physical_count', label: 'Physical count' },
  { value: 'transfer_out', label: 'Transfer out' },
  { value: 'transfer_in', label: 'Transfer in' },
  { value: 'reservation', label: 'Reservation' },
  { value: 'release', label: 'Release' },
  { value: 'shipment', label: 'Shipment' },
  { value: 'return', label: 'Return' },
];

/** Green for stock coming in, red for going out, grey for reservations, which leave on hand alone. */
export function movementColor(movement: Pick<StockMovement, 'is_inbound' | 'is_outbound'>): string {
  if (movement.is_inbound) return 'teal';
  if (movement.is_outbound) return 'red';
  return 'gray';
}
