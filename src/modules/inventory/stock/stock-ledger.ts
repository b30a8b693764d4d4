// The stock ledger: every change of a record's on-hand or reserved quantity writes one immutable movement, moves
// the product's totals and runs the stock automation (status, low-stock and out-of-stock events), all in the
// caller's transaction. The inventory endpoints (stock.service.ts), stock operations, the catalog and
// purchasing build on these primitives.
import type { Transaction } from 'kysely';
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
} from '../../../core/errors.js';
import type { Precondition } from '../../../core/precondition.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { DB, StockMovementType, Warehouse } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { resourceTrail, type ResourceTrail } from '../../audit/audit-trail.js';
import type { DomainEvent, EventRecorder } from '../../events/event-recorder.js';
import type { WarehouseService } from '../warehouses/warehouse.service.js';
import { balanceRefusal, movedQuantity, movementRow, type MovementContext } from './ledger-rules.js';
import type { ReservationRepository, StockReservation } from './reservation.repository.js';
import { releasePlan, type ReleasePart } from './reservation-rules.js';
import {
  onHandAfterEach,
  quantitiesPerLine,
  quantitiesPerProduct,
  validShipLines,
  type ShipLine,
} from './ship-rules.js';
import { effectiveReorderPoint, isRecordLowStock, type RecordProduct } from './low-stock.js';
import type { ProductStock, ProductTotals } from './product-stock.js';
import { dailyFlowOf } from './daily-flow.js';
import { dailyUsageOf } from './usage.js';
import { changedRecordRow, inventoryResource, movementSummary, type InventoryResource } from './stock.presenter.js';
import type {
  InventoryRecord,
  InventoryRecordRow,
  NewStockMovement,
  QuantityChangeKind,
  RecordKey,
  StockMovement,
  StockRecordWithWarehouse,
  StockRepository,
} from './stock.repository.js';

/** Products per batch of the batched stock changes: movements have 14 columns, so some 3,500 parameters per insert. */
const STOCK_BATCH = 250;

/** Where a change happens: the warehouse already resolved in this transaction, else `warehouseId`, else the tenant's default. */
interface ChangeTarget {
  warehouse?: Warehouse;
  warehouseId?: string | null;
}

