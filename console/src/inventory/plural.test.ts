import { describe, expect, it } from 'vitest';
import { count } from './plural';

describe('a counted noun', () => {
  it('is singular for one only', () => {
    expect([count(0, 'unit', 'units'), count(1, 'unit', 'units'), count(2, 'unit', 'units')]).toEqual([
      '0 units',
      '1 unit',
      '2 units',
    ]);
  });
});
