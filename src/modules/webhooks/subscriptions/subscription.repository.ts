import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import { engineOf } from '../../../db/dialect.js';
import type { WebhookSubscriptionStatus, WebhookSubscriptionsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { softDeleteLiveRows, updateLiveRow } from '../../../db/live-rows.js';
import { paginate } from '../../../db/paginate.js';

export type Subscription = Selectable<WebhookSubscriptionsTable>;
export type NewSubscription = Insertable<WebhookSubscriptionsTable>;
export type SubscriptionChanges = Updateable<WebhookSubscriptionsTable>;

export interface SubscriptionFilters {
  status?: WebhookSubscriptionStatus;
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
  sort_by: 'created_at' | 'updated_at';
  sort_direction: 'asc' | 'desc';
}

export class SubscriptionRepository {
  private live(db: Executor, tenantId: string) {
    return db.selectFrom('webhook_subscriptions').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);
  }

  async insert(db: Executor, subscription: NewSubscription): Promise<Subscription> {
    return db.insertInto('webhook_subscriptions').values(subscription).returningAll().executeTakeFirstOrThrow();
  }

  async find(db: Executor, tenantId: string, id: string): Promise<Subscription | undefined> {
    return this.live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(
    db: Executor,
    tenantId: string,
    filters: SubscriptionFilters,
    page: PageRequest,
  ): Promise<Page<Subscription>> {
    let query = this.live(db, tenantId);
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.updated_since !== undefined) query = query.where('updated_at', '>=', filters.updated_since);
    return paginate(
      db,
      query.selectAll().orderBy(filters.sort_by, filters.sort_direction).orderBy('id', filters.sort_direction),
      page,
    );
  }

  async countActive(db: Executor, tenantId: string): Promise<number> {
    const row = await this.live(db, tenantId)
      .where('status', '=', 'active')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Serialises the tenant's subscription changes that the active limit depends on (PostgreSQL row lock). */
  async lockTenant(db: Executor, tenantId: string): Promise<void> {
    if (engineOf(db) === 'postgres') await sql`select id from tenants where id = ${tenantId} for update`.execute(db);
  }

  async update(
    db: Executor,
    tenantId: string,
    id: string,
    changes: SubscriptionChanges,
  ): Promise<Subscription | undefined> {
    return updateLiveRow(db.updateTable('webhook_subscriptions'), tenantId, id, changes);
  }

  async softDelete(db: Executor, tenantId: string, id: string, at: string): Promise<void> {
    await softDeleteLiveRows(db.updateTable('webhook_subscriptions'), tenantId, id, at);
  }

  /**
   * Applies `changes` to a live subscription only while its status is `from`, in one conditional UPDATE, so a
   * request and the automatic disabling cannot both move it. Undefined when nothing matched.
   */
  async transition(
    db: Executor,
    tenantId: string,
    id: string,
    from: WebhookSubscriptionStatus,
    changes: SubscriptionChanges,
  ): Promise<Subscription | undefined> {
    return updateLiveRow(db.updateTable('webhook_subscriptions').where('status', '=', from), tenantId, id, changes);
  }

  /** Every active subscription of these tenants: the publisher matches each new event against them. */
  async activeOf(db: Executor, tenantIds: readonly string[]): Promise<Subscription[]> {
    if (tenantIds.length === 0) return [];
    return db
      .selectFrom('webhook_subscriptions')
      .selectAll()
      .where('tenant_id', 'in', tenantIds)
      .where('status', '=', 'active')
      .where('deleted_at', 'is', null)
      .execute();
  }
}
