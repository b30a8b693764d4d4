// Purchase order report routes: overdue orders and the summary by status and supplier.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAbility } from '../../../http/authentication.js';
import { Nullable } from '../../../http/common-schemas.js';
import { EnvelopeSchema, ok } from '../../../http/envelope.js';
import { nameSchema } from '../../../http/named-schemas.js';
import { SPEND_MAX_MONTHS, type PurchaseOrderReports } from './purchase-order.reports.js';

const tags = ['Purchase orders'];

const OverdueOrder = Type.Object({
  id: Type.String(),
  po_number: Type.String(),
  status: Type.String(),
  supplier: Type.Object({ id: Type.String(), name: Nullable(Type.String()) }),
  warehouse_id: Type.String(),
  order_date: Type.String(),
  expected_delivery_date: Type.String(),
  days_overdue: Type.Integer(),
  currency: Type.String(),
  total_amount: Type.Number(),
});
nameSchema(OverdueOrder, 'OverduePurchaseOrder', {
  id: '01jd8y5d6e7f8g9h0j1k2m3n4p',
  po_number: 'PO-202611-0007',
  status: 'sent',
  supplier: { id: '01jd8w3b4c5d6e7f8g9h0j1k2m', name: 'Fastener Supply Co' },
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  order_date: '2026-11-21',
  expected_delivery_date: '2026-12-05',
  days_overdue: 3,
  currency: 'EUR',
  total_amount: 2995,
});

const Group = { currency: Type.String(), count: Type.Integer(), total_amount: Type.Number() };
const Summary = Type.Object({
  total_orders: Type.Integer(),
  by_status: Type.Array(Type.Object({ status: Type.String(), ...Group })),
  by_supplier: Type.Array(
    Type.Object({ supplier_id: Type.String(), supplier_name: Nullable(Type.String()), ...Group }),
  ),
});
nameSchema(Summary, 'PurchaseOrderSummary', {
  total_orders: 3,
  by_status: [
    { status: 'approved', currency: 'EUR', count: 2, total_amount: 4120.5 },
    { status: 'draft', currency: 'USD', count: 1, total_amount: 310 },
  ],
  by_supplier: [
    {
      supplier_id: '01jd8w3b4c5d6e7f8g9h0j1k2m',
      supplier_name: 'Fastener Supply Co',
      currency: 'EUR',
      count: 2,
      total_amount: 4120.5,
    },
  ],
});

const Month = (edge: string) =>
  Type.Optional(
    Type.String({
      pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
      description: `YYYY-MM: the ${edge} month, included.`,
    }),
  );
const SpendQuery = Type.Object(
  { from: Month('first (default: 11 months before `to`)'), to: Month('last (default: this month, UTC)') },
  { additionalProperties: false },
);
const Spend = Type.Object({
  from: Type.String({ description: 'The first month, YYYY-MM.' }),
  to: Type.String({ description: 'The last month, YYYY-MM.' }),
  months: Type.Array(Type.String(), {
    description: `Every month of the range, oldest first (at most ${SPEND_MAX_MONTHS}).`,
  }),
  spend: Type.Array(
    Type.Object({
      month: Type.String(),
      supplier_id: Type.String(),
      supplier_name: Nullable(Type.String()),
      currency: Type.String(),
      orders: Type.Integer(),
      total_amount: Type.Number(),
    }),
    {
      description:
        'Per month, supplier and currency with orders: what the orders placed that month (approved or later, not cancelled or rejected) total, by month, then supplier name. Currencies are never converted.',
    },
  ),
});
nameSchema(Spend, 'PurchaseSpend', {
  from: '2026-10',
  to: '2026-12',
  months: ['2026-10', '2026-11', '2026-12'],
  spend: [
    {
      month: '2026-10',
      supplier_id: '01jd8w3b4c5d6e7f8g9h0j1k2m',
      supplier_name: 'Fastener Supply Co',
      currency: 'EUR',
      orders: 2,
      total_amount: 4120.5,
    },
    {
      month: '2026-12',
      supplier_id: '01jd8w3b4c5d6e7f8g9h0j1k2n',
      supplier_name: 'Northwind Tools',
      currency: 'EUR',
      orders: 1,
      total_amount: 980,
    },
  ],
});

/** GET /operations/purchase-orders/reports/{overdue,summary,spend}, relative to the API prefix. */
export function purchaseOrderReportRoutes({ reports }: { reports: PurchaseOrderReports }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/operations/purchase-orders/reports/overdue',
      {
        schema: {
          tags,
          operationId: 'listOverduePurchaseOrders',
          summary: 'Orders awaiting delivery past their expected delivery date',
          response: {
            200: Type.Object({ success: Type.Literal(true), data: Type.Array(OverdueOrder), count: Type.Integer() }),
          },
        },
        config: requireAbility('operations:view-purchase-orders'),
      },
      async (request) => {
        const orders = await reports.overdue(request.auth.tenantId);
        return { success: true as const, data: orders, count: orders.length };
      },
    );

    app.get(
      '/operations/purchase-orders/reports/summary',
      {
        schema: {
          tags,
          operationId: 'getPurchaseOrderSummary',
          summary: 'Order counts and totals by status and by supplier, per currency',
          response: { 200: EnvelopeSchema(Summary) },
        },
        config: requireAbility('operations:view-purchase-orders'),
      },
      async (request) => ok(await reports.summary(request.auth.tenantId)),
    );

    app.get(
      '/operations/purchase-orders/reports/spend',
      {
        schema: {
          tags,
          operationId: 'getPurchaseSpend',
          summary: 'Spend per month and supplier, per currency',
          description: `What the orders placed with suppliers total per month of their order date, supplier and currency, from \`from\` to \`to\` (at most ${SPEND_MAX_MONTHS} months). For a chart of purchase spend.`,
          querystring: SpendQuery,
          response: { 200: EnvelopeSchema(Spend) },
        },
        config: requireAbility('operations:view-purchase-orders'),
      },
      async (request) => ok(await reports.spend(request.auth.tenantId, request.query)),
    );
  };
}
