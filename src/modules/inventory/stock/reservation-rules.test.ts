import { describe, expect, it } from 'vitest';
import { releasePlan } from './reservation-rules.js';

describe('releasePlan', () => {
  const held = [
    { id: 'a', quantity: 2 },
    { id: 'b', quantity: 3 },
    { id: 'c', quantity: 4 },
  ];

  it('takes whole reservations oldest first and splits the last one', () => {
    expect(releasePlan(held, 4)).toEqual([
      { id: 'a', quantity: 2 },
      { id: 'b', quantity: 2 },
    ]);
    expect(releasePlan(held, 2)).toEqual([{ id: 'a', quantity: 2 }]);
    expect(releasePlan(held, 9)).toEqual(held);
  });

  it('answers null when the reservations hold less than asked', () => {
    expect(releasePlan(held, 10)).toBeNull();
    expect(releasePlan([], 1)).toBeNull();
  });
});
