// Stock changes: every change of a record's on-hand or reserved quantity writes one immutable movement, moves
// the product's totals and runs the stock automation (status, low-stock and out-of-stock events), all in the
// caller's transaction.
import type { Transaction } from 'kysely';
import { BusinessRuleError, NotFoundError, PreconditionFailedError, ValidationError } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { withUpdatedSinceBound } from '../../../core/updated-since.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { DB, ProductStatus, StockMovementType, Warehouse } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { resourceTrail, type ResourceTrail } from '../../audit/audit-trail.js';
import { traitsOf } from '../../catalog/products/product-types.js';
import type { DomainEvent, EventRecorder } from '../../events/event-recorder.js';
import type { WarehouseService } from '../warehouses/warehouse.service.js';
import { effectiveReorderPoint, isRecordLowStock, recordStock, type RecordProduct } from './low-stock.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type {
  InventoryListFilters,
  InventoryRecord,
  InventoryRecordRow,
  NewStockMovement,
  ReconcileRow,
  StockMovement,
  StockProduct,
  StockRecordWithWarehouse,
  StockRepository,
} from './stock.repository.js';

/**
 * A product's stock totals after a change, for the status automation and low-stock detection, with the name
 * and SKU that the changed record's resource shows.
 */
export interface ProductTotals {
  stock_quantity: number;
  reserved_quantity: number;
  reorder_point: number | null;
  name: string;
  sku: string;
  status: ProductStatus;
  track_inventory: boolean;
}

/**
 * The product side of every stock change, kept by the catalog's product repository: the product's totals
 * (the sums of its records) and the status they imply. Each runs in the caller's transaction.
 */
export interface ProductStock {
  /**
   * Adds to the product's on-hand and reserved totals; answers the totals after the change. A change on hand
   * also moves a tracked product between active and out_of_stock as its new total says.
   */
  changeStockTotals(
    db: Executor,
    tenantId: string,
    productId: string,
    change: { onHand: number; reserved: number },
    at: string,
  ): Promise<ProductTotals | undefined>;
  /** `changeStockTotals` of on-hand additions to many distinct products at once. */
  addStockTotals(
    db: Executor,
    tenantId: string,
    additions: ReadonlyArray<{ productId: string; onHand: number }>,
    at: string,
  ): Promise<void>;
  /** Adds `onHand` to the on-hand total of each product. */
  addStockToMany(
    db: Executor,
    tenantId: string,
    productIds: readonly string[],
    onHand: number,
    at: string,
  ): Promise<void>;
}

/** Products per batch of the batched stock changes: movements have 14 columns, so some 3,500 parameters per insert. */
const STOCK_BATCH = 250;

/** Where a change happens: the warehouse already resolved in this transaction, else `warehouseId`, else the tenant's default. */
interface ChangeTarget {
  warehouse?: Warehouse;
  warehouseId?: string | null;
}

export interface OnHandChange extends ChangeTarget {
  tenantId: string;
  productId: string;
  /** Signed, not 0. */
  quantity: number;
  type: StockMovementType;
  reason?: string | null;
  notes?: string | null;
  referenceType?: string | null;
  referenceId?: string | null;
  userId?: string | null;
  /** The movement's timestamp, when several movements must share one instant (a transfer's pair); default now. */
  at?: string;
}

/** Movement types of the additions `addOnHandMany` writes: none has an event of its own. */
export type AdditionType = Extract<StockMovementType, 'purchase_receipt'>;

/** What the additions of one `addOnHandMany` share. */
export interface Additions {
  tenantId: string;
  type: AdditionType;
  reason?: string | null;
  referenceType?: string | null;
  referenceId?: string | null;
  userId?: string | null;
  at?: string;
}

/** One addition of `addOnHandMany`: a positive quantity of a product into a warehouse. */
export interface Addition {
  productId: string;
  warehouseId: string;
  quantity: number;
  notes?: string | null;
}

const pairKey = (productId: string, warehouseId: string) => `${productId}/${warehouseId}`;

