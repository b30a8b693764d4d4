// What every change of an order leaves behind, in the transaction of the change: its audit entry and, when its
// status moved, order.status_changed. The service and the shipping progress record through it alike.
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { resourceTrail, type ResourceTrail } from '../../audit/audit-trail.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { statusChangedPayload } from './order.events.js';
import type { OrderResource } from './order.presenter.js';

export class OrderHistory {
  private readonly audited: ResourceTrail<OrderResource>;

  constructor(
    audit: AuditLog,
    private readonly events: EventRecorder,
  ) {
    this.audited = resourceTrail(audit, 'sales_order');
  }

  /** The audit entry `action` from `before` to `after`, and order.status_changed when the status differs. */
  async record(
    trx: Transaction<DB>,
    tenantId: string,
    action: string,
    before: OrderResource | null,
    after: OrderResource | null,
  ): Promise<void> {
    if (before && after && before.status !== after.status) {
      await this.events.record(trx, tenantId, {
        type: 'order.status_changed',
        entityId: after.id,
        payload: statusChangedPayload(after, before.status, after.status),
      });
    }
    await this.audited(trx, tenantId, action, before, after);
  }

  /** order.created with the order as GET answers it, and its audit entry. */
  async created(trx: Transaction<DB>, tenantId: string, order: OrderResource): Promise<void> {
    await this.events.record(trx, tenantId, {
      type: 'order.created',
      entityId: order.id,
      payload: order as unknown as Record<string, unknown>,
    });
    await this.audited(trx, tenantId, 'sales_order.created', null, order);
  }
}
