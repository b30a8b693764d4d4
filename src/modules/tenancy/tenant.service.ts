// Tenants: each is created with its default warehouse and a first admin, all in one transaction.
import { sql } from 'kysely';
import type { Tenant, User, Warehouse } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import { inTransaction } from '../../db/transaction.js';
import { engineOf } from '../../db/dialect.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { randomBase62 } from '../../lib/secrets.js';
import type { WarehouseService } from '../inventory/warehouses/warehouse.service.js';
import type { TenantRepository } from './tenant.repository.js';
import { validateUserInput, type UserService } from './user.service.js';

export interface CreateTenantInput {
  name: string;
  adminEmail: string;
  adminPassword: string;
  adminName?: string;
}

export interface CreatedTenant {
  tenant: Tenant;
  user: User;
  warehouse: Warehouse;
}

/** Any stable 64-bit number: the advisory lock that serialises first-start bootstrap on PostgreSQL. */
const BOOTSTRAP_LOCK_KEY = 7_141_592_653;

export interface TenantServiceDeps {
  db: Executor;
  tenants: TenantRepository;
  users: UserService;
  warehouses: WarehouseService;
  clock: Clock;
  newId: IdGenerator;
}

export class TenantService {
  private readonly db: Executor;
  private readonly tenants: TenantRepository;
  private readonly users: UserService;
  private readonly warehouses: WarehouseService;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: TenantServiceDeps) {
    this.db = deps.db;
    this.tenants = deps.tenants;
    this.users = deps.users;
    this.warehouses = deps.warehouses;
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  /**
   * Creates a tenant, its default `MAIN` warehouse and an admin user, atomically.
   * @throws ValidationError for a bad name or admin fields, or an admin e-mail already taken.
   */
  async create(input: CreateTenantInput, db: Executor = this.db): Promise<CreatedTenant> {
    return this.createHashed(input, await hashPassword(input.adminPassword), db);
  }

  /** `create` with the admin password already hashed, so no transaction waits on the slow hash. */
  private async createHashed(input: CreateTenantInput, passwordHash: string, db: Executor): Promise<CreatedTenant> {
    const name = input.name.trim();
    if (name === '' || name.length > 255) throw ValidationError.field('name', 'The name must be 1 to 255 characters.');
    const admin = { name: input.adminName ?? 'Administrator', email: input.adminEmail, password: input.adminPassword, role: 'admin' as const };
    validateUserInput(admin);
    return inTransaction(db, async (trx) => {
      const now = this.clock.now().toISOString();
      const tenant = await this.tenants.insert(trx, { id: this.newId(), name, created_at: now, updated_at: now });
      const warehouse = await this.warehouses.createDefault(tenant.id, trx);
      const user = await this.users.insertHashed({ tenantId: tenant.id, ...admin }, passwordHash, trx);
      return { tenant, user, warehouse };
    });
  }

  /** @throws NotFoundError('Tenant') */
  async get(id: string): Promise<Tenant> {
    const tenant = await this.tenants.findById(this.db, id);
    if (!tenant) throw new NotFoundError('Tenant');
    return tenant;
  }

  /** The tenant's name, or undefined when there is no such tenant (printed on documents). */
  nameOf(id: string, db: Executor = this.db): Promise<string | undefined> {
    return this.tenants.findName(db, id);
  }

  /** Every tenant of the installation, oldest first (an operator's view, for the CLI). */
  list(): Promise<Tenant[]> {
    return this.tenants.listAll(this.db);
  }

  /**
   * On an empty database, creates the `Default` tenant with its admin. Safe when several processes
   * start at once: the check and the creation run under one lock.
   * @returns the generated admin password when one had to be made up, so it can be shown once.
   */
  async ensureDefault(adminEmail: string, adminPassword: string | null): Promise<{ created: CreatedTenant; generatedPassword: string | null } | null> {
    // Cheap check first: on every start but the first, there is nothing to do and no lock to take.
    if ((await this.tenants.count(this.db)) > 0) return null;
    const password = adminPassword ?? randomBase62(20);
    const passwordHash = await hashPassword(password);
    return inTransaction(this.db, async (trx) => {
      if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`.execute(trx);
      if ((await this.tenants.count(trx)) > 0) return null;
      const created = await this.createHashed({ name: 'Default', adminEmail, adminPassword: password }, passwordHash, trx);
      return { created, generatedPassword: adminPassword ? null : password };
    });
  }
}
