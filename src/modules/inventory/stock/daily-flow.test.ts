import { describe, expect, it } from 'vitest';
import type { StockMovementType } from '../../../db/schema.js';
import { dailyFlowOf } from './daily-flow.js';

const movement = (type: StockMovementType, quantity: number, at: string, warehouse_id = 'w') => ({
  product_id: 'p',
  warehouse_id,
  type,
  quantity,
  created_at: at,
});

describe('daily flow', () => {
  it('sums units in and out of on-hand stock per warehouse and UTC day', () => {
    expect(
      dailyFlowOf([
        movement('purchase_receipt', 10, '2026-12-01T08:00:00.000Z'),
        movement('shipment', -3, '2026-12-01T23:59:59.000Z'),
        movement('transfer_out', -2, '2026-12-01T12:00:00.000Z'),
        movement('transfer_in', 2, '2026-12-01T12:00:00.000Z', 'v'),
        movement('physical_count', -1, '2026-12-02T00:00:00.000Z'),
        movement('return', 1, '2026-12-02T09:00:00.000Z'),
      ]),
    ).toEqual([
      { product_id: 'p', warehouse_id: 'w', day: '2026-12-01', units_in: 10, units_out: 5 },
      { product_id: 'p', warehouse_id: 'v', day: '2026-12-01', units_in: 2, units_out: 0 },
      { product_id: 'p', warehouse_id: 'w', day: '2026-12-02', units_in: 1, units_out: 1 },
    ]);
  });

  it('leaves out reservations, releases and movements of nothing', () => {
    expect(
      dailyFlowOf([
        movement('reservation', -4, '2026-12-01T10:00:00.000Z'),
        movement('release', 4, '2026-12-01T10:00:00.000Z'),
        movement('adjustment', 0, '2026-12-01T10:00:00.000Z'),
      ]),
    ).toEqual([]);
  });
});