export interface OnHandChange extends ChangeTarget, MovementContext {
  productId: string;
  /** Signed, not 0. */
  quantity: number;
  /** Reservations and releases move reserved stock (`reserve`, `release`). */
  type: Exclude<StockMovementType, 'reservation' | 'release'>;
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

/** Code-unit order, the same on every machine (localeCompare is not). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A change of reserved stock: reserve or release. */
export interface ReservedChange extends ChangeTarget, MovementContext {
  productId: string;
  /** Positive. */
  quantity: number;
}

/** A reservation: a change of reserved stock, held for an order line when it names one. */
export interface ReservationChange extends ReservedChange {
  orderLineId?: string | null;
}

/** One reservation of `reserveForLines`: a quantity of a product in a warehouse, held for an order line. */
export interface LineReservation {
  productId: string;
  warehouseId: string;
  orderLineId: string;
  /** Positive. */
  quantity: number;
  /** The movement's and the reservation's reference id (the line's order). */
  referenceId: string;
}

/** What the reservations of one `reserveForLines` share. */
export interface LineReservations extends Omit<MovementContext, 'referenceId' | 'notes'> {
  referenceType: string;
}

/** A release: of the named reservation, else of the record's manual reservations (of its reference when given). */
export interface ReleaseChange extends ReservedChange {
  reservationId?: string | null;
}

/** A release of what an order line holds: its newest reservations first, up to `quantity` (all when absent). */
export interface OrderLineRelease extends MovementContext {
  orderLineId: string;
  /** Positive; everything the line holds when absent. */
  quantity?: number;
  /** Only what the line holds in this warehouse (a shipment packed short there); every warehouse when absent. */
  warehouseId?: string;
}

/** What `releaseOrderLine` took: the quantity, and the reservations after the change. */
export interface ReleasedOrderLine {
  quantity: number;
  reservations: StockReservation[];
}

/** On hand of a product rose in a warehouse (a receipt, a positive adjustment or count, a transfer in, a return). */
export interface StockArrival {
  productId: string;
  warehouseId: string;
}

/**
 * What the ledger calls, in the transaction of the change, after stock arrived: it may reserve what became
 * available (sales allocates it to backordered order lines). Answers how much it reserved.
 */
export type StockArrivalHook = (
  trx: Transaction<DB>,
  tenantId: string,
  arrivals: readonly StockArrival[],
  userId: string | null,
) => Promise<number>;

/** A change as written: its movement, and the record's row when its events read it. */
export interface AppliedChange {
  movement: StockMovement;
  row: InventoryRecordRow | undefined;
}

/** The event of the inventory endpoint whose movement type a change has, beside those of the ledger and the automation. */
/** A reservation as written, with the reservation it opened. */
export interface AppliedReservation extends AppliedChange {
  reservation: StockReservation;
}

/** A release as written, with the reservations it took from (after the change). */
export interface AppliedRelease extends AppliedChange {
  reservations: StockReservation[];
}

/** Refuses a release that the reservations it may take from cannot cover, naming what they hold. */
function reservationsRefusal(held: ReadonlyArray<{ quantity: number } | undefined>, quantity: number) {
  const reserved = held.reduce((sum, r) => sum + (r?.quantity ?? 0), 0);
  return new BusinessRuleError(
    'exceeds_reserved',
    `Cannot release more than is reserved. Reserved: ${reserved}, Requested: ${quantity}`,
  );
}

const OPERATION_EVENTS: Partial<
  Record<StockMovementType, 'inventory.adjusted' | 'inventory.reserved' | 'inventory.released'>
> = {
  adjustment: 'inventory.adjusted',
  reservation: 'inventory.reserved',
  release: 'inventory.released',
};

/** The record as the audit log keeps it: the resource without the fields derived from the product's. */
type AuditedRecord = Omit<InventoryResource, 'effective_reorder_point' | 'is_low_stock' | 'stock_status'>;

/** The record as it was before `movement` changed the quantity it moved (as it is, without one). */
function beforeMovement(after: AuditedRecord, movement: StockMovement | null): AuditedRecord {
  if (!movement) return after;
  const was = { ...after, [movedQuantity(movement.type)]: movement.quantity_before };
  return { ...was, quantity_available: was.quantity_on_hand - was.quantity_reserved };
}

/** One record's change as its events read it: the record before and after, the product's totals, the movement. */
interface RecordChangeState {
  warehouse: Warehouse;
  before: InventoryRecord;
  after: InventoryRecord;
  /** The product's totals after the change; undefined when the product is gone. */
  totals: ProductTotals | undefined;
  movement: StockMovement;
  type: StockMovementType;
}

/** A shipment of reserved stock out of one warehouse: its lines, each a quantity of an order line's product. */
export interface ShipmentChange extends Omit<MovementContext, 'referenceType' | 'referenceId'> {
  warehouseId: string;
  /** The movements' reference: `shipment` and this id. */
  shipmentId: string;
  lines: readonly ShipLine[];
  at?: string;
}

/** The refusal of a shipment line that holds less than its quantity reserved in the shipment's warehouse. */
function locationMismatch(
  line: { orderLineId: string; quantity: number },
  held: ReadonlyArray<{ quantity: number }>,
  warehouse: Warehouse,
): ConflictError {
  const reserved = held.reduce((sum, r) => sum + r.quantity, 0);
  return new ConflictError(
    'reservation_location_mismatch',
    `Order line ${line.orderLineId} holds ${reserved} reserved in warehouse ${warehouse.code}; the shipment takes ${line.quantity}. Stock is shipped only from the warehouse that holds the line's reservation.`,
  );
}

const RELEASE_REASON = 'Stock released';
const RESERVE_REASON = 'Stock reserved';

export interface StockLedgerDeps {
  stock: StockRepository;
  reservations: ReservationRepository;
  warehouses: WarehouseService;
  events: EventRecorder;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
  /** The product totals and stock status the ledger keeps, which the catalog owns. */
  products: ProductStock;
  /**
   * Called after every addition of on-hand stock, in its transaction; built after the ledger (sales), hence a
   * function asked for it while serving. Absent or answering undefined: arrivals reserve nothing.
   */
  arrivals?: () => StockArrivalHook | undefined;
}

export class StockLedger {
  private readonly stock: StockRepository;
  private readonly reservations: ReservationRepository;
  private readonly warehouses: WarehouseService;
  private readonly events: EventRecorder;
  private readonly trail: ResourceTrail<AuditedRecord>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly products: ProductStock;
  private readonly arrivals: () => StockArrivalHook | undefined;