/** A change of reserved stock: reserve or release. */
export interface ReservedChange extends ChangeTarget {
  tenantId: string;
  productId: string;
  /** Positive. */
  quantity: number;
  reason?: string | null;
  notes?: string | null;
  referenceType?: string | null;
  referenceId?: string | null;
  userId?: string | null;
}

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

/** The inventory record resource, as `GET /operations/inventory/{id}` answers it (the OpenAPI document). */
export function inventoryResource(r: InventoryRecordRow) {
  return {
    id: r.id,
    product_id: r.product_id,
    warehouse_id: r.warehouse_id,
    quantity_on_hand: r.quantity_on_hand,
    quantity_reserved: r.quantity_reserved,
    quantity_available: r.quantity_on_hand - r.quantity_reserved,
    reorder_point: r.reorder_point,
    reorder_quantity: r.reorder_quantity,
    ...recordStock(r, {
      reorder_point: r.product_reorder_point,
      status: r.product_status,
      deleted_at: r.product_deleted_at,
      track_inventory: r.track_inventory,
    }),
    last_counted_at: r.last_counted_at,
    last_movement_at: r.last_movement_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
    warehouse: { id: r.warehouse_id, name: r.warehouse_name, code: r.warehouse_code },
    product: { id: r.product_id, name: r.product_name, sku: r.product_sku },
  };
}
export type InventoryResource = ReturnType<typeof inventoryResource>;

/** The ledger row of a change that moved `quantity` of a product in a warehouse and left `after` on hand or reserved. */
function movementRow(
  id: string,
  change: {
    tenantId: string;
    reason?: string | null;
    notes?: string | null;
    referenceType?: string | null;
    referenceId?: string | null;
    userId?: string | null;
  },
  productId: string,
  warehouseId: string,
  type: StockMovementType,
  quantity: number,
  after: number,
  at: string,
): NewStockMovement {
  return {
    id,
    tenant_id: change.tenantId,
    product_id: productId,
    warehouse_id: warehouseId,
    type,
    quantity,
    quantity_before: after - quantity,
    quantity_after: after,
    reason: change.reason ?? null,
    notes: change.notes ?? null,
    reference_type: change.referenceType ?? null,
    reference_id: change.referenceId ?? null,
    created_by: change.userId ?? null,
    created_at: at,
  };
}

/** The movement summary answered with adjust, reserve and release and carried by their events. */
export function movementSummary(m: StockMovement) {
  return {
    id: m.id,
    type: m.type,
    quantity: m.quantity,
    quantity_before: m.quantity_before,
    quantity_after: m.quantity_after,
    reason: m.reason,
    notes: m.notes,
    reference_type: m.reference_type,
    reference_id: m.reference_id,
    created_by: m.created_by,
    created_at: m.created_at,
  };
}

/** An inventory record after a change, with the movement that made it. */
export type ChangedRecord = InventoryResource & { movement: ReturnType<typeof movementSummary> };

/** The record as the audit log keeps it: the resource without the fields derived from the product's. */
type AuditedRecord = Omit<InventoryResource, 'effective_reorder_point' | 'is_low_stock' | 'stock_status'>;

/** The record as it was before `movement` changed the quantity it moved (as it is, without one). */
function beforeMovement(after: AuditedRecord, movement: StockMovement | null): AuditedRecord {
  if (!movement) return after;
  const moved =
    movement.type === 'reservation' || movement.type === 'release' ? 'quantity_reserved' : 'quantity_on_hand';
  const was = { ...after, [moved]: movement.quantity_before };
  return { ...was, quantity_available: was.quantity_on_hand - was.quantity_reserved };
}

/** A change as written: its movement, and the record's row when its events read it. */
interface AppliedChange {
  movement: StockMovement;
  row: InventoryRecordRow | undefined;
}

const RELEASE_REASON = 'Stock released';
const RESERVE_REASON = 'Stock reserved';

