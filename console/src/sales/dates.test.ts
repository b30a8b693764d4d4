import { describe, expect, it } from 'vitest';
import { isOverdue } from './dates';

describe('an overdue sales order', () => {
  const now = new Date('2026-12-02T10:00:00Z');

  it('is not shipped and was to ship before today', () => {
    expect(isOverdue({ status: 'confirmed', requested_ship_date: '2026-12-01' }, now)).toBe(true);
    expect(isOverdue({ status: 'confirmed', requested_ship_date: '2026-12-02' }, now)).toBe(false);
    expect(isOverdue({ status: 'shipped', requested_ship_date: '2026-11-01' }, now)).toBe(false);
    expect(isOverdue({ status: 'draft', requested_ship_date: null }, now)).toBe(false);
  });
});
