import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './dialect.js';

describe('isoTimestamp', () => {
  const viaDate = (value: string, offset: '+00' | '') => new Date(offset === '' ? `${value}Z` : value).toISOString();

  it('writes what Date writes, for every form PostgreSQL prints', () => {
    const cases: Array<[string, '+00' | '']> = [
      ['2026-11-21 14:40:02.608123+00', '+00'],
      ['2026-11-21 14:40:02.6089+00', '+00'],
      ['2026-11-21 14:40:02.999999+00', '+00'],
      ['2026-11-21 14:40:02.5+00', '+00'],
      ['2026-11-21 14:40:02+00', '+00'],
      ['1970-01-01 00:00:00+00', '+00'],
      ['2026-11-21 15:40:02.608+01', '+00'],
      ['2026-11-21 20:10:02.608+05:30', '+00'],
      ['0999-01-01 00:00:00+00', '+00'],
      ['2026-11-21 14:40:02.608123', ''],
      ['2026-11-21 14:40:02', ''],
    ];
    for (const [value, offset] of cases) expect(isoTimestamp(value, offset), value).toBe(viaDate(value, offset));
  });

  it('agrees with Date on random UTC timestamps', () => {
    for (let i = 0; i < 2000; i += 1) {
      const at = new Date(
        Date.UTC(1990 + (i % 60), i % 12, 1 + (i % 28), i % 24, (i * 7) % 60, (i * 13) % 60, i % 1000),
      );
      const micros = String((i * 7919) % 1_000_000)
        .padStart(6, '0')
        .replace(/0+$/, '');
      const value = `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 19)}${micros ? `.${micros}` : ''}`;
      expect(isoTimestamp(`${value}+00`, '+00')).toBe(viaDate(`${value}+00`, '+00'));
      expect(isoTimestamp(value, '')).toBe(viaDate(value, ''));
    }
  });

  it('refuses what Date refuses', () => {
    expect(() => isoTimestamp('infinity', '+00')).toThrow(RangeError);
  });
});
