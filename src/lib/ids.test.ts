import { describe, expect, it } from 'vitest';
import { createIdGenerator, isUlid } from './ids.js';

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

  it('recognise malformed ULIDs', () => {
    for (const bad of ['', 'x', '01JAAAAAAAAAAAAAAAAAAAAAAA', '01jaaaaaaaaaaaaaaaaaaaaaaau', '01jaaaaaaaaaaaaaaaaaaaaaai']) {
      expect(isUlid(bad)).toBe(false);
    }
  });
});
