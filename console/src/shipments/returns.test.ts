import { describe, expect, it } from 'vitest';
import { errorsAtDialogFields, returnable, returnEntries } from './returns';

describe('a return as the dialog takes it', () => {
  it('returns what shipped less what came back before', () => {
    const line = { id: 'l1', product_name: 'Drill', product_sku: 'DRL', quantity_shipped: 5, quantity_returned: 2 };
    expect(returnable(line)).toBe(3);
    expect(returnable({ ...line, quantity_shipped: 0 })).toBe(0);
  });

  it('sends an entry per line and restock choice with units, and knows each entry’s field', () => {
    const { entries, fields } = returnEntries([
      { order_line_id: 'l1', restock: 2, discard: 1 },
      { order_line_id: 'l2', restock: 0, discard: '' },
      { order_line_id: 'l3', restock: '', discard: 4 },
    ]);
    expect(entries).toEqual([
      { order_line_id: 'l1', quantity: 2, restock: true },
      { order_line_id: 'l1', quantity: 1, restock: false },
      { order_line_id: 'l3', quantity: 4, restock: false },
    ]);
    expect(fields).toEqual(['lines.0.restock', 'lines.0.discard', 'lines.2.discard']);
  });

  it('puts the API’s refusal of an entry at the field it came from', () => {
    const fields = ['lines.0.restock', 'lines.0.discard', 'lines.2.discard'];
    expect(
      errorsAtDialogFields(
        { 'lines.2.quantity': ['Too many.'], 'lines.1.quantity': ['Also.'], reason: ['Needed.'] },
        fields,
      ),
    ).toEqual({ 'lines.2.discard': ['Too many.'], 'lines.0.discard': ['Also.'], reason: ['Needed.'] });
  });
});
