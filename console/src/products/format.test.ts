import { describe, expect, it } from 'vitest';
import { availability, codeLabel, formatAttributeValue } from './format';

describe('product formatting', () => {
  it('writes codes as words', () => {
    expect(codeLabel('gift_card')).toBe('Gift card');
    expect(codeLabel('return-for-revisions')).toBe('Return for revisions');
  });

  it('says what is available, or that stock is not tracked', () => {
    expect(
      availability({ track_inventory: false, available_quantity: 0, stock_quantity: 0, reserved_quantity: 0 }),
    ).toBe('Not tracked');
    expect(
      availability({ track_inventory: true, available_quantity: 7, stock_quantity: 9, reserved_quantity: 2 }),
    ).toBe('7 available (2 reserved)');
    expect(
      availability({ track_inventory: true, available_quantity: 5, stock_quantity: 5, reserved_quantity: 0 }),
    ).toBe('5 available');
  });

  it('writes attribute values by their type', () => {
    expect(formatAttributeValue(true, { type: 'boolean', unit: null })).toBe('Yes');
    expect(formatAttributeValue(18, { type: 'number', unit: 'V' })).toBe('18 V');
    expect(formatAttributeValue(['Red', 'Blue'], { type: 'multiselect', unit: null })).toBe('Red, Blue');
    expect(formatAttributeValue({ a: 1 }, { type: 'json', unit: null })).toBe('{"a":1}');
    expect(formatAttributeValue(null, undefined)).toBe('—');
  });
});
