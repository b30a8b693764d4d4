// The inventory record endpoints: adjust, reserve and release, each in its own transaction through the stock
// ledger (stock-ledger.ts), and the reads of records and of the ledger's reconciliation.
import type { Transaction } from 'kysely';
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { withUpdatedSinceBound } from '../../../core/updated-since.js';
import type { DB, Warehouse } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import { traitsOf } from '../../catalog/products/product-types.js';
import type { WarehouseService } from '../warehouses/warehouse.service.js';
import type { AppliedChange, StockLedger } from './stock-ledger.js';
import {
  changedRecordResource,
  inventoryResource,
  type ChangedRecord,
  type InventoryResource,
} from './stock.presenter.js';
import { reservationResource, type ReservationResource } from './reservation.presenter.js';
import type { StockReservation } from './reservation.repository.js';
import type {
  DailyFlowDifference,
  DailyUsageDifference,
  InventoryListFilters,
  ReconcileRow,
  ReportStateDifference,
  StockProduct,
  StockRepository,
} from './stock.repository.js';

/** The adjust endpoint's input. */
export interface AdjustInput {
  product_id: string;
  warehouse_id?: string | null;
  quantity: number;
  reason: string;
  notes?: string | null;
  reference_type?: string | null;
  reference_id?: string | null;
}

/** The reserve and release endpoints' input. */
export interface ReserveInput {
  product_id: string;
  warehouse_id?: string | null;
  quantity: number;
  notes?: string | null;
  reference_type?: string | null;
  reference_id?: string | null;
}

/** The release endpoint's input: a reservation's own release when it names one. */
export interface ReleaseInput extends ReserveInput {
  reservation_id?: string | null;
}

/** The reserve endpoint's answer: the record, its movement and the reservation opened. */
export type ReservedRecord = ChangedRecord & { reservation: ReservationResource };
/** The release endpoint's answer: the record, its movement and the reservations taken from. */
export type ReleasedRecord = ChangedRecord & { reservations: ReservationResource[] };

/** The audit action of each endpoint's change. */
const AUDITED = {
  adjustment: 'inventory.adjusted',
  reservation: 'inventory.reserved',
  release: 'inventory.released',
} as const;

export interface StockServiceDeps {
  db: Executor;
  stock: StockRepository;
  ledger: StockLedger;
  warehouses: WarehouseService;
}

export class StockService {
  private readonly db: Executor;
  private readonly stock: StockRepository;
  private readonly ledger: StockLedger;
  private readonly warehouses: WarehouseService;

  constructor(deps: StockServiceDeps) {
    this.db = deps.db;
    this.stock = deps.stock;
    this.ledger = deps.ledger;
    this.warehouses = deps.warehouses;
  }

  /**
   * Adjusts on-hand stock (POST /operations/inventory/adjust): one `adjustment` movement.
   * @throws ValidationError on product_id (unknown, other tenant, deleted, not holding inventory), warehouse_id
   * (unknown, other tenant) or a zero quantity; BusinessRuleError `Stock cannot be negative. Current: <n>, Adjustment: <n>`.
   */
  async adjust(
    tenantId: string,
    userId: string | null,
    input: AdjustInput,
    precondition?: Precondition,
  ): Promise<ChangedRecord> {
    if (input.quantity === 0) throw ValidationError.field('quantity', 'The quantity must not be 0.');
    return this.changeRecord(tenantId, input, precondition, 'adjustment', (trx, warehouse) =>
      this.ledger.applyOnHand(trx, {
        ...changeOf(tenantId, userId, input, warehouse),
        type: 'adjustment',
        reason: input.reason,
      }),
    );
  }

  /**
   * Reserves available stock (POST /operations/inventory/reserve) as one active manual reservation.
   * @throws ValidationError on product_id or warehouse_id as `adjust`; BusinessRuleError `Insufficient available stock. Available: <n>, Requested: <n>`.
   */
  async reserveStock(
    tenantId: string,
    userId: string | null,
    input: ReserveInput,
    precondition?: Precondition,
  ): Promise<ReservedRecord> {
    let reservation: StockReservation | undefined;
    const changed = await this.changeRecord(tenantId, input, precondition, 'reservation', async (trx, warehouse) => {
      const applied = await this.ledger.applyReservation(trx, changeOf(tenantId, userId, input, warehouse));
      reservation = applied.reservation;
      return applied;
    });
    return { ...changed, reservation: reservationResource(reservation!) };
  }

  /**
   * Releases reserved stock (POST /operations/inventory/release): of the reservation named, else of the manual
   * reservations of the product in the warehouse (of the reference given), oldest first (StockLedger.applyRelease).
   * @throws ValidationError on product_id or warehouse_id as `adjust`, on reservation_id; ConflictError
   * `reservation_held_by_order`; BusinessRuleError `Cannot release more than is reserved. Reserved: <n>, Requested: <n>`.
   */
  async releaseStock(
    tenantId: string,
    userId: string | null,
    input: ReleaseInput,
    precondition?: Precondition,
  ): Promise<ReleasedRecord> {
    let reservations: StockReservation[] = [];
    const changed = await this.changeRecord(tenantId, input, precondition, 'release', async (trx, warehouse) => {
      const applied = await this.ledger.applyRelease(trx, {
        ...changeOf(tenantId, userId, input, warehouse),
        reservationId: input.reservation_id ?? null,
      });
      reservations = applied.reservations;
      return applied;
    });
    return { ...changed, reservations: reservations.map(reservationResource) };
  }

