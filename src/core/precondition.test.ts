import { describe, expect, it } from 'vitest';
import { PreconditionFailedError } from './errors.js';
import { assertPrecondition, entityTag } from './precondition.js';

describe('entityTag', () => {
  it('is a quoted 22-character digest, equal for equal resources and different for any visible change', () => {
    const tag = entityTag({ id: 'a', name: 'Drill', brand: { name: 'Acme' } });
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(entityTag({ id: 'a', name: 'Drill', brand: { name: 'Acme' } })).toBe(tag);
    expect(entityTag({ id: 'a', name: 'Drill', brand: { name: 'Acme Tools' } })).not.toBe(tag);
  });
});

describe('assertPrecondition', () => {
  const resource = { id: 'a', name: 'Drill' };
  const tag = entityTag(resource);

  it('lets the write go ahead when the record has a tag given, or any tag for `*`', () => {
    expect(() => assertPrecondition({ any: false, tags: ['"other"', tag] }, resource)).not.toThrow();
    expect(() => assertPrecondition({ any: true, tags: [] }, resource)).not.toThrow();
  });

  it('refuses with the current tag when the record has changed', () => {
    expect(() => assertPrecondition({ any: false, tags: ['"other"'] }, resource)).toThrow(PreconditionFailedError);
    expect(() => assertPrecondition({ any: false, tags: ['"other"'] }, resource)).toThrow(
      expect.objectContaining({ currentETag: tag }),
    );
  });

  it('refuses without a current tag when there is no record, even for `*`', () => {
    for (const precondition of [
      { any: true, tags: [] },
      { any: false, tags: [tag] },
    ]) {
      expect(() => assertPrecondition(precondition, undefined)).toThrow(expect.objectContaining({ currentETag: null }));
    }
  });
});
