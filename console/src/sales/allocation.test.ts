import { describe, expect, it } from 'vitest';
import { allocationWarehouses, returnable } from './allocation';

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

  it('lets back what shipped and has not come back', () => {
    expect(returnable({ quantity_shipped: 5, quantity_returned: 2 })).toBe(3);
    expect(returnable({ quantity_shipped: 0, quantity_returned: 0 })).toBe(0);
  });
});
