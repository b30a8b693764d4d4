import { describe, expect, it } from 'vitest';
import { changesBetween, REDACTED } from './audit-changes.js';

describe('changesBetween', () => {
  it('lists each changed field with its value before and after, and nothing else', () => {
    expect(
      changesBetween(
        { name: 'Drill', price: 10, tags: ['a'], updated_at: '1' },
        { name: 'Drill', price: 12, tags: ['a', 'b'], updated_at: '2' },
      ),
    ).toEqual({
      price: { before: 10, after: 12 },
      tags: { before: ['a'], after: ['a', 'b'] },
    });
  });

  it('lists every field of a creation and of a deletion, and answers null when nothing changed', () => {
    expect(changesBetween(null, { id: 'x', name: 'Drill', created_at: '1' })).toEqual({
      id: { before: null, after: 'x' },
      name: { before: null, after: 'Drill' },
    });
    expect(changesBetween({ name: 'Drill' }, null)).toEqual({ name: { before: 'Drill', after: null } });
    expect(changesBetween({ name: 'Drill', updated_at: '1' }, { name: 'Drill', updated_at: '2' })).toBeNull();
  });

  it('never writes out a secret, but says that it changed', () => {
    expect(changesBetween({ secret: 'old', password_hash: null }, { secret: 'new', password_hash: 'h' })).toEqual({
      secret: { before: REDACTED, after: REDACTED },
      password_hash: { before: null, after: REDACTED },
    });
  });
});
