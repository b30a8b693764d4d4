// Purchase orders: creation with gapless per-tenant monthly numbers, totals in minor units, editing and
// deletion only in draft, and the state table's transitions, each one conditional UPDATE that names the
// current status when refused. Events are recorded in the transaction of the change.
import type { Transaction } from 'kysely';
import { parseEnumList, type EnumList } from '../../../core/enum-list.js';
import { BusinessRuleError, NotFoundError, ValidationError, type FieldErrors } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { updatedSinceBound } from '../../../core/updated-since.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { DB, PurchaseOrderStatus } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { fromMinorUnits, isCurrency, toMinorUnits } from '../../../lib/money.js';
import type { TenantDefaults } from '../../tenancy/tenant.service.js';
import { appendNote } from '../../../lib/text.js';
import { roleAllows } from '../../auth/abilities.js';
import type { ProductService } from '../../catalog/products/product.service.js';
import type { SupplierService } from '../../catalog/suppliers/supplier.service.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { EventType } from '../../events/event-types.js';
import type { WarehouseService } from '../../inventory/warehouses/warehouse.service.js';
import type { UserService } from '../../tenancy/user.service.js';
import { silentNotifier, type PurchaseOrderNotifier } from './purchase-order.notifier.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { resourceTrail, type ResourceTrail } from '../../audit/audit-trail.js';
import { PurchaseOrderPresenter, type PurchaseOrderResource } from './purchase-order.presenter.js';
import type {
  NewPurchaseOrderItem,
  PurchaseOrderFilters,
  PurchaseOrderRepository,
  PurchaseOrderRow,
  PurchaseOrderUpdate,
} from './purchase-order.repository.js';
import {
  type AcknowledgeBody,
  type ApproveBody,
  type CancelBody,
  type LineInput,
  type PurchaseOrderCreateBody,
  type PurchaseOrderListQuery,
  type PurchaseOrderUpdateBody,
  type RecordInvoiceBody,
  type RejectBody,
  type SendBody,
  type SubmitForApprovalBody,
} from './purchase-order.schemas.js';
import {
  PURCHASE_ORDER_STATES,
  PURCHASE_ORDER_STATUSES,
  TRANSITIONS,
  WITH_SUPPLIER_STATUSES,
  type PurchaseOrderVerb,
  type TargetOf,
} from './purchase-order.states.js';

const APPROVE_ABILITY = 'operations:approve-purchase-orders';

export interface PurchaseOrderDeps {
  db: Executor;
  repository: PurchaseOrderRepository;
  suppliers: SupplierService;
  warehouses: WarehouseService;
  products: ProductService;
  users: UserService;
  /** The currency of an order created without one. */
  tenants: TenantDefaults;
  events: EventRecorder;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
  notifier?: PurchaseOrderNotifier;
}

export interface SendResult {
  order: PurchaseOrderResource;
  email_sent: boolean;
}

const STATUS_FILTER: EnumList<PurchaseOrderStatus> = {
  field: 'status',
  allowed: PURCHASE_ORDER_STATUSES,
  invalid: (unknown) => `The selected status is invalid: ${unknown}.`,
  // `pending` also means pending_approval (docs/decisions/purchase-orders.md, Purchase orders).
  aliases: { pending: 'pending_approval' },
};

interface BuiltLines {
  items: Omit<NewPurchaseOrderItem, 'purchase_order_id'>[];
  subtotal: number;
}

export class PurchaseOrderService {
  private readonly db: Executor;
  private readonly presenter: PurchaseOrderPresenter;
  private readonly notifier: PurchaseOrderNotifier;
  /** The audit entry of a change to one order, as the API presents it. */
  private readonly audited: ResourceTrail<PurchaseOrderResource>;

  constructor(private readonly deps: PurchaseOrderDeps) {
    this.db = deps.db;
    this.audited = resourceTrail(deps.audit, 'purchase_order');
    this.presenter = new PurchaseOrderPresenter(deps.users, deps.repository);
    this.notifier = deps.notifier ?? silentNotifier;
  }

  /** Orders of the tenant, paged; `status` may be a comma-separated list. @throws ValidationError for an unknown status. */
  async list(
    tenantId: string,
    query: Omit<PurchaseOrderListQuery, 'page' | 'per_page'>,
    page: PageRequest,
  ): Promise<Page<PurchaseOrderResource>> {
    const { status, ...rest } = query;
    const filters: PurchaseOrderFilters = {
      ...rest,
      statuses: parseEnumList(STATUS_FILTER, status),
      updated_since: updatedSinceBound(rest.updated_since),
    };
    const result = await this.deps.repository.list(this.db, tenantId, filters, page);
    return { ...result, items: await this.presenter.many(this.db, tenantId, result.items, false) };
  }

