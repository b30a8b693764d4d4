import { describe, expect, it } from 'vitest';
import { backorderShares, type ReportRecord } from './backorder-share.js';

const record = (id: string, product: string, name: string, rank: number | null): ReportRecord => ({
  record_id: id,
  product_id: product,
  warehouse_id: `w-${id}`,
  warehouse_name: name,
  warehouse_allocation_rank: rank,
});

describe('backorder shares', () => {
  it("counts a product's demand once, on the record whose warehouse ranks first", () => {
    const shares = backorderShares(
      [record('a1', 'a', 'Alpha', null), record('a2', 'a', 'Zulu', 2), record('a3', 'a', 'Beta', 1)],
      new Map([['a', 7]]),
    );
    expect([...shares]).toEqual([['a3', 7]]);
  });

  it('takes unranked warehouses by name, and leaves products without demand out', () => {
    const shares = backorderShares(
      [record('b1', 'b', 'West', null), record('b2', 'b', 'East', null), record('c1', 'c', 'East', null)],
      new Map([
        ['b', 3],
        ['c', 0],
      ]),
    );
    expect([...shares]).toEqual([['b2', 3]]);
  });
});
