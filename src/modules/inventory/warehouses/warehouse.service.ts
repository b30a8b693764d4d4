// Warehouses: every tenant has exactly one default (a null warehouse_id means it); codes are unique
// per tenant and stored upper-case.
import { BusinessRuleError, NotFoundError } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { withUpdatedSinceBound } from '../../../core/updated-since.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { Warehouse, WarehouseUpdate } from '../../../db/schema.js';
import { writeUnique } from '../../../db/errors.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { auditTrail, type AuditTrail } from '../../audit/audit-trail.js';
import type { WarehouseFilters, WarehouseRepository } from './warehouse.repository.js';
import type { WarehouseCreateBody, WarehouseUpdateBody } from './warehouse.schemas.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.js';

const DEFAULT_MUST_BE_ACTIVE = 'The default warehouse cannot be inactive.';
const DEFAULT_CANNOT_BE_DELETED = 'The default warehouse cannot be deleted: make another warehouse the default first.';
const holdsStock = (held: { on_hand: number; reserved: number }) =>
  `The warehouse cannot be deleted while it holds stock. On hand: ${held.on_hand}, Reserved: ${held.reserved}`;

export function warehouseResource(w: Warehouse) {
  return {
    id: w.id,
    name: w.name,
    code: w.code,
    type: w.type,
    is_default: w.is_default,
    is_active: w.is_active,
    address: w.address,
    allocation_rank: w.allocation_rank,
    created_at: w.created_at,
    updated_at: w.updated_at,
  };
}

/** The unique indexes a write can lose a race on, by field. */
const UNIQUE_INDEXES = { code: 'warehouses_tenant_code_unique' };

export interface WarehouseServiceDeps {
  db: Executor;
  warehouses: WarehouseRepository;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
}

