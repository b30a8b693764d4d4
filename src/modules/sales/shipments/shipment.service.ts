// Shipments of sales orders (docs/sales.md, Shipments): created for one warehouse from what the order holds
// reserved there and no other open shipment has taken; picked, packed, shipped (the stock ledger consumes the
// lines' reservations and takes the stock out, in the transaction that moves the order's status), delivered, or
// cancelled before shipping. Every write locks the order's row first, so that two writes of one order's shipments
// take turns, and a cancellation of the order and a shipment of it too.
import type { Transaction } from 'kysely';
import { NotFoundError, ValidationError, type FieldErrors } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { checkPrecondition } from '../../../db/precondition.js';
import { lockRecord } from '../../../db/record-lock.js';
import type { DB } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { resourceTrail, type ResourceTrail } from '../../audit/audit-trail.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { StockLedger } from '../../inventory/stock/stock-ledger.js';
import type { WarehouseService } from '../../inventory/warehouses/warehouse.service.js';
import { SALES_ORDER_REFERENCE } from '../allocation/order-allocator.js';
import type { OrderLineRepository } from '../orders/order-lines.repository.js';
import { periodOf, type SalesSequenceRepository } from '../orders/sales-sequence.repository.js';
import { shipmentResource } from './shipment.presenter.js';
import type {
  NewShipmentLine,
  Shipment,
  ShipmentChanges,
  ShipmentListFilters,
  ShipmentOrder,
  ShipmentRepository,
} from './shipment.repository.js';
import { shortPickPlan, type ShortLine } from './short-picks.js';
import type {
  ShipmentCancelBody,
  ShipmentCreateBody,
  ShipmentDeliverBody,
  ShipmentPackBody,
  ShipmentResponse,
  ShipmentShipBody,
  ShipmentStepBody,
} from './shipment.schemas.js';
import { assertOrderCanShip, assertShipmentCan, SHIPMENT_TRANSITIONS, type ShipmentAction } from './shipment.states.js';

/** What shipping asks of the order, in the shipping transaction: recompute its status from its lines. */
export type ShipmentProgress = (
  trx: Transaction<DB>,
  tenantId: string,
  orderId: string,
  userId: string | null,
) => Promise<void>;

export interface ShipmentServiceDeps {
  db: Executor;
  shipments: ShipmentRepository;
  /** The order's lines and what each holds reserved, per warehouse. */
  lines: Pick<OrderLineRepository, 'ofOrder' | 'quantities'>;
  /** The `SH-<yyyymm>-<seq>` numbers. */
  sequences: SalesSequenceRepository;
  ledger: StockLedger;
  warehouses: WarehouseService;
  events: EventRecorder;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
  /** The order's status after a shipment ships. */
  progress: ShipmentProgress;
}

/** A shipment and its lines, as its document and its resource read them. */
export interface ShipmentWithOrder {
  shipment: ShipmentResponse;
  order: ShipmentOrder;
}

export class ShipmentService {
  private readonly db: Executor;
  private readonly shipments: ShipmentRepository;
  private readonly lines: ShipmentServiceDeps['lines'];
  private readonly sequences: SalesSequenceRepository;
  private readonly ledger: StockLedger;
  private readonly warehouses: WarehouseService;
  private readonly events: EventRecorder;
  private readonly trail: ResourceTrail<ShipmentResponse>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly progress: ShipmentProgress;

  constructor(deps: ShipmentServiceDeps) {
    this.db = deps.db;
    this.shipments = deps.shipments;
    this.lines = deps.lines;
    this.sequences = deps.sequences;
    this.ledger = deps.ledger;
    this.warehouses = deps.warehouses;
    this.events = deps.events;
    this.trail = resourceTrail(deps.audit, 'shipment');
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.progress = deps.progress;
  }

  /** @throws NotFoundError('Shipment'), also for another tenant's. */
  async get(tenantId: string, id: string, db: Executor = this.db): Promise<ShipmentResponse> {
    const shipment = await this.shipments.find(db, tenantId, id);
    if (!shipment) throw new NotFoundError('Shipment');
    return this.present(db, tenantId, shipment);
  }

  async list(tenantId: string, filters: ShipmentListFilters, page: PageRequest): Promise<Page<ShipmentResponse>> {
    const result = await this.shipments.list(this.db, tenantId, filters, page);
    const lines = await this.shipments.linesOf(
      this.db,
      tenantId,
      result.items.map((s) => s.id),
    );
    return { ...result, items: result.items.map((s) => shipmentResource(s, lines)) };
  }

