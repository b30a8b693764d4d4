// The numbers of sales documents: `SO-<yyyymm>-<seq>` for orders, `SH-…` for shipments, `RT-…` for returns, each
// a gapless sequence per tenant, kind and month, issued in the transaction that creates the document.
import { sql } from 'kysely';
import type { SalesSequenceKind } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

/** The prefix of each kind's numbers. */
export const SEQUENCE_PREFIX: Readonly<Record<SalesSequenceKind, string>> = {
  order: 'SO',
  shipment: 'SH',
  return: 'RT',
};

/** The `yyyymm` period of an instant, in UTC. */
export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7).replace('-', '');
}

export class SalesSequenceRepository {
  /**
   * Issues the next number of the tenant's month for `kind` in one statement: the first of a month inserts 1,
   * later ones increment under the row's lock. Inside the creating transaction, a rolled-back create takes its
   * number back with it (no gap), and concurrent creates queue on the row (no duplicate) on both engines.
   * @returns the formatted number, `SO-202612-0001`.
   */
  async nextNumber(db: Executor, tenantId: string, kind: SalesSequenceKind, period: string): Promise<string> {
    const row = await db
      .insertInto('sales_sequences')
      .values({ tenant_id: tenantId, kind, period, last_value: 1 })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'kind', 'period'])
          .doUpdateSet({ last_value: sql<number>`sales_sequences.last_value + 1` }),
      )
      .returning('last_value')
      .executeTakeFirstOrThrow();
    return `${SEQUENCE_PREFIX[kind]}-${period}-${String(Number(row.last_value)).padStart(4, '0')}`;
  }
}
