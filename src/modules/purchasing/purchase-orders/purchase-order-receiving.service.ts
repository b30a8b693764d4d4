// Receiving goods against a purchase order: validates the lines against what is pending, then in one
// transaction locks the order, raises each line's received quantity conditionally, adds the stock, writes the
// receipt and moves the order to partially_received or received. Also reads the receipts back, for the log.
import type { Transaction } from 'kysely';
import { BusinessRuleError, NotFoundError, ValidationError, type FieldErrors } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { DB } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { appendNote, trimOrNull } from '../../../lib/text.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { StockLedger } from '../../inventory/stock/stock-ledger.js';
import type { WarehouseService } from '../../inventory/warehouses/warehouse.service.js';
import type { UserService } from '../../tenancy/user.service.js';
import type {
  PurchaseOrderReceivingRepository,
  NewReceiptLine,
  Receipt,
  ReceiptLine,
} from './purchase-order-receiving.repository.js';
import type { ReceiptResponse, ReceiveBody, ReceiveResponse } from './purchase-order-receiving.schemas.js';
import type { PurchaseOrderItem, PurchaseOrderRepository, PurchaseOrderRow } from './purchase-order.repository.js';
import type { PurchaseOrderService } from './purchase-order.service.js';
import { PurchaseOrderPresenter, type PurchaseOrderResource } from './purchase-order.presenter.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { resourceTrail, type ResourceTrail } from '../../audit/audit-trail.js';
import { PURCHASE_ORDER_STATES, RECEIVABLE_STATUSES, type TargetOf } from './purchase-order.states.js';

export interface PurchaseOrderReceivingDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  events: EventRecorder;
  audit: AuditLog;
  stock: StockLedger;
  warehouses: WarehouseService;
  users: UserService;
  orders: PurchaseOrderService;
  repository: PurchaseOrderRepository;
  receiving: PurchaseOrderReceivingRepository;
}

/** One line of a receipt after the request is checked against the order. */
interface PlannedLine {
  item: PurchaseOrderItem;
  /** The request path of the line, for error keys; null when every pending quantity is received. */
  at: string | null;
  quantity: number;
  warehouseId: string;
  binLocation: string | null;
  notes: string | null;
  qualityPassed: boolean;
  qualityNotes: string | null;
}

const pending = (item: PurchaseOrderItem) => item.quantity_ordered - item.quantity_received - item.quantity_cancelled;

function overPending(item: PurchaseOrderItem, quantity: number): string {
  return `Cannot receive ${quantity} units. Only ${pending(item)} units pending (ordered: ${item.quantity_ordered}, received: ${item.quantity_received})`;
}

function receiptResource(
  receipt: Receipt,
  lines: readonly ReceiptLine[],
  users: ReadonlyMap<string, { id: string; name: string }>,
): ReceiptResponse {
  return {
    id: receipt.id,
    purchase_order_id: receipt.purchase_order_id,
    received_date: receipt.received_date,
    received_by: (receipt.received_by && users.get(receipt.received_by)) || null,
    created_at: receipt.created_at,
    notes: receipt.notes,
    quality_check_passed: receipt.quality_check_passed,
    quality_notes: receipt.quality_notes,
    units_received: lines.reduce((sum, line) => sum + line.quantity_received, 0),
    lines: lines.map((line) => ({
      id: line.id,
      purchase_order_item_id: line.purchase_order_item_id,
      product_id: line.product_id,
      product_name: line.product_name,
      product_sku: line.product_sku,
      warehouse_id: line.warehouse_id,
      quantity_received: line.quantity_received,
      bin_location: line.bin_location,
      notes: line.notes,
      quality_check_passed: line.quality_check_passed,
      quality_notes: line.quality_notes,
      stock_movement_id: line.stock_movement_id,
    })),
  };
}

export class PurchaseOrderReceivingService {
  /** The audit entry of a receipt: the order as it was and as it is, its lines' received quantities included. */
  private readonly audited: ResourceTrail<PurchaseOrderResource>;
  private readonly presenter: PurchaseOrderPresenter;

  constructor(private readonly deps: PurchaseOrderReceivingDeps) {
    this.audited = resourceTrail(deps.audit, 'purchase_order');
    this.presenter = new PurchaseOrderPresenter(deps.users, deps.repository);
  }

