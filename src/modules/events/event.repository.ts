import type { Executor } from '../../db/transaction.js';

export class EventRepository {
  /** Deletes events that occurred before `cutoff`; the feed keeps only the retention window. */
  async purgeOccurredBefore(db: Executor, cutoff: string): Promise<number> {
    const result = await db.deleteFrom('events').where('occurred_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
