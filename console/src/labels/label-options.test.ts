import { describe, expect, it } from 'vitest';
import { LABEL_LAYOUT_OPTIONS, productLabelsUrl, receiptLabelsUrl } from './label-options';

describe('label documents', () => {
  it("asks for a product's labels on the chosen stock, copies and price", () => {
    expect(productLabelsUrl('01abc', { layout: 'roll-57x32', copies: 3, showPrice: false })).toBe(
      '/api/v1/operations/products/01abc/labels.pdf?layout=roll-57x32&copies=3&show_price=false',
    );
  });

  it("asks for a receipt's labels per unit or per line", () => {
    expect(receiptLabelsUrl('01po', '01rc', { layout: 'a4-3x8', per: 'line', showPrice: true })).toBe(
      '/api/v1/operations/purchase-orders/01po/receipts/01rc/labels.pdf?layout=a4-3x8&per=line&show_price=true',
    );
  });

  it('offers the sheets first, then the label printers', () => {
    const values = LABEL_LAYOUT_OPTIONS.map((option) => option.value);
    expect(values.findIndex((value) => value.startsWith('roll-'))).toBe(4);
    expect(values.slice(4).every((value) => value.startsWith('roll-'))).toBe(true);
  });
});