export interface StockServiceDeps {
  stock: StockRepository;
  warehouses: WarehouseService;
  events: EventRecorder;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
  db: Executor;
  /** The product totals and stock status the ledger keeps, which the catalog owns. */
  products: ProductStock;
}

export class StockService {
  private readonly stock: StockRepository;
  private readonly warehouses: WarehouseService;
  private readonly events: EventRecorder;
  private readonly trail: ResourceTrail<AuditedRecord>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly db: Executor;
  private readonly products: ProductStock;

  constructor(deps: StockServiceDeps) {
    this.stock = deps.stock;
    this.warehouses = deps.warehouses;
    this.events = deps.events;
    this.trail = resourceTrail(deps.audit, 'inventory');
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.db = deps.db;
    this.products = deps.products;
  }

  /** Creates the empty record of a product in a warehouse when missing, for callers that lock records before changing them. */
  /**
   * The audit entry of an operation on one inventory record: `after` as it is (as the API presents it, an answer's
   * `movement` left out) and as it was before `movement`, with `was` for the other fields it changed.
   */
  audited(
    trx: Transaction<DB>,
    tenantId: string,
    action: string,
    after: InventoryResource & { movement?: unknown },
    movement: StockMovement | null,
    was: Partial<InventoryResource> = {},
  ): Promise<void> {
    // The stock fields derive from the quantities and the product, which the record alone cannot restate as
    // they were: the entry shows the quantities and settings they follow from.
    const {
      movement: _answered,
      effective_reorder_point: _point,
      is_low_stock: _low,
      stock_status: _status,
      ...record
    } = after;
    return this.trail(trx, tenantId, action, { ...beforeMovement(record, movement), ...was }, record);
  }

  async ensureRecord(
    trx: Transaction<DB>,
    tenantId: string,
    productId: string,
    warehouseId: string,
    at: string,
  ): Promise<void> {
    await this.stock.ensureRecord(trx, {
      id: this.newId(),
      tenant_id: tenantId,
      product_id: productId,
      warehouse_id: warehouseId,
      at,
    });
  }

  /**
   * Changes on-hand stock of a product in a warehouse inside `trx`, with its movement, the product's totals and
   * the automation: a tracked active product at 0 total on hand becomes out_of_stock (and active again when
   * replenished); inventory.adjusted (type adjustment), inventory.low_stock (available crossed the reorder point
   * downward) and inventory.out_of_stock (the record's on hand reached 0) are recorded with stock_movement.recorded.
   * @throws NotFoundError('Warehouse'); BusinessRuleError `Stock cannot be negative. Current: <n>, Adjustment: <n>`
   * when the change would take on-hand below zero or below what is reserved.
   */
  async changeOnHand(trx: Transaction<DB>, change: OnHandChange): Promise<StockMovement> {
    return (await this.applyOnHand(trx, change)).movement;
  }

  /** `changeOnHand`, answering also the record's resource when its events needed it. */
  private async applyOnHand(trx: Transaction<DB>, change: OnHandChange): Promise<AppliedChange> {
    const { tenantId, productId, quantity } = change;
    const warehouse = await this.targetOf(trx, change);
    const at = change.at ?? this.clock.now().toISOString();
    // One statement either way: an addition creates the record when missing; a removal from a missing record
    // is refused as from an empty one.
    const record =
      quantity > 0
        ? (
            await this.stock.addOnHandMany(
              trx,
              [{ id: this.newId(), tenant_id: tenantId, product_id: productId, warehouse_id: warehouse.id, quantity }],
              at,
            )
          )[0]
        : await this.stock.changeOnHand(trx, tenantId, productId, warehouse.id, quantity, at);
    if (!record) return this.refuseOnHand(trx, tenantId, productId, warehouse.id, quantity);
    const totals = await this.products.changeStockTotals(
      trx,
      tenantId,
      productId,
      { onHand: quantity, reserved: 0 },
      at,
    );
    const movement = await this.writeMovement(
      trx,
      change,
      warehouse.id,
      change.type,
      quantity,
      record.quantity_on_hand,
      at,
    );
    const before = { ...record, quantity_on_hand: record.quantity_on_hand - quantity };
    const row = await this.recordEvents(
      trx,
      tenantId,
      warehouse,
      before,
      record,
      totals,
      movement,
      change.type === 'adjustment' ? 'inventory.adjusted' : null,
    );
    return { movement, row };
  }

