import { describe, expect, it } from 'vitest';
import { stockChart } from './stock-chart';

const warehouse = (code: string) => ({ id: code, name: code, code });
const points = (...levels: number[]) =>
  levels.map((quantity_on_hand, i) => ({ date: `2026-12-0${i + 1}`, quantity_on_hand }));

describe("a product's stock chart", () => {
  it('draws a line per warehouse and their total where there are several', () => {
    const drawn = stockChart({
      product_id: 'p',
      from: '2026-12-01',
      to: '2026-12-02',
      warehouses: [
        { warehouse: warehouse('EAST'), points: points(0, 5) },
        { warehouse: warehouse('MAIN'), points: points(8, 3) },
      ],
      total: points(8, 8),
    })!;
    expect(drawn.spec.series.map((s) => s.label)).toEqual(['EAST', 'MAIN', 'Total']);
    expect(drawn.spec.data.map((row) => [row.w0, row.w1, row.total])).toEqual([
      [0, 8, 8],
      [5, 3, 8],
    ]);
    expect(drawn.summary).toMatch(/^On hand now: 8 \(EAST 5, MAIN 3\); on .+: 8\.$/);
  });

  it('draws one line without a total for one warehouse, and nothing for a product that never moved', () => {
    const one = stockChart({
      product_id: 'p',
      from: '2026-12-01',
      to: '2026-12-02',
      warehouses: [{ warehouse: warehouse('MAIN'), points: points(2, 4) }],
      total: points(2, 4),
    })!;
    expect(one.spec.series.map((s) => s.label)).toEqual(['MAIN']);
    expect(
      stockChart({ product_id: 'p', from: '2026-12-01', to: '2026-12-02', warehouses: [], total: points(0, 0) }),
    ).toBeNull();
  });
});
