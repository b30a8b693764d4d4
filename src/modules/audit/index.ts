// The audit log module: built early (every service that changes data records through it), its route registered
// by the app.
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { auditLogRoutes } from './audit-log.routes.js';
import { AuditLog } from './audit-log.service.js';

export function createAuditLog(deps: { db: Executor; clock: Clock; newId: IdGenerator; retentionDays: number }) {
  const service = new AuditLog({ ...deps, entries: new AuditLogRepository() });
  return { service, routes: auditLogRoutes({ service }) };
}
