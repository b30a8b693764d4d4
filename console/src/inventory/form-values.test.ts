import { describe, expect, it } from 'vitest';
import { optionalNumber, optionalText, quantityValue } from './form-values';

describe('form values sent to the API', () => {
  it('sends an empty required quantity as 0 and numbers as numbers', () => {
    expect(quantityValue('')).toBe(0);
    expect(quantityValue(-4)).toBe(-4);
    expect(quantityValue('7')).toBe(7);
  });

  it('sends an empty optional number as null, keeping 0', () => {
    expect(optionalNumber('')).toBeNull();
    expect(optionalNumber(0)).toBe(0);
    expect(optionalNumber(12)).toBe(12);
  });

  it('leaves blank optional texts out and trims the others', () => {
    expect(optionalText('  ')).toBeUndefined();
    expect(optionalText(' TR-1 ')).toBe('TR-1');
  });
});
