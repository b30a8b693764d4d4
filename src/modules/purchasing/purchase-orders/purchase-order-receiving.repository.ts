// Receiving in SQL: conditional per-line increases of the received quantity, and receipts written and read
// (the order's lock is the purchase-order repository's).
import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { PurchaseOrderReceiptLinesTable, PurchaseOrderReceiptsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { paginate } from '../../../db/paginate.js';
import type { PurchaseOrderItem } from './purchase-order.repository.js';

export type NewReceipt = Insertable<PurchaseOrderReceiptsTable>;
export type NewReceiptLine = Insertable<PurchaseOrderReceiptLinesTable>;
export type Receipt = Selectable<PurchaseOrderReceiptsTable>;
/** A receipt line with the name and SKU its order line snapshotted. */
export type ReceiptLine = Selectable<PurchaseOrderReceiptLinesTable> & {
  product_name: string;
  product_sku: string | null;
};

export class PurchaseOrderReceivingRepository {
  /**
   * Adds each line's quantity to its received quantity, only while it stays within ordered minus cancelled,
   * in one conditional UPDATE for all the lines: concurrent receipts can never take a line past what was
   * ordered. A note is appended to the line's receiving notes. Answers the lines updated; a refused line is
   * left out. Lines are distinct.
   */
  async receiveOnLines(
    db: Executor,
    tenantId: string,
    lines: ReadonlyArray<{ itemId: string; quantity: number; notes: string | null }>,
    at: string,
  ): Promise<PurchaseOrderItem[]> {
    if (lines.length === 0) return [];
    // CASE arms by line id; the cast gives PostgreSQL the parameter's type, which a CASE alone does not.
    const byLine = <T>(arms: ReadonlyArray<RawBuilder<unknown>>, otherwise: RawBuilder<unknown> | null = null) =>
      sql<T>`case ${sql.ref('id')} ${sql.join(arms, sql` `)}${otherwise === null ? sql`` : sql` else ${otherwise}`} end`;
    const quantity = byLine<number>(lines.map((l) => sql`when ${l.itemId} then cast(${l.quantity} as integer)`));
    const noted = lines.filter((l) => l.notes);
    return db
      .updateTable('purchase_order_items')
      .set({
        quantity_received: sql<number>`quantity_received + ${quantity}`,
        received_at: at,
        ...(noted.length > 0
          ? {
              receiving_notes: byLine<string>(
                noted.map(
                  (l) =>
                    sql`when ${l.itemId} then case when receiving_notes is null then ${l.notes} else receiving_notes || ${'\n' + l.notes} end`,
                ),
                sql.ref('receiving_notes'),
              ),
            }
          : {}),
      })
      .where('tenant_id', '=', tenantId)
      .where(
        'id',
        'in',
        lines.map((l) => l.itemId),
      )
      .where(sql<boolean>`quantity_received + ${quantity} <= quantity_ordered - quantity_cancelled`)
      .returningAll()
      .execute();
  }

  async insertReceipt(db: Executor, receipt: NewReceipt): Promise<void> {
    await db.insertInto('purchase_order_receipts').values(receipt).execute();
  }

  async insertReceiptLines(db: Executor, lines: NewReceiptLine[]): Promise<void> {
    if (lines.length === 0) return;
    await db.insertInto('purchase_order_receipt_lines').values(lines).execute();
  }

  /** The order's receipts, newest first (by when they were recorded). */
  async receiptsPage(db: Executor, tenantId: string, orderId: string, page: PageRequest): Promise<Page<Receipt>> {
    return paginate(
      db,
      db
        .selectFrom('purchase_order_receipts')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('purchase_order_id', '=', orderId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
      page,
    );
  }

  /** Whether `receiptId` is a receipt of the order. */
  async receiptOfOrder(db: Executor, tenantId: string, orderId: string, receiptId: string): Promise<boolean> {
    const row = await db
      .selectFrom('purchase_order_receipts')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('purchase_order_id', '=', orderId)
      .where('id', '=', receiptId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The lines of `receiptIds`, each in the order of its order's lines. */
  async receiptLines(db: Executor, tenantId: string, receiptIds: readonly string[]): Promise<ReceiptLine[]> {
    if (receiptIds.length === 0) return [];
    return db
      .selectFrom('purchase_order_receipt_lines as l')
      .innerJoin('purchase_order_items as i', (j) =>
        j.onRef('i.id', '=', 'l.purchase_order_item_id').onRef('i.tenant_id', '=', 'l.tenant_id'),
      )
      .selectAll('l')
      .select(['i.product_name', 'i.product_sku'])
      .where('l.tenant_id', '=', tenantId)
      .where('l.receipt_id', 'in', [...receiptIds])
      .orderBy('i.position')
      .orderBy('l.id')
      .execute();
  }
}
