import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.js';
import { updatedSinceBound, withUpdatedSinceBound } from './updated-since.js';

describe('updated_since', () => {
  it('turns any ISO 8601 date-time with a zone into the stored form', () => {
    expect(updatedSinceBound('2026-01-15T10:00:00Z')).toBe('2026-01-15T10:00:00.000Z');
    expect(updatedSinceBound('2026-01-15T12:00:00.250+02:00')).toBe('2026-01-15T10:00:00.250Z');
    expect(updatedSinceBound('2026-01-15t10:00:00z')).toBe('2026-01-15T10:00:00.000Z');
    expect(updatedSinceBound('2026-01-15 10:00:00Z')).toBe('2026-01-15T10:00:00.000Z');
    expect(updatedSinceBound(undefined)).toBeUndefined();
  });

  it('cuts digits past the millisecond, which keeps the bound at or before the instant sent', () => {
    expect(updatedSinceBound('2026-01-15T10:00:00.123999Z')).toBe('2026-01-15T10:00:00.123Z');
  });

  it('refuses, on its field, a value the schema lets through but no date can hold', () => {
    // A leap second: valid RFC 3339, not a JavaScript date.
    const error = (() => {
      try {
        updatedSinceBound('2016-12-31T23:59:60Z');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({
      updated_since: ['The updated since field must be a valid date time.'],
    });
  });

  it('rewrites the bound of a filter object and leaves one without it alone', () => {
    const filters = { search: 'x', updated_since: '2026-01-15T12:00:00+02:00' };
    expect(withUpdatedSinceBound(filters)).toEqual({ search: 'x', updated_since: '2026-01-15T10:00:00.000Z' });
    const without: { search: string; updated_since?: string } = { search: 'x' };
    expect(withUpdatedSinceBound(without)).toBe(without);
  });
});