  /** The order with its lines, supplier, warehouse and the users who acted on it. @throws NotFoundError('Purchase order'). */
  async get(tenantId: string, id: string, db: Executor = this.db): Promise<PurchaseOrderResource> {
    return this.presenter.one(db, tenantId, await this.find(tenantId, id, db));
  }

  /**
   * Creates an order in `draft` (or `pending_approval` when asked), numbered `PO-<yyyymm>-<seq>` from the
   * tenant's monthly sequence inside the same transaction, so numbers are consecutive without gaps or
   * duplicates. Totals are computed in minor units: subtotal = sum of lines, total = subtotal + tax +
   * shipping - discount.
   * @throws ValidationError for an unknown or non-orderable supplier, an unknown warehouse, a product not of
   * the tenant, a product on two lines, a missing list of lines, or a negative total.
   */
  async create(
    tenantId: string,
    userId: string | null,
    input: PurchaseOrderCreateBody,
  ): Promise<PurchaseOrderResource> {
    const currency =
      input.currency === undefined
        ? await this.deps.tenants.defaultCurrency(tenantId)
        : this.currencyOf(input.currency);
    const { key, lines } = this.linesOf(input);
    if (!lines) throw ValidationError.field('items', 'The items field is required.');
    return inTransaction(this.db, async (trx) => {
      await this.assertSupplier(tenantId, input.supplier_id, trx);
      await this.assertWarehouse(tenantId, input.warehouse_id, 'warehouse_id', trx);
      const built = await this.buildLines(tenantId, key, lines, currency, trx);
      const amounts = this.amounts(input, currency, built.subtotal);
      const now = this.deps.clock.now();
      const stamp = now.toISOString();
      const period = stamp.slice(0, 4) + stamp.slice(5, 7);
      const seq = await this.deps.repository.nextSequence(trx, tenantId, period);
      const id = this.deps.newId();
      const status = input.status ?? 'draft';
      await this.deps.repository.insert(trx, {
        id,
        tenant_id: tenantId,
        po_number: `PO-${period}-${String(seq).padStart(4, '0')}`,
        status,
        supplier_id: input.supplier_id,
        warehouse_id: input.warehouse_id,
        order_date: input.order_date ?? stamp.slice(0, 10),
        expected_delivery_date: input.expected_delivery_date ?? null,
        actual_delivery_date: null,
        currency,
        ...amounts,
        payment_terms: input.payment_terms ?? null,
        shipping_method: input.shipping_method ?? null,
        tracking_number: input.tracking_number ?? null,
        notes: input.notes ?? null,
        internal_notes: input.internal_notes ?? null,
        approver_id: null,
        submitted_at: status === 'pending_approval' ? stamp : null,
        approved_by: null,
        approved_at: null,
        approval_notes: null,
        rejected_by: null,
        rejected_at: null,
        rejection_reason: null,
        sent_at: null,
        sent_to: null,
        emailed_at: null,
        acknowledged_at: null,
        supplier_reference: null,
        confirmed_delivery_date: null,
        received_at: null,
        invoice_number: null,
        invoice_amount: null,
        invoice_date: null,
        invoiced_at: null,
        completed_at: null,
        cancelled_by: null,
        cancelled_at: null,
        cancellation_reason: null,
        supplier_notified: false,
        created_by: userId,
        created_at: stamp,
        updated_at: stamp,
        deleted_at: null,
      });
      await this.deps.repository.insertItems(
        trx,
        built.items.map((item) => ({ ...item, purchase_order_id: id })),
      );
      return this.changed(trx, tenantId, id, 'purchase_order.created', null, 'purchase_order.created');
    });
  }