  /** @throws BusinessRuleError `Stock cannot be negative. Current: <n>, Adjustment: <n>`, for a refused change. */
  private async refuseOnHand(
    trx: Transaction<DB>,
    tenantId: string,
    productId: string,
    warehouseId: string,
    quantity: number,
  ): Promise<never> {
    const current = await this.stock.findRecord(trx, tenantId, productId, warehouseId);
    throw new BusinessRuleError(
      'insufficient_stock',
      `Stock cannot be negative. Current: ${current?.quantity_on_hand ?? 0}, Adjustment: ${quantity}`,
    );
  }

  /**
   * Adds on-hand stock of many products inside `trx` (a purchase order's receipt): for each addition what
   * `changeOnHand` does (its record, created when missing; the product's totals and status; its movement and
   * stock_movement.recorded event, in the order of `additions`), in a few statements per STOCK_BATCH additions
   * instead of several per addition. An addition raises what is on hand and available, so it never crosses
   * into low or out of stock, and its types have no event of their own: stock_movement.recorded is its only
   * event. Answers the movements in the order of `additions`.
   * @throws NotFoundError('Warehouse'); BusinessRuleError as `changeOnHand`; Error when a product appears
   * twice in one warehouse or a quantity is not a positive integer.
   */
  async addOnHandMany(
    trx: Transaction<DB>,
    common: Additions,
    additions: readonly Addition[],
  ): Promise<StockMovement[]> {
    const { tenantId } = common;
    if (new Set(additions.map((a) => pairKey(a.productId, a.warehouseId))).size !== additions.length) {
      throw new Error('addOnHandMany: each product at most once per warehouse.');
    }
    if (additions.some((a) => !Number.isInteger(a.quantity) || a.quantity <= 0))
      throw new Error('addOnHandMany: quantities must be positive integers.');
    if (additions.length === 0) return [];
    await this.warehouses.resolveMany(
      tenantId,
      additions.map((a) => a.warehouseId),
      trx,
    );
    const at = common.at ?? this.clock.now().toISOString();
    const movements: StockMovement[] = [];
    for (let start = 0; start < additions.length; start += STOCK_BATCH) {
      const part = additions.slice(start, start + STOCK_BATCH);
      // Rows in key order, so that concurrent batches lock the records and products they share in one order.
      const byPair = [...part].sort((a, b) =>
        compare(pairKey(a.productId, a.warehouseId), pairKey(b.productId, b.warehouseId)),
      );
      const records = await this.stock.addOnHandMany(
        trx,
        byPair.map((a) => ({
          id: this.newId(),
          tenant_id: tenantId,
          product_id: a.productId,
          warehouse_id: a.warehouseId,
          quantity: a.quantity,
        })),
        at,
      );
      const after = new Map(records.map((r) => [pairKey(r.product_id, r.warehouse_id), r]));
      const refused = part.find((a) => !after.has(pairKey(a.productId, a.warehouseId)));
      if (refused) return this.refuseOnHand(trx, tenantId, refused.productId, refused.warehouseId, refused.quantity);
      const perProduct = new Map<string, number>();
      for (const a of byPair) perProduct.set(a.productId, (perProduct.get(a.productId) ?? 0) + a.quantity);
      await this.products.addStockTotals(
        trx,
        tenantId,
        [...perProduct].sort(([a], [b]) => compare(a, b)).map(([productId, onHand]) => ({ productId, onHand })),
        at,
      );
      const rows = part.map((a) =>
        movementRow(
          this.newId(),
          { ...common, notes: a.notes },
          a.productId,
          a.warehouseId,
          common.type,
          a.quantity,
          after.get(pairKey(a.productId, a.warehouseId))!.quantity_on_hand,
          at,
        ),
      );
      const written = new Map((await this.stock.insertMovements(trx, rows)).map((m) => [m.id, m]));
      const inOrder = rows.map((r) => written.get(r.id)!);
      await this.events.record(
        trx,
        tenantId,
        ...inOrder.map((m) => ({ type: 'stock_movement.recorded' as const, entityId: m.id, payload: { ...m } })),
      );
      movements.push(...inOrder);
    }
    return movements;
  }