  constructor(deps: StockLedgerDeps) {
    this.stock = deps.stock;
    this.reservations = deps.reservations;
    this.warehouses = deps.warehouses;
    this.events = deps.events;
    this.trail = resourceTrail(deps.audit, 'inventory');
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.products = deps.products;
    this.arrivals = deps.arrivals ?? (() => undefined);
  }

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

  /** Creates the empty record of a product in a warehouse when missing, for callers that lock records before changing them. */
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

  /** `changeOnHand`, answering also the record's row when its events read it (an endpoint answers it). */
  async applyOnHand(trx: Transaction<DB>, change: OnHandChange): Promise<AppliedChange> {
    const { tenantId, productId, quantity } = change;
    const warehouse = await this.targetOf(trx, change);
    const key = { tenantId, productId, warehouseId: warehouse.id };
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
        : await this.stock.changeQuantity(trx, 'on_hand', { ...key, quantity, at });
    if (!record) return this.refuse(trx, 'on_hand', key, quantity);
    const totals = await this.products.changeStockTotals(
      trx,
      tenantId,
      productId,
      { onHand: quantity, reserved: 0 },
      at,
    );
    const applied = await this.recordChange(trx, change, warehouse, change.type, quantity, record, totals, at);
    if (quantity < 0) return applied;
    const reserved = await this.arrived(trx, tenantId, [{ productId, warehouseId: warehouse.id }], change.userId);
    // Stock that arrival reserved changed the record after its row was read: the caller reads it again.
    return reserved > 0 ? { ...applied, row: undefined } : applied;
  }

  /** Hands stock that arrived to the arrival hook, once per product and warehouse; answers what it reserved. */
  private async arrived(
    trx: Transaction<DB>,
    tenantId: string,
    arrivals: readonly StockArrival[],
    userId: string | null | undefined,
  ): Promise<number> {
    const hook = this.arrivals();
    if (!hook || arrivals.length === 0) return 0;
    const unique = new Map(arrivals.map((a) => [pairKey(a.productId, a.warehouseId), a]));
    return hook(trx, tenantId, [...unique.values()], userId ?? null);
  }

  /**
   * Reserves stock of a product in a warehouse inside `trx`: one conditional update of the reserved quantity,
   * the product's reserved total, one `reservation` movement (signed on the reserved quantity), one active
   * reservation record and the events inventory.reserved, stock_movement.recorded and, when available crosses
   * the reorder point, inventory.low_stock.
   * @throws NotFoundError('Warehouse'); BusinessRuleError `Insufficient available stock. Available: <n>, Requested: <n>`.
   */
  async reserve(trx: Transaction<DB>, change: ReservationChange): Promise<StockMovement> {
    return (await this.applyReservation(trx, change)).movement;
  }

  /**
   * Releases reserved stock inside `trx`, as `reserve` does in the other direction (`release` movement with a
   * negative quantity, inventory.released), taking the quantity from reservations as `applyRelease` says.
   * @throws as `applyRelease`.
   */
  async release(trx: Transaction<DB>, change: ReleaseChange): Promise<StockMovement> {
    return (await this.applyRelease(trx, change)).movement;
  }

  /** `reserve`, answering also the record's row as `applyOnHand` does and the reservation it opened. */
  async applyReservation(trx: Transaction<DB>, change: ReservationChange): Promise<AppliedReservation> {
    const applied = await this.changeReserved(trx, change, 'reservation');
    const { movement } = applied;
    const reservation = await this.reservations.insert(trx, {
      id: this.newId(),
      tenant_id: change.tenantId,
      product_id: movement.product_id,
      warehouse_id: movement.warehouse_id,
      quantity: change.quantity,
      original_quantity: change.quantity,
      order_line_id: change.orderLineId ?? null,
      reference_type: change.referenceType ?? null,
      reference_id: change.referenceId ?? null,
      notes: change.notes ?? null,
      status: 'active',
      created_by: change.userId ?? null,
      created_at: movement.created_at,
      updated_at: movement.created_at,
    });
    return { ...applied, reservation };
  }

