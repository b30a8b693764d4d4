import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.js';
import { decodeCursor, encodeCursor, keysetPage, keysetRequest, type KeysetOrder } from './keyset.js';

const BY_PRICE: KeysetOrder = {
  name: 'products:selling_price:asc',
  keys: [
    { type: 'string', nullable: true },
    { type: 'number', nullable: true },
  ],
};
const ID = '01jd8x4k3m2n5p6q7r8s9t0v1w';

function afterError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).errors.after?.[0] ?? '';
  }
  throw new Error('no error');
}

describe('keyset cursors', () => {
  it('read back the position they were made from, nulls included', () => {
    for (const values of [
      ['USD', 1999],
      ['USD', null],
      [null, null],
    ]) {
      const cursor = encodeCursor(BY_PRICE, { values, id: ID });
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(BY_PRICE, cursor)).toEqual({ values, id: ID });
    }
  });

  it('start a walk when empty', () => {
    expect(decodeCursor(BY_PRICE, '')).toBeNull();
  });

  it('refuse a garbled cursor and one of another order, naming it', () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      'a b',
      'x'.repeat(2001),
      Buffer.from('not json').toString('base64url'),
      forged(null),
      forged({ o: BY_PRICE.name, k: ['USD'], id: ID }),
      forged({ o: BY_PRICE.name, k: [1999, 'USD'], id: ID }),
      forged({ o: BY_PRICE.name, k: ['USD', 1999], id: 'nope' }),
    ]) {
      expect(afterError(() => decodeCursor(BY_PRICE, bad))).toMatch(/^The after cursor is not valid/);
    }
    const other = encodeCursor(
      { name: 'products:selling_price:desc', keys: BY_PRICE.keys },
      { values: [null, null], id: ID },
    );
    expect(afterError(() => decodeCursor(BY_PRICE, other))).toMatch(
      /made for another list or order \(products:selling_price:desc\), not products:selling_price:asc/,
    );
  });

  it('refuse a page past the first beside after', () => {
    expect(() => keysetRequest(BY_PRICE, { after: '', page: 2, per_page: 10 })).toThrow(ValidationError);
    expect(keysetRequest(BY_PRICE, { after: '', page: 1, per_page: 10 })).toEqual({ per_page: 10, after: null });
  });

  it('answer the next cursor only when the extra row shows a next page', () => {
    const rows = [1, 2, 3].map((n) => ({ id: `${ID.slice(0, -1)}${n}`, price: n }));
    const keys = (row: { price: number }) => ['USD', row.price];
    const more = keysetPage(BY_PRICE, rows, 2, keys);
    expect(more.rows).toEqual(rows.slice(0, 2));
    expect(decodeCursor(BY_PRICE, more.next!)).toEqual({ values: ['USD', 2], id: rows[1]!.id });
    expect(keysetPage(BY_PRICE, rows.slice(0, 2), 2, keys).next).toBeNull();
  });
});
