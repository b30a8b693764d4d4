import { describe, expect, it } from 'vitest';
import { availability, codeLabel, formatAttributeValue, formatBytes, formatMoney } from './format';

describe('product formatting', () => {
  it('writes codes as words', () => {
    expect(codeLabel('gift_card')).toBe('Gift card');
    expect(codeLabel('return-for-revisions')).toBe('Return for revisions');
  });

  it('writes money with its currency, and a dash without a price', () => {
    expect(formatMoney(null, 'EUR')).toBe('—');
    expect(formatMoney(12.5, 'EUR')).toMatch(/12[.,]50/);
    expect(formatMoney(12.5, 'EUR')).toMatch(/€|EUR/);
    expect(formatMoney(3, 'ZZZZ')).toBe('3.00 ZZZZ');
  });

  it('says what is available, or that stock is not tracked', () => {
    expect(availability({ track_inventory: false, available_quantity: 0, stock_quantity: 0, reserved_quantity: 0 })).toBe('Not tracked');
    expect(availability({ track_inventory: true, available_quantity: 7, stock_quantity: 9, reserved_quantity: 2 })).toBe('7 available (2 reserved)');
    expect(availability({ track_inventory: true, available_quantity: 5, stock_quantity: 5, reserved_quantity: 0 })).toBe('5 available');
  });

  it('writes attribute values by their type', () => {
    expect(formatAttributeValue(true, { type: 'boolean', unit: null })).toBe('Yes');
    expect(formatAttributeValue(18, { type: 'number', unit: 'V' })).toBe('18 V');
    expect(formatAttributeValue(['Red', 'Blue'], { type: 'multiselect', unit: null })).toBe('Red, Blue');
    expect(formatAttributeValue({ a: 1 }, { type: 'json', unit: null })).toBe('{"a":1}');
    expect(formatAttributeValue(null, undefined)).toBe('—');
  });

  it('writes file sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });
});
