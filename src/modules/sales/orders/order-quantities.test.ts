import { describe, expect, it } from 'vitest';
import { backorderedQuantity, lineTotal, openQuantity, orderTotals, owesGoods } from './order-quantities.js';

describe('lineTotal and orderTotals', () => {
  it('prices a line as quantity × unit price less its discount', () => {
    expect(lineTotal({ quantity: 3, unit_price: 1250, discount_amount: 250 })).toBe(3500);
  });
  it('totals the order as subtotal − discount + shipping + tax', () => {
    expect(orderTotals([3500, 1000], { discount_amount: 500, shipping_amount: 495, tax_amount: 900 })).toEqual({
      subtotal: 4500,
      discount_amount: 500,
      shipping_amount: 495,
      tax_amount: 900,
      total_amount: 5395,
    });
  });
});

describe('derived line quantities', () => {
  it('leaves open what was neither cancelled nor shipped', () => {
    expect(openQuantity({ quantity: 10, cancelled_quantity: 2 }, 3)).toBe(5);
    expect(openQuantity({ quantity: 10, cancelled_quantity: 7 }, 3)).toBe(0);
  });
  it('backorders what is open and unallocated only while the order owes goods', () => {
    expect(owesGoods('confirmed', null)).toBe(true);
    expect(owesGoods('partially_shipped', null)).toBe(true);
    expect(owesGoods('on_hold', 'confirmed')).toBe(true);
    expect(owesGoods('on_hold', 'draft')).toBe(false);
    for (const status of ['draft', 'pending_approval', 'shipped', 'completed', 'cancelled'] as const) {
      expect(owesGoods(status, null)).toBe(false);
    }
    expect(backorderedQuantity(5, 2, true)).toBe(3);
    expect(backorderedQuantity(5, 7, true)).toBe(0);
    expect(backorderedQuantity(5, 0, false)).toBe(0);
  });
});