  /** The shipments of one order. @throws NotFoundError('Sales order'). */
  async listOfOrder(
    tenantId: string,
    orderId: string,
    filters: Omit<ShipmentListFilters, 'order_id'>,
    page: PageRequest,
  ): Promise<Page<ShipmentResponse>> {
    if (!(await this.shipments.findOrder(this.db, tenantId, orderId))) throw new NotFoundError('Sales order');
    return this.list(tenantId, { ...filters, order_id: orderId }, page);
  }

  /**
   * Creates a draft shipment of the order from one warehouse: the lines and quantities chosen, or every line's
   * quantity reserved there and not yet in another open shipment of the order.
   * @throws NotFoundError('Sales order'); BusinessRuleError `invalid_transition` unless the order is confirmed or
   * partially shipped; ValidationError on `warehouse_id` (unknown, or nothing left to ship there) or on
   * `lines.<i>.order_line_id` / `lines.<i>.quantity` naming the line.
   */
  async create(
    tenantId: string,
    userId: string | null,
    orderId: string,
    input: ShipmentCreateBody,
  ): Promise<ShipmentResponse> {
    return inTransaction(this.db, async (trx) => {
      await lockRecord(trx, 'sales_orders', tenantId, orderId);
      const order = await this.shipments.findOrder(trx, tenantId, orderId);
      if (!order) throw new NotFoundError('Sales order');
      assertOrderCanShip(order.status, 'create a shipment for');
      const warehouse = await this.warehouses.resolve(tenantId, input.warehouse_id, trx).catch((error: unknown) => {
        if (error instanceof NotFoundError)
          throw ValidationError.field('warehouse_id', 'The selected warehouse id is invalid.');
        throw error;
      });
      const lines = await this.lines.ofOrder(trx, tenantId, orderId);
      const quantities = await this.lines.quantities(
        trx,
        tenantId,
        lines.map((l) => l.id),
      );
      const allocatedThere = (lineId: string) =>
        quantities.get(lineId)?.allocations.find((a) => a.warehouse_id === warehouse.id)?.quantity ?? 0;
      const taken = await this.shipments.inOpenShipments(trx, tenantId, orderId, warehouse.id);
      const shippable = (lineId: string) => allocatedThere(lineId) - (taken.get(lineId) ?? 0);
      let chosen: Array<{ lineId: string; quantity: number }>;
      if (input.lines) {
        const byId = new Map(lines.map((l) => [l.id, l]));
        const errors: FieldErrors = {};
        const requested = new Map<string, number>();
        input.lines.forEach((l, i) => {
          const line = byId.get(l.order_line_id);
          if (!line) {
            errors[`lines.${i}.order_line_id`] = ['The selected order line id is invalid.'];
            return;
          }
          const total = (requested.get(line.id) ?? 0) + l.quantity;
          requested.set(line.id, total);
          const most = Math.max(0, shippable(line.id));
          if (total > most)
            errors[`lines.${i}.quantity`] = [
              `Line ${line.position} (${line.product_sku ?? line.product_name}): at most ${most} can be shipped from warehouse ${warehouse.code}, reserved there and not in another open shipment; requested ${total}.`,
            ];
        });
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        chosen = input.lines.map((l) => ({ lineId: l.order_line_id, quantity: l.quantity }));
      } else {
        chosen = lines.filter((l) => shippable(l.id) > 0).map((l) => ({ lineId: l.id, quantity: shippable(l.id) }));
        if (chosen.length === 0)
          throw ValidationError.field(
            'warehouse_id',
            `Nothing reserved for this order in warehouse ${warehouse.code} remains to ship.`,
          );
      }
      const now = this.clock.now();
      const at = now.toISOString();
      const id = this.newId();
      const productOf = new Map(lines.map((l) => [l.id, l.product_id]));
      const rows: NewShipmentLine[] = chosen.map((c, i) => ({
        id: this.newId(),
        tenant_id: tenantId,
        shipment_id: id,
        order_line_id: c.lineId,
        product_id: productOf.get(c.lineId)!,
        position: i + 1,
        quantity: c.quantity,
      }));
      await this.shipments.insert(
        trx,
        {
          id,
          tenant_id: tenantId,
          shipment_number: await this.sequences.nextNumber(trx, tenantId, 'shipment', periodOf(now)),
          order_id: orderId,
          warehouse_id: warehouse.id,
          status: 'draft',
          carrier: null,
          service: null,
          tracking_numbers: null,
          notes: input.notes ?? null,
          created_by: userId,
          created_at: at,
          updated_at: at,
        },
        rows,
      );
      const created = await this.get(tenantId, id, trx);
      await this.events.record(trx, tenantId, { type: 'shipment.created', entityId: id, payload: created });
      await this.trail(trx, tenantId, 'shipment.created', null, created);
      return created;
    });
  }

  /** draft → picking. @throws as `step`. */
  pick(tenantId: string, id: string, input: ShipmentStepBody, precondition?: Precondition) {
    return this.step(tenantId, id, 'pick', precondition, (at) => ({ picked_at: at, ...notesOf(input) }));
  }

