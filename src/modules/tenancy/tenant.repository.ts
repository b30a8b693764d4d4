import type { Executor } from '../../db/transaction.js';
import type { NewTenant, Tenant, TenantsTable } from '../../db/schema.js';
import { sql, type Updateable } from 'kysely';
import { engineOf } from '../../db/dialect.js';

export type TenantUpdate = Updateable<TenantsTable>;

/** Any stable 64-bit number: the advisory lock that serialises first-start bootstrap on PostgreSQL. */
const BOOTSTRAP_LOCK_KEY = 7_141_592_653;

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
    const row = await db
      .selectFrom('tenants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Holds the bootstrap lock until the transaction ends; SQLite's single writer already serialises it. */
  async lockBootstrap(trx: Executor): Promise<void> {
    if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`.execute(trx);
  }
}
