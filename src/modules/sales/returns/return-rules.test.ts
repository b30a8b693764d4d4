import { describe, expect, it } from 'vitest';
import { returnLineErrors, type ReturnableLine } from './return-rules.js';

const line = (id: string, shipped: number, returned: number): ReturnableLine => ({
  id,
  position: 1,
  product_sku: 'DRL-18V',
  product_name: 'Drill',
  shipped,
  returned,
});

describe('return line rules', () => {
  const lines = new Map([
    ['a', line('a', 5, 2)],
    ['b', line('b', 0, 0)],
  ]);

  it('accepts up to shipped - returned, over every entry of a line', () => {
    expect(returnLineErrors([{ order_line_id: 'a', quantity: 3 }], lines)).toEqual({});
    expect(
      returnLineErrors(
        [
          { order_line_id: 'a', quantity: 2 },
          { order_line_id: 'a', quantity: 1 },
        ],
        lines,
      ),
    ).toEqual({});
  });

  it('names each entry of a line asked beyond what may come back', () => {
    const message = ['Cannot return 4 of line 1 (DRL-18V): 5 shipped, 2 returned, 3 returnable.'];
    expect(
      returnLineErrors(
        [
          { order_line_id: 'a', quantity: 2 },
          { order_line_id: 'a', quantity: 2 },
        ],
        lines,
      ),
    ).toEqual({ 'lines.0.quantity': message, 'lines.1.quantity': message });
    expect(returnLineErrors([{ order_line_id: 'b', quantity: 1 }], lines)).toEqual({
      'lines.0.quantity': ['Cannot return 1 of line 1 (DRL-18V): 0 shipped, 0 returned, 0 returnable.'],
    });
  });

  it('refuses a line that is not on the order', () => {
    expect(returnLineErrors([{ order_line_id: 'x', quantity: 1 }], lines)).toEqual({
      'lines.0.order_line_id': ['The selected order line id is not a line of this order.'],
    });
  });
});
