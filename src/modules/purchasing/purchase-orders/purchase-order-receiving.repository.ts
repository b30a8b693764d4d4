// Receiving in SQL: conditional per-line increases of the received quantity, and receipts (the order's lock
// is the purchase-order repository's).
import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { PurchaseOrderReceiptLinesTable, PurchaseOrderReceiptsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import type { PurchaseOrderItem } from './purchase-order.repository.js';

export type NewReceipt = Insertable<PurchaseOrderReceiptsTable>;
export type NewReceiptLine = Insertable<PurchaseOrderReceiptLinesTable>;

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
                noted.map((l) => sql`when ${l.itemId} then case when receiving_notes is null then ${l.notes} else receiving_notes || ${'\n' + l.notes} end`),
                sql.ref('receiving_notes'),
              ),
            }
          : {}),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', lines.map((l) => l.itemId))
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
}
