import { describe, expect, it } from 'vitest';
import { actorLabel, changedFields, dayBoundary, formatAuditValue } from './audit';

describe('formatAuditValue', () => {
  it('prints values for people', () => {
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue(undefined)).toBe('—');
    expect(formatAuditValue('EUR')).toBe('EUR');
    expect(formatAuditValue(12.5)).toBe('12.5');
    expect(formatAuditValue(false)).toBe('false');
    expect(formatAuditValue({ a: [1, 2] })).toBe('{"a":[1,2]}');
  });
});

describe('changedFields', () => {
  it('answers a row per changed field', () => {
    expect(
      changedFields({ changes: { name: { before: 'Old', after: 'New' }, city: { before: null, after: 'Hamburg' } } }),
    ).toEqual([
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'city', before: '—', after: 'Hamburg' },
    ]);
  });

  it('answers no rows for an entry without changes', () => {
    expect(changedFields({ changes: null })).toEqual([]);
  });
});

describe('dayBoundary', () => {
  it('is the local start of the day, or of the next day for the end of a range', () => {
    expect(dayBoundary('2026-11-20')).toBe(new Date(2026, 10, 20).toISOString());
    expect(dayBoundary('2026-11-30', true)).toBe(new Date(2026, 11, 1).toISOString());
  });

  it('ignores what is not a date', () => {
    expect(dayBoundary('yesterday')).toBeUndefined();
  });
});

describe('actorLabel', () => {
  it('names the actor and its kind', () => {
    expect(actorLabel({ type: 'user', user_id: 'u', token_id: null, name: 'Ada' })).toBe('Ada (User)');
    expect(actorLabel({ type: 'cli', user_id: null, token_id: null, name: null })).toBe('CLI');
  });
});
