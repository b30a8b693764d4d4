// Physical counts and transfers: each runs in one transaction, changes on-hand stock only through the stock
// ledger (so every change has its movement and the product totals follow), and records its domain event.
import type { Transaction } from 'kysely';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../../core/errors.js';
import type { Precondition } from '../../../core/precondition.js';
import type { DB, Warehouse } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { StockLedger } from '../stock/stock-ledger.js';
import type { InventoryResource } from '../stock/stock.presenter.js';
import type { WarehouseService } from '../warehouses/warehouse.service.js';
import type { PhysicalCount, ProductSummary, StockOperationsRepository } from './stock-operations.repository.js';
import type { PhysicalCountBody, TransferBody } from './stock-operations.schemas.js';

export const SAME_WAREHOUSE = 'The destination warehouse must be different from the source warehouse.';
export const belowReserved = (counted: number, reserved: number) =>
  `Counted quantity cannot be below the reserved quantity. Counted: ${counted}, Reserved: ${reserved}`;
/** The reserve endpoint's wording, so that clients see one message for "not enough unreserved stock". */
export const insufficientAvailable = (available: number, requested: number) =>
  `Insufficient available stock. Available: ${available}, Requested: ${requested}`;

/** variance / system x 100, rounded half away from zero to 2 decimals; null when the system quantity is 0. */
export function variancePercentage(variance: number, system: number): number | null {
  if (system === 0) return null;
  const raw = (variance / system) * 100;
  return (Math.sign(raw) * Math.round(Math.abs(raw) * 100 + Number.EPSILON)) / 100;
}

export function countResource(c: PhysicalCount) {
  return {
    id: c.id,
    product_id: c.product_id,
    warehouse_id: c.warehouse_id,
    counted_quantity: c.counted_quantity,
    system_quantity_before: c.system_quantity_before,
    variance: c.variance,
    variance_percentage: c.variance_percentage === null ? null : Number(c.variance_percentage),
    counted_by: c.counted_by,
    counted_at: c.counted_at,
    adjustment_movement_id: c.adjustment_movement_id,
  };
}

export interface TransferResult {
  from: InventoryResource;
  to: InventoryResource;
}

export interface StockOperationsServiceDeps {
  db: Executor;
  repository: StockOperationsRepository;
  stock: StockLedger;
  warehouses: WarehouseService;
  events: EventRecorder;
  clock: Clock;
  newId: IdGenerator;
}

