// The inventory summary: the dashboard's stock numbers in one answer.
import { Type, type Static } from 'typebox';
import { nameSchema } from '../../../http/named-schemas.js';

export const InventorySummaryResponse = Type.Object({
  stock_value: Type.Number({
    description:
      "Sum over inventory records of on hand × the product's cost price (a variant without one: its master's base cost price), in `currency` units. Products priced in another currency are left out (no conversion); products without a cost price count 0.",
  }),
  currency: Type.String({ description: "The tenant's default_currency." }),
  low_stock_count: Type.Integer({
    description: 'Live products low on stock over all their warehouses (product low stock): the product list with `low_stock=true`. Not what the reorder report counts: see `low_stock_records`.',
  }),
  low_stock_records: Type.Integer({
    description:
      'Inventory records low on stock (record low stock, the records\' `is_low_stock`): the inventory list with `low_stock=true`, the low-stock list and the reorder report\'s lines.',
  }),
  out_of_stock_count: Type.Integer({ description: 'Live tracked products with nothing available: the product list with `in_stock=false`.' }),
  tracked_products: Type.Integer({ description: 'Live products that track inventory.' }),
});
export type InventorySummaryResponse = Static<typeof InventorySummaryResponse>;
nameSchema(InventorySummaryResponse, 'InventorySummary', {
  stock_value: 18425.5,
  currency: 'EUR',
  low_stock_count: 7,
  low_stock_records: 9,
  out_of_stock_count: 2,
  tracked_products: 312,
});