  /**
   * `release`, answering also the record's row and the reservations it took from: the one named by
   * `reservationId`, else the record's manual reservations (of the change's reference when it names one),
   * oldest first, the last one split. A reservation of an order line is released by its order, never here.
   * The record's row is updated first, which holds it: its reservations are read after every earlier change.
   * @throws NotFoundError('Warehouse'); ValidationError keyed `reservation_id` (unknown, another tenant's, of another
   * product or warehouse); ConflictError `reservation_held_by_order`; BusinessRuleError `exceeds_reserved` when the
   * record, the named reservation or the matching reservations hold less than the quantity.
   */
  async applyRelease(trx: Transaction<DB>, change: ReleaseChange): Promise<AppliedRelease> {
    const warehouse = await this.targetOf(trx, change);
    const { tenantId, productId, quantity } = change;
    const named = change.reservationId
      ? await this.namedReservation(trx, tenantId, change.reservationId, productId, warehouse.id)
      : undefined;
    const applied = await this.changeReserved(trx, { ...change, warehouse }, 'release');
    const at = applied.movement.created_at;
    let parts: ReleasePart[] | null;
    if (named) {
      parts = [{ id: named.id, quantity }];
    } else {
      const held = await this.reservations.activeManual(trx, {
        tenantId,
        productId,
        warehouseId: warehouse.id,
        referenceType: change.referenceType,
        referenceId: change.referenceId,
      });
      parts = releasePlan(held, quantity);
      if (!parts) throw reservationsRefusal(held, quantity);
    }
    const reservations: StockReservation[] = [];
    for (const part of parts) {
      const released = await this.reservations.release(trx, tenantId, part.id, part.quantity, at);
      if (!released)
        throw reservationsRefusal(named ? [await this.reservations.findById(trx, tenantId, part.id)] : [], quantity);
      reservations.push(released);
    }
    return { ...applied, reservations };
  }

  /**
   * Reserves stock for many order lines inside `trx` (stock arriving for lines that wait for it): for each
   * reservation what `applyReservation` does (the record's reserved quantity and the product's reserved total,
   * a `reservation` movement, an active reservation of the line, and the events inventory.reserved and
   * stock_movement.recorded, with inventory.low_stock at the movement whose change crosses the reorder point),
   * in a few statements per STOCK_BATCH reservations instead of several each: one conditional update per record
   * for the sum of its reservations, records taken in (warehouse, product) order, then multi-row inserts.
   * Answers the reservations opened, in the order of `reservations`.
   * @throws NotFoundError('Warehouse'); BusinessRuleError as `reserve` when a record has less available than its
   * reservations add up to; Error when a quantity is not a positive integer.
   */
  async reserveForLines(
    trx: Transaction<DB>,
    common: LineReservations,
    reservations: readonly LineReservation[],
  ): Promise<StockReservation[]> {
    if (reservations.some((r) => !Number.isInteger(r.quantity) || r.quantity <= 0))
      throw new Error('reserveForLines: quantities must be positive integers.');
    if (reservations.length === 0) return [];
    const { tenantId } = common;
    const reason = common.reason ?? RESERVE_REASON;
    const warehouses = await this.warehouses.resolveMany(
      tenantId,
      reservations.map((r) => r.warehouseId),
      trx,
    );
    const opened: StockReservation[] = [];
    for (let start = 0; start < reservations.length; start += STOCK_BATCH) {
      const part = reservations.slice(start, start + STOCK_BATCH);
      const at = this.clock.now().toISOString();
      const perRecord = new Map<string, { productId: string; warehouseId: string; quantity: number }>();
      for (const r of part) {
        const key = pairKey(r.productId, r.warehouseId);
        const sum = perRecord.get(key)?.quantity ?? 0;
        perRecord.set(key, { productId: r.productId, warehouseId: r.warehouseId, quantity: sum + r.quantity });
      }
      const byRecord = [...perRecord.values()].sort(
        (a, b) => compare(a.warehouseId, b.warehouseId) || compare(a.productId, b.productId),
      );
      // Each record as it was before this part, and what its reservations so far in this part added.
      const before = new Map<string, InventoryRecord>();
      for (const { productId, warehouseId, quantity } of byRecord) {
        const key = { tenantId, productId, warehouseId };
        const record = await this.stock.changeQuantity(trx, 'reservation', { ...key, quantity, at });
        if (!record) return this.refuse(trx, 'reservation', key, quantity);
        before.set(pairKey(productId, warehouseId), {
          ...record,
          quantity_reserved: record.quantity_reserved - quantity,
        });
      }
      const perProduct = new Map<string, number>();
      for (const { productId, quantity } of byRecord)
        perProduct.set(productId, (perProduct.get(productId) ?? 0) + quantity);
      const totals = new Map<string, ProductTotals | undefined>();
      for (const [productId, reserved] of [...perProduct].sort(([a], [b]) => compare(a, b)))
        totals.set(
          productId,
          await this.products.changeStockTotals(trx, tenantId, productId, { onHand: 0, reserved }, at),
        );
      const added = new Map<string, number>();
      const steps = part.map((r) => {
        const key = pairKey(r.productId, r.warehouseId);
        const was = before.get(key)!;
        const sofar = added.get(key) ?? 0;
        added.set(key, sofar + r.quantity);
        const stepBefore = { ...was, quantity_reserved: was.quantity_reserved + sofar };
        const stepAfter = { ...stepBefore, quantity_reserved: stepBefore.quantity_reserved + r.quantity };
        const context = { ...common, reason, referenceId: r.referenceId };
        const movement = movementRow(
          this.newId(),
          context,
          r.productId,
          r.warehouseId,
          'reservation',
          r.quantity,
          stepAfter.quantity_reserved,
          at,
        );
        return { reservation: r, stepBefore, stepAfter, movement };
      });
      const written = new Map(
        (
          await this.writeMovements(
            trx,
            steps.map((s) => s.movement),
          )
        ).map((m) => [m.id, m]),
      );
      const events: DomainEvent[] = [];
      for (const step of steps) {
        const { productId, warehouseId } = step.reservation;
        const changed = await this.changeEvents(trx, tenantId, {
          warehouse: warehouses.get(warehouseId)!,
          before: step.stepBefore,
          after: step.stepAfter,
          totals: totals.get(productId),
          movement: written.get(step.movement.id)!,
          type: 'reservation',
        });
        events.push(...changed.events);
      }
      await this.events.record(trx, tenantId, ...events);
      const rows = steps.map(({ reservation: r }) => ({
        id: this.newId(),
        tenant_id: tenantId,
        product_id: r.productId,
        warehouse_id: r.warehouseId,
        quantity: r.quantity,
        original_quantity: r.quantity,
        order_line_id: r.orderLineId,
        reference_type: common.referenceType,
        reference_id: r.referenceId,
        notes: null,
        status: 'active' as const,
        created_by: common.userId ?? null,
        created_at: at,
        updated_at: at,
      }));
      const inserted = new Map((await this.reservations.insertMany(trx, rows)).map((r) => [r.id, r]));
      opened.push(...rows.map((r) => inserted.get(r.id)!));
    }
    return opened;
  }

