// The audit log: every change made through the API or the CLI, with who made it, from where, and what it
// changed (docs/audit-log.md). A service records its entry through the executor of its change, so the entry
// commits with the change and goes with its rollback. Reads are never recorded.
import type { AuditChanges, AuditLogEntry } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import { addDays, type Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import { currentContext, SYSTEM_ACTOR, type Actor } from '../../lib/work-context.js';
import { changesBetween } from './audit-changes.js';
import type { AuditLogFilters, AuditLogRepository } from './audit-log.repository.js';

// Short transactions, and ids lists far below SQLite's parameter limit.
const PURGE_BATCH = 500;

export interface AuditEntry {
  tenantId: string;
  /** `<entity>.<what happened>`: `brand.updated`, `user.deactivated`, `auth.sign_in_failed`. */
  action: string;
  entityType: string;
  entityId: string | null;
  changes?: AuditChanges | null;
  /** Who, when the work context does not know yet (a sign-in, made before the caller is authenticated). */
  actor?: Actor;
}

/** An entry of a change from `before` to `after` (either null for a creation or a deletion): the fields it changed. */
export interface AuditedChange {
  tenantId: string;
  action: string;
  entityType: string;
  entityId: string;
  before: Readonly<Record<string, unknown>> | null;
  after: Readonly<Record<string, unknown>> | null;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  has_more: boolean;
  cursor: string | null;
}

export interface AuditLogDeps {
  db: Executor;
  entries: AuditLogRepository;
  clock: Clock;
  newId: IdGenerator;
  retentionDays: number;
}

export class AuditLog {
  private readonly db: Executor;
  private readonly entries: AuditLogRepository;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly retentionDays: number;

  constructor(deps: AuditLogDeps) {
    this.db = deps.db;
    this.entries = deps.entries;
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.retentionDays = deps.retentionDays;
  }

  /** Writes an entry through `db`: the transaction of the change it records. */
  async record(db: Executor, entry: AuditEntry): Promise<void> {
    await this.recordAll(db, [entry]);
  }

  /** Writes entries through `db` in one statement (a batch of changes, such as an import's). */
  async recordAll(db: Executor, entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const context = currentContext();
    const occurredAt = this.clock.now().toISOString();
    await this.entries.insert(
      db,
      entries.map((entry) => {
        const actor = entry.actor ?? context?.actor() ?? SYSTEM_ACTOR;
        return {
          id: this.newId(),
          tenant_id: entry.tenantId,
          occurred_at: occurredAt,
          actor_type: actor.type,
          actor_user_id: actor.user_id,
          actor_token_id: actor.token_id,
          actor_name: actor.name,
          action: entry.action,
          entity_type: entry.entityType,
          entity_id: entry.entityId,
          changes: entry.changes ?? null,
          request_id: context?.request_id ?? null,
          ip: context?.ip ?? null,
        };
      }),
    );
  }

  /** `record` with the fields that changed between the record as it was and as it is. */
  recordChange(db: Executor, change: AuditedChange): Promise<void> {
    return this.recordChanges(db, [change]);
  }

  /** `recordChange` for several changes, in one statement. */
  recordChanges(db: Executor, changes: readonly AuditedChange[]): Promise<void> {
    return this.recordAll(
      db,
      changes.map(({ before, after, ...entry }) => ({ ...entry, changes: changesBetween(before, after) })),
    );
  }

  /** A page of the tenant's entries, newest first, below the `before` cursor. */
  async list(
    tenantId: string,
    filters: AuditLogFilters,
    before: string | undefined,
    perPage: number,
  ): Promise<AuditLogPage> {
    const rows = await this.entries.list(this.db, tenantId, filters, before, perPage + 1);
    const entries = rows.slice(0, perPage);
    const has_more = rows.length > perPage;
    return { entries, has_more, cursor: has_more ? entries[entries.length - 1]!.id : null };
  }

  /** Deletes entries older than the retention window, in short transactions; answers how many went. */
  async purgeExpired(): Promise<number> {
    const cutoff = addDays(this.clock.now(), -this.retentionDays).toISOString();
    let total = 0;
    for (;;) {
      const deleted = await inTransaction(this.db, (trx) => this.entries.purgeBefore(trx, cutoff, PURGE_BATCH));
      total += deleted;
      if (deleted < PURGE_BATCH) return total;
    }
  }
}