  private targetOf(trx: Transaction<DB>, change: ChangeTarget & { tenantId: string }): Promise<Warehouse> {
    return change.warehouse
      ? Promise.resolve(change.warehouse)
      : this.warehouses.resolve(change.tenantId, change.warehouseId, trx);
  }

  /**
   * Reserves stock of a product in a warehouse inside `trx`: one conditional update of the reserved quantity,
   * the product's reserved total, one `reservation` movement (signed on the reserved quantity) and the events
   * inventory.reserved, stock_movement.recorded and, when available crosses the reorder point, inventory.low_stock.
   * @throws NotFoundError('Warehouse'); BusinessRuleError `Insufficient available stock. Available: <n>, Requested: <n>`.
   */
  async reserve(trx: Transaction<DB>, change: ReservedChange): Promise<StockMovement> {
    return (await this.changeReserved(trx, change, 'reservation')).movement;
  }

  /**
   * Releases reserved stock inside `trx`, as `reserve` does in the other direction (`release` movement with a
   * negative quantity, inventory.released).
   * @throws NotFoundError('Warehouse'); BusinessRuleError `Cannot release more than is reserved. Reserved: <n>, Requested: <n>`.
   */
  async release(trx: Transaction<DB>, change: ReservedChange): Promise<StockMovement> {
    return (await this.changeReserved(trx, change, 'release')).movement;
  }

  private async changeReserved(
    trx: Transaction<DB>,
    change: ReservedChange,
    type: 'reservation' | 'release',
  ): Promise<AppliedChange> {
    const { tenantId, productId, quantity } = change;
    if (!Number.isInteger(quantity) || quantity <= 0)
      throw new Error(`${type}: the quantity must be a positive integer.`);
    const warehouse = await this.targetOf(trx, change);
    const at = this.clock.now().toISOString();
    // A missing record holds nothing to reserve or release: the update below refuses as for an empty one.
    const record =
      type === 'reservation'
        ? await this.stock.reserve(trx, tenantId, productId, warehouse.id, quantity, at)
        : await this.stock.release(trx, tenantId, productId, warehouse.id, quantity, at);
    if (!record) {
      const current = await this.stock.findRecord(trx, tenantId, productId, warehouse.id);
      const onHand = current?.quantity_on_hand ?? 0;
      const reserved = current?.quantity_reserved ?? 0;
      throw type === 'reservation'
        ? new BusinessRuleError(
            'insufficient_stock',
            `Insufficient available stock. Available: ${onHand - reserved}, Requested: ${quantity}`,
          )
        : new BusinessRuleError(
            'exceeds_reserved',
            `Cannot release more than is reserved. Reserved: ${reserved}, Requested: ${quantity}`,
          );
    }
    const signed = type === 'reservation' ? quantity : -quantity;
    const totals = await this.products.changeStockTotals(trx, tenantId, productId, { onHand: 0, reserved: signed }, at);
    const movement = await this.writeMovement(
      trx,
      { ...change, reason: change.reason ?? (type === 'reservation' ? RESERVE_REASON : RELEASE_REASON) },
      warehouse.id,
      type,
      signed,
      record.quantity_reserved,
      at,
    );
    const before = { ...record, quantity_reserved: record.quantity_reserved - signed };
    const row = await this.recordEvents(
      trx,
      tenantId,
      warehouse,
      before,
      record,
      totals,
      movement,
      type === 'reservation' ? 'inventory.reserved' : 'inventory.released',
    );
    return { movement, row };
  }