  /** @throws NotFoundError('Inventory record') also for another tenant's record. */
  async get(tenantId: string, id: string): Promise<InventoryResource> {
    const row = await this.stock.recordById(this.db, tenantId, id);
    if (!row) throw new NotFoundError('Inventory record');
    return inventoryResource(row);
  }

  async list(tenantId: string, filters: InventoryListFilters, page: PageRequest): Promise<Page<InventoryResource>> {
    const result = await this.stock.listRecords(this.db, tenantId, withUpdatedSinceBound(filters), page);
    return { ...result, items: result.items.map(inventoryResource) };
  }

  /**
   * Records whose quantities differ from their movement sums, days whose kept usage or units in and out differ
   * from the ledger, and records whose kept report fields differ from their settings and product: all empty while
   * the invariants hold.
   */
  async reconcile(tenantId: string): Promise<{
    records: ReconcileRow[];
    daily_usage: DailyUsageDifference[];
    daily_flow: DailyFlowDifference[];
    report_state: ReportStateDifference[];
  }> {
    const [records, dailyUsage, dailyFlow, reportState] = await Promise.all([
      this.stock.reconcile(this.db, tenantId),
      this.stock.dailyUsageDifferences(this.db, tenantId),
      this.stock.dailyFlowDifferences(this.db, tenantId),
      this.stock.reportStateDifferences(this.db, tenantId),
    ]);
    return { records, daily_usage: dailyUsage, daily_flow: dailyFlow, report_state: reportState };
  }

  /**
   * One endpoint's change, in its transaction: the target checked, the record's If-Match, the change by
   * `apply`, its audit entry; answers the record after the change with its movement.
   */
  private changeRecord(
    tenantId: string,
    input: AdjustInput | ReserveInput,
    precondition: Precondition | undefined,
    type: keyof typeof AUDITED,
    apply: (trx: Transaction<DB>, warehouse: Warehouse) => Promise<AppliedChange>,
  ): Promise<ChangedRecord> {
    return inTransaction(this.db, async (trx) => {
      const warehouse = await this.checkTarget(trx, tenantId, input);
      await this.ledger.checkRecordPrecondition(trx, tenantId, input.product_id, warehouse.id, precondition);
      const applied = await apply(trx, warehouse);
      const changed = await this.changedRecord(trx, tenantId, applied);
      await this.ledger.audited(trx, tenantId, AUDITED[type], changed, applied.movement);
      return changed;
    });
  }

  /** The endpoint's answer: the record after the change (as its events read it, else read now) and the movement. */
  private async changedRecord(
    trx: Transaction<DB>,
    tenantId: string,
    { movement, row: read }: AppliedChange,
  ): Promise<ChangedRecord> {
    const row = read ?? (await this.stock.recordOf(trx, tenantId, movement.product_id, movement.warehouse_id));
    if (!row) throw new Error('The inventory record of a movement just written is missing.');
    return changedRecordResource(row, movement);
  }

  /**
   * The product and warehouse of a request body, checked: the product must be live, of this tenant, of a type
   * that holds inventory and tracking it; the warehouse (default when null) of this tenant. Answers the warehouse.
   * @throws ValidationError keyed `product_id` or `warehouse_id`.
   */
  private async checkTarget(
    db: Executor,
    tenantId: string,
    input: { product_id: string; warehouse_id?: string | null },
  ): Promise<Warehouse> {
    const product = await this.stock.findProduct(db, tenantId, input.product_id);
    const problem = productProblem(product);
    if (problem) throw ValidationError.field('product_id', problem);
    try {
      return await this.warehouses.resolve(tenantId, input.warehouse_id ?? null, db);
    } catch (error) {
      if (error instanceof NotFoundError)
        throw ValidationError.field('warehouse_id', 'The selected warehouse id is invalid.');
      throw error;
    }
  }
}

/** The ledger's change of an endpoint's body, in the warehouse checked. */
function changeOf(tenantId: string, userId: string | null, input: ReserveInput, warehouse: Warehouse) {
  return {
    tenantId,
    productId: input.product_id,
    warehouse,
    quantity: input.quantity,
    notes: input.notes ?? null,
    referenceType: input.reference_type ?? null,
    referenceId: input.reference_id ?? null,
    userId,
  };
}

function productProblem(product: StockProduct | undefined): string | null {
  if (!product) return 'The selected product id is invalid.';
  if (!traitsOf(product.type).has_inventory) return `Products of type ${product.type} do not hold inventory.`;
  if (!product.track_inventory) return 'The product does not track inventory.';
  return null;
}
