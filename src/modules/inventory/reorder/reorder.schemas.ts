// Request and response schemas of reorder settings, the low-stock list and the reorder report.
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { PaginatedSchema, pageQuery } from '../../../http/pagination.js';
import { InventoryResponse } from '../stock-operations/stock-operations.schemas.js';
import { inventoryRecordExample } from '../stock/inventory.schemas.js';

export const ReorderSettingsBody = Type.Object(
  {
    product_id: Ulid,
    warehouse_id: Type.Optional(Nullable(Ulid)),
    reorder_point: Type.Optional(
      Nullable(Type.Integer({ minimum: 0, maximum: 2_000_000_000, description: 'Omitted or null: no reorder point.' })),
    ),
    reorder_quantity: Type.Optional(
      Nullable(
        Type.Integer({ minimum: 1, maximum: 2_000_000_000, description: 'Omitted or null: no reorder quantity.' }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type ReorderSettingsBody = Static<typeof ReorderSettingsBody>;
withExample(ReorderSettingsBody, {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  reorder_point: 10,
  reorder_quantity: 40,
});

export const ReorderSettingsResponse = Type.Intersect([
  InventoryResponse,
  Type.Object({
    warnings: Type.Array(Type.String(), {
      description: 'Advice that does not stop the change, e.g. a reorder quantity not above the reorder point.',
    }),
  }),
]);
nameSchema(ReorderSettingsResponse, 'ReorderSettings', { ...inventoryRecordExample, warnings: [] });

const Urgency = Type.Enum(['critical', 'high', 'medium', 'low']);

export const LowStockItem = Type.Object({
  product_id: Type.String(),
  sku: Type.String(),
  name: Type.String(),
  warehouse_id: Type.String(),
  quantity_available: Type.Integer(),
  reorder_point: Type.Integer(),
  status: Type.Literal('low_stock'),
  urgency: Urgency,
});
nameSchema(LowStockItem, 'LowStockItem', {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  sku: 'DRL-18V',
  name: 'Cordless drill 18V',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  quantity_available: 3,
  reorder_point: 10,
  status: 'low_stock',
  urgency: 'high',
});

const GroupFields = {
  products_count: Type.Integer(),
  suggested_order_quantity: Type.Integer(),
  suggested_order_value: Type.Number(),
};

const ReorderSuggestion = Type.Object({
  product_id: Type.String(),
  product_sku: Type.String(),
  product_name: Type.String(),
  warehouse_id: Type.String(),
  warehouse_name: Type.String(),
  quantity_available: Type.Integer(),
  reorder_point: Type.Integer(),
  reorder_quantity: Nullable(Type.Integer()),
  backordered_demand: Type.Integer({
    description:
      "The product's backordered sales demand (open order lines' units holding no reservation), counted on the line of the warehouse allocation takes first and 0 on the product's other lines.",
  }),
  deficit: Type.Integer({
    description: 'reorder_point - quantity_available (at least 0) + backordered_demand.',
  }),
  suggested_order_quantity: Type.Integer({
    description: 'max(reorder_quantity, deficit); max(deficit, 1) without a reorder quantity.',
  }),
  preferred_supplier: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  last_purchase_date: Nullable(Timestamp),
  average_daily_usage: Type.Number({
    description:
      'Units taken out by negative adjustments and by shipments of sales orders over the last 30 days / 30, 2 decimals.',
  }),
  days_until_stockout: Nullable(
    Type.Integer({ description: 'floor(quantity_available / average_daily_usage); null without usage.' }),
  ),
});
nameSchema(ReorderSuggestion, 'ReorderSuggestion', {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  product_sku: 'DRL-18V',
  product_name: 'Cordless drill 18V',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  warehouse_name: 'Main warehouse',
  quantity_available: 3,
  reorder_point: 10,
  reorder_quantity: 40,
  backordered_demand: 0,
  deficit: 7,
  suggested_order_quantity: 40,
  preferred_supplier: { id: '01jd8w3b4c5d6e7f8g9h0j1k2m', name: 'Fastener Supply Co' },
  last_purchase_date: '2026-10-30T11:20:00.000Z',
  average_daily_usage: 1.5,
  days_until_stockout: 2,
});

const ReorderSummary = Type.Object({
  total_products_needing_reorder: Type.Integer(),
  total_suggested_order_value: Type.Number(),
  by_warehouse: Type.Array(Type.Object({ warehouse_id: Type.String(), warehouse_name: Type.String(), ...GroupFields })),
  by_supplier: Type.Array(
    Type.Object({ supplier_id: Nullable(Type.String()), supplier_name: Nullable(Type.String()), ...GroupFields }),
  ),
});
nameSchema(ReorderSummary, 'ReorderSummary', {
  total_products_needing_reorder: 1,
  total_suggested_order_value: 2980,
  by_warehouse: [
    {
      warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
      warehouse_name: 'Main warehouse',
      products_count: 1,
      suggested_order_quantity: 40,
      suggested_order_value: 2980,
    },
  ],
  by_supplier: [
    {
      supplier_id: '01jd8w3b4c5d6e7f8g9h0j1k2m',
      supplier_name: 'Fastener Supply Co',
      products_count: 1,
      suggested_order_quantity: 40,
      suggested_order_value: 2980,
    },
  ],
});

export const ReorderReportResponse = Type.Object({
  ...PaginatedSchema(ReorderSuggestion).properties,
  summary: ReorderSummary,
});

/** The low-stock list's page: the default of 50 lines and at most 100 per page. */
export const LowStockQuery = Type.Object(pageQuery(50));
export type LowStockQuery = Static<typeof LowStockQuery>;

/** The reorder report's page of lines; its summary covers every line the filters keep. */
export const ReorderReportQuery = Type.Object({
  ...pageQuery(50),
  warehouse_id: Type.Optional(Ulid),
  supplier_id: Type.Optional(Ulid),
});
export type ReorderReportQuery = Static<typeof ReorderReportQuery>;