export class StockOperationsService {
  private readonly db: Executor;
  private readonly repository: StockOperationsRepository;
  private readonly stock: StockLedger;
  private readonly warehouses: WarehouseService;
  private readonly events: EventRecorder;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: StockOperationsServiceDeps) {
    this.db = deps.db;
    this.repository = deps.repository;
    this.stock = deps.stock;
    this.warehouses = deps.warehouses;
    this.events = deps.events;
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  /**
   * Records a physical count: on hand becomes the counted quantity through one `physical_count` movement of
   * the variance (none when it is 0), `last_counted_at` is set either way, a physical_counts row is written
   * and `inventory.count_completed` recorded. A product without a record in the warehouse gets one.
   * @throws ValidationError for an unknown product or warehouse; BusinessRuleError when the count is below
   * the reserved quantity.
   */
  async physicalCount(tenantId: string, input: PhysicalCountBody, userId: string | null, precondition?: Precondition) {
    return inTransaction(this.db, async (trx) => {
      const product = await this.product(trx, tenantId, input.product_id);
      const warehouse = await this.warehouse(trx, tenantId, input.warehouse_id ?? null, 'warehouse_id');
      await this.stock.checkRecordPrecondition(trx, tenantId, product.id, warehouse.id, precondition);
      const at = this.clock.now().toISOString();
      await this.stock.ensureRecord(trx, tenantId, product.id, warehouse.id, at);
      const record = (await this.repository.lockRecord(trx, tenantId, product.id, warehouse.id))!;
      const counted = input.counted_quantity;
      if (counted < record.quantity_reserved)
        throw new BusinessRuleError('count_below_reserved', belowReserved(counted, record.quantity_reserved));
      const system = record.quantity_on_hand;
      const variance = counted - system;
      const countId = this.newId();
      const movement =
        variance === 0
          ? null
          : await this.stock.changeOnHand(trx, {
              tenantId,
              productId: product.id,
              warehouseId: warehouse.id,
              quantity: variance,
              type: 'physical_count',
              reason: 'physical_count',
              referenceType: 'physical_count',
              referenceId: countId,
              userId,
            });
      await this.repository.markCounted(trx, tenantId, record.id, at);
      const count = countResource(
        await this.repository.insertCount(trx, {
          id: countId,
          tenant_id: tenantId,
          product_id: product.id,
          warehouse_id: warehouse.id,
          counted_quantity: counted,
          system_quantity_before: system,
          variance,
          variance_percentage: variancePercentage(variance, system),
          counted_by: userId,
          counted_at: at,
          adjustment_movement_id: movement?.id ?? null,
        }),
      );
      const inventory = await this.view(trx, tenantId, product.id, warehouse.id);
      await this.stock.audited(trx, tenantId, 'inventory.counted', inventory, movement, {
        last_counted_at: record.last_counted_at,
      });
      await this.events.record(trx, tenantId, {
        type: 'inventory.count_completed',
        entityId: record.id,
        payload: { ...inventory, count },
      });
      return { ...inventory, count };
    });
  }

  /**
   * Moves available stock between two warehouses: `transfer_out` of -quantity at the source, then
   * `transfer_in` of +quantity at the destination, same creator and instant, in one transaction; records
   * `inventory.transfer_completed`. Reserved stock never moves.
   * @throws ValidationError for an unknown product or warehouse, or when source and destination are the same
   * (two nulls both mean the default warehouse); BusinessRuleError when the source has too little available.
   */
  async transfer(tenantId: string, input: TransferBody, userId: string | null): Promise<TransferResult> {
    return inTransaction(this.db, async (trx) => {
      const product = await this.product(trx, tenantId, input.product_id);
      const from = await this.warehouse(trx, tenantId, input.from_warehouse_id ?? null, 'from_warehouse_id');
      const to = await this.warehouse(trx, tenantId, input.to_warehouse_id ?? null, 'to_warehouse_id');
      if (from.id === to.id) throw ValidationError.field('to_warehouse_id', SAME_WAREHOUSE);
      const quantity = input.quantity;
      const at = this.clock.now().toISOString();
      for (const warehouseId of [from.id, to.id].sort()) {
        await this.stock.ensureRecord(trx, tenantId, product.id, warehouseId, at);
      }
      const locked = await this.repository.lockRecords(trx, tenantId, product.id, [from.id, to.id]);
      const source = locked.find((r) => r.warehouse_id === from.id);
      const available = source ? source.quantity_on_hand - source.quantity_reserved : 0;
      if (available < quantity)
        throw new BusinessRuleError('insufficient_stock', insufficientAvailable(available, quantity));
      const suffix = input.reason ? `: ${input.reason}` : '';
      const common = {
        tenantId,
        productId: product.id,
        notes: input.notes ?? null,
        referenceType: 'transfer',
        referenceId: input.reference_number ?? null,
        userId,
        at,
      };
      const out = await this.stock.changeOnHand(trx, {
        ...common,
        warehouseId: from.id,
        quantity: -quantity,
        type: 'transfer_out',
        reason: `Transfer to ${to.code}${suffix}`,
      });
      const into = await this.stock.changeOnHand(trx, {
        ...common,
        warehouseId: to.id,
        quantity,
        type: 'transfer_in',
        reason: `Transfer from ${from.code}${suffix}`,
      });
      const result = {
        from: await this.view(trx, tenantId, product.id, from.id),
        to: await this.view(trx, tenantId, product.id, to.id),
      };
      await this.stock.audited(trx, tenantId, 'inventory.transferred', result.from, out);
      await this.stock.audited(trx, tenantId, 'inventory.transferred', result.to, into);
      await this.events.record(trx, tenantId, {
        type: 'inventory.transfer_completed',
        entityId: result.from.id,
        payload: {
          product_id: product.id,
          from_warehouse_id: from.id,
          to_warehouse_id: to.id,
          quantity,
          reason: input.reason ?? null,
          reference_number: input.reference_number ?? null,
          transfer_out_movement_id: out.id,
          transfer_in_movement_id: into.id,
          from: result.from,
          to: result.to,
        },
      });
      return result;
    });
  }

  private async product(trx: Transaction<DB>, tenantId: string, productId: string): Promise<ProductSummary> {
    const product = await this.repository.findProduct(trx, tenantId, productId);
    if (!product) throw ValidationError.field('product_id', 'The selected product id is invalid.');
    return product;
  }

  /** The warehouse a body field names (null: the default); another tenant's or an unknown id is a 422 on that field. */
  private async warehouse(
    trx: Transaction<DB>,
    tenantId: string,
    id: string | null,
    field: string,
  ): Promise<Warehouse> {
    try {
      return await this.warehouses.resolve(tenantId, id, trx);
    } catch (error) {
      if (error instanceof NotFoundError)
        throw ValidationError.field(field, `The selected ${field.replaceAll('_', ' ')} is invalid.`);
      throw error;
    }
  }

  private view(
    trx: Transaction<DB>,
    tenantId: string,
    productId: string,
    warehouseId: string,
  ): Promise<InventoryResource> {
    return this.stock.recordOf(trx, tenantId, productId, warehouseId);
  }
}
