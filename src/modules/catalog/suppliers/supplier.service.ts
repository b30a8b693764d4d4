// Suppliers: codes unique per tenant among live suppliers (stored upper-case); status changes only through
// activate, deactivate and suspend, each one conditional UPDATE; ratings averaged in SQL; orders only for
// suppliers in ORDERABLE_STATUSES (docs/decisions/catalog-taxonomy.md, Suppliers).
import { BusinessRuleError, NotFoundError, ValidationError } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { withUpdatedSinceBound } from '../../../core/updated-since.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { SupplierStatus } from '../../../db/schema.js';
import { writeUnique } from '../../../db/errors.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { DEFAULT_CURRENCY, fromMinorUnits, toMinorUnits } from '../../../lib/money.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { auditTrail, type AuditTrail } from '../../audit/audit-trail.js';
import { noOrdersSource, type PerformanceSource } from './supplier.performance.js';
import type { Supplier, SupplierFilters, SupplierRepository, SupplierUpdate } from './supplier.repository.js';
import type {
  SupplierCreateBody,
  SupplierRateBody,
  SupplierSuspendBody,
  SupplierUpdateBody,
} from './supplier.schemas.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.js';

/** Suppliers are priced in the tenant's currency; tenants have the default one until they have a currency of their own. */
export const SUPPLIER_CURRENCY = DEFAULT_CURRENCY;

/** The statuses in which a supplier may receive purchase orders. */
export const ORDERABLE_STATUSES: readonly SupplierStatus[] = Object.freeze(['active', 'approved', 'preferred']);

export function canReceiveOrders(status: SupplierStatus): boolean {
  return ORDERABLE_STATUSES.includes(status);
}

const ACTIVATABLE: readonly SupplierStatus[] = ['inactive', 'suspended'];
const DEACTIVATABLE: readonly SupplierStatus[] = ['active'];
/** `blacklisted` is terminal: nothing moves a supplier out of it. */
const TERMINAL: readonly SupplierStatus[] = ['blacklisted'];

/** The audit log's action of each status change. */
const TRANSITION_ACTIONS = {
  activate: 'supplier.activated',
  deactivate: 'supplier.deactivated',
  suspend: 'supplier.suspended',
} as const;

const round2 = (value: number) => Math.round(value * 100) / 100;

