import type { AuditActorType, AuditLogEntry, NewAuditLogEntry } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

export interface AuditLogFilters {
  actor_type?: AuditActorType;
  /** A user's id (what they did, signed in or through their tokens) or a token's. */
  actor_id?: string;
  entity_type?: string;
  entity_id?: string;
  /** Exact actions, or `<entity>.*` prefixes. */
  actions?: readonly string[];
  /** Inclusive. */
  from?: string;
  /** Exclusive. */
  to?: string;
}

export class AuditLogRepository {
  async insert(db: Executor, entries: readonly NewAuditLogEntry[]): Promise<void> {
    await db
      .insertInto('audit_log')
      .values([...entries])
      .execute();
  }

  /** Newest first: up to `limit` entries with ids below `before` (all, without it). */
  async list(
    db: Executor,
    tenantId: string,
    filters: AuditLogFilters,
    before: string | undefined,
    limit: number,
  ): Promise<AuditLogEntry[]> {
    let query = db.selectFrom('audit_log').selectAll().where('tenant_id', '=', tenantId);
    if (before !== undefined) query = query.where('id', '<', before);
    if (filters.actor_type !== undefined) query = query.where('actor_type', '=', filters.actor_type);
    if (filters.actor_id !== undefined) {
      const id = filters.actor_id;
      query = query.where((eb) => eb.or([eb('actor_user_id', '=', id), eb('actor_token_id', '=', id)]));
    }
    if (filters.entity_type !== undefined) query = query.where('entity_type', '=', filters.entity_type);
    if (filters.entity_id !== undefined) query = query.where('entity_id', '=', filters.entity_id);
    if (filters.actions !== undefined && filters.actions.length > 0) {
      const actions = filters.actions;
      query = query.where((eb) =>
        eb.or(
          actions.map((action) => {
            if (!action.endsWith('.*')) return eb('action', '=', action);
            // `<entity>.*`: every action from `<entity>.` up to `<entity>/`, the character after the dot.
            const prefix = action.slice(0, -1);
            return eb.and([eb('action', '>=', prefix), eb('action', '<', `${prefix.slice(0, -1)}/`)]);
          }),
        ),
      );
    }
    if (filters.from !== undefined) query = query.where('occurred_at', '>=', filters.from);
    if (filters.to !== undefined) query = query.where('occurred_at', '<', filters.to);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** Deletes up to `limit` entries that occurred before `cutoff`; answers how many went. */
  async purgeBefore(db: Executor, cutoff: string, limit: number): Promise<number> {
    const ids = await db.selectFrom('audit_log').select('id').where('occurred_at', '<', cutoff).limit(limit).execute();
    if (ids.length === 0) return 0;
    const result = await db
      .deleteFrom('audit_log')
      .where(
        'id',
        'in',
        ids.map((row) => row.id),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