  /**
   * Partial update of a draft order. Lines sent replace every line; totals are recomputed. A new currency
   * converts the stored amounts and prices that were not sent.
   * @throws NotFoundError('Purchase order'); BusinessRuleError naming the status when not draft; ValidationError as create.
   */
  async update(
    tenantId: string,
    id: string,
    input: PurchaseOrderUpdateBody,
    precondition?: Precondition,
  ): Promise<PurchaseOrderResource> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.find(tenantId, id, trx);
      PURCHASE_ORDER_STATES.assertCan(current.status, 'edit');
      const before = await this.presenter.one(trx, tenantId, current);
      const currency = input.currency === undefined ? current.currency : this.currencyOf(input.currency);
      const changes: PurchaseOrderUpdate = {};
      if (input.supplier_id !== undefined && input.supplier_id !== current.supplier_id) {
        await this.assertSupplier(tenantId, input.supplier_id, trx);
        changes.supplier_id = input.supplier_id;
      }
      if (input.warehouse_id !== undefined) {
        await this.assertWarehouse(tenantId, input.warehouse_id, 'warehouse_id', trx);
        changes.warehouse_id = input.warehouse_id;
      }
      if (input.order_date !== undefined) changes.order_date = input.order_date;
      if (input.expected_delivery_date !== undefined) changes.expected_delivery_date = input.expected_delivery_date;
      for (const field of ['payment_terms', 'shipping_method', 'tracking_number', 'notes', 'internal_notes'] as const) {
        if (input[field] !== undefined) changes[field] = input[field];
      }

