import { describe, expect, it } from 'vitest';
import { pickListLines } from './shipment.document.js';

describe('pickListLines', () => {
  it('sums the quantities of each product over every shipment and sorts by SKU', () => {
    expect(
      pickListLines([
        { product_id: 'p2', product_sku: 'NUT-M8', product_name: 'Nut', quantity: 3 },
        { product_id: 'p1', product_sku: 'BOLT-M8', product_name: 'Bolt', quantity: 2 },
        { product_id: 'p2', product_sku: 'NUT-M8', product_name: 'Nut', quantity: 4 },
        { product_id: 'p3', product_sku: 'ANCHOR', product_name: 'Anchor', quantity: 1 },
      ]),
    ).toEqual([
      { product_sku: 'ANCHOR', product_name: 'Anchor', quantity: 1 },
      { product_sku: 'BOLT-M8', product_name: 'Bolt', quantity: 2 },
      { product_sku: 'NUT-M8', product_name: 'Nut', quantity: 7 },
    ]);
  });

  it('prints a product without SKU first, with an empty SKU', () => {
    expect(
      pickListLines([
        { product_id: 'p1', product_sku: 'A-1', product_name: 'A', quantity: 1 },
        { product_id: 'p2', product_sku: null, product_name: 'Loose', quantity: 2 },
      ]),
    ).toEqual([
      { product_sku: '', product_name: 'Loose', quantity: 2 },
      { product_sku: 'A-1', product_name: 'A', quantity: 1 },
    ]);
  });
});
