import { describe, expect, it } from 'vitest';
import { errorsByLine, lineKey, reorderBody, type ChosenLine } from './reorder-selection';

const line = (product: string, warehouse: string, quantity: number | string): ChosenLine => ({
  product_id: product,
  warehouse_id: warehouse,
  product_name: product,
  warehouse_name: warehouse,
  quantity,
});

describe('a reorder selection', () => {
  it('sends the chosen lines with their quantities as numbers, in the order chosen', () => {
    expect(reorderBody([line('p1', 'w1', '12'), line('p2', 'w1', 3)])).toEqual({
      lines: [
        { product_id: 'p1', warehouse_id: 'w1', quantity: 12 },
        { product_id: 'p2', warehouse_id: 'w1', quantity: 3 },
      ],
    });
  });

  it("puts the API's line errors on the rows they name, whatever field of the line", () => {
    const chosen = [line('p1', 'w1', 1), line('p2', 'w2', 1), line('p3', 'w1', 1)];
    const errors = errorsByLine(
      {
        'lines.0': ['Not on the report.'],
        'lines.2.product_id': ['No preferred supplier.'],
        'lines.9': ['Out of range: ignored.'],
        lines: ['A message of the whole list: not a row.'],
      },
      chosen,
    );
    expect([...errors]).toEqual([
      [lineKey('p1', 'w1'), 'Not on the report.'],
      [lineKey('p3', 'w1'), 'No preferred supplier.'],
    ]);
  });
});
