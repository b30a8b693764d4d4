import { describe, expect, it } from 'vitest';
import { createIdGenerator, isUlid, pooledRandom } from './ids.js';

describe('ids', () => {
  it('are lowercase 26-character ULIDs', () => {
    const id = createIdGenerator()();
    expect(id).toMatch(/^[0-9a-z]{26}$/);
    expect(isUlid(id)).toBe(true);
  });

  it('increase strictly even within one millisecond', () => {
    const next = createIdGenerator();
    const ids = Array.from({ length: 5000 }, () => next());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('draw their random part from a pool of cryptographic bytes: fractions in [0, 1), every value a byte can give', () => {
    const random = pooledRandom();
    // Past one 4 KB pool, so the refill is exercised too.
    const draws = Array.from({ length: 3 * 4096 + 7 }, () => random());
    expect(draws.every((x) => x >= 0 && x < 1 && Number.isInteger(x * 256))).toBe(true);
    expect(new Set(draws).size).toBe(256);
    // Consecutive pools differ (a refill that kept the old bytes would repeat them).
    expect(draws.slice(0, 4096)).not.toEqual(draws.slice(4096, 8192));
  });

  it('recognise malformed ULIDs', () => {
    for (const bad of [
      '',
      'x',
      '01JAAAAAAAAAAAAAAAAAAAAAAA',
      '01jaaaaaaaaaaaaaaaaaaaaaaau',
      '01jaaaaaaaaaaaaaaaaaaaaaai',
    ]) {
      expect(isUlid(bad)).toBe(false);
    }
  });
});