  /**
   * Releases what an order line holds inside `trx` (in one warehouse when `warehouseId` names it): its active
   * reservations newest first, up to `quantity` (the last one taken split), all of them when absent or when they
   * hold less. Per warehouse one conditional update of the record's reserved quantity, in warehouse order, with its
   * `release` movement and events as `release` writes them; then the reservations. Answers the quantity released (0 when the line holds nothing).
   * @throws BusinessRuleError `exceeds_reserved` when a reservation read here changed before it was released
   * (a concurrent change of the same line that its order did not serialize).
   */
  async releaseOrderLine(trx: Transaction<DB>, change: OrderLineRelease): Promise<ReleasedOrderLine> {
    const { tenantId, orderLineId } = change;
    const held = (await this.reservations.activeOfOrderLine(trx, tenantId, orderLineId)).filter(
      (r) => change.warehouseId === undefined || r.warehouse_id === change.warehouseId,
    );
    const holding = held.reduce((sum, r) => sum + r.quantity, 0);
    const quantity = Math.min(change.quantity ?? holding, holding);
    if (quantity <= 0) return { quantity: 0, reservations: [] };
    const parts = releasePlan(held, quantity)!;
    const byId = new Map(held.map((r) => [r.id, r]));
    const perWarehouse = new Map<string, { productId: string; quantity: number }>();
    for (const part of parts) {
      const r = byId.get(part.id)!;
      const sum = perWarehouse.get(r.warehouse_id)?.quantity ?? 0;
      perWarehouse.set(r.warehouse_id, { productId: r.product_id, quantity: sum + part.quantity });
    }
    let at = this.clock.now().toISOString();
    for (const [warehouseId, { productId, quantity: released }] of [...perWarehouse].sort(([a], [b]) =>
      compare(a, b),
    )) {
      const applied = await this.changeReserved(
        trx,
        { ...change, productId, warehouseId, quantity: released },
        'release',
      );
      at = applied.movement.created_at;
    }
    const reservations: StockReservation[] = [];
    for (const part of parts) {
      const released = await this.reservations.release(trx, tenantId, part.id, part.quantity, at);
      if (!released) throw reservationsRefusal(held, quantity);
      reservations.push(released);
    }
    return { quantity, reservations };
  }

