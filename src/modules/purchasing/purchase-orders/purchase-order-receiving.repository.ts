// Receiving in SQL: conditional per-line increases of the received quantity, and receipts (the order's lock
// is the purchase-order repository's).
import { sql, type Insertable } from 'kysely';
import type { PurchaseOrderReceiptLinesTable, PurchaseOrderReceiptsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

export type NewReceipt = Insertable<PurchaseOrderReceiptsTable>;
export type NewReceiptLine = Insertable<PurchaseOrderReceiptLinesTable>;

export class PurchaseOrderReceivingRepository {
  /**
   * Adds `quantity` to a line's received quantity only while it stays within ordered minus cancelled, in one
   * conditional UPDATE: concurrent receipts can never take a line past what was ordered. False when refused.
   */
  async receiveOnLine(db: Executor, tenantId: string, itemId: string, quantity: number, at: string, notes: string | null): Promise<boolean> {
    const result = await db
      .updateTable('purchase_order_items')
      .set({
        quantity_received: sql<number>`quantity_received + ${quantity}`,
        received_at: at,
        ...(notes ? { receiving_notes: sql<string>`case when receiving_notes is null then ${notes} else receiving_notes || ${'\n' + notes} end` } : {}),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', itemId)
      .where(sql<boolean>`quantity_received + ${quantity} <= quantity_ordered - quantity_cancelled`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertReceipt(db: Executor, receipt: NewReceipt): Promise<void> {
    await db.insertInto('purchase_order_receipts').values(receipt).execute();
  }

  async insertReceiptLines(db: Executor, lines: NewReceiptLine[]): Promise<void> {
    if (lines.length === 0) return;
    await db.insertInto('purchase_order_receipt_lines').values(lines).execute();
  }
}
