// The sales order export: one row per order line, in the sales order import's columns and then what only the
// export says (number, status, quantities shipped and returned), which an import of the file ignores
// (docs/import.md, Sales orders). Read a page of orders at a time by id and written as the client takes it.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { neutralise } from '../../lib/csv.js';
import type { CustomerService } from '../crm/customers/customer.service.js';
import type { OrderResource } from '../sales/orders/order.presenter.js';
import type { OrderListQuery } from '../sales/orders/order.schemas.js';
import type { OrderService } from '../sales/orders/order.service.js';
import { SALES_ORDER_COLUMNS, SALES_ORDER_EXPORT_COLUMNS } from './importers/sales-orders.js';

const PAGE = 200;

export type SalesOrderExportFilters = Pick<OrderListQuery, 'status' | 'channel' | 'created_from' | 'created_to'>;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

export class SalesOrderExport {
  constructor(private readonly deps: { orders: OrderService; customers: CustomerService }) {}

  /**
   * The CSV of the tenant's orders matching `filters`, ordered by id, lines in their order, with a header row.
   * Checks the filters before the first byte is written. @throws ValidationError for a bad filter.
   */
  async csv(tenantId: string, filters: SalesOrderExportFilters): Promise<Readable> {
    const { orders, customers } = this.deps;
    const columns = [...SALES_ORDER_COLUMNS, ...SALES_ORDER_EXPORT_COLUMNS];
    const first = await orders.pageAfter(tenantId, filters, '', PAGE);

    const rows = async function* () {
      for (let page = first; ;) {
        const ids = [...new Set(page.map((order) => order.customer_id))];
        const byId = new Map((await customers.byIds(tenantId, ids)).map((c) => [c.id, c]));
        for (const order of page) yield* orderRows(order, byId.get(order.customer_id)?.external_id ?? null);
        if (page.length < PAGE) return;
        page = await orders.pageAfter(tenantId, filters, page[page.length - 1]!.id, PAGE);
      }
    };
    const orderRows = function* (order: OrderResource, customerExternalId: string | null) {
      const header: Record<string, unknown> = {
        ...order,
        customer_external_id: customerExternalId,
        customer_name: order.customer?.name,
        ...Object.fromEntries(Object.entries(order.ship_to ?? {}).map(([part, value]) => [`ship_to_${part}`, value])),
      };
      for (const line of order.lines ?? []) {
        const values: Record<string, unknown> = {
          ...header,
          sku: line.product_sku,
          quantity: line.quantity,
          unit_price: line.unit_price,
          line_discount: line.discount_amount,
          line_quantity_shipped: line.quantity_shipped,
          line_quantity_cancelled: line.quantity_cancelled,
          line_quantity_returned: line.quantity_returned,
        };
        yield columns.map((column) => neutralise(cell(values[column])) as string);
      }
    };
    return Readable.from(rows()).pipe(stringify({ header: true, columns }));
  }
}
