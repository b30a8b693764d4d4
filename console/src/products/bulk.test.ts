import { describe, expect, it } from 'vitest';
import { bulkSummary, refusedRows } from './bulk';

const rows = (...statuses: string[]) => ({
  results: statuses.map((status, index) => ({
    id: `p${index}`,
    status: status as 'updated' | 'unchanged' | 'failed',
    ...(status === 'failed' ? { error: { code: 'negative_price', message: `Reason ${index}` } } : {}),
  })),
});

describe('bulkSummary', () => {
  it('counts what was updated, already so and refused', () => {
    expect(bulkSummary(rows('updated', 'updated', 'unchanged', 'failed'))).toBe('2 updated, 1 already so, 1 refused.');
  });

  it('leaves out the counts that are none', () => {
    expect(bulkSummary(rows('updated', 'updated'))).toBe('2 updated.');
    expect(bulkSummary(rows('failed'))).toBe('0 updated, 1 refused.');
  });
});

describe('refusedRows', () => {
  it('answers the refused rows with their reasons, in order', () => {
    expect(refusedRows(rows('failed', 'updated', 'failed'))).toEqual([
      { id: 'p0', reason: 'Reason 0' },
      { id: 'p2', reason: 'Reason 2' },
    ]);
  });
});