  private writeMovement(
    trx: Transaction<DB>,
    change: Omit<OnHandChange, 'type' | 'quantity'>,
    warehouseId: string,
    type: StockMovementType,
    quantity: number,
    after: number,
    at: string,
  ): Promise<StockMovement> {
    return this.stock.insertMovement(
      trx,
      movementRow(this.newId(), change, change.productId, warehouseId, type, quantity, after, at),
    );
  }

  /**
   * The events of one change; the record's row (and answer) is made of the record, its warehouse and the
   * product's totals when an event carries it, read only when the product's totals are missing.
   */
  private async recordEvents(
    trx: Transaction<DB>,
    tenantId: string,
    warehouse: Warehouse,
    before: InventoryRecord,
    after: InventoryRecord,
    totals: ProductTotals | undefined,
    movement: StockMovement,
    operationEvent: 'inventory.adjusted' | 'inventory.reserved' | 'inventory.released' | null,
  ): Promise<InventoryRecordRow | undefined> {
    const events: DomainEvent[] = [
      { type: 'stock_movement.recorded', entityId: movement.id, payload: { ...movement } },
    ];
    const product: RecordProduct | undefined = totals && {
      reorder_point: totals.reorder_point,
      status: totals.status,
      track_inventory: totals.track_inventory,
      deleted_at: null,
    };
    const reorderPoint = effectiveReorderPoint(after.reorder_point, product?.reorder_point);
    const availableAfter = after.quantity_on_hand - after.quantity_reserved;
    // The event marks the crossing: low after the change, not before. A change always reads its live product's
    // totals; without them (a product gone meanwhile) nothing is low.
    const lowStock = product !== undefined && !isRecordLowStock(before, product) && isRecordLowStock(after, product);
    const outOfStock = before.quantity_on_hand > 0 && after.quantity_on_hand === 0;
    let row: InventoryRecordRow | undefined;
    if (operationEvent || lowStock || outOfStock) {
      row = totals
        ? {
            ...after,
            warehouse_code: warehouse.code,
            warehouse_name: warehouse.name,
            product_name: totals.name,
            product_sku: totals.sku,
            product_reorder_point: totals.reorder_point,
            product_status: totals.status,
            product_deleted_at: null,
            track_inventory: totals.track_inventory,
          }
        : await this.stock.recordById(trx, tenantId, after.id);
      const resource = row ? inventoryResource(row) : { ...after, quantity_available: availableAfter };
      const summary = movementSummary(movement);
      if (operationEvent)
        events.push({ type: operationEvent, entityId: after.id, payload: { ...resource, movement: summary } });
      if (lowStock)
        events.push({
          type: 'inventory.low_stock',
          entityId: after.id,
          payload: { ...resource, effective_reorder_point: reorderPoint, movement: summary },
        });
      if (outOfStock)
        events.push({
          type: 'inventory.out_of_stock',
          entityId: after.id,
          payload: { ...resource, movement: summary },
        });
    }
    await this.events.record(trx, tenantId, ...events);
    return row;
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
    return inTransaction(this.db, async (trx) => {
      const warehouse = await this.checkTarget(trx, tenantId, input);
      await this.checkRecordPrecondition(trx, tenantId, input.product_id, warehouse.id, precondition);
      const applied = await this.applyOnHand(trx, {
        tenantId,
        productId: input.product_id,
        warehouse,
        quantity: input.quantity,
        type: 'adjustment',
        reason: input.reason,
        notes: input.notes ?? null,
        referenceType: input.reference_type ?? null,
        referenceId: input.reference_id ?? null,
        userId,
      });
      const changed = await this.changedRecord(trx, tenantId, applied);
      await this.audited(trx, tenantId, 'inventory.adjusted', changed, applied.movement);
      return changed;
    });
  }

  /**
   * Reserves available stock (POST /operations/inventory/reserve).
   * @throws ValidationError on product_id or warehouse_id as `adjust`; BusinessRuleError `Insufficient available stock. Available: <n>, Requested: <n>`.
   */
  async reserveStock(
    tenantId: string,
    userId: string | null,
    input: ReserveInput,
    precondition?: Precondition,
  ): Promise<ChangedRecord> {
    return this.reservedEndpoint(tenantId, userId, input, 'reservation', precondition);
  }

