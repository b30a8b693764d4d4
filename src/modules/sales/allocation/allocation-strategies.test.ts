import { describe, expect, it } from 'vitest';
import { byRank, planAllocation, shortfall, type LineDemand, type WarehouseStock } from './allocation-strategies.js';

const line = (lineId: string, productId: string, quantity: number): LineDemand => ({ lineId, productId, quantity });

/** Warehouses A (rank 1), B (rank 2), C (unranked, "C"), D (unranked, "D"), each with the products given. */
function stock(per: Record<string, Record<string, number>>): WarehouseStock[] {
  const ranks: Record<string, number | null> = { A: 1, B: 2, C: null, D: null };
  return Object.entries(per).flatMap(([warehouseId, products]) =>
    Object.entries(products).map(([productId, available]) => ({
      warehouseId,
      productId,
      available,
      rank: ranks[warehouseId] ?? null,
      name: warehouseId,
    })),
  );
}

const plan = (s: Parameters<typeof planAllocation>[0], lines: LineDemand[], st: WarehouseStock[]) =>
  planAllocation(s, lines, st).map((p) => `${p.lineId}@${p.warehouseId}:${p.quantity}`);

describe('byRank', () => {
  it('orders by rank, unranked last, then by name and id', () => {
    const ws = [
      { warehouseId: 'w4', rank: null, name: 'Zeta' },
      { warehouseId: 'w3', rank: null, name: 'Alpha' },
      { warehouseId: 'w2', rank: 5, name: 'Main' },
      { warehouseId: 'w1', rank: 1, name: 'Main' },
      { warehouseId: 'w0', rank: 5, name: 'Main' },
    ];
    expect([...ws].sort(byRank).map((w) => w.warehouseId)).toEqual(['w1', 'w0', 'w2', 'w3', 'w4']);
  });
});

describe('warehouse_priority', () => {
  it('takes the best ranked warehouse first and splits a line when it lacks some', () => {
    const st = stock({ C: { p: 100 }, B: { p: 3 }, A: { p: 2 } });
    expect(plan('warehouse_priority', [line('l1', 'p', 4)], st)).toEqual(['l1@A:2', 'l1@B:2']);
  });

  it('shares a warehouse between lines of one product, in line order', () => {
    const st = stock({ A: { p: 5 }, D: { p: 1 } });
    expect(plan('warehouse_priority', [line('l1', 'p', 4), line('l2', 'p', 3)], st)).toEqual([
      'l1@A:4',
      'l2@A:1',
      'l2@D:1',
    ]);
  });

  it('plans nothing beyond what is available; the rest is the shortfall', () => {
    const lines = [line('l1', 'p', 10), line('l2', 'q', 2)];
    const st = stock({ A: { p: 3, q: 0 } });
    const p = planAllocation('warehouse_priority', lines, st);
    expect(p).toEqual([{ lineId: 'l1', productId: 'p', warehouseId: 'A', quantity: 3 }]);
    expect([...shortfall(lines, p)]).toEqual([
      ['l1', 7],
      ['l2', 2],
    ]);
  });

  it('ignores lines that need nothing and warehouses with nothing available', () => {
    expect(plan('warehouse_priority', [line('l1', 'p', 0)], stock({ A: { p: 5 } }))).toEqual([]);
    expect(plan('warehouse_priority', [line('l1', 'p', 2)], stock({ A: { p: -1 }, B: { p: 2 } }))).toEqual(['l1@B:2']);
  });
});

describe('most_stock', () => {
  it('takes the warehouse with the most of the product first, whatever its rank', () => {
    const st = stock({ A: { p: 2 }, B: { p: 3 }, C: { p: 9 } });
    expect(plan('most_stock', [line('l1', 'p', 4)], st)).toEqual(['l1@C:4']);
  });

  it('splits from the most to the least stocked, ties by rank', () => {
    const st = stock({ D: { p: 3 }, B: { p: 3 }, A: { p: 1 } });
    expect(plan('most_stock', [line('l1', 'p', 7)], st)).toEqual(['l1@B:3', 'l1@D:3', 'l1@A:1']);
  });

  it('ranks again for each line with what the lines before took', () => {
    const st = stock({ A: { p: 5 }, B: { p: 4 } });
    expect(plan('most_stock', [line('l1', 'p', 2), line('l2', 'p', 2)], st)).toEqual(['l1@A:2', 'l2@B:2']);
  });
});

describe('fewest_shipments', () => {
  it('prefers one warehouse that serves the whole order over a better ranked one that serves part', () => {
    const lines = [line('l1', 'p', 2), line('l2', 'q', 2)];
    const st = stock({ A: { p: 5, q: 1 }, B: { p: 1 }, C: { p: 2, q: 2 } });
    expect(plan('fewest_shipments', lines, st)).toEqual(['l1@C:2', 'l2@C:2']);
  });

  it('among warehouses that serve the whole order, takes the best ranked', () => {
    const lines = [line('l1', 'p', 1)];
    const st = stock({ D: { p: 5 }, B: { p: 5 }, C: { p: 5 } });
    expect(plan('fewest_shipments', lines, st)).toEqual(['l1@B:1']);
  });

  it('else the warehouse serving most lines whole, then the next for the rest', () => {
    const lines = [line('l1', 'p', 2), line('l2', 'q', 2), line('l3', 'r', 2)];
    const st = stock({ A: { p: 2 }, B: { q: 2, r: 2 }, C: { p: 2, q: 2 } });
    expect(plan('fewest_shipments', lines, st)).toEqual(['l2@B:2', 'l3@B:2', 'l1@A:2']);
  });

  it('splits a line no warehouse serves whole, from the chosen warehouses first', () => {
    const lines = [line('l1', 'p', 1), line('l2', 'q', 5)];
    const st = stock({ A: { q: 3 }, B: { q: 1 }, C: { p: 1, q: 2 } });
    expect(plan('fewest_shipments', lines, st)).toEqual(['l1@C:1', 'l2@C:2', 'l2@A:3']);
  });

  it('counts two lines of one product against one warehouse together', () => {
    const lines = [line('l1', 'p', 3), line('l2', 'p', 3)];
    const st = stock({ A: { p: 4 }, B: { p: 6 } });
    expect(plan('fewest_shipments', lines, st)).toEqual(['l1@B:3', 'l2@B:3']);
  });
});

describe('every strategy', () => {
  const lines = [line('l1', 'p', 3), line('l2', 'q', 4), line('l3', 'p', 2)];
  const st = stock({ A: { p: 2, q: 1 }, B: { p: 1, q: 2 }, C: { q: 9 }, D: { p: 1 } });
  for (const s of ['warehouse_priority', 'most_stock', 'fewest_shipments'] as const) {
    it(`${s}: never plans more than a line needs or a warehouse has, and answers the same twice`, () => {
      const p = planAllocation(s, lines, st);
      for (const l of lines)
        expect(p.filter((x) => x.lineId === l.lineId).reduce((n, x) => n + x.quantity, 0)).toBeLessThanOrEqual(
          l.quantity,
        );
      for (const s2 of st)
        expect(
          p
            .filter((x) => x.warehouseId === s2.warehouseId && x.productId === s2.productId)
            .reduce((n, x) => n + x.quantity, 0),
        ).toBeLessThanOrEqual(s2.available);
      // Everything available of p (4) goes to its lines (5 wanted); q is served whole.
      expect(p.reduce((n, x) => n + x.quantity, 0)).toBe(8);
      expect(planAllocation(s, lines, [...st].reverse())).toEqual(p);
    });
  }
});
