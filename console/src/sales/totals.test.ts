import { describe, expect, it } from 'vitest';
import { lineTotal, orderTotals } from './totals';

describe('sales order form totals', () => {
  it('takes the line discount off quantity times unit price', () => {
    expect(lineTotal({ quantity: 3, unit_price: 19.99, discount_amount: 5 })).toBe(54.97);
    expect(lineTotal({ quantity: '', unit_price: 10, discount_amount: '' })).toBe(0);
  });

  it('adds shipping and tax and takes the order discount off the subtotal', () => {
    const lines = [
      { quantity: 2, unit_price: 49.5, discount_amount: 0 },
      { quantity: 1, unit_price: 12, discount_amount: 2 },
    ];
    expect(orderTotals(lines, { discount_amount: 10, shipping_amount: 4.95, tax_amount: '19' })).toEqual({
      subtotal: 109,
      discount: 10,
      shipping: 4.95,
      tax: 19,
      total: 122.95,
    });
  });
});