  /**
   * draft or picking → packed, with the lines picked short (docs/sales.md, Short picks): in the same transaction
   * each keeps what was picked (a line picked 0 leaves the shipment) and what it lacks goes back to its order
   * line, whose reservation in the shipment's warehouse is released by as much, so the order owes it again.
   * @throws as `step`; ValidationError under `lines.<i>.id`, `lines.<i>.quantity_picked` or `lines`.
   */
  pack(tenantId: string, userId: string | null, id: string, input: ShipmentPackBody, precondition?: Precondition) {
    return this.step(
      tenantId,
      id,
      'pack',
      precondition,
      (at) => ({ packed_at: at, ...notesOf(input) }),
      async (trx, before) => {
        const plan = shortPickPlan(before.lines, input.lines ?? []);
        if ('errors' in plan) throw new ValidationError(plan.errors);
        await this.giveBackShort(trx, tenantId, userId, before, plan.short);
      },
    );
  }

  /** shipped → delivered. @throws as `step`. */
  deliver(tenantId: string, id: string, input: ShipmentDeliverBody, precondition?: Precondition) {
    return this.step(tenantId, id, 'deliver', precondition, (at) => ({ delivered_at: input.delivered_at ?? at }));
  }

  /** An open shipment → cancelled; its quantities stay reserved for the order. @throws as `step`. */
  cancel(tenantId: string, id: string, input: ShipmentCancelBody, precondition?: Precondition) {
    return this.step(tenantId, id, 'cancel', precondition, (at) => ({
      cancelled_at: at,
      cancellation_reason: input.reason ?? null,
    }));
  }

  /**
   * Ships an open shipment, in one transaction: the stock ledger consumes exactly the reservations its lines hold
   * in its warehouse and takes the stock out (one `shipment` movement per line), the shipment records the
   * carrier, and the order becomes partially_shipped or shipped.
   * @throws NotFoundError('Shipment'); PreconditionFailedError; BusinessRuleError `invalid_transition` (the shipment's
   * status, or an order on hold, cancelled…); ConflictError `reservation_location_mismatch` when a line holds less
   * reserved in the warehouse than it ships.
   */
  async ship(
    tenantId: string,
    userId: string | null,
    id: string,
    input: ShipmentShipBody,
    precondition?: Precondition,
  ): Promise<ShipmentResponse> {
    return inTransaction(this.db, async (trx) => {
      const { before, order } = await this.openForWrite(trx, tenantId, id, 'ship', precondition);
      assertOrderCanShip(order.status, 'ship');
      const at = this.clock.now().toISOString();
      await this.ledger.ship(trx, {
        tenantId,
        userId,
        warehouseId: before.warehouse_id,
        shipmentId: id,
        reason: `Shipment ${before.shipment_number} of ${order.order_number}`,
        lines: before.lines.map((l) => ({
          orderLineId: l.order_line_id,
          productId: l.product_id,
          quantity: l.quantity,
        })),
        at,
      });
      await this.shipments.transition(trx, tenantId, id, SHIPMENT_TRANSITIONS.ship.from, {
        status: 'shipped',
        carrier: input.carrier.trim(),
        service: input.service ?? null,
        tracking_numbers: input.tracking_numbers ?? [],
        shipped_at: input.shipped_at ?? at,
        updated_at: at,
      });
      await this.progress(trx, tenantId, order.id, userId);
      const after = await this.get(tenantId, id, trx);
      await this.events.record(trx, tenantId, { type: 'shipment.shipped', entityId: id, payload: after });
      await this.trail(trx, tenantId, 'shipment.shipped', before, after);
      return after;
    });
  }

  /**
   * Cancels the order's open shipments, in the caller's transaction (the order's cancellation or close); their
   * reservations are the order's to release. Answers how many were cancelled.
   */
  async cancelOpenOfOrder(trx: Transaction<DB>, tenantId: string, orderId: string, reason: string): Promise<number> {
    const open = await this.shipments.openOfOrder(trx, tenantId, orderId);
    const before = new Map<string, ShipmentResponse>();
    for (const id of open) before.set(id, await this.get(tenantId, id, trx));
    const at = this.clock.now().toISOString();
    const ids = await this.shipments.cancelOpenOfOrder(trx, tenantId, orderId, reason, at);
    for (const id of ids) {
      const after = await this.get(tenantId, id, trx);
      await this.events.record(trx, tenantId, { type: 'shipment.cancelled', entityId: id, payload: after });
      await this.trail(trx, tenantId, 'shipment.cancelled', before.get(id) ?? null, after);
    }
    return ids.length;
  }