  /**
   * Releases reserved stock (POST /operations/inventory/release).
   * @throws ValidationError on product_id or warehouse_id as `adjust`; BusinessRuleError `Cannot release more than is reserved. Reserved: <n>, Requested: <n>`.
   */
  async releaseStock(
    tenantId: string,
    userId: string | null,
    input: ReserveInput,
    precondition?: Precondition,
  ): Promise<ChangedRecord> {
    return this.reservedEndpoint(tenantId, userId, input, 'release', precondition);
  }

  private reservedEndpoint(
    tenantId: string,
    userId: string | null,
    input: ReserveInput,
    type: 'reservation' | 'release',
    precondition: Precondition | undefined,
  ): Promise<ChangedRecord> {
    return inTransaction(this.db, async (trx) => {
      const warehouse = await this.checkTarget(trx, tenantId, input);
      await this.checkRecordPrecondition(trx, tenantId, input.product_id, warehouse.id, precondition);
      const change: ReservedChange = {
        tenantId,
        productId: input.product_id,
        warehouse,
        quantity: input.quantity,
        notes: input.notes ?? null,
        referenceType: input.reference_type ?? null,
        referenceId: input.reference_id ?? null,
        userId,
      };
      const applied = await this.changeReserved(trx, change, type);
      const changed = await this.changedRecord(trx, tenantId, applied);
      await this.audited(
        trx,
        tenantId,
        type === 'reservation' ? 'inventory.reserved' : 'inventory.released',
        changed,
        applied.movement,
      );
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
    return { ...inventoryResource(row), movement: movementSummary(movement) };
  }

  /**
   * The product and warehouse of a request body, checked: the product must be live, of this tenant, of a type
   * that holds inventory and tracking it; the warehouse (default when null) of this tenant. Answers the warehouse.
   * @throws ValidationError keyed `product_id` or `warehouse_id`.
   */
  async checkTarget(
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

  /**
   * If-Match against a product's record in a warehouse as `GET /operations/inventory/{id}` answers it, for the
   * writes that name the record by product and warehouse. Call before the record is created: a record that does
   * not exist yet has no ETag to match, so any If-Match fails.
   * @throws PreconditionFailedError.
   */
  async checkRecordPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    productId: string,
    warehouseId: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    if (!precondition) return;
    const existing = await this.stock.recordOf(trx, tenantId, productId, warehouseId);
    if (!existing) throw new PreconditionFailedError(null);
    await checkPrecondition(trx, precondition, { table: 'inventory_records', tenantId, id: existing.id }, async () => {
      const row = await this.stock.recordOf(trx, tenantId, productId, warehouseId);
      return row && inventoryResource(row);
    });
  }

  /**
   * The resource of a product's record in a warehouse (inside the caller's transaction, to show its own changes).
   * @throws NotFoundError('Inventory record').
   */
  async recordOf(db: Executor, tenantId: string, productId: string, warehouseId: string): Promise<InventoryResource> {
    const row = await this.stock.recordOf(db, tenantId, productId, warehouseId);
    if (!row) throw new NotFoundError('Inventory record');
    return inventoryResource(row);
  }

  /** @throws NotFoundError('Inventory record') also for another tenant's record. */
  async get(tenantId: string, id: string): Promise<InventoryResource> {
    const row = await this.stock.recordById(this.db, tenantId, id);
    if (!row) throw new NotFoundError('Inventory record');
    return inventoryResource(row);
  }

  async list(tenantId: string, filters: InventoryListFilters, page: PageRequest): Promise<Page<InventoryResource>> {
    const result = await this.stock.listRecords(this.db, tenantId, withUpdatedSinceBound(filters), page);
    return { items: result.items.map(inventoryResource), total: result.total };
  }

  /** Records whose quantities differ from their movement sums: empty while the ledger invariant holds. */
  reconcile(tenantId: string): Promise<ReconcileRow[]> {
    return this.stock.reconcile(this.db, tenantId);
  }

  /**
   * Receives stock of many products into one warehouse as `initial_stock` movements (variant generation):
   * per product one record change, one movement and its stock_movement.recorded event, and the product's
   * totals, written in a few batched statements instead of several per product.
   * @throws NotFoundError('Warehouse'); Error when a product appears twice or a quantity is not a positive integer.
   */
  async receiveInitialStock(
    trx: Transaction<DB>,
    tenantId: string,
    warehouseId: string | null,
    items: ReadonlyArray<{ productId: string; quantity: number }>,
    userId: string | null = null,
    reason = 'Initial stock',
  ): Promise<StockMovement[]> {
    if (new Set(items.map((i) => i.productId)).size !== items.length)
      throw new Error('receiveInitialStock: each product at most once.');
    if (items.some((i) => !Number.isInteger(i.quantity) || i.quantity <= 0))
      throw new Error('receiveInitialStock: quantities must be positive integers.');
    if (items.length === 0) return [];
    const warehouse = await this.warehouses.resolve(tenantId, warehouseId, trx);
    const at = this.clock.now().toISOString();
    const movements: StockMovement[] = [];
    for (let start = 0; start < items.length; start += STOCK_BATCH) {
      const part = items.slice(start, start + STOCK_BATCH);
      const quantities = new Map(part.map((i) => [i.productId, i.quantity]));
      const after = await this.stock.addOnHandMany(
        trx,
        part.map((i) => ({
          id: this.newId(),
          tenant_id: tenantId,
          product_id: i.productId,
          warehouse_id: warehouse.id,
          quantity: i.quantity,
        })),
        at,
      );
      const onHandAfter = new Map(after.map((r) => [r.product_id, r.quantity_on_hand]));
      const refused = part.find((i) => !onHandAfter.has(i.productId));
      if (refused) return this.refuseOnHand(trx, tenantId, refused.productId, warehouse.id, refused.quantity);
      const byQuantity = new Map<number, string[]>();
      for (const { productId, quantity } of part)
        byQuantity.set(quantity, [...(byQuantity.get(quantity) ?? []), productId]);
      for (const [quantity, productIds] of byQuantity)
        await this.products.addStockToMany(trx, tenantId, productIds, quantity, at);
      const written = await this.stock.insertMovements(
        trx,
        part.map(({ productId }) => {
          const quantity = quantities.get(productId)!;
          const quantityAfter = onHandAfter.get(productId)!;
          return {
            id: this.newId(),
            tenant_id: tenantId,
            product_id: productId,
            warehouse_id: warehouse.id,
            type: 'initial_stock' as const,
            quantity,
            quantity_before: quantityAfter - quantity,
            quantity_after: quantityAfter,
            reason,
            notes: null,
            reference_type: null,
            reference_id: null,
            created_by: userId,
            created_at: at,
          };
        }),
      );
      await this.events.record(
        trx,
        tenantId,
        ...written.map((m) => ({ type: 'stock_movement.recorded' as const, entityId: m.id, payload: { ...m } })),
      );
      movements.push(...written);
    }
    return movements;
  }

  /**
   * The inventory records of `productIds` in every warehouse (with the warehouse's code, name and default
   * flag), default warehouse first. With `lock` (inside a transaction) they stay locked until it ends.
   */
  recordsOfProducts(
    db: Executor,
    tenantId: string,
    productIds: readonly string[],
    lock = false,
  ): Promise<StockRecordWithWarehouse[]> {
    return this.stock.recordsOfProducts(db, tenantId, productIds, lock);
  }
}

/** Code-unit order, the same on every machine (localeCompare is not). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function productProblem(product: StockProduct | undefined): string | null {
  if (!product) return 'The selected product id is invalid.';
  if (!traitsOf(product.type).has_inventory) return `Products of type ${product.type} do not hold inventory.`;
  if (!product.track_inventory) return 'The product does not track inventory.';
  return null;
}
