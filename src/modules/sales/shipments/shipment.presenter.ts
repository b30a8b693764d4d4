// The shipment resource: the row with its order's number, its warehouse, its lines and what it allows next.
import type { Shipment, ShipmentLine } from './shipment.repository.js';
import type { ShipmentResponse } from './shipment.schemas.js';
import { allowedShipmentActions } from './shipment.states.js';

export function shipmentResource(shipment: Shipment, lines: readonly ShipmentLine[]): ShipmentResponse {
  const own = lines.filter((l) => l.shipment_id === shipment.id).sort((a, b) => a.position - b.position);
  return {
    id: shipment.id,
    shipment_number: shipment.shipment_number,
    order_id: shipment.order_id,
    order_number: shipment.order_number,
    warehouse_id: shipment.warehouse_id,
    warehouse_code: shipment.warehouse_code,
    warehouse_name: shipment.warehouse_name,
    status: shipment.status,
    carrier: shipment.carrier,
    service: shipment.service,
    tracking_numbers: shipment.tracking_numbers ?? [],
    notes: shipment.notes,
    total_quantity: own.reduce((sum, l) => sum + l.quantity, 0),
    lines: own.map((l) => ({
      id: l.id,
      order_line_id: l.order_line_id,
      product_id: l.product_id,
      product_name: l.product_name,
      product_sku: l.product_sku,
      quantity: l.quantity,
    })),
    allowed_actions: allowedShipmentActions(shipment.status),
    picked_at: shipment.picked_at,
    packed_at: shipment.packed_at,
    shipped_at: shipment.shipped_at,
    delivered_at: shipment.delivered_at,
    cancelled_at: shipment.cancelled_at,
    cancellation_reason: shipment.cancellation_reason,
    created_by: shipment.created_by,
    created_at: shipment.created_at,
    updated_at: shipment.updated_at,
  };
}
