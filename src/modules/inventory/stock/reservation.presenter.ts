// The stock reservation resource, as GET /operations/reservations/{id} answers it and reserve and release carry it.
import type { StockReservation } from './reservation.repository.js';

export function reservationResource(r: StockReservation) {
  return {
    id: r.id,
    product_id: r.product_id,
    warehouse_id: r.warehouse_id,
    quantity: r.quantity,
    original_quantity: r.original_quantity,
    released_quantity: r.released_quantity,
    consumed_quantity: r.consumed_quantity,
    order_line_id: r.order_line_id,
    reference_type: r.reference_type,
    reference_id: r.reference_id,
    notes: r.notes,
    status: r.status,
    created_by: r.created_by,
    created_at: r.created_at,
    updated_at: r.updated_at,
    released_at: r.released_at,
    consumed_at: r.consumed_at,
  };
}
export type ReservationResource = ReturnType<typeof reservationResource>;