  /**
   * The reservation a release names, checked against the release's product and warehouse.
   * @throws ValidationError keyed `reservation_id`; ConflictError `reservation_held_by_order`.
   */
  private async namedReservation(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    productId: string,
    warehouseId: string,
  ): Promise<StockReservation> {
    const reservation = await this.reservations.findById(trx, tenantId, id);
    if (!reservation || reservation.product_id !== productId || reservation.warehouse_id !== warehouseId)
      throw ValidationError.field('reservation_id', 'The selected reservation id is invalid.');
    if (reservation.order_line_id !== null)
      throw new ConflictError(
        'reservation_held_by_order',
        'The reservation belongs to an order line: cancelling or closing its order releases it.',
      );
    return reservation;
  }

  /** The record's reserved quantity changed by `quantity` and its movement, without the reservation records. */
  private async changeReserved(
    trx: Transaction<DB>,
    change: ReservedChange,
    type: 'reservation' | 'release',
  ): Promise<AppliedChange> {
    const { tenantId, productId, quantity } = change;
    if (!Number.isInteger(quantity) || quantity <= 0)
      throw new Error(`${type}: the quantity must be a positive integer.`);
    const warehouse = await this.targetOf(trx, change);
    const key = { tenantId, productId, warehouseId: warehouse.id };
    const at = this.clock.now().toISOString();
    // A missing record holds nothing to reserve or release: the update below refuses as for an empty one.
    const record = await this.stock.changeQuantity(trx, type, { ...key, quantity, at });
    if (!record) return this.refuse(trx, type, key, quantity);
    const signed = type === 'reservation' ? quantity : -quantity;
    const totals = await this.products.changeStockTotals(trx, tenantId, productId, { onHand: 0, reserved: signed }, at);
    const reason = change.reason ?? (type === 'reservation' ? RESERVE_REASON : RELEASE_REASON);
    return this.recordChange(trx, { ...change, reason }, warehouse, type, signed, record, totals, at);
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
      if (refused) {
        const { productId, warehouseId, quantity } = refused;
        return this.refuse(trx, 'on_hand', { tenantId, productId, warehouseId }, quantity);
      }
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
      const written = new Map((await this.writeMovements(trx, rows)).map((m) => [m.id, m]));
      movements.push(
        ...(await this.recordMovements(
          trx,
          tenantId,
          rows.map((r) => written.get(r.id)!),
        )),
      );
    }
    await this.arrived(
      trx,
      tenantId,
      additions.map((a) => ({ productId: a.productId, warehouseId: a.warehouseId })),
      common.userId,
    );
    return movements;
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
      if (refused) {
        const { productId, quantity } = refused;
        return this.refuse(trx, 'on_hand', { tenantId, productId, warehouseId: warehouse.id }, quantity);
      }
      const byQuantity = new Map<number, string[]>();
      for (const { productId, quantity } of part)
        byQuantity.set(quantity, [...(byQuantity.get(quantity) ?? []), productId]);
      for (const [quantity, productIds] of byQuantity)
        await this.products.addStockToMany(trx, tenantId, productIds, quantity, at);
      const written = await this.writeMovements(
        trx,
        part.map(({ productId, quantity }) =>
          movementRow(
            this.newId(),
            { tenantId, reason, userId },
            productId,
            warehouse.id,
            'initial_stock',
            quantity,
            onHandAfter.get(productId)!,
            at,
          ),
        ),
      );
      movements.push(...(await this.recordMovements(trx, tenantId, written)));
    }
    await this.arrived(
      trx,
      tenantId,
      items.map((i) => ({ productId: i.productId, warehouseId: warehouse.id })),
      userId,
    );
    return movements;
  }

  /**
   * Ships reserved stock out of one warehouse inside `trx` (a sales shipment): per product, the quantities of all
   * its lines summed, one conditional update lowers on hand and reserved alike (never below zero), records locked
   * in product order so that concurrent shipments take them in one order and never deadlock; then the product's
   * totals; then each order line's active reservations in that warehouse are consumed, oldest first (one partly
   * consumed keeps the rest active; `consumed` when nothing remains). Writes one `shipment` movement per line
   * (negative quantity, reference `shipment` and the shipment's id), with stock_movement.recorded and, when a
   * record's on hand reaches 0, inventory.out_of_stock. Answers the movements in the order of `lines`.
   * @throws NotFoundError('Warehouse'); ConflictError `reservation_location_mismatch` when a line holds less than
   * its quantity reserved in that warehouse (never taken from elsewhere); Error when a quantity is not a
   * positive integer.
   */
  async ship(trx: Transaction<DB>, shipment: ShipmentChange): Promise<StockMovement[]> {
    const { tenantId, lines } = shipment;
    if (!validShipLines(lines)) throw new Error('ship: at least one line, quantities positive integers.');
    const warehouse = await this.targetOf(trx, shipment);
    const at = shipment.at ?? this.clock.now().toISOString();
    const perProduct = quantitiesPerProduct(lines);
    const after = new Map<string, InventoryRecord>();
    for (const { productId, quantity } of perProduct) {
      const key = { tenantId, productId, warehouseId: warehouse.id };
      const record = await this.stock.shipReserved(trx, { ...key, quantity, at });
      if (!record) {
        // The record holds less reserved than the shipment takes: so does at least one of its lines.
        await this.consumeLineReservations(trx, shipment, warehouse, at, productId);
        return this.refuse(trx, 'on_hand', key, -quantity);
      }
      after.set(productId, record);
    }
    const totals = new Map<string, ProductTotals | undefined>();
    for (const { productId, quantity } of perProduct)
      totals.set(
        productId,
        await this.products.changeStockTotals(trx, tenantId, productId, { onHand: -quantity, reserved: -quantity }, at),
      );
    await this.consumeLineReservations(trx, shipment, warehouse, at);
    const onHand = onHandAfterEach(
      lines,
      new Map([...after].map(([productId, record]) => [productId, record.quantity_on_hand])),
    );
    const context = { ...shipment, referenceType: 'shipment', referenceId: shipment.shipmentId };
    const rows = lines.map((line, i) =>
      movementRow(this.newId(), context, line.productId, warehouse.id, 'shipment', -line.quantity, onHand[i]!, at),
    );
    const written = new Map((await this.writeMovements(trx, rows)).map((m) => [m.id, m]));
    const movements = rows.map((r) => written.get(r.id)!);
    // The automation's events once per product, with its last movement; the other movements' own event each.
    const last = new Map(movements.map((m) => [m.product_id, m]));
    await this.recordMovements(
      trx,
      tenantId,
      movements.filter((m) => last.get(m.product_id) !== m),
    );
    for (const { productId, quantity } of perProduct) {
      const record = after.get(productId)!;
      const before = {
        ...record,
        quantity_on_hand: record.quantity_on_hand + quantity,
        quantity_reserved: record.quantity_reserved + quantity,
      };
      await this.recordEvents(trx, tenantId, {
        warehouse,
        before,
        after: record,
        totals: totals.get(productId),
        movement: last.get(productId)!,
        type: 'shipment',
      });
    }
    return movements;
  }

  /**
   * Consumes, per order line of the shipment (of one product when given), its quantity from the line's active
   * reservations in the warehouse, oldest first.
   * @throws ConflictError `reservation_location_mismatch` when the line holds less there.
   */
  private async consumeLineReservations(
    trx: Transaction<DB>,
    shipment: ShipmentChange,
    warehouse: Warehouse,
    at: string,
    onlyProductId?: string,
  ): Promise<void> {
    const { tenantId } = shipment;
    for (const line of quantitiesPerLine(shipment.lines)) {
      if (onlyProductId !== undefined && line.productId !== onlyProductId) continue;
      const held = (await this.reservations.activeOfLine(trx, tenantId, line.orderLineId, warehouse.id)).filter(
        (r) => r.product_id === line.productId,
      );
      const parts = releasePlan(held, line.quantity);
      if (!parts) throw locationMismatch(line, held, warehouse);
      for (const part of parts) {
        if (!(await this.reservations.consume(trx, tenantId, part.id, part.quantity, at)))
          throw locationMismatch(line, held, warehouse);
      }
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

  private targetOf(trx: Transaction<DB>, change: ChangeTarget & { tenantId: string }): Promise<Warehouse> {
    return change.warehouse
      ? Promise.resolve(change.warehouse)
      : this.warehouses.resolve(change.tenantId, change.warehouseId, trx);
  }

  /**
   * Refuses a change of `quantity` that the record's balance did not allow, naming what the record holds now.
   * @throws BusinessRuleError (ledger-rules.ts, `balanceRefusal`).
   */
  private async refuse(
    trx: Transaction<DB>,
    kind: QuantityChangeKind,
    { tenantId, productId, warehouseId }: RecordKey,
    quantity: number,
  ): Promise<never> {
    throw balanceRefusal(kind, await this.stock.findRecord(trx, tenantId, productId, warehouseId), quantity);
  }

  /**
   * What follows a change of `quantity` (signed) that left one record as `record`: its movement, and its events,
   * which compare the record with what it was before the change.
   */
  private async recordChange(
    trx: Transaction<DB>,
    change: MovementContext & { productId: string },
    warehouse: Warehouse,
    type: StockMovementType,
    quantity: number,
    record: InventoryRecord,
    totals: ProductTotals | undefined,
    at: string,
  ): Promise<AppliedChange> {
    const moved = movedQuantity(type);
    const movement = await this.writeMovement(
      trx,
      movementRow(this.newId(), change, change.productId, warehouse.id, type, quantity, record[moved], at),
    );
    const before = { ...record, [moved]: record[moved] - quantity };
    const row = await this.recordEvents(trx, change.tenantId, {
      warehouse,
      before,
      after: record,
      totals,
      movement,
      type,
    });
    return { movement, row };
  }

  /** Records the events of one change (`changeEvents`); answers the record's row when an event carries it. */
  private async recordEvents(
    trx: Transaction<DB>,
    tenantId: string,
    change: RecordChangeState,
  ): Promise<InventoryRecordRow | undefined> {
    const { events, row } = await this.changeEvents(trx, tenantId, change);
    await this.events.record(trx, tenantId, ...events);
    return row;
  }

  /**
   * The events of one change; the record's row (and answer) is made of the record, its warehouse and the
   * product's totals when an event carries it, read only when the product's totals are missing.
   */
  private async changeEvents(
    trx: Transaction<DB>,
    tenantId: string,
    { warehouse, before, after, totals, movement, type }: RecordChangeState,
  ): Promise<{ events: DomainEvent[]; row: InventoryRecordRow | undefined }> {
    const events: DomainEvent[] = [
      { type: 'stock_movement.recorded', entityId: movement.id, payload: { ...movement } },
    ];
    const operationEvent = OPERATION_EVENTS[type];
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
      row = totals ? changedRecordRow(after, warehouse, totals) : await this.stock.recordById(trx, tenantId, after.id);
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
    return { events, row };
  }

  /**
   * Keeps record low stock's maintained point (`low_stock_point`) of the products' records after a change of
   * what it follows of them: their reorder point, status, inventory tracking or deletion. In the caller's
   * transaction, so that the low-stock list and the reorder report see the change with it.
   */
  async productsChanged(trx: Transaction<DB>, tenantId: string, productIds: readonly string[]): Promise<void> {
    await this.stock.refreshLowStockPoints(trx, tenantId, productIds);
  }

  /** Writes one movement with the daily usage and flow it adds (usage.ts, daily-flow.ts). */
  private async writeMovement(trx: Transaction<DB>, row: NewStockMovement): Promise<StockMovement> {
    const movement = await this.stock.insertMovement(trx, row);
    await this.addDailyAggregates(trx, [movement]);
    return movement;
  }

  /** Writes a batch of one tenant's movements with the daily usage and flow they add. */
  private async writeMovements(trx: Transaction<DB>, rows: readonly NewStockMovement[]): Promise<StockMovement[]> {
    const movements = await this.stock.insertMovements(trx, rows);
    await this.addDailyAggregates(trx, movements);
    return movements;
  }

  /** Adds a batch of one tenant's movements to the daily aggregates kept beside the ledger. */
  private async addDailyAggregates(trx: Transaction<DB>, movements: readonly StockMovement[]): Promise<void> {
    if (movements.length === 0) return;
    const tenantId = movements[0]!.tenant_id;
    await this.stock.addDailyUsage(trx, tenantId, dailyUsageOf(movements));
    await this.stock.addDailyFlow(trx, tenantId, dailyFlowOf(movements));
  }

  /** Records the stock_movement.recorded event of each movement written in a batch; answers the movements. */
  private async recordMovements(
    trx: Transaction<DB>,
    tenantId: string,
    movements: StockMovement[],
  ): Promise<StockMovement[]> {
    await this.events.record(
      trx,
      tenantId,
      ...movements.map((m) => ({ type: 'stock_movement.recorded' as const, entityId: m.id, payload: { ...m } })),
    );
    return movements;
  }
}
