// The audit entries of one kind of record, as the API presents it: what each service's writes call, so that a
// change is recorded in a line (`await this.audited(trx, 'category.moved', before, after)`).
import type { Executor } from '../../db/transaction.js';
import type { AuditLog } from './audit-log.service.js';

type Fields = Readonly<Record<string, unknown>>;

/** Records `action` on one record, from `before` to `after` (null before a creation, null after a deletion). */
export type AuditTrail<T> = (db: Executor, action: string, before: T | null, after: T | null) => Promise<void>;

/**
 * The trail of the records of `entityType` (`category`, `warehouse`…), each presented by `present`: the entry names
 * the record's tenant and id, and its changes are the fields `present` answers differently before and after.
 */
export function auditTrail<T extends { id: string; tenant_id: string }>(
  audit: AuditLog,
  entityType: string,
  present: (row: T) => Fields,
): AuditTrail<T> {
  return (db, action, before, after) => {
    const row = (after ?? before)!;
    return audit.recordChange(db, {
      tenantId: row.tenant_id,
      action,
      entityType,
      entityId: row.id,
      before: before && present(before),
      after: after && present(after),
    });
  };
}

/** Records `action` on one resource of the tenant, already presented (null before a creation, null after a deletion). */
export type ResourceTrail<R> = (
  db: Executor,
  tenantId: string,
  action: string,
  before: R | null,
  after: R | null,
) => Promise<void>;

/** The trail of resources of `entityType` whose presenter loads what they link to (products, orders): given presented. */
export function resourceTrail<R extends Fields & { id: string }>(
  audit: AuditLog,
  entityType: string,
): ResourceTrail<R> {
  const trail = resourceTrails<R>(audit, entityType);
  return (db, tenantId, action, before, after) => trail(db, tenantId, action, [[before, after]]);
}

/** Records `action` on several resources of the tenant, one entry each, in one statement. */
export type ResourceTrails<R> = (
  db: Executor,
  tenantId: string,
  action: string,
  changes: ReadonlyArray<readonly [R | null, R | null]>,
) => Promise<void>;

export function resourceTrails<R extends Fields & { id: string }>(
  audit: AuditLog,
  entityType: string,
): ResourceTrails<R> {
  return (db, tenantId, action, changes) =>
    audit.recordChanges(
      db,
      changes.map(([before, after]) => ({
        tenantId,
        action,
        entityType,
        entityId: (after ?? before)!.id,
        before,
        after,
      })),
    );
}

/** Records each change of `changes` in turn (bulk operations: one entry per record). */
export async function auditEach<T>(
  trail: AuditTrail<T>,
  db: Executor,
  action: string,
  changes: ReadonlyArray<readonly [T | null, T | null]>,
): Promise<void> {
  for (const [before, after] of changes) await trail(db, action, before, after);
}
