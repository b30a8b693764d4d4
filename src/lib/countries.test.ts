import { describe, expect, it } from 'vitest';
import { COUNTRY_CODE_COUNT, isCountryCode } from './countries.js';

describe('isCountryCode', () => {
  it('holds the 249 assigned codes, each a region the runtime can name', () => {
    expect(COUNTRY_CODE_COUNT).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const first of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      for (const second of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
        const code = first + second;
        if (isCountryCode(code)) expect(names.of(code), code).not.toBe(code);
      }
    }
  });

  it('refuses lower case, reserved and unassigned codes', () => {
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('DE')).toBe(true);
    for (const code of ['gb', 'UK', 'EU', 'ZZ', 'XK', 'GBR', '']) expect(isCountryCode(code)).toBe(false);
  });
});
