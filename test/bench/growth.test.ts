// The scale run's growth table: rows per read and concurrency, ratios of the largest size to the smallest, and the
// targets (p99 under 50 ms at 10 connections at every size; p50 at most 2x the smallest size's).
import { describe, expect, it } from 'vitest';
import { growthRows, renderGrowth, type ScaleCell } from '../../bench/lib/growth.js';

const cell = (
  read: string,
  size: number,
  p50: number,
  p99: number,
  connections = 10,
): ScaleCell & { read: string } => ({
  read,
  size,
  connections,
  requests: 1000,
  requests_per_s: 100,
  p50_ms: p50,
  p99_ms: p99,
});

describe('growthRows', () => {
  it('orders the sizes and divides the largest by the smallest', () => {
    const [row] = growthRows([cell('get', 100_000, 3, 9), cell('get', 10_000, 2, 6), cell('get', 1_000_000, 5, 12)]);
    expect(row!.cells.map((c) => c.size)).toEqual([10_000, 100_000, 1_000_000]);
    expect(row!.p50_ratio).toBe(2.5);
    expect(row!.p99_ratio).toBe(2);
    expect(row!.misses).toEqual([expect.stringContaining('p50 2.50x')]);
  });

  it('meets the targets at exactly twice and just under 50 ms', () => {
    const [row] = growthRows([cell('list', 10_000, 4, 49.9), cell('list', 1_000_000, 8, 49.9)]);
    expect(row!.p50_ratio).toBe(2);
    expect(row!.misses).toEqual([]);
  });

  it('misses the p99 target at each size where it is reached, at 10 connections only', () => {
    const rows = growthRows([
      cell('search', 10_000, 10, 50),
      cell('search', 100_000, 11, 80),
      cell('search', 10_000, 30, 200, 50),
      cell('search', 100_000, 31, 210, 50),
    ]);
    const few = rows.find((r) => r.connections === 10)!;
    const many = rows.find((r) => r.connections === 50)!;
    expect(few.misses).toEqual([
      'p99 50.0 ms at 10000 products (target < 50)',
      'p99 80.0 ms at 100000 products (target < 50)',
    ]);
    expect(many.misses).toEqual([]);
  });

  it('has no ratio for one size, nor for a zero or missing smallest', () => {
    expect(growthRows([cell('a', 10, 1, 2)])[0]!.p50_ratio).toBeNull();
    const [row] = growthRows([cell('b', 10, 0, Number.NaN), cell('b', 20, 1, 2)]);
    expect(row!.p50_ratio).toBeNull();
    expect(row!.p99_ratio).toBeNull();
    expect(row!.misses).toEqual(['p99 - ms at 10 products (target < 50)']);
  });
});

describe('renderGrowth', () => {
  it('prints a cell per size, a dash where none was measured, and whether the row met its targets', () => {
    const rows = growthRows([cell('get', 10_000, 2, 6), { ...cell('get', 100_000, 3, 9), exhausted: true }]);
    const text = renderGrowth(rows, [10_000, 100_000, 1_000_000]);
    const line = text.split('\n').find((l) => l.startsWith('get'))!;
    expect(line.split(/\s{2,}/)).toEqual(['get', '10', '2.00/6.00', '3.00/9.00*', '-', '1.50', '1.50', 'yes']);
  });
});
