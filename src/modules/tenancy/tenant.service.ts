// Tenants: each is created with its default warehouse and a first admin, all in one transaction; its settings
// (default currency, time zone, company address, tax id, purchase-order footer) are read by every user and
// changed by admins.
import type { Transaction } from 'kysely';
import { NotFoundError, ValidationError, type FieldErrors } from '../../core/errors.js';
import type { Precondition } from '../../core/precondition.js';
import { checkPrecondition } from '../../db/precondition.js';
import type { DB, Tenant, User, Warehouse } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import { inTransaction } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { isCountryCode } from '../../lib/countries.js';
import type { IdGenerator } from '../../lib/ids.js';
import { fromMinorUnits, isCurrency, toMinorUnits } from '../../lib/money.js';
import { hashPassword } from '../../lib/passwords.js';
import { randomBase62 } from '../../lib/secrets.js';
import { isTimeZone } from '../../lib/time-zones.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import type { WarehouseService } from '../inventory/warehouses/warehouse.service.js';
import type { TenantRepository, TenantUpdate } from './tenant.repository.js';
import { MAX_FOOTER_LENGTH, type TenantResponse, type TenantUpdateBody } from './tenant.schemas.js';
import { validateUserInput, type UserService } from './user.service.js';

/** The tenant's settings as the API presents them. */
export function tenantResource(t: Tenant): TenantResponse {
  return {
    id: t.id,
    name: t.name,
    default_currency: t.default_currency,
    time_zone: t.time_zone,
    address_line1: t.address_line1,
    address_line2: t.address_line2,
    city: t.city,
    region: t.region,
    postal_code: t.postal_code,
    country: t.country,
    tax_id: t.tax_id,
    purchase_order_footer: t.purchase_order_footer,
    sales_approval_threshold:
      t.sales_approval_threshold === null ? null : fromMinorUnits(t.sales_approval_threshold, t.default_currency),
    allocation_strategy: t.allocation_strategy,
    auto_allocate_backorders: t.auto_allocate_backorders,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

/** The optional text settings and their longest length; blank clears them. */
const TEXT_SETTINGS = {
  time_zone: 64,
  address_line1: 255,
  address_line2: 255,
  city: 120,
  region: 120,
  postal_code: 32,
  country: 2,
  tax_id: 64,
  purchase_order_footer: MAX_FOOTER_LENGTH,
} as const;

/** What other modules read of a tenant's settings: the currency of a request that names none. */
export type TenantDefaults = Pick<TenantService, 'defaultCurrency'>;

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

export interface TenantServiceDeps {
  db: Executor;
  tenants: TenantRepository;
  audit: AuditLog;
  users: UserService;
  warehouses: WarehouseService;
  clock: Clock;
  newId: IdGenerator;
}

export class TenantService {
  private readonly db: Executor;
  private readonly tenants: TenantRepository;
  private readonly audit: AuditLog;
  private readonly users: UserService;
  private readonly warehouses: WarehouseService;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: TenantServiceDeps) {
    this.db = deps.db;
    this.tenants = deps.tenants;
    this.audit = deps.audit;
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
    const admin = {
      name: input.adminName ?? 'Administrator',
      email: input.adminEmail,
      password: input.adminPassword,
      role: 'admin' as const,
    };
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
  async get(id: string, db: Executor = this.db): Promise<Tenant> {
    const tenant = await this.tenants.findById(db, id);
    if (!tenant) throw new NotFoundError('Tenant');
    return tenant;
  }

  /**
   * The currency of a request that names none (a product, master product or purchase order created without
   * one, a price filter without one): one read of the tenant's row, through `db`.
   * @throws NotFoundError('Tenant')
   */
  async defaultCurrency(id: string, db: Executor = this.db): Promise<string> {
    const currency = await this.tenants.findDefaultCurrency(db, id);
    if (currency === undefined) throw new NotFoundError('Tenant');
    return currency;
  }

  /** The tenant as printed on documents (name, address, tax id, footer, time zone); undefined when there is none. */
  profileOf(id: string, db: Executor = this.db): Promise<Tenant | undefined> {
    return this.tenants.findById(db, id);
  }

  /**
   * Changes the tenant's settings (partial: only the fields sent), recording `tenant.updated` with the changed
   * fields in the same transaction. Text is trimmed; blank optional text is stored as null. A request that changes
   * no value writes and records nothing.
   * @throws ValidationError naming each bad field: a blank or too long name, a currency that is not ISO 4217, a time
   * zone that is not an IANA name, a country that is not ISO 3166-1 alpha-2, text over its length;
   * NotFoundError('Tenant'); PreconditionFailedError when If-Match names another version.
   */
  async update(id: string, input: TenantUpdateBody, precondition?: Precondition): Promise<Tenant> {
    const changes = this.validChanges(input);
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, id, precondition);
      const current = await this.get(id, trx);
      // The threshold is kept in minor units of the default currency the tenant has after this change.
      if (input.sales_approval_threshold !== undefined) {
        changes.sales_approval_threshold =
          input.sales_approval_threshold === null
            ? null
            : toMinorUnits(input.sales_approval_threshold, changes.default_currency ?? current.default_currency);
      } else if (changes.default_currency !== undefined && current.sales_approval_threshold !== null) {
        // The same amount in units, restated in the new currency's minor units.
        changes.sales_approval_threshold = toMinorUnits(
          fromMinorUnits(current.sales_approval_threshold, current.default_currency),
          changes.default_currency,
        );
      }
      // Sending back what is stored (the resource as read, say) is no change: nothing is written or recorded.
      if (Object.entries(changes).every(([field, value]) => current[field as keyof Tenant] === value)) return current;
      const updated = await this.tenants.update(trx, id, { ...changes, updated_at: this.clock.now().toISOString() });
      if (!updated) throw new NotFoundError('Tenant');
      await this.audit.recordChange(trx, {
        tenantId: id,
        action: 'tenant.updated',
        entityType: 'tenant',
        entityId: id,
        before: tenantResource(current),
        after: tenantResource(updated),
      });
      return updated;
    });
  }

  /** The columns `input` sets, normalised. @throws ValidationError naming every bad field at once. */
  private validChanges(input: TenantUpdateBody): TenantUpdate {
    const errors: FieldErrors = {};
    const changes: TenantUpdate = {};
    if (input.name !== undefined) {
      const name = input.name.trim();
      if (name === '' || name.length > 255) errors.name = ['The name must be 1 to 255 characters.'];
      else changes.name = name;
    }
    if (input.default_currency !== undefined) {
      if (isCurrency(input.default_currency)) changes.default_currency = input.default_currency;
      else
        errors.default_currency = [`The default currency ${input.default_currency} is not an ISO 4217 currency code.`];
    }
    for (const [field, maxLength] of Object.entries(TEXT_SETTINGS) as [keyof typeof TEXT_SETTINGS, number][]) {
      const raw = input[field];
      if (raw === undefined) continue;
      const value = raw === null || raw.trim() === '' ? null : raw.trim();
      if (value !== null && value.length > maxLength)
        errors[field] = [`The ${field.replace(/_/g, ' ')} field must not be greater than ${maxLength} characters.`];
      else if (field === 'time_zone' && value !== null && !isTimeZone(value)) {
        errors[field] = [`The time zone ${value} is not an IANA time zone name (such as Europe/Berlin or UTC).`];
      } else if (field === 'country' && value !== null && !isCountryCode(value)) {
        errors[field] = [`The country ${value} is not an ISO 3166-1 alpha-2 code (such as GB or DE).`];
      } else changes[field] = value;
    }
    if (input.allocation_strategy !== undefined) changes.allocation_strategy = input.allocation_strategy;
    if (input.auto_allocate_backorders !== undefined) changes.auto_allocate_backorders = input.auto_allocate_backorders;
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return changes;
  }

  /** If-Match against the tenant as GET answers it. @throws PreconditionFailedError; NotFoundError('Tenant'). */
  private checkPrecondition(trx: Transaction<DB>, id: string, precondition: Precondition | undefined): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'tenants', tenantId: id, id }, async () =>
      tenantResource(await this.get(id, trx)),
    );
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
  async ensureDefault(
    adminEmail: string,
    adminPassword: string | null,
  ): Promise<{ created: CreatedTenant; generatedPassword: string | null } | null> {
    // Cheap check first: on every start but the first, there is nothing to do and no lock to take.
    if ((await this.tenants.count(this.db)) > 0) return null;
    const password = adminPassword ?? randomBase62(20);
    const passwordHash = await hashPassword(password);
    return inTransaction(this.db, async (trx) => {
      await this.tenants.lockBootstrap(trx);
      if ((await this.tenants.count(trx)) > 0) return null;
      const created = await this.createHashed(
        { name: 'Default', adminEmail, adminPassword: password },
        passwordHash,
        trx,
      );
      return { created, generatedPassword: adminPassword ? null : password };
    });
  }
}