      let { key, lines } = this.linesOf(input);
      if (!lines && currency !== current.currency) {
        // Prices are minor units of the old currency: restate them in the new one.
        key = 'items';
        lines = (await this.deps.repository.items(trx, tenantId, id)).map((item) => ({
          product_id: item.product_id,
          quantity_ordered: item.quantity_ordered,
          unit_price: fromMinorUnits(item.unit_price, current.currency),
          warehouse_id: item.warehouse_id,
        }));
      }
      const built = lines ? await this.buildLines(tenantId, key, lines, currency, trx) : null;
      const stored = (minor: number) => fromMinorUnits(minor, current.currency);
      const amounts = this.amounts(
        {
          tax_amount: input.tax_amount ?? stored(current.tax_amount),
          shipping_cost: input.shipping_cost ?? stored(current.shipping_cost),
          discount_amount: input.discount_amount ?? stored(current.discount_amount),
        },
        currency,
        built ? built.subtotal : current.subtotal,
      );
      const moved = await this.deps.repository.transition(trx, tenantId, id, TRANSITIONS.edit.from, {
        ...changes,
        ...amounts,
        currency,
        updated_at: this.deps.clock.now().toISOString(),
      });
      if (!moved) throw PURCHASE_ORDER_STATES.refusal((await this.find(tenantId, id, trx)).status, 'edit');
      if (built) {
        await this.deps.repository.deleteItems(trx, tenantId, id);
        await this.deps.repository.insertItems(
          trx,
          built.items.map((item) => ({ ...item, purchase_order_id: id })),
        );
      }
      return this.changed(trx, tenantId, id, 'purchase_order.updated', before);
    });
  }

  /**
   * Soft delete of a draft order; its number is not reused. Records purchase_order.deleted, so that a client
   * keeping a copy learns of it from the event feed (docs/sync.md).
   * @throws NotFoundError; BusinessRuleError naming the status.
   */
  async remove(tenantId: string, id: string, precondition?: Precondition): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const now = this.deps.clock.now().toISOString();
      const current = await this.find(tenantId, id, trx);
      const before = await this.presenter.one(trx, tenantId, current);
      await this.move(trx, tenantId, id, 'delete', { deleted_at: now });
      await this.deps.events.record(trx, tenantId, {
        type: 'purchase_order.deleted',
        entityId: id,
        payload: { id, po_number: current.po_number, deleted_at: now },
      });
      await this.audited(trx, tenantId, 'purchase_order.deleted', before, null);
    });
  }

  /**
   * draft -> pending_approval. The approver, when named, must be an active user of the tenant whose role may
   * approve purchase orders. Notes are appended to the internal notes.
   * @throws NotFoundError; ValidationError for the approver; BusinessRuleError naming the status.
   */
  async submitForApproval(
    tenantId: string,
    id: string,
    input: SubmitForApprovalBody,
    precondition?: Precondition,
  ): Promise<PurchaseOrderResource> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.find(tenantId, id, trx);
      const before = await this.presenter.one(trx, tenantId, current);
      if (input.approver_id) {
        const approver = await this.deps.users.findById(tenantId, input.approver_id, trx);
        if (!approver || !approver.is_active)
          throw ValidationError.field('approver_id', 'The selected approver id is invalid.');
        if (!roleAllows(approver.role, APPROVE_ABILITY)) {
          throw ValidationError.field(
            'approver_id',
            'The selected approver is not allowed to approve purchase orders.',
          );
        }
      }
      const now = this.deps.clock.now().toISOString();
      await this.move(trx, tenantId, id, 'submit for approval', {
        status: 'pending_approval',
        approver_id: input.approver_id ?? null,
        submitted_at: now,
        internal_notes: appendNote(current.internal_notes, input.notes),
      });
      return this.changed(trx, tenantId, id, 'purchase_order.submitted_for_approval', before);
    });
  }

  /**
   * pending_approval -> approved, recording who approved, when, and the notes. Direct approval of a draft is
   * refused (docs/decisions/purchase-orders.md, Purchase orders).
   * @throws NotFoundError; BusinessRuleError naming the current status.
   */
  async approve(
    tenantId: string,
    id: string,
    userId: string,
    input: ApproveBody,
    precondition?: Precondition,
  ): Promise<PurchaseOrderResource> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const before = await this.get(tenantId, id, trx);
      const now = this.deps.clock.now().toISOString();
      await this.move(trx, tenantId, id, 'approve', {
        status: 'approved',
        approved_by: userId,
        approved_at: now,
        approval_notes: input.approval_notes ?? input.notes ?? null,
      });
      return this.changed(trx, tenantId, id, 'purchase_order.approved', before, 'purchase_order.approved');
    });
  }

  /** pending_approval -> rejected with the reason. @throws NotFoundError; ValidationError for a blank reason; BusinessRuleError naming the status. */
  async reject(
    tenantId: string,
    id: string,
    userId: string,
    input: RejectBody,
    precondition?: Precondition,
  ): Promise<PurchaseOrderResource> {
    const reason = input.reason.trim();
    if (reason === '') throw ValidationError.field('reason', 'The reason field is required.');
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const before = await this.get(tenantId, id, trx);
      const now = this.deps.clock.now().toISOString();
      await this.move(trx, tenantId, id, 'reject', {
        status: 'rejected',
        rejected_by: userId,
        rejected_at: now,
        rejection_reason: reason,
      });
      return this.changed(trx, tenantId, id, 'purchase_order.rejected', before);
    });
  }

  /**
   * approved -> sent, recording sent_at and the supplier's address. With `send_email` the notifier mails the
   * order after commit: the order is sent whether or not the e-mail leaves; `email_sent` says which, and
   * `emailed_at` records it on the order.
   * @throws NotFoundError; BusinessRuleError naming the status.
   */
  async send(tenantId: string, id: string, input: SendBody, precondition?: Precondition): Promise<SendResult> {
    const order = await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.find(tenantId, id, trx);
      const before = await this.presenter.one(trx, tenantId, current);
      // A supplier deleted since the order was approved leaves nobody to address: the order is still sent.
      const supplier = await this.deps.suppliers.get(tenantId, current.supplier_id, trx).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      });
      const now = this.deps.clock.now().toISOString();
      await this.move(trx, tenantId, id, 'send', { status: 'sent', sent_at: now, sent_to: supplier?.email ?? null });
      return this.changed(trx, tenantId, id, 'purchase_order.sent', before, 'purchase_order.sent');
    });
    if (!input.send_email || !order.sent_to || !order.supplier) return { order, email_sent: false };
    const emailed = await this.notifier.sendOrder(
      tenantId,
      order,
      { id: order.supplier.id, name: order.supplier.name, email: order.sent_to },
      input,
    );
    if (!emailed) return { order, email_sent: false };
    // Recorded apart from the transition, which is committed before the mail server is asked.
    const emailedAt = this.deps.clock.now().toISOString();
    await this.deps.repository.transition(this.db, tenantId, id, TRANSITIONS.send.to, { emailed_at: emailedAt });
    return { order: { ...order, emailed_at: emailedAt }, email_sent: true };
  }

  /**
   * sent -> acknowledged with the supplier's reference and confirmed delivery date; notes are appended to the
   * internal notes.
   * @throws NotFoundError; BusinessRuleError naming the status.
   */
  async acknowledge(
    tenantId: string,
    id: string,
    input: AcknowledgeBody,
    precondition?: Precondition,
  ): Promise<PurchaseOrderResource> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.find(tenantId, id, trx);
      const before = await this.presenter.one(trx, tenantId, current);
      await this.move(trx, tenantId, id, 'acknowledge', {
        status: 'acknowledged',
        acknowledged_at: this.deps.clock.now().toISOString(),
        supplier_reference: input.supplier_reference ?? current.supplier_reference,
        confirmed_delivery_date: input.confirmed_delivery_date ?? current.confirmed_delivery_date,
        internal_notes: appendNote(current.internal_notes, input.notes),
      });
      return this.changed(trx, tenantId, id, 'purchase_order.acknowledged', before);
    });
  }

  /**
   * Cancels from any status before full receipt: records reason, time and user, and marks every line's
   * unreceived quantity cancelled. When the supplier already had the order and `notify_supplier` is not
   * false, the notifier tells them after commit and `supplier_notified` records whether it did.
   * @throws NotFoundError; ValidationError without a reason; BusinessRuleError naming the status.
   */
  async cancel(
    tenantId: string,
    id: string,
    userId: string,
    input: CancelBody,
    precondition?: Precondition,
  ): Promise<PurchaseOrderResource> {
    const reason = (input.reason ?? input.cancellation_reason ?? '').trim();
    if (reason === '') throw ValidationError.field('reason', 'The reason field is required.');
    let withSupplier = false;
    const order = await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.find(tenantId, id, trx);
      const before = await this.presenter.one(trx, tenantId, current);
      withSupplier = WITH_SUPPLIER_STATUSES.includes(current.status);
      const now = this.deps.clock.now().toISOString();
      await this.move(trx, tenantId, id, 'cancel', {
        status: 'cancelled',
        cancelled_by: userId,
        cancelled_at: now,
        cancellation_reason: reason,
      });
      await this.deps.repository.cancelRemaining(trx, tenantId, id);
      return this.changed(trx, tenantId, id, 'purchase_order.cancelled', before, 'purchase_order.cancelled');
    });
    if (!withSupplier || input.notify_supplier === false || !order.sent_to || !order.supplier) return order;
    const notified = await this.notifier.notifyCancellation(tenantId, order, {
      id: order.supplier.id,
      name: order.supplier.name,
      email: order.sent_to,
    });
    if (!notified) return order;
    await this.deps.repository.transition(this.db, tenantId, id, TRANSITIONS.cancel.to, { supplier_notified: true });
    return { ...order, supplier_notified: true };
  }

  /** received -> invoiced with the supplier's invoice. @throws NotFoundError; BusinessRuleError naming the status. */
  async recordInvoice(
    tenantId: string,
    id: string,
    input: RecordInvoiceBody,
    precondition?: Precondition,
  ): Promise<PurchaseOrderResource> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.find(tenantId, id, trx);
      const before = await this.presenter.one(trx, tenantId, current);
      const now = this.deps.clock.now().toISOString();
      await this.move(trx, tenantId, id, 'record an invoice for', {
        status: 'invoiced',
        invoice_number: input.invoice_number.trim(),
        invoice_amount: toMinorUnits(input.invoice_amount, current.currency),
        invoice_date: input.invoice_date ?? now.slice(0, 10),
        invoiced_at: now,
      });
      return this.changed(trx, tenantId, id, 'purchase_order.invoiced', before);
    });
  }

  /** received or invoiced -> completed (terminal). @throws NotFoundError; BusinessRuleError naming the status. */
  async complete(tenantId: string, id: string, precondition?: Precondition): Promise<PurchaseOrderResource> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const before = await this.get(tenantId, id, trx);
      await this.move(trx, tenantId, id, 'complete', {
        status: 'completed',
        completed_at: this.deps.clock.now().toISOString(),
      });
      return this.changed(trx, tenantId, id, 'purchase_order.completed', before);
    });
  }

  private async find(tenantId: string, id: string, db: Executor): Promise<PurchaseOrderRow> {
    const row = await this.deps.repository.findById(db, tenantId, id);
    if (!row) throw new NotFoundError('Purchase order');
    return row;
  }

  /** One conditional UPDATE from the verb's statuses; on a miss, 404 or a refusal naming the current status. */
  private async move<V extends PurchaseOrderVerb>(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    verb: V,
    changes: Omit<PurchaseOrderUpdate, 'status'> & { status?: TargetOf<V> },
  ): Promise<void> {
    const moved = await this.deps.repository.transition(trx, tenantId, id, TRANSITIONS[verb].from, {
      ...changes,
      updated_at: this.deps.clock.now().toISOString(),
    });
    if (!moved) throw PURCHASE_ORDER_STATES.refusal((await this.find(tenantId, id, trx)).status, verb);
  }

  private async changed(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    action: string,
    before: PurchaseOrderResource | null,
    event?: EventType,
  ): Promise<PurchaseOrderResource> {
    const order = await this.get(tenantId, id, trx);
    if (event)
      await this.deps.events.record(trx, tenantId, {
        type: event,
        entityId: id,
        payload: order as unknown as Record<string, unknown>,
      });
    await this.audited(trx, tenantId, action, before, order);
    return order;
  }

  private currencyOf(currency: string): string {
    if (!isCurrency(currency))
      throw ValidationError.field('currency', 'The currency must be an ISO 4217 currency code.');
    return currency;
  }

  private linesOf(input: Pick<PurchaseOrderCreateBody, 'items' | 'line_items'>): {
    key: string;
    lines: LineInput[] | undefined;
  } {
    if (input.items && input.line_items) {
      throw ValidationError.field('items', 'Send the lines as items or as line_items, not both.');
    }
    return input.line_items ? { key: 'line_items', lines: input.line_items } : { key: 'items', lines: input.items };
  }

  private async assertSupplier(tenantId: string, supplierId: string, db: Executor): Promise<void> {
    try {
      await this.deps.suppliers.assertOrderable(tenantId, supplierId, db);
    } catch (error) {
      if (error instanceof NotFoundError)
        throw ValidationError.field('supplier_id', 'The selected supplier id is invalid.');
      if (error instanceof BusinessRuleError) throw ValidationError.field('supplier_id', error.message, error.code);
      throw error;
    }
  }

  private async assertWarehouse(tenantId: string, warehouseId: string, field: string, db: Executor): Promise<void> {
    try {
      await this.deps.warehouses.get(tenantId, warehouseId, db);
    } catch (error) {
      if (error instanceof NotFoundError)
        throw ValidationError.field(field, `The selected ${field.split('.').pop()!.replace('_', ' ')} is invalid.`);
      throw error;
    }
  }

  /** Checks every line (all errors at once), snapshots product name and SKU, and sums the lines in minor units. */
  private async buildLines(
    tenantId: string,
    key: string,
    lines: LineInput[],
    currency: string,
    db: Executor,
  ): Promise<BuiltLines> {
    const errors: FieldErrors = {};
    const seen = new Map<string, number>();
    const items: BuiltLines['items'] = [];
    let subtotal = 0;
    for (const [index, line] of lines.entries()) {
      const at = `${key}.${index}`;
      const first = seen.get(line.product_id);
      if (first !== undefined) {
        errors[`${at}.product_id`] = [`The product is already on line ${first + 1}; each product may appear once.`];
        continue;
      }
      seen.set(line.product_id, index);
      const product = await this.deps.products.find(tenantId, line.product_id, db).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      });
      if (!product) {
        errors[`${at}.product_id`] = ['The selected product id is invalid.'];
        continue;
      }
      const warehouseId = 'warehouse_id' in line ? (line.warehouse_id ?? null) : null;
      if (warehouseId) {
        try {
          await this.assertWarehouse(tenantId, warehouseId, `${at}.warehouse_id`, db);
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          Object.assign(errors, error.errors);
          continue;
        }
      }
      const quantity = 'quantity' in line ? line.quantity : line.quantity_ordered;
      const unitPrice = toMinorUnits(line.unit_price, currency);
      const lineTotal = unitPrice * quantity;
      subtotal += lineTotal;
      items.push({
        id: this.deps.newId(),
        tenant_id: tenantId,
        product_id: product.id,
        product_name: product.name,
        product_sku: product.sku ?? null,
        quantity_ordered: quantity,
        quantity_received: 0,
        quantity_cancelled: 0,
        unit_price: unitPrice,
        line_total: lineTotal,
        warehouse_id: warehouseId,
        receiving_notes: null,
        received_at: null,
        position: index,
      });
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return { items, subtotal };
  }

  private amounts(
    input: { tax_amount?: number; shipping_cost?: number; discount_amount?: number },
    currency: string,
    subtotal: number,
  ) {
    const tax = toMinorUnits(input.tax_amount ?? 0, currency);
    const shipping = toMinorUnits(input.shipping_cost ?? 0, currency);
    const discount = toMinorUnits(input.discount_amount ?? 0, currency);
    const total = subtotal + tax + shipping - discount;
    if (total < 0)
      throw ValidationError.field('discount_amount', 'The discount may not exceed the subtotal plus tax and shipping.');
    return { subtotal, tax_amount: tax, shipping_cost: shipping, discount_amount: discount, total_amount: total };
  }

  /** If-Match against the purchase order as GET answers it. @throws PreconditionFailedError; NotFoundError. */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'purchase_orders', tenantId, id }, async () =>
      this.get(tenantId, id, trx),
    );
  }
}
