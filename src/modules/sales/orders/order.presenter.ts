// Turns sales-order rows into the API's order resource: amounts in currency units, the customer and acting users
// as {id, name}, and for the detail the lines with their derived quantities (order-lines.repository.ts).
import type { Executor } from '../../../db/transaction.js';
import { fromMinorUnits } from '../../../lib/money.js';
import type { UserService } from '../../tenancy/user.service.js';
import type { LineQuantities, OrderLine, OrderLineRepository } from './order-lines.repository.js';
import { backorderedQuantity, openQuantity, owesGoods } from './order-quantities.js';
import type { OrderRow } from './order.repository.js';
import type { OrderLineResponse, OrderResponse } from './order.schemas.js';
import { allowedActions } from './order.states.js';

export type OrderResource = OrderResponse;

/** A line with what its reservations, shipments and returns say of it; prices in the order's currency units. */
export function orderLineResource(line: OrderLine, quantities: LineQuantities, order: OrderRow): OrderLineResponse {
  const money = (minor: number) => fromMinorUnits(minor, order.currency);
  const open = openQuantity(line, quantities.shipped);
  return {
    id: line.id,
    position: line.position,
    product_id: line.product_id,
    product_name: line.product_name,
    product_sku: line.product_sku,
    quantity: line.quantity,
    quantity_allocated: quantities.allocated,
    quantity_shipped: quantities.shipped,
    quantity_cancelled: line.cancelled_quantity,
    quantity_returned: quantities.returned,
    quantity_backordered: backorderedQuantity(
      open,
      quantities.allocated,
      owesGoods(order.status, order.held_from_status),
    ),
    allocations: quantities.allocations,
    unit_price: money(line.unit_price),
    discount_amount: money(line.discount_amount),
    line_total: money(line.line_total),
  };
}

export class OrderPresenter {
  constructor(
    private readonly users: Pick<UserService, 'summariesByIds'>,
    private readonly lines: Pick<OrderLineRepository, 'ofOrders' | 'quantities'>,
  ) {}

  /** The detail of one order: the resource with its lines. */
  async one(db: Executor, tenantId: string, row: OrderRow): Promise<OrderResource> {
    return (await this.many(db, tenantId, [row], true))[0]!;
  }

  /** The resources of `rows`, in the same order; users read in one query, and with `withLines` the lines in two. */
  async many(db: Executor, tenantId: string, rows: readonly OrderRow[], withLines: boolean): Promise<OrderResource[]> {
    const userIds = new Set<string>();
    for (const row of rows) {
      for (const id of [row.approved_by, row.rejected_by, row.cancelled_by, row.created_by]) if (id) userIds.add(id);
    }
    const users = new Map((await this.users.summariesByIds(tenantId, [...userIds], db)).map((u) => [u.id, u]));
    const lines = withLines
      ? await this.lines.ofOrders(
          db,
          tenantId,
          rows.map((r) => r.id),
        )
      : [];
    const quantities = await this.lines.quantities(
      db,
      tenantId,
      lines.map((l) => l.id),
    );
    return rows.map((row) => {
      const ref = (id: string | null) => {
        const user = id ? users.get(id) : undefined;
        return user ? { id: user.id, name: user.name } : null;
      };
      const money = (minor: number) => fromMinorUnits(minor, row.currency);
      const resource: OrderResource = {
        id: row.id,
        order_number: row.order_number,
        status: row.status,
        allowed_actions: allowedActions(row.status),
        customer_id: row.customer_id,
        customer: row.customer_name === null ? null : { id: row.customer_id, name: row.customer_name },
        channel: row.channel,
        external_ref: row.external_ref,
        currency: row.currency,
        ship_to: row.ship_to as OrderResource['ship_to'],
        requested_ship_date: row.requested_ship_date,
        priority: row.priority,
        notes: row.notes,
        subtotal: money(row.subtotal),
        discount_amount: money(row.discount_amount),
        shipping_amount: money(row.shipping_amount),
        tax_amount: money(row.tax_amount),
        total_amount: money(row.total_amount),
        held_from_status: row.held_from_status,
        hold_reason: row.hold_reason,
        submitted_at: row.submitted_at,
        approved_by: ref(row.approved_by),
        approved_at: row.approved_at,
        approval_notes: row.approval_notes,
        rejected_by: ref(row.rejected_by),
        rejected_at: row.rejected_at,
        rejection_reason: row.rejection_reason,
        confirmed_at: row.confirmed_at,
        shipped_at: row.shipped_at,
        closed_at: row.closed_at,
        close_reason: row.close_reason,
        completed_at: row.completed_at,
        cancelled_by: ref(row.cancelled_by),
        cancelled_at: row.cancelled_at,
        cancellation_reason: row.cancellation_reason,
        created_by: ref(row.created_by),
        created_at: row.created_at,
        updated_at: row.updated_at,
        lines_count: row.lines_count,
      };
      if (withLines) {
        resource.lines = lines
          .filter((line) => line.order_id === row.id)
          .map((line) => orderLineResource(line, quantities.get(line.id)!, row));
      }
      return resource;
    });
  }
}