export function supplierResource(s: Supplier) {
  return {
    id: s.id,
    name: s.name,
    code: s.code,
    email: s.email,
    phone: s.phone,
    status: s.status,
    type: s.type,
    rating: s.rating === null ? null : round2(s.rating),
    rating_count: s.rating_count,
    is_approved: s.is_approved,
    is_preferred: s.is_preferred,
    address: s.address,
    payment_terms: s.payment_terms,
    lead_time_days: s.lead_time_days,
    minimum_order_amount:
      s.minimum_order_amount === null ? null : fromMinorUnits(s.minimum_order_amount, SUPPLIER_CURRENCY),
    suspension_reason: s.suspension_reason,
    suspended_until: s.suspended_until,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

export interface SupplierRating {
  supplier_id: string;
  rating: number;
  rating_count: number;
  submitted: number;
}

export interface SupplierPerformance {
  orders: { total: number; on_time: number; late: number; on_time_rate: number | null };
  delivery: { average_lead_time_days: number | null; promised_vs_actual: number | null };
  quality: { return_rate: number | null; defect_rate: number | null };
  financial: { total_spend: number; average_order_value: number | null };
  compliance: { approved: boolean; last_audit_date: string | null };
  activity: { last_order_date: string | null; orders_last_90_days: number };
}

/** The unique indexes a write can lose a race on, by field. */
const UNIQUE_INDEXES = { code: 'suppliers_tenant_code_unique' };

function trimmedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw ValidationError.field('name', 'The name field must not be empty.');
  return trimmed;
}

function minorOrNull(amount: number | null): number | null {
  return amount === null ? null : toMinorUnits(amount, SUPPLIER_CURRENCY);
}

export interface SupplierServiceDeps {
  db: Executor;
  suppliers: SupplierRepository;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
  /** The purchasing module's order statistics; without one, every supplier has no orders. */
  performanceSource?: PerformanceSource;
}

export class SupplierService {
  readonly ORDERABLE_STATUSES = ORDERABLE_STATUSES;
  readonly canReceiveOrders = canReceiveOrders;

  private readonly db: Executor;
  private readonly suppliers: SupplierRepository;
  /** The audit entry of a change to one supplier, as the API presents it. */
  private readonly audited: AuditTrail<Supplier>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly performanceSource: PerformanceSource;

  constructor(deps: SupplierServiceDeps) {
    this.db = deps.db;
    this.suppliers = deps.suppliers;
    this.audited = auditTrail(deps.audit, 'supplier', supplierResource);
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.performanceSource = deps.performanceSource ?? noOrdersSource;
  }

  list(tenantId: string, filters: SupplierFilters, page: PageRequest): Promise<Page<Supplier>> {
    return this.suppliers.list(this.db, tenantId, withUpdatedSinceBound(filters), page);
  }

  /** @throws NotFoundError('Supplier'), also for another tenant's or a deleted supplier. */
  async get(tenantId: string, id: string, db: Executor = this.db): Promise<Supplier> {
    const supplier = await this.suppliers.findById(db, tenantId, id);
    if (!supplier) throw new NotFoundError('Supplier');
    return supplier;
  }

  /** The live supplier with this code, any case. */
  async byCode(tenantId: string, code: string, db: Executor = this.db): Promise<Supplier | undefined> {
    return this.suppliers.findByCode(db, tenantId, code);
  }

  /** Live suppliers with this name, ignoring case; at most two (enough to tell that a name is ambiguous). */
  async byName(tenantId: string, name: string, db: Executor = this.db): Promise<Supplier[]> {
    return this.suppliers.findByName(db, tenantId, name);
  }

  /** For product responses: the live suppliers among `ids`, by id. */
  async byIds(tenantId: string, ids: readonly string[], db: Executor = this.db): Promise<Map<string, Supplier>> {
    return new Map((await this.suppliers.findByIds(db, tenantId, [...new Set(ids)])).map((s) => [s.id, s]));
  }

  /**
   * The supplier, when a purchase order may be placed with it (status in ORDERABLE_STATUSES).
   * @throws NotFoundError('Supplier'); BusinessRuleError naming the status otherwise.
   */
  async assertOrderable(tenantId: string, supplierId: string, db: Executor = this.db): Promise<Supplier> {
    const supplier = await this.get(tenantId, supplierId, db);
    if (!canReceiveOrders(supplier.status)) {
      throw new BusinessRuleError(
        'supplier_not_orderable',
        `Orders cannot be placed with a supplier whose status is ${supplier.status}; the supplier must be ${ORDERABLE_STATUSES.join(', ')}.`,
      );
    }
    return supplier;
  }

  /**
   * Creates a supplier in status `inactive`, its code upper-cased.
   * @throws ValidationError when the code is taken by a live supplier of this tenant.
   */
  async create(tenantId: string, input: SupplierCreateBody, db: Executor = this.db): Promise<Supplier> {
    const name = trimmedName(input.name);
    return inTransaction(db, async (trx) => {
      const now = this.clock.now().toISOString();
      const created = await writeUnique(UNIQUE_INDEXES, () =>
        this.suppliers.insert(trx, {
          id: this.newId(),
          tenant_id: tenantId,
          name,
          code: input.code.toUpperCase(),
          email: input.email,
          phone: input.phone ?? null,
          status: 'inactive',
          type: input.type ?? null,
          rating: null,
          rating_count: 0,
          is_approved: input.is_approved ?? false,
          is_preferred: input.is_preferred ?? false,
          address: input.address ?? null,
          payment_terms: input.payment_terms ?? null,
          lead_time_days: input.lead_time_days ?? null,
          minimum_order_amount: minorOrNull(input.minimum_order_amount ?? null),
          suspension_reason: null,
          suspended_until: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        }),
      );
      await this.audited(trx, 'supplier.created', null, created);
      return created;
    });
  }

  /**
   * Partial update of the fields sent; status is not writable here.
   * @throws NotFoundError('Supplier'); ValidationError for a taken code.
   */
  async update(
    tenantId: string,
    id: string,
    input: SupplierUpdateBody,
    precondition?: Precondition,
  ): Promise<Supplier> {
    const changes: SupplierUpdate = { updated_at: this.clock.now().toISOString() };
    if (input.name !== undefined) changes.name = trimmedName(input.name);
    if (input.code !== undefined) changes.code = input.code.toUpperCase();
    if (input.email !== undefined) changes.email = input.email;
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.type !== undefined) changes.type = input.type;
    if (input.is_approved !== undefined) changes.is_approved = input.is_approved;
    if (input.is_preferred !== undefined) changes.is_preferred = input.is_preferred;
    if (input.address !== undefined) changes.address = input.address;
    if (input.payment_terms !== undefined) changes.payment_terms = input.payment_terms;
    if (input.lead_time_days !== undefined) changes.lead_time_days = input.lead_time_days;
    if (input.minimum_order_amount !== undefined)
      changes.minimum_order_amount = minorOrNull(input.minimum_order_amount);
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      const updated = await writeUnique(UNIQUE_INDEXES, () => this.suppliers.update(trx, tenantId, id, changes));
      if (!updated) throw new NotFoundError('Supplier');
      await this.audited(trx, 'supplier.updated', current, updated);
      return updated;
    });
  }

  /**
   * Soft delete: the supplier disappears from reads and its code becomes free; its ratings and product
   * links stay.
   * @throws NotFoundError('Supplier').
   */
  async remove(tenantId: string, id: string, precondition?: Precondition): Promise<void> {
    const now = this.clock.now().toISOString();
    await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const supplier = await this.get(tenantId, id, trx);
      await this.suppliers.softDelete(trx, tenantId, id, now);
      await this.audited(trx, 'supplier.deleted', supplier, null);
    });
  }

  /**
   * inactive or suspended -> active; clears the suspension.
   * @throws NotFoundError('Supplier'); BusinessRuleError naming the current status.
   */
  async activate(tenantId: string, id: string, precondition?: Precondition): Promise<Supplier> {
    return this.transition(
      tenantId,
      id,
      'activate',
      { from: ACTIVATABLE },
      { status: 'active', suspension_reason: null, suspended_until: null },
      precondition,
    );
  }

  /**
   * active -> inactive.
   * @throws NotFoundError('Supplier'); BusinessRuleError naming the current status.
   */
  async deactivate(tenantId: string, id: string, precondition?: Precondition): Promise<Supplier> {
    return this.transition(tenantId, id, 'deactivate', { from: DEACTIVATABLE }, { status: 'inactive' }, precondition);
  }

  /**
   * Any status but blacklisted -> suspended, with the reason and an optional end date (today or later).
   * Suspending a suspended supplier replaces its reason and end date.
   * @throws NotFoundError('Supplier'); ValidationError for a past date; BusinessRuleError for a blacklisted supplier.
   */
  async suspend(
    tenantId: string,
    id: string,
    input: SupplierSuspendBody,
    precondition?: Precondition,
  ): Promise<Supplier> {
    const until = input.suspended_until ?? null;
    const today = this.clock.now().toISOString().slice(0, 10);
    if (until !== null && until < today) {
      throw ValidationError.field('suspended_until', 'The suspended until field must be a date today or later.');
    }
    const reason = input.reason.trim();
    if (reason === '') throw ValidationError.field('reason', 'The reason field must not be empty.');
    return this.transition(
      tenantId,
      id,
      'suspend',
      { notFrom: TERMINAL },
      { status: 'suspended', suspension_reason: reason, suspended_until: until },
      precondition,
    );
  }

  private async transition(
    tenantId: string,
    id: string,
    verb: 'activate' | 'deactivate' | 'suspend',
    allowed: { from: readonly SupplierStatus[] } | { notFrom: readonly SupplierStatus[] },
    changes: SupplierUpdate,
    precondition: Precondition | undefined,
  ): Promise<Supplier> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      const moved = await this.suppliers.transition(trx, tenantId, id, allowed, {
        ...changes,
        updated_at: this.clock.now().toISOString(),
      });
      if (moved) {
        await this.audited(trx, TRANSITION_ACTIONS[verb], current, moved);
        return moved;
      }
      const rule =
        'from' in allowed
          ? `only ${allowed.from.join(' or ')} suppliers can be ${verb}d`
          : `${allowed.notFrom.join(', ')} is final`;
      throw new BusinessRuleError(
        'invalid_transition',
        `Cannot ${verb} a supplier whose status is ${current.status}; ${rule}.`,
      );
    });
  }

  /**
   * Stores a rating by `userId` and sets the supplier's `rating` to the average of all its ratings and
   * `rating_count` to their number, in one transaction. The supplier row is touched first so that, on
   * PostgreSQL, concurrent ratings of one supplier queue on its row lock and each average sees every
   * committed rating (SQLite transactions are serial already).
   * @throws NotFoundError('Supplier').
   */
  async rate(
    tenantId: string,
    id: string,
    userId: string | null,
    input: SupplierRateBody,
    precondition?: Precondition,
  ): Promise<SupplierRating> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const now = this.clock.now().toISOString();
      const locked = await this.suppliers.update(trx, tenantId, id, { updated_at: now });
      if (!locked) throw new NotFoundError('Supplier');
      await this.suppliers.insertRating(trx, {
        id: this.newId(),
        tenant_id: tenantId,
        supplier_id: id,
        rating: input.rating,
        notes: input.notes ?? null,
        rated_by: userId,
        created_at: now,
      });
      const updated = await this.suppliers.refreshRating(trx, tenantId, id, now);
      if (!updated || updated.rating === null) throw new NotFoundError('Supplier');
      await this.audited(trx, 'supplier.rated', locked, updated);
      return {
        supplier_id: id,
        rating: round2(updated.rating),
        rating_count: updated.rating_count,
        submitted: input.rating,
      };
    });
  }

  /**
   * Performance computed at request time from the PerformanceSource the service was built with (no orders
   * without one): counts and sums 0, rates and averages null when there is nothing to divide.
   * @throws NotFoundError('Supplier').
   */
  async performance(tenantId: string, id: string): Promise<SupplierPerformance> {
    const supplier = await this.get(tenantId, id);
    const source = this.performanceSource;
    const [stats, lastAudit] = await Promise.all([
      source.orderStats(this.db, tenantId, id, this.clock.now()),
      source.lastAuditDate ? source.lastAuditDate(this.db, tenantId, id) : Promise.resolve(null),
    ]);
    const delivered = stats.on_time + stats.late;
    return {
      orders: {
        total: stats.total,
        on_time: stats.on_time,
        late: stats.late,
        on_time_rate: delivered === 0 ? null : round2((stats.on_time / delivered) * 100),
      },
      delivery: { average_lead_time_days: stats.average_lead_time_days, promised_vs_actual: stats.promised_vs_actual },
      quality: { return_rate: stats.return_rate, defect_rate: stats.defect_rate },
      financial: {
        total_spend: fromMinorUnits(stats.total_spend_minor, SUPPLIER_CURRENCY),
        average_order_value:
          stats.total === 0
            ? null
            : fromMinorUnits(Math.round(stats.total_spend_minor / stats.total), SUPPLIER_CURRENCY),
      },
      compliance: { approved: supplier.is_approved, last_audit_date: lastAudit },
      activity: { last_order_date: stats.last_order_date, orders_last_90_days: stats.orders_last_90_days },
    };
  }

  /** If-Match against the supplier as GET answers it. @throws PreconditionFailedError; NotFoundError. */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'suppliers', tenantId, id }, async () =>
      supplierResource(await this.get(tenantId, id, trx)),
    );
  }
}
