// The inventory summary: the dashboard's stock numbers in one answer.
import { Type, type Static } from 'typebox';
import { nameSchema } from '../../../http/named-schemas.js';

export const InventorySummaryResponse = Type.Object({
  stock_value: Type.Number({
    description:
      "The stock value in `currency`, the tenant's default currency: the first entry of `stock_values`. Stock priced in another currency is in `stock_values`, never converted.",
  }),
  currency: Type.String({ description: "The tenant's default_currency." }),
  stock_values: Type.Array(
    Type.Object({
      currency: Type.String({ description: 'ISO 4217 code.' }),
      value: Type.Number({ description: 'The stock priced in this currency, in its units.' }),
    }),
    {
      description:
        "One total per currency: the sum over inventory records of on hand × the product's cost price (a variant without one: its master's base cost price), by the product's currency. The default currency comes first (0 when nothing is priced in it), then the others by code; products without a cost price count 0.",
    },
  ),
  low_stock_count: Type.Integer({
    description:
      'Live products low on stock over all their warehouses (product low stock): the product list with `low_stock=true`. Not what the reorder report counts: see `low_stock_records`.',
  }),
  low_stock_records: Type.Integer({
    description:
      "Inventory records low on stock (record low stock, the records' `is_low_stock`): the inventory list with `low_stock=true`, the low-stock list and the reorder report's lines.",
  }),
  out_of_stock_count: Type.Integer({
    description: 'Live tracked products with nothing available: the product list with `in_stock=false`.',
  }),
  tracked_products: Type.Integer({ description: 'Live products that track inventory.' }),
});
export type InventorySummaryResponse = Static<typeof InventorySummaryResponse>;
nameSchema(InventorySummaryResponse, 'InventorySummary', {
  stock_value: 18425.5,
  currency: 'EUR',
  stock_values: [
    { currency: 'EUR', value: 18425.5 },
    { currency: 'USD', value: 2310 },
  ],
  low_stock_count: 7,
  low_stock_records: 9,
  out_of_stock_count: 2,
  tracked_products: 312,
});
