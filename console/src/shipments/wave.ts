// The wave pick list: one PDF gathering several open shipments of one warehouse (GET /sales/pick-list), for the
// shipments ticked on the list, or else the open ones the list shows.
import { isOpen, type Shipment } from './status';

/** The most shipments one pick list gathers (the API's limit). */
export const MAX_WAVE = 100;

export type WavePlan = { ok: true; href: string; count: number } | { ok: false; reason: string };

/** The pick list of `shipments`: refused while none is open, or they are in more than one warehouse. */
export function wavePickList(shipments: readonly Pick<Shipment, 'id' | 'status' | 'warehouse_id'>[]): WavePlan {
  const open = shipments.filter((shipment) => isOpen(shipment.status));
  if (open.length === 0) return { ok: false, reason: 'No open shipment to pick: tick some, or list open ones.' };
  const warehouses = new Set(open.map((shipment) => shipment.warehouse_id));
  if (warehouses.size > 1)
    return { ok: false, reason: 'A pick list gathers one warehouse: choose a warehouse, or tick its shipments.' };
  if (open.length > MAX_WAVE) return { ok: false, reason: `A pick list gathers at most ${MAX_WAVE} shipments.` };
  const query = new URLSearchParams({
    warehouse_id: open[0]!.warehouse_id,
    shipment_ids: open.map((shipment) => shipment.id).join(','),
  });
  return { ok: true, href: `/api/v1/sales/pick-list?${query.toString()}`, count: open.length };
}
