// Turns purchase-order rows into the API's order resource: amounts in currency units, the supplier, warehouse
// and acting users as {id, name}, and for the detail the lines with what remains to receive.
import type { Executor } from '../../../db/transaction.js';
import { fromMinorUnits } from '../../../lib/money.js';
import type { UserService } from '../../tenancy/user.service.js';
import type { PurchaseOrderItem, PurchaseOrderRepository, PurchaseOrderRow } from './purchase-order.repository.js';
import type { PurchaseOrderResponse } from './purchase-order.schemas.js';
import { allowedActions } from './purchase-order.states.js';

export type PurchaseOrderResource = PurchaseOrderResponse;

/** The users who acted on orders, by id, as `PurchaseOrderPresenter.usersOf` reads them. */
export type ActingUsers = ReadonlyMap<string, { id: string; name: string }>;

/** A line of an order, with what remains to receive; prices in the order's currency units. */
export function purchaseOrderItemResource(item: PurchaseOrderItem, currency: string) {
  const remaining = Math.max(0, item.quantity_ordered - item.quantity_received - item.quantity_cancelled);
  return {
    id: item.id,
    product_id: item.product_id,
    product_name: item.product_name,
    product_sku: item.product_sku,
    quantity_ordered: item.quantity_ordered,
    quantity_received: item.quantity_received,
    quantity_cancelled: item.quantity_cancelled,
    quantity_remaining: remaining,
    received_percentage:
      item.quantity_ordered === 0 ? 0 : Math.round((item.quantity_received / item.quantity_ordered) * 10000) / 100,
    unit_price: fromMinorUnits(item.unit_price, currency),
    subtotal: fromMinorUnits(item.line_total, currency),
    line_total: fromMinorUnits(item.line_total, currency),
    warehouse_id: item.warehouse_id,
    receiving_notes: item.receiving_notes,
    received_at: item.received_at,
  };
}

export class PurchaseOrderPresenter {
  constructor(
    private readonly users: Pick<UserService, 'summariesByIds'>,
    private readonly repository: Pick<PurchaseOrderRepository, 'items'>,
  ) {}

  /** The detail of one order: the resource with its lines. */
  async one(db: Executor, tenantId: string, row: PurchaseOrderRow): Promise<PurchaseOrderResource> {
    return (await this.many(db, tenantId, [row], true))[0]!;
  }

  /**
   * The resources of `rows`, in the same order; the users who acted on them are read in one query. With
   * `withItems`, each order's lines are read and shown as `items` (and `line_items`).
   */
  async many(
    db: Executor,
    tenantId: string,
    rows: readonly PurchaseOrderRow[],
    withItems: boolean,
  ): Promise<PurchaseOrderResource[]> {
    const users = await this.usersOf(db, tenantId, rows);
    const result: PurchaseOrderResource[] = [];
    for (const row of rows)
      result.push(this.present(row, users, withItems ? await this.repository.items(db, tenantId, row.id) : undefined));
    return result;
  }

  /** The users who acted on `rows` (approver, rejecter, canceller, creator), read in one query, for `present`. */
  async usersOf(db: Executor, tenantId: string, rows: readonly PurchaseOrderRow[]): Promise<ActingUsers> {
    const userIds = new Set<string>();
    for (const row of rows) {
      for (const id of [row.approved_by, row.rejected_by, row.cancelled_by, row.created_by]) if (id) userIds.add(id);
    }
    return new Map((await this.users.summariesByIds(tenantId, [...userIds], db)).map((u) => [u.id, u]));
  }

  /** The resource of an order whose acting users and, for the detail, lines the caller has read. */
  present(row: PurchaseOrderRow, users: ActingUsers, items?: readonly PurchaseOrderItem[]): PurchaseOrderResource {
    const ref = (id: string | null) => {
      const user = id ? users.get(id) : undefined;
      return user ? { id: user.id, name: user.name } : null;
    };
    const money = (minor: number) => fromMinorUnits(minor, row.currency);
    const resource: PurchaseOrderResource = {
      id: row.id,
      po_number: row.po_number,
      order_number: row.po_number,
      status: row.status,
      allowed_actions: allowedActions(row.status),
      supplier_id: row.supplier_id,
      supplier: row.supplier_name === null ? null : { id: row.supplier_id, name: row.supplier_name },
      warehouse_id: row.warehouse_id,
      warehouse: row.warehouse_name === null ? null : { id: row.warehouse_id, name: row.warehouse_name },
      order_date: row.order_date,
      expected_delivery_date: row.expected_delivery_date,
      actual_delivery_date: row.actual_delivery_date,
      delivery_date: row.actual_delivery_date,
      currency: row.currency,
      subtotal: money(row.subtotal),
      tax_amount: money(row.tax_amount),
      shipping_cost: money(row.shipping_cost),
      discount_amount: money(row.discount_amount),
      total_amount: money(row.total_amount),
      payment_terms: row.payment_terms,
      shipping_method: row.shipping_method,
      tracking_number: row.tracking_number,
      notes: row.notes,
      internal_notes: row.internal_notes,
      approver_id: row.approver_id,
      submitted_at: row.submitted_at,
      approved_by: ref(row.approved_by),
      approved_at: row.approved_at,
      approval_notes: row.approval_notes,
      rejected_by: ref(row.rejected_by),
      rejected_at: row.rejected_at,
      rejection_reason: row.rejection_reason,
      sent_at: row.sent_at,
      sent_to: row.sent_to,
      emailed_at: row.emailed_at,
      acknowledged_at: row.acknowledged_at,
      supplier_reference: row.supplier_reference,
      confirmed_delivery_date: row.confirmed_delivery_date,
      received_at: row.received_at,
      invoice_number: row.invoice_number,
      invoice_amount: row.invoice_amount === null ? null : money(row.invoice_amount),
      invoice_date: row.invoice_date,
      invoiced_at: row.invoiced_at,
      completed_at: row.completed_at,
      cancelled_by: ref(row.cancelled_by),
      cancelled_at: row.cancelled_at,
      cancellation_reason: row.cancellation_reason,
      supplier_notified: row.supplier_notified,
      created_by: ref(row.created_by),
      created_at: row.created_at,
      updated_at: row.updated_at,
      items_count: row.items_count,
    };
    if (items) {
      const lines = items.map((item) => purchaseOrderItemResource(item, row.currency));
      resource.items = lines;
      resource.line_items = lines;
    }
    return resource;
  }
}
