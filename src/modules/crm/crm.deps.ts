// What the crm modules are built from. Kept apart from index.ts, which imports every module's index.ts, so that
// those can name it without importing index.ts back.
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { OpenOrderCount } from './customers/customer.open-orders.js';

export interface CrmDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  events: EventRecorder;
  audit: AuditLog;
  /** A customer's open sales orders, which refuse its deletion; absent until sales orders exist. */
  openOrders?: OpenOrderCount;
}