export class WarehouseService {
  private readonly db: Executor;
  private readonly warehouses: WarehouseRepository;
  /** The audit entry of a change to one warehouse, as the API presents it. */
  private readonly audited: AuditTrail<Warehouse>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: WarehouseServiceDeps) {
    this.db = deps.db;
    this.warehouses = deps.warehouses;
    this.audited = auditTrail(deps.audit, 'warehouse', warehouseResource);
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  list(tenantId: string, filters: WarehouseFilters, page: PageRequest): Promise<Page<Warehouse>> {
    return this.warehouses.list(this.db, tenantId, withUpdatedSinceBound(filters), page);
  }

  /** @throws NotFoundError('Warehouse'), also for another tenant's warehouse. */
  /** For imports: the live warehouse with this code, in any case. */
  idByCode(tenantId: string, code: string, db: Executor = this.db): Promise<string | undefined> {
    return this.warehouses.idByCode(db, tenantId, code);
  }

  async get(tenantId: string, id: string, db: Executor = this.db): Promise<Warehouse> {
    const warehouse = await this.warehouses.findById(db, tenantId, id);
    if (!warehouse) throw new NotFoundError('Warehouse');
    return warehouse;
  }

  /**
   * The warehouse a null `warehouse_id` means; or the given one, checked to belong to the tenant. Inside a
   * transaction it cannot be deleted until that transaction ends (stock changes resolve their warehouse here).
   * @throws NotFoundError('Warehouse'), also for a deleted or another tenant's warehouse.
   */
  async resolve(tenantId: string, id: string | null | undefined, db: Executor = this.db): Promise<Warehouse> {
    const warehouse = id
      ? await this.warehouses.findById(db, tenantId, id, 'use')
      : await this.warehouses.findDefault(db, tenantId, 'use');
    if (!warehouse) throw new NotFoundError('Warehouse');
    return warehouse;
  }

  /**
   * `resolve` for many given warehouses at once, in one read: the warehouses by id.
   * @throws NotFoundError('Warehouse') when any is missing, deleted or another tenant's.
   */
  async resolveMany(tenantId: string, ids: readonly string[], db: Executor = this.db): Promise<Map<string, Warehouse>> {
    const unique = [...new Set(ids)];
    const found = new Map((await this.warehouses.findByIds(db, tenantId, unique, 'use')).map((w) => [w.id, w]));
    if (found.size !== unique.length) throw new NotFoundError('Warehouse');
    return found;
  }

  /** The `Main Warehouse` (`MAIN`) every new tenant starts with. */
  async createDefault(tenantId: string, db: Executor = this.db): Promise<Warehouse> {
    return this.create(tenantId, { name: 'Main Warehouse', code: 'MAIN', type: 'main', is_default: true }, db);
  }

  /**
   * Creates a warehouse; making it the default unsets the previous default in the same transaction.
   * @throws ValidationError when the code is taken in this tenant.
   */
  async create(tenantId: string, input: WarehouseCreateBody, db: Executor = this.db): Promise<Warehouse> {
    return inTransaction(db, async (trx) => {
      const now = this.clock.now().toISOString();
      const hasDefault = (await this.warehouses.findDefault(trx, tenantId)) !== undefined;
      const isDefault = input.is_default === true || !hasDefault;
      if (isDefault && input.is_active === false)
        throw new BusinessRuleError('default_warehouse_required', DEFAULT_MUST_BE_ACTIVE);
      if (isDefault) await this.warehouses.clearDefault(trx, tenantId, null, now);
      const created = await writeUnique(UNIQUE_INDEXES, () =>
        this.warehouses.insert(trx, {
          id: this.newId(),
          tenant_id: tenantId,
          name: input.name.trim(),
          code: input.code.toUpperCase(),
          type: input.type ?? 'main',
          is_default: isDefault,
          is_active: input.is_active ?? true,
          address: input.address ?? null,
          allocation_rank: input.allocation_rank ?? null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        }),
      );
      await this.audited(trx, 'warehouse.created', null, created);
      return created;
    });
  }

  /**
   * Partial update. The default cannot be unset directly (make another warehouse the default), and the
   * default warehouse cannot be deactivated.
   * @throws NotFoundError('Warehouse'); ValidationError for a taken code; BusinessRuleError.
   */
  async update(
    tenantId: string,
    id: string,
    input: WarehouseUpdateBody,
    precondition?: Precondition,
  ): Promise<Warehouse> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      if (input.is_default === false && current.is_default) {
        throw new BusinessRuleError(
          'default_warehouse_required',
          'A tenant must keep one default warehouse: make another warehouse the default instead.',
        );
      }
      const willBeDefault = input.is_default ?? current.is_default;
      if (willBeDefault && input.is_active === false) {
        throw new BusinessRuleError('default_warehouse_required', DEFAULT_MUST_BE_ACTIVE);
      }
      const now = this.clock.now().toISOString();
      if (input.is_default === true && !current.is_default) await this.warehouses.clearDefault(trx, tenantId, id, now);
      const changes: WarehouseUpdate = { updated_at: now };
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.code !== undefined) changes.code = input.code.toUpperCase();
      if (input.type !== undefined) changes.type = input.type;
      if (input.is_default !== undefined) changes.is_default = input.is_default;
      if (input.is_active !== undefined) changes.is_active = input.is_active;
      if (input.address !== undefined) changes.address = input.address;
      if (input.allocation_rank !== undefined) changes.allocation_rank = input.allocation_rank;
      const updated = await writeUnique(UNIQUE_INDEXES, () => this.warehouses.update(trx, tenantId, id, changes));
      if (!updated) throw new NotFoundError('Warehouse');
      await this.audited(trx, 'warehouse.updated', current, updated);
      return updated;
    });
  }

  /**
   * Soft-deletes a warehouse; its code becomes free again and its movements keep naming it.
   * @throws NotFoundError('Warehouse'); BusinessRuleError for the default warehouse, or while any of its
   * records has stock on hand or reserved.
   */
  async remove(tenantId: string, id: string, precondition?: Precondition, db: Executor = this.db): Promise<void> {
    await inTransaction(db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      // Locked first: stock changes in flight commit before the stock check below reads.
      const current = await this.warehouses.findById(trx, tenantId, id, 'delete');
      if (!current) throw new NotFoundError('Warehouse');
      if (current.is_default) throw new BusinessRuleError('default_warehouse_required', DEFAULT_CANNOT_BE_DELETED);
      const held = await this.warehouses.stockHeld(trx, tenantId, id);
      if (held.on_hand > 0 || held.reserved > 0) throw new BusinessRuleError('holds_stock', holdsStock(held));
      // Stock or the default flag may have arrived since the reads above: the delete checks both again.
      if (!(await this.warehouses.softDeleteEmpty(trx, tenantId, id, this.clock.now().toISOString()))) {
        const again = await this.get(tenantId, id, trx);
        if (again.is_default) throw new BusinessRuleError('default_warehouse_required', DEFAULT_CANNOT_BE_DELETED);
        throw new BusinessRuleError('holds_stock', holdsStock(await this.warehouses.stockHeld(trx, tenantId, id)));
      }
      await this.audited(trx, 'warehouse.deleted', current, null);
    });
  }

  /** If-Match against the warehouse as GET answers it. @throws PreconditionFailedError; NotFoundError. */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'warehouses', tenantId, id }, async () =>
      warehouseResource(await this.get(tenantId, id, trx)),
    );
  }
}
