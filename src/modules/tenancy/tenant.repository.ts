import type { Executor } from '../../db/transaction.js';
import type { NewTenant, Tenant, TenantsTable } from '../../db/schema.js';
import type { Updateable } from 'kysely';

export type TenantUpdate = Updateable<TenantsTable>;

export class TenantRepository {
  async insert(db: Executor, tenant: NewTenant): Promise<Tenant> {
    return db.insertInto('tenants').values(tenant).returningAll().executeTakeFirstOrThrow();
  }

  async findById(db: Executor, id: string): Promise<Tenant | undefined> {
    return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The tenant's default currency, or undefined when there is no such tenant. */
  async findDefaultCurrency(db: Executor, id: string): Promise<string | undefined> {
    const row = await db.selectFrom('tenants').select('default_currency').where('id', '=', id).executeTakeFirst();
    return row?.default_currency;
  }

  async update(db: Executor, id: string, changes: TenantUpdate): Promise<Tenant | undefined> {
    return db.updateTable('tenants').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async listAll(db: Executor): Promise<Tenant[]> {
    return db.selectFrom('tenants').selectAll().orderBy('id').execute();
  }

  async count(db: Executor): Promise<number> {
    const row = await db.selectFrom('tenants').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