  /**
   * Receives goods: the lines sent (`received_items` by product or `items` by order line), or every pending
   * quantity when neither is sent. In one transaction the order is locked, each line's received quantity is
   * raised by a conditional update (concurrent receipts cannot pass what was ordered), stock is added through
   * the stock ledger with a `purchase_receipt` movement referencing the order, a receipt with its lines is
   * written, and the order moves to `received` (received_at, actual delivery date = received date,
   * purchase_order.received) when nothing is pending, else to `partially_received`.
   * @throws NotFoundError('Purchase order'); BusinessRuleError naming the status outside sent, acknowledged,
   * partially_received, or `Cannot receive <n> units. Only <m> units pending (…)`; ValidationError for both
   * forms at once, a product or line not on the order, the same line twice, an unknown warehouse or receiver,
   * a failed quality check without notes, or a received date in the future.
   */
  async receive(
    tenantId: string,
    orderId: string,
    userId: string | null,
    input: ReceiveBody,
    precondition?: Precondition,
  ): Promise<ReceiveResponse> {
    const now = this.deps.clock.now().toISOString();
    const today = now.slice(0, 10);
    const receivedDate = input.received_date ?? today;
    const errors: FieldErrors = {};
    if (receivedDate > today) errors.received_date = ['The received date may not be in the future.'];
    if (input.received_items && input.items) errors.items = ['Send the lines as received_items or as items, not both.'];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    return inTransaction(this.deps.db, async (trx) => {
      await checkPrecondition(trx, precondition, { table: 'purchase_orders', tenantId, id: orderId }, () =>
        this.deps.orders.get(tenantId, orderId, trx),
      );
      const order = await this.lock(trx, tenantId, orderId);
      const items = await this.deps.repository.items(trx, tenantId, orderId);
      // Receiving changes neither who acted on the order nor its supplier and warehouse: the resources before
      // and after are presented from the rows and lines read here and written below.
      const users = await this.presenter.usersOf(trx, tenantId, [order]);
      const before = this.presenter.present(order, users, items);
      const receivedBy = await this.receiver(trx, tenantId, input.received_by, userId);
      const lines = await this.plan(trx, tenantId, order, items, input);

      const receiptId = this.deps.newId();
      // An order has at most MAX_LINES lines: the statements of a receipt stay far below the engines' parameter
      // limits (SQLite 32,766; PostgreSQL 65,535) without chunks.
      const updated = await this.deps.receiving.receiveOnLines(
        trx,
        tenantId,
        lines.map((l) => ({ itemId: l.item.id, quantity: l.quantity, notes: l.notes })),
        now,
      );
      const received = new Map(updated.map((item) => [item.id, item]));
      const refused = lines.find((l) => !received.has(l.item.id));
      if (refused) {
        // Only a receipt committed since the lines were read can get here; report it as the rule it breaks.
        const fresh = (await this.deps.repository.items(trx, tenantId, orderId)).find((i) => i.id === refused.item.id)!;
        throw new BusinessRuleError('exceeds_pending', overPending(fresh, refused.quantity));
      }
      const movements = await this.deps.stock.addOnHandMany(
        trx,
        {
          tenantId,
          type: 'purchase_receipt',
          referenceType: 'purchase_order',
          referenceId: orderId,
          reason: `Received on purchase order ${order.po_number}`,
          userId: receivedBy,
          at: now,
        },
        lines.map((line) => ({
          productId: line.item.product_id,
          warehouseId: line.warehouseId,
          quantity: line.quantity,
          notes: line.notes,
        })),
      );

      await this.deps.receiving.insertReceipt(trx, {
        id: receiptId,
        tenant_id: tenantId,
        purchase_order_id: orderId,
        received_date: receivedDate,
        notes: trimOrNull(input.notes),
        quality_check_passed: (input.quality_check_passed ?? true) && lines.every((l) => l.qualityPassed),
        quality_notes: trimOrNull(input.quality_notes),
        received_by: receivedBy,
        created_at: now,
      });
      const receiptLines: NewReceiptLine[] = lines.map((line, index) => ({
        id: this.deps.newId(),
        tenant_id: tenantId,
        receipt_id: receiptId,
        purchase_order_item_id: line.item.id,
        product_id: line.item.product_id,
        warehouse_id: line.warehouseId,
        quantity_received: line.quantity,
        bin_location: line.binLocation,
        notes: line.notes,
        quality_check_passed: line.qualityPassed,
        quality_notes: line.qualityNotes,
        stock_movement_id: movements[index]!.id,
      }));
      await this.deps.receiving.insertReceiptLines(trx, receiptLines);

      const after = items.map((item) => received.get(item.id) ?? item);
      const complete = after.every((item) => pending(item) <= 0);
      const status: TargetOf<'receive goods for'> = complete ? 'received' : 'partially_received';
      const moved = await this.deps.repository.transitionReturning(trx, tenantId, orderId, RECEIVABLE_STATUSES, {
        status,
        ...(complete ? { received_at: now, actual_delivery_date: receivedDate } : {}),
        internal_notes: appendNote(order.internal_notes, input.notes),
        updated_at: now,
      });
      if (!moved) throw new Error('The purchase order locked for this receipt left its receivable status.');
      const resource = this.presenter.present({ ...order, ...moved }, users, after);
      if (complete) {
        await this.deps.events.record(trx, tenantId, {
          type: 'purchase_order.received',
          entityId: orderId,
          payload: resource as unknown as Record<string, unknown>,
        });
      }
      await this.audited(
        trx,
        tenantId,
        complete ? 'purchase_order.received' : 'purchase_order.partially_received',
        before,
        resource,
      );
      const ordered = after.reduce((sum, item) => sum + item.quantity_ordered, 0);
      const receivedUnits = after.reduce((sum, item) => sum + item.quantity_received, 0);
      return {
        ...resource,
        receipt_id: receiptId,
        total_received_percentage: ordered === 0 ? 0 : Math.round((receivedUnits / ordered) * 10000) / 100,
        awaiting_items: after.filter((item) => pending(item) > 0).length,
        inventory_updated: true,
      };
    });
  }

