import { describe, expect, it } from 'vitest';
import { lineTotal, linesSubtotal, roundMoney } from './totals';

describe('order totals', () => {
  it('multiplies quantity by unit cost per line', () => {
    expect(lineTotal({ quantity: 40, unit_price: 74.5 })).toBe(2980);
    expect(lineTotal({ quantity: '3', unit_price: '2.35' })).toBe(7.05);
  });

  it('counts an empty or unreadable field as nothing', () => {
    expect(lineTotal({ quantity: '', unit_price: 10 })).toBe(0);
    expect(lineTotal({ quantity: 2, unit_price: 'abc' })).toBe(0);
  });

  it('sums the lines without floating-point residue', () => {
    expect(
      linesSubtotal([
        { quantity: 1, unit_price: 0.1 },
        { quantity: 1, unit_price: 0.2 },
      ]),
    ).toBe(0.3);
    expect(linesSubtotal([])).toBe(0);
  });

  it('rounds half away from zero to the cent, as the API does', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(1.004)).toBe(1);
    expect(lineTotal({ quantity: 3, unit_price: 0.335 })).toBe(1.02);
  });
});
