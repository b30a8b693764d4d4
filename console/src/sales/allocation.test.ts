import { describe, expect, it } from 'vitest';
import { allocationWarehouses } from './allocation';

describe('where an order is allocated', () => {
  it('sums the lines per warehouse, most first', () => {
    expect(
      allocationWarehouses([
        { allocations: [{ warehouse_id: 'b', quantity: 2 }] },
        {
          allocations: [
            { warehouse_id: 'a', quantity: 1 },
            { warehouse_id: 'b', quantity: 3 },
          ],
        },
        { allocations: [] },
      ]),
    ).toEqual([
      { warehouse_id: 'b', quantity: 5 },
      { warehouse_id: 'a', quantity: 1 },
    ]);
  });
});