  /**
   * The receipts recorded on an order, newest first, each with who received the goods and its lines.
   * @throws NotFoundError('Purchase order'), also for another tenant's.
   */
  async receipts(tenantId: string, orderId: string, page: PageRequest): Promise<Page<ReceiptResponse>> {
    const { db } = this.deps;
    if (!(await this.deps.repository.findById(db, tenantId, orderId))) throw new NotFoundError('Purchase order');
    const receipts = await this.deps.receiving.receiptsPage(db, tenantId, orderId, page);
    const ids = receipts.items.map((receipt) => receipt.id);
    const receiverIds = [
      ...new Set(receipts.items.flatMap((receipt) => (receipt.received_by ? [receipt.received_by] : []))),
    ];
    const [lines, receivers] = await Promise.all([
      this.deps.receiving.receiptLines(db, tenantId, ids),
      this.deps.users.summariesByIds(tenantId, receiverIds, db),
    ]);
    const names = new Map(receivers.map((user) => [user.id, { id: user.id, name: user.name }]));
    return {
      ...receipts,
      items: receipts.items.map((receipt) =>
        receiptResource(
          receipt,
          lines.filter((line) => line.receipt_id === receipt.id),
          names,
        ),
      ),
    };
  }

  /**
   * The lines of one receipt of an order (for its labels), in the order's line order.
   * @throws NotFoundError('Purchase order') for an order not found in the tenant, NotFoundError('Receipt') for a
   * receipt that is not one of this order's.
   */
  async receiptLines(tenantId: string, orderId: string, receiptId: string): Promise<ReceiptLine[]> {
    const { db } = this.deps;
    if (!(await this.deps.repository.findById(db, tenantId, orderId))) throw new NotFoundError('Purchase order');
    if (!(await this.deps.receiving.receiptOfOrder(db, tenantId, orderId, receiptId)))
      throw new NotFoundError('Receipt');
    return this.deps.receiving.receiptLines(db, tenantId, [receiptId]);
  }

  /** Locks the order in a receivable status; otherwise 404 or a refusal naming its status. */
  private async lock(trx: Transaction<DB>, tenantId: string, orderId: string): Promise<PurchaseOrderRow> {
    const order = await this.deps.repository.findForUpdate(trx, tenantId, orderId);
    if (!order) throw new NotFoundError('Purchase order');
    PURCHASE_ORDER_STATES.assertCan(order.status, 'receive goods for');
    return order;
  }

  private async receiver(
    trx: Transaction<DB>,
    tenantId: string,
    receivedBy: string | null | undefined,
    userId: string | null,
  ): Promise<string | null> {
    if (!receivedBy) return userId;
    const user = await this.deps.users.findById(tenantId, receivedBy, trx);
    if (!user) throw ValidationError.field('received_by', 'The selected received by is invalid.');
    return user.id;
  }

