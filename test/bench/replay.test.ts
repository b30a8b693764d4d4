// The write ceilings' replay (bench/lib/replay.ts): each replay renews every id the captured call generated and
// its sequence marker, and puts the next item in the captured one's place, the same way in every statement of the
// replay, and differently from one replay to the next.
import { describe, expect, it } from 'vitest';
import { SEQ_MARKER, renewedStatements } from '../../bench/lib/replay.js';

describe('renewedStatements', () => {
  const id = '01kmc0ffee0000000000000000';
  const replay = {
    statements: [
      {
        sql: 'insert into products (id, sku, slug, price, active) values (?, ?, ?, ?, ?)',
        parameters: [id, `BENCH-${SEQ_MARKER}`, `bench-product-${SEQ_MARKER}`, 1999, 1],
      },
      {
        sql: 'insert into events (payload) values (?)',
        parameters: [JSON.stringify({ id, sku: `BENCH-${SEQ_MARKER}` })],
      },
      { sql: 'select 1 from tenants where id = ?', parameters: ['tenant-1'] },
    ],
    fresh: [SEQ_MARKER, id],
    items: [],
  };

  it('renews each fresh string consistently within a replay and leaves the rest as captured', () => {
    let n = 0;
    const next = renewedStatements(replay, (old) => (old === SEQ_MARKER ? `7${n++}` : `new-${n++}`));
    const [product, event, tenant] = next();
    const [newId, sku, slug, price, active] = product!.parameters;
    expect(newId).toMatch(/^new-\d$/);
    expect(sku).toMatch(/^BENCH-7\d$/);
    expect(slug).toBe(`bench-product-${String(sku).slice('BENCH-'.length)}`);
    expect([price, active]).toEqual([1999, 1]);
    expect(JSON.parse(event!.parameters[0] as string)).toEqual({ id: newId, sku });
    expect(tenant!.parameters).toEqual(['tenant-1']);
    expect(product!.sql).toBe(replay.statements[0]!.sql);
  });

  it('gives every replay new values', () => {
    let n = 0;
    const next = renewedStatements(replay, (old) => `${old.length}-${n++}`);
    expect(next()[0]!.parameters[0]).not.toBe(next()[0]!.parameters[0]);
  });

  it('puts the items in turn in the place of the captured one, starting after the one the capture took', () => {
    const captured = {
      statements: [{ sql: 'update stock set reserved = reserved + 1 where product_id = ?', parameters: ['product-a'] }],
      fresh: [],
      items: ['product-a', 'product-b', 'product-c'],
    };
    const next = renewedStatements(captured, (old) => old);
    expect([next(), next(), next(), next()].map(([statement]) => statement!.parameters[0])).toEqual([
      'product-b',
      'product-c',
      'product-a',
      'product-b',
    ]);
  });

  it("puts each id of the next group in the place of the captured group's id at the same position", () => {
    const captured = {
      statements: [{ sql: 'update lines set shipped = 1 where order_id = ? and id = ?', parameters: ['o1', 'l1'] }],
      fresh: [],
      items: [
        ['o1', 'l1'],
        ['o2', 'l2'],
      ],
    };
    const next = renewedStatements(captured, (old) => old);
    expect(next()[0]!.parameters).toEqual(['o2', 'l2']);
  });
});