  /** The shipments of one warehouse, for a pick list. @throws NotFoundError('Shipment') when one is not there. */
  async ofWarehouse(tenantId: string, warehouseId: string, ids: readonly string[]): Promise<ShipmentResponse[]> {
    const found = await this.shipments.findMany(this.db, tenantId, ids);
    if (found.length !== new Set(ids).size || found.some((s) => s.warehouse_id !== warehouseId))
      throw new NotFoundError('Shipment');
    const lines = await this.shipments.linesOf(
      this.db,
      tenantId,
      found.map((s) => s.id),
    );
    return found.map((s) => shipmentResource(s, lines));
  }

  /** A shipment with its order, for its documents. @throws NotFoundError('Shipment'). */
  async withOrder(tenantId: string, id: string): Promise<ShipmentWithOrder> {
    const shipment = await this.get(tenantId, id);
    const order = await this.shipments.findOrder(this.db, tenantId, shipment.order_id);
    if (!order) throw new NotFoundError('Shipment');
    return { shipment, order };
  }

  private async step(
    tenantId: string,
    id: string,
    action: Exclude<ShipmentAction, 'ship'>,
    precondition: Precondition | undefined,
    changes: (at: string) => ShipmentChanges,
    /** What the step changes first, once the shipment is checked (packing short gives back what was not found). */
    prepare?: (trx: Transaction<DB>, before: ShipmentResponse) => Promise<void>,
  ): Promise<ShipmentResponse> {
    return inTransaction(this.db, async (trx) => {
      const { before } = await this.openForWrite(trx, tenantId, id, action, precondition);
      await prepare?.(trx, before);
      const at = this.clock.now().toISOString();
      const transition = SHIPMENT_TRANSITIONS[action];
      await this.shipments.transition(trx, tenantId, id, transition.from, {
        ...changes(at),
        status: transition.to,
        updated_at: at,
      });
      const after = await this.get(tenantId, id, trx);
      const event = EVENTS[action];
      if (event) await this.events.record(trx, tenantId, { type: event, entityId: id, payload: after });
      await this.trail(trx, tenantId, `shipment.${AUDIT_ACTIONS[action]}`, before, after);
      return after;
    });
  }

  /**
   * Lines packed short keep what was picked, or leave the shipment with nothing; what each lacks is released
   * from its order line's reservations in the shipment's warehouse (the line then owes it again, backordered).
   */
  private async giveBackShort(
    trx: Transaction<DB>,
    tenantId: string,
    userId: string | null,
    shipment: ShipmentResponse,
    short: readonly ShortLine[],
  ): Promise<void> {
    const byId = new Map(shipment.lines.map((l) => [l.id, l]));
    for (const line of short) {
      if (line.picked === 0) await this.shipments.deleteLine(trx, tenantId, line.id);
      else await this.shipments.changeLineQuantity(trx, tenantId, line.id, line.picked);
      await this.ledger.releaseOrderLine(trx, {
        tenantId,
        orderLineId: byId.get(line.id)!.order_line_id,
        warehouseId: shipment.warehouse_id,
        quantity: line.short,
        referenceType: SALES_ORDER_REFERENCE,
        referenceId: shipment.order_id,
        reason: `Short pick on ${shipment.shipment_number}`,
        userId,
      });
    }
  }

  /**
   * The shipment, its order's row locked (then the shipment read again, after any write that held it), checked
   * against If-Match and the action's statuses.
   */
  private async openForWrite(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    action: ShipmentAction,
    precondition: Precondition | undefined,
  ): Promise<{ before: ShipmentResponse; order: ShipmentOrder }> {
    const first = await this.shipments.find(trx, tenantId, id);
    if (!first) throw new NotFoundError('Shipment');
    await lockRecord(trx, 'sales_orders', tenantId, first.order_id);
    await checkPrecondition(trx, precondition, { table: 'shipments', tenantId, id }, () => this.get(tenantId, id, trx));
    const before = await this.get(tenantId, id, trx);
    assertShipmentCan(before.status, action);
    const order = await this.shipments.findOrder(trx, tenantId, before.order_id);
    if (!order) throw new NotFoundError('Shipment');
    return { before, order };
  }

  private async present(db: Executor, tenantId: string, shipment: Shipment): Promise<ShipmentResponse> {
    return shipmentResource(shipment, await this.shipments.linesOf(db, tenantId, [shipment.id]));
  }
}

const notesOf = (input: ShipmentStepBody): ShipmentChanges => (input.notes !== undefined ? { notes: input.notes } : {});

/** The event of each step, where it has one (picking and packing are the warehouse's own business). */
const EVENTS = {
  pick: undefined,
  pack: undefined,
  deliver: 'shipment.delivered',
  cancel: 'shipment.cancelled',
} as const;

const AUDIT_ACTIONS = { pick: 'picked', pack: 'packed', deliver: 'delivered', cancel: 'cancelled' } as const;