  /** Matches the request's lines to the order's and checks every rule, all field errors at once. */
  private async plan(
    trx: Transaction<DB>,
    tenantId: string,
    order: PurchaseOrderRow,
    items: PurchaseOrderItem[],
    input: ReceiveBody,
  ): Promise<PlannedLine[]> {
    const overallPassed = input.quality_check_passed ?? true;
    const overallNotes = trimOrNull(input.quality_notes);
    const errors: FieldErrors = {};
    const planned: PlannedLine[] = [];

    if (!input.received_items && !input.items) {
      for (const item of items.filter((i) => pending(i) > 0)) {
        planned.push({
          item,
          at: null,
          quantity: pending(item),
          warehouseId: item.warehouse_id ?? order.warehouse_id,
          binLocation: null,
          notes: null,
          qualityPassed: overallPassed,
          qualityNotes: overallNotes,
        });
      }
      if (planned.length === 0)
        throw new BusinessRuleError('nothing_pending', 'Nothing is pending on this purchase order.');
    } else {
      const key = input.received_items ? 'received_items' : 'items';
      const requested = input.received_items
        ? input.received_items.map((line) => ({
            ...line,
            item: items.find((i) => i.product_id === line.product_id),
            bin_location: null,
            field: 'product_id',
          }))
        : input.items!.map((line) => ({
            ...line,
            item: items.find((i) => i.id === line.purchase_order_item_id),
            field: 'purchase_order_item_id',
          }));
      const seen = new Map<string, number>();
      for (const [index, line] of requested.entries()) {
        const at = `${key}.${index}`;
        if (!line.item) {
          errors[`${at}.${line.field}`] = [
            line.field === 'product_id'
              ? 'The product is not on this purchase order.'
              : 'The line is not on this purchase order.',
          ];
          continue;
        }
        const first = seen.get(line.item.id);
        if (first !== undefined) {
          errors[`${at}.${line.field}`] = [
            `The line is already received on line ${first + 1} of this request; each may appear once.`,
          ];
          continue;
        }
        seen.set(line.item.id, index);
        if (line.quantity_received > pending(line.item)) {
          errors[`${at}.quantity_received`] = [overPending(line.item, line.quantity_received)];
        }
        const warehouseId = line.warehouse_id ?? line.item.warehouse_id ?? order.warehouse_id;
        if (line.warehouse_id) {
          const known = await this.deps.warehouses.get(tenantId, line.warehouse_id, trx).then(
            () => true,
            (error: unknown) => {
              if (error instanceof NotFoundError) return false;
              throw error;
            },
          );
          if (!known) errors[`${at}.warehouse_id`] = ['The selected warehouse id is invalid.'];
        }
        planned.push({
          item: line.item,
          at,
          quantity: line.quantity_received,
          warehouseId,
          binLocation: trimOrNull(line.bin_location),
          notes: trimOrNull(line.notes),
          qualityPassed: line.quality_check_passed ?? overallPassed,
          qualityNotes: trimOrNull(line.quality_notes),
        });
      }
    }

    // A failed check needs notes on its line, or overall notes when no line carries any (Receive rules 3).
    const anyLineNotes = planned.some((l) => l.at !== null && l.qualityNotes !== null);
    for (const line of planned) {
      if (line.qualityPassed || line.qualityNotes !== null) continue;
      if (line.at === null || !anyLineNotes) {
        if (overallNotes === null)
          errors.quality_notes = ['The quality notes field is required when the quality check failed.'];
        else line.qualityNotes = overallNotes;
      } else {
        errors[`${line.at}.quality_notes`] = ['The quality notes field is required when the quality check failed.'];
      }
    }
    if (!overallPassed && overallNotes === null && !anyLineNotes) {
      errors.quality_notes = ['The quality notes field is required when the quality check failed.'];
    }

    const overs = Object.entries(errors).filter(([field]) => field.endsWith('.quantity_received'));
    if (overs.length > 0 && overs.length === Object.keys(errors).length) {
      // Only quantities are wrong: the message is the rule's own (`Cannot receive <n> units. Only <m> units
      // pending…`, docs/decisions/purchase-orders.md, Receiving), that of the first such line.
      throw new ValidationError(errors, overs[0]![1][0]);
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return planned;
  }
}
