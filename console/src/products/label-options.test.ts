import { describe, expect, it } from 'vitest';
import { LABEL_LAYOUT_OPTIONS, productLabelsUrl } from './label-options';

describe('product labels', () => {
  it('asks for the chosen stock, copies and price', () => {
    expect(productLabelsUrl('01abc', { layout: 'roll-57x32', copies: 3, showPrice: false })).toBe(
      '/api/v1/operations/products/01abc/labels.pdf?layout=roll-57x32&copies=3&show_price=false',
    );
  });

  it('offers the sheets first, then the label printers', () => {
    const values = LABEL_LAYOUT_OPTIONS.map((option) => option.value);
    expect(values.findIndex((value) => value.startsWith('roll-'))).toBe(4);
    expect(values.slice(4).every((value) => value.startsWith('roll-'))).toBe(true);
  });
});
