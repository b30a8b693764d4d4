import { describe, expect, it } from 'vitest';
import { dailyUsageOf, usageDay } from './usage.js';

const movement = (type: 'adjustment' | 'shipment' | 'transfer_out' | 'return', quantity: number, at: string) => ({
  product_id: 'p',
  warehouse_id: 'w',
  type,
  quantity,
  created_at: at,
});

describe('daily usage', () => {
  it('sums units taken out by negative adjustments and shipments per UTC day', () => {
    expect(
      dailyUsageOf([
        movement('adjustment', -3, '2026-12-01T23:59:00.000Z'),
        movement('shipment', -2, '2026-12-01T08:00:00.000Z'),
        movement('shipment', -4, '2026-12-02T00:00:00.000Z'),
      ]),
    ).toEqual([
      { product_id: 'p', warehouse_id: 'w', day: '2026-12-01', quantity: 5 },
      { product_id: 'p', warehouse_id: 'w', day: '2026-12-02', quantity: 4 },
    ]);
  });

  it('leaves out additions, transfers and returns', () => {
    expect(
      dailyUsageOf([
        movement('adjustment', 5, '2026-12-01T10:00:00.000Z'),
        movement('transfer_out', -5, '2026-12-01T10:00:00.000Z'),
        movement('return', 2, '2026-12-01T10:00:00.000Z'),
      ]),
    ).toEqual([]);
  });

  it('keys a timestamp by its UTC day', () => {
    expect(usageDay('2026-12-01T23:30:00.000-02:00')).toBe('2026-12-02');
  });
});
