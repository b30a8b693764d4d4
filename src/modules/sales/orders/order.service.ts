// Sales orders (docs/sales.md, Sales orders): creation with gapless per-tenant monthly numbers and a customer
// given or created with the order, totals in minor units, edits of the header and the lines, and the state
// table's actions, each one conditional UPDATE that names the current status when refused. Confirming,
// approving and allocating reserve stock through the allocation contract; cancelling and closing release it.
// Events and audit entries are recorded in the transaction of the change.
import type { Transaction } from 'kysely';
import { parseEnumList, type EnumList } from '../../../core/enum-list.js';
import { keysetPage, keysetRequest, type KeysetOrder, type KeysetPage } from '../../../core/keyset.js';
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  ValidationError,
  type FieldErrors,
} from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { updatedSinceBound } from '../../../core/updated-since.js';
import { violatedUniqueField } from '../../../db/errors.js';
import { checkPrecondition } from '../../../db/precondition.js';
import { lockRecord } from '../../../db/record-lock.js';
import type { DB, SalesOrderStatus } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { fromMinorUnits, isCurrency, toMinorUnits } from '../../../lib/money.js';
import type { ProductService } from '../../catalog/products/product.service.js';
import type { CustomerService } from '../../crm/customers/customer.service.js';
import { customerAddressErrors, storedAddress } from '../../crm/customers/customer-address.js';
import type { TenantService } from '../../tenancy/tenant.service.js';
import type { AllocationOutcome, OrderAllocation } from '../allocation/order-allocation.js';
import type { OrderHistory } from './order-history.js';
import type { LineQuantities, NewOrderLine, OrderLine, OrderLineRepository } from './order-lines.repository.js';
import type { OrderProgress } from './order-progress.js';
import { lineTotal, openQuantity, orderTotals } from './order-quantities.js';
import type { OrderPresenter, OrderResource } from './order.presenter.js';
import {
  CHANNEL_REF_INDEX,
  type OrderFilters,
  type OrderRepository,
  type OrderRow,
  type OrderUpdate,
} from './order.repository.js';
import type {
  ApproveBody,
  OptionalReasonBody,
  OrderCreateBody,
  OrderLineInput,
  OrderListQuery,
  OrderUpdateBody,
  ReasonBody,
  ShippingSummaryResponse,
} from './order.schemas.js';
import {
  COMMITTED_STATUSES,
  SALES_ORDER_STATES,
  SALES_ORDER_STATUSES,
  TRANSITIONS,
  type SalesOrderVerb,
  type TargetOf,
} from './order.states.js';
import { shippingSummary } from './shipping-summary.js';
import type { SalesSequenceRepository } from './sales-sequence.repository.js';
import { periodOf } from './sales-sequence.repository.js';

/**
 * What an order needs of sales documents built after it: the cancellation of its shipments that have not left,
 * when the order is cancelled or closed. Absent until shipments exist.
 */
export type UnshippedShipments = (
  trx: Transaction<DB>,
  tenantId: string,
  orderId: string,
  reason: string,
) => Promise<void>;

export interface OrderServiceDeps {
  db: Executor;
  orders: OrderRepository;
  lines: OrderLineRepository;
  sequences: SalesSequenceRepository;
  presenter: OrderPresenter;
  history: OrderHistory;
  progress: OrderProgress;
  allocation: OrderAllocation;
  customers: CustomerService;
  products: ProductService;
  /** The default currency and the approval threshold. */
  tenants: Pick<TenantService, 'get' | 'defaultCurrency'>;
  clock: Clock;
  newId: IdGenerator;
  cancelShipments?: UnshippedShipments;
}

/** An order with what a request that reserves stock reserved and left backordered. */
export interface AllocatedOrder {
  order: OrderResource;
  allocation: AllocationOutcome;
}

const STATUS_FILTER: EnumList<SalesOrderStatus> = {
  field: 'status',
  allowed: SALES_ORDER_STATUSES,
  invalid: (unknown) => `The selected status is invalid: ${unknown}.`,
};

const NOTHING_ALLOCATED: AllocationOutcome = { allocations: [], backordered: [] };

/** A line sent, checked and priced: new when `id` is absent from the order. */
interface PricedLine {
  input: OrderLineInput;
  position: number;
  unitPrice: number;
  discount: number;
  total: number;
  product: { id: string; name: string; sku: string | null };
}

export class OrderService {
  private readonly db: Executor;

  constructor(private readonly deps: OrderServiceDeps) {
    this.db = deps.db;
  }

  /** Orders of the tenant, paged, without their lines; `status` may be a comma-separated list. @throws ValidationError for an unknown status. */
  async list(tenantId: string, query: OrderListOptions, page: PageRequest): Promise<Page<OrderResource>> {
    const result = await this.deps.orders.list(this.db, tenantId, listFilters(query, this.today()), page);
    return { ...result, items: await this.deps.presenter.many(this.db, tenantId, result.items, false) };
  }

  /**
   * A page of a walk through the list by cursor (`after`: empty to start), in the list's order.
   * @throws ValidationError as `list`, for `page` above 1, and on `after` for a cursor of another sort.
   */
  async walk(
    tenantId: string,
    query: OrderListOptions,
    request: { after: string; page: number; per_page: number },
  ): Promise<KeysetPage<OrderResource>> {
    const order = orderListOrder(query.sort_by, query.sort_direction);
    const walk = keysetRequest(order, request);
    const filters = listFilters(query, this.today());
    const fetched = await this.deps.orders.listAfter(this.db, tenantId, filters, walk.after, walk.per_page + 1);
    const { rows, next } = keysetPage(order, fetched, walk.per_page, (row) => [row[query.sort_by]]);
    return { items: await this.deps.presenter.many(this.db, tenantId, rows, false), next };
  }

  /**
   * The orders waiting for the warehouse by requested ship date: overdue, each of the `days` days from today,
   * later, and without a date; how many are to ship and how many have a backordered line (shipping-summary.ts).
   */
  async shippingSummary(tenantId: string, days: number): Promise<ShippingSummaryResponse> {
    return shippingSummary(await this.deps.orders.shippingByDate(this.db, tenantId), this.today(), days);
  }

  /** Today's date in UTC, YYYY-MM-DD: what the overdue filter compares requested ship dates with. */
  private today(): string {
    return this.deps.clock.now().toISOString().slice(0, 10);
  }

  /** The order with its lines and their derived quantities. @throws NotFoundError('Sales order'). */
  async get(tenantId: string, id: string, db: Executor = this.db): Promise<OrderResource> {
    return this.deps.presenter.one(db, tenantId, await this.find(tenantId, id, db));
  }

  /**
   * Creates an order in draft, numbered `SO-<yyyymm>-<seq>` in the same transaction, for the customer named by
   * `customer_id` (locked, so that it cannot be deleted meanwhile) or created from `customer`. Records
   * order.created.
   * @throws ValidationError naming each bad field (the line's for a product or discount); ConflictError 409
   * `duplicate_external_ref` naming the order that has the channel and external_ref already.
   */
  async create(tenantId: string, userId: string | null, input: OrderCreateBody): Promise<OrderResource> {
    if ((input.customer_id === undefined) === (input.customer === undefined)) {
      throw ValidationError.field('customer_id', 'Send either customer_id or customer, not both and not neither.');
    }
    const shipToErrors = customerAddressErrors('ship_to', input.ship_to);
    if (Object.keys(shipToErrors).length > 0) throw new ValidationError(shipToErrors);
    const givenCurrency = input.currency === undefined ? undefined : currencyOf(input.currency);
    const channel = input.channel ?? null;
    const externalRef = input.external_ref ?? null;
    try {
      return await inTransaction(this.db, async (trx) => {
        if (externalRef !== null) await this.assertNewReference(trx, tenantId, channel, externalRef);
        // Read in the transaction: an import's rows run in one, which SQLite's one connection holds.
        const currency = givenCurrency ?? (await this.deps.tenants.defaultCurrency(tenantId, trx));
        const customer =
          input.customer_id !== undefined
            ? await this.customerFor(trx, tenantId, input.customer_id)
            : await this.deps.customers.create(tenantId, input.customer!, trx);
        const priced = await this.priceLines(tenantId, input.lines, currency, trx);
        const amounts = this.amounts(input, currency, priced);
        const now = this.deps.clock.now();
        const stamp = now.toISOString();
        const id = this.deps.newId();
        await this.deps.orders.insert(trx, {
          id,
          tenant_id: tenantId,
          order_number: await this.deps.sequences.nextNumber(trx, tenantId, 'order', periodOf(now)),
          customer_id: customer.id,
          status: 'draft',
          channel,
          external_ref: externalRef,
          currency,
          ship_to:
            input.ship_to !== undefined ? storedAddress(input.ship_to) : storedAddress(customer.shipping_address),
          requested_ship_date: input.requested_ship_date ?? null,
          priority: input.priority ?? 0,
          notes: input.notes ?? null,
          ...amounts,
          held_from_status: null,
          hold_reason: null,
          submitted_at: null,
          approved_by: null,
          approved_at: null,
          approval_notes: null,
          rejected_by: null,
          rejected_at: null,
          rejection_reason: null,
          confirmed_at: null,
          shipped_at: null,
          closed_at: null,
          close_reason: null,
          completed_at: null,
          cancelled_by: null,
          cancelled_at: null,
          cancellation_reason: null,
          created_by: userId,
          created_at: stamp,
          updated_at: stamp,
          deleted_at: null,
        });
        await this.deps.lines.insert(
          trx,
          priced.map((line) => this.newLine(tenantId, id, line, stamp)),
        );
        const order = await this.get(tenantId, id, trx);
        await this.deps.history.created(trx, tenantId, order);
        return order;
      });
    } catch (error) {
      // A concurrent create took the reference after the check above: answered as the check would have.
      if (externalRef !== null && violatedUniqueField(error, { external_ref: CHANNEL_REF_INDEX }) !== null) {
        await this.assertNewReference(this.db, tenantId, channel, externalRef);
      }
      throw error;
    }
  }

  /**
   * Partial update. Header fields change in draft, confirmed, partially_shipped and on_hold; the customer and
   * the currency in draft only. `lines` replace the lines (draft, confirmed, partially_shipped): a line sent with
   * its `id` keeps it and may not go below what it shipped, a line without one is added, a line left out is
   * removed unless it is on a shipment. After confirmation, what a line no longer needs is released and what it
   * newly needs is allocated. Totals are recomputed.
   * @throws NotFoundError; BusinessRuleError naming the status; ValidationError naming the field or the line.
   */
  async update(
    tenantId: string,
    id: string,
    userId: string | null,
    input: OrderUpdateBody,
    precondition?: Precondition,
  ): Promise<OrderResource> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.findForUpdate(tenantId, id, trx);
      SALES_ORDER_STATES.assertCan(current.status, input.lines ? 'edit the lines of' : 'edit');
      const draft = current.status === 'draft';
      const errors: FieldErrors = customerAddressErrors('ship_to', input.ship_to);
      if (!draft && input.customer_id !== undefined && input.customer_id !== current.customer_id) {
        errors.customer_id = [`The customer can be changed in draft only; the order is ${current.status}.`];
      }
      if (!draft && input.currency !== undefined && input.currency !== current.currency) {
        errors.currency = [`The currency can be changed in draft only; the order is ${current.status}.`];
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const before = await this.deps.presenter.one(trx, tenantId, current);
      const currency = input.currency === undefined ? current.currency : currencyOf(input.currency);
      if (currency !== current.currency && !input.lines) {
        throw ValidationError.field('lines', 'Send the lines, priced in the new currency, with a change of currency.');
      }
      const changes: OrderUpdate = { currency };
      if (input.customer_id !== undefined && input.customer_id !== current.customer_id) {
        changes.customer_id = (await this.customerFor(trx, tenantId, input.customer_id)).id;
      }
      if (input.ship_to !== undefined) changes.ship_to = storedAddress(input.ship_to);
      if (input.requested_ship_date !== undefined) changes.requested_ship_date = input.requested_ship_date;
      if (input.priority !== undefined) changes.priority = input.priority;
      if (input.notes !== undefined) changes.notes = input.notes;

      const now = this.deps.clock.now().toISOString();
      let lineTotals: number[];
      let reallocate: string[] = [];
      if (input.lines) {
        ({ lineTotals, reallocate } = await this.replaceLines(
          trx,
          tenantId,
          current,
          userId,
          input.lines,
          currency,
          now,
        ));
      } else {
        lineTotals = (await this.deps.lines.ofOrder(trx, tenantId, id)).map((line) => line.line_total);
      }
      const stored = (minor: number) => fromMinorUnits(minor, current.currency);
      const amounts = this.amounts(
        {
          discount_amount: input.discount_amount ?? stored(current.discount_amount),
          shipping_amount: input.shipping_amount ?? stored(current.shipping_amount),
          tax_amount: input.tax_amount ?? stored(current.tax_amount),
        },
        currency,
        lineTotals,
      );
      const verb: SalesOrderVerb = input.lines ? 'edit the lines of' : 'edit';
      const moved = await this.deps.orders.transition(trx, tenantId, id, TRANSITIONS[verb].from, {
        ...changes,
        ...amounts,
        updated_at: now,
      });
      if (!moved) throw SALES_ORDER_STATES.refusal((await this.find(tenantId, id, trx)).status, verb);
      if (reallocate.length > 0 && COMMITTED_STATUSES.includes(current.status)) {
        await this.deps.allocation.allocate(trx, { tenantId, orderId: id, userId, lineIds: reallocate });
      }
      let after = await this.get(tenantId, id, trx);
      await this.deps.history.record(trx, tenantId, 'sales_order.updated', before, after);
      if (input.lines && COMMITTED_STATUSES.includes(current.status)) {
        // Lines cut to what they shipped may leave nothing open.
        const status = await this.deps.progress.recordShipmentProgress(trx, tenantId, id, userId);
        if (status !== after.status) after = await this.get(tenantId, id, trx);
      }
      return after;
    });
  }

  /** Soft delete of a draft order; its number and external reference are not reused. @throws NotFoundError; BusinessRuleError naming the status. */
  async remove(tenantId: string, id: string, precondition?: Precondition): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const before = await this.get(tenantId, id, trx);
      const now = this.deps.clock.now().toISOString();
      await this.move(trx, tenantId, id, 'delete', { deleted_at: now });
      await this.deps.history.record(trx, tenantId, 'sales_order.deleted', before, null);
    });
  }

  /**
   * draft -> confirmed, then allocates every line. Refused with 422 `approval_required` when the tenant's
   * approval threshold is set and the total exceeds it.
   * @throws NotFoundError; BusinessRuleError naming the status, or approval_required.
   */
  async confirm(
    tenantId: string,
    id: string,
    userId: string | null,
    precondition?: Precondition,
  ): Promise<AllocatedOrder> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.findForUpdate(tenantId, id, trx);
      SALES_ORDER_STATES.assertCan(current.status, 'confirm');
      const tenant = await this.deps.tenants.get(tenantId, trx);
      const threshold = tenant.sales_approval_threshold;
      if (threshold !== null) {
        const money = (minor: number, currency: string) => `${fromMinorUnits(minor, currency)} ${currency}`;
        const limit = money(threshold, tenant.default_currency);
        // No exchange rates are kept: an order in another currency cannot be shown to be under the threshold.
        if (current.currency !== tenant.default_currency) {
          throw new BusinessRuleError(
            'approval_required',
            `The order is in ${current.currency}, not ${tenant.default_currency}, the currency of the approval threshold of ${limit}; submit it for approval.`,
          );
        }
        if (current.total_amount > threshold) {
          throw new BusinessRuleError(
            'approval_required',
            `The order's total of ${money(current.total_amount, current.currency)} exceeds the approval threshold of ${limit}; submit it for approval.`,
          );
        }
      }
      const before = await this.deps.presenter.one(trx, tenantId, current);
      const now = this.deps.clock.now().toISOString();
      await this.move(trx, tenantId, id, 'confirm', { status: 'confirmed', confirmed_at: now });
      return this.allocated(trx, tenantId, id, userId, 'sales_order.confirmed', before);
    });
  }

  /** Allocates every backordered line again (confirmed, partially_shipped). @throws NotFoundError; BusinessRuleError naming the status. */
  async allocate(
    tenantId: string,
    id: string,
    userId: string | null,
    precondition?: Precondition,
  ): Promise<AllocatedOrder> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.findForUpdate(tenantId, id, trx);
      SALES_ORDER_STATES.assertCan(current.status, 'allocate');
      const before = await this.deps.presenter.one(trx, tenantId, current);
      return this.allocated(trx, tenantId, id, userId, 'sales_order.allocated', before);
    });
  }

  /** draft -> pending_approval. @throws NotFoundError; BusinessRuleError naming the status. */
  async submitForApproval(tenantId: string, id: string, precondition?: Precondition): Promise<OrderResource> {
    return this.transitionOf(
      tenantId,
      id,
      precondition,
      'submit for approval',
      'sales_order.submitted_for_approval',
      () => ({
        status: 'pending_approval',
        submitted_at: this.deps.clock.now().toISOString(),
      }),
    );
  }

  /** pending_approval -> confirmed, recording the approver, then allocates every line. @throws NotFoundError; BusinessRuleError naming the status. */
  async approve(
    tenantId: string,
    id: string,
    userId: string,
    input: ApproveBody,
    precondition?: Precondition,
  ): Promise<AllocatedOrder> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const before = await this.deps.presenter.one(trx, tenantId, await this.findForUpdate(tenantId, id, trx));
      const now = this.deps.clock.now().toISOString();
      await this.move(trx, tenantId, id, 'approve', {
        status: 'confirmed',
        approved_by: userId,
        approved_at: now,
        approval_notes: input.notes?.trim() || null,
        confirmed_at: now,
      });
      return this.allocated(trx, tenantId, id, userId, 'sales_order.approved', before);
    });
  }

  /** pending_approval -> draft with the reason. @throws NotFoundError; ValidationError for a blank reason; BusinessRuleError naming the status. */
  async reject(
    tenantId: string,
    id: string,
    userId: string,
    input: ReasonBody,
    precondition?: Precondition,
  ): Promise<OrderResource> {
    const reason = requiredReason(input.reason);
    return this.transitionOf(tenantId, id, precondition, 'reject', 'sales_order.rejected', () => ({
      status: 'draft',
      rejected_by: userId,
      rejected_at: this.deps.clock.now().toISOString(),
      rejection_reason: reason,
    }));
  }

  /** draft, confirmed or partially_shipped -> on_hold, remembering the status to return to; reservations stay. */
  async hold(
    tenantId: string,
    id: string,
    input: OptionalReasonBody,
    precondition?: Precondition,
  ): Promise<OrderResource> {
    return this.transitionOf(tenantId, id, precondition, 'hold', 'sales_order.held', (current) => ({
      status: 'on_hold',
      held_from_status: current.status,
      hold_reason: input.reason?.trim() || null,
    }));
  }

  /** on_hold -> the status it was held from. @throws NotFoundError; BusinessRuleError naming the status. */
  async releaseHold(tenantId: string, id: string, precondition?: Precondition): Promise<OrderResource> {
    return this.transitionOf(
      tenantId,
      id,
      precondition,
      'release the hold of',
      'sales_order.hold_released',
      (current) => ({
        status: (current.held_from_status ?? 'draft') as TargetOf<'release the hold of'>,
        held_from_status: null,
        hold_reason: null,
      }),
    );
  }

  /**
   * -> cancelled with the reason, while nothing shipped: releases every active reservation of the order and
   * cancels its shipments that have not left.
   * @throws NotFoundError; ValidationError for a blank reason; BusinessRuleError naming the status, or once
   * anything shipped.
   */
  async cancel(
    tenantId: string,
    id: string,
    userId: string,
    input: ReasonBody,
    precondition?: Precondition,
  ): Promise<OrderResource> {
    const reason = requiredReason(input.reason);
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.findForUpdate(tenantId, id, trx);
      SALES_ORDER_STATES.assertCan(current.status, 'cancel');
      const { shipped } = await this.lineState(trx, tenantId, id);
      if ([...shipped.values()].some((quantity) => quantity > 0)) {
        throw new BusinessRuleError(
          'invalid_transition',
          `Cannot cancel a sales order that has shipped goods; close it instead to cut what remains.`,
        );
      }
      const before = await this.deps.presenter.one(trx, tenantId, current);
      const now = this.deps.clock.now().toISOString();
      await this.move(trx, tenantId, id, 'cancel', {
        status: 'cancelled',
        cancelled_by: userId,
        cancelled_at: now,
        cancellation_reason: reason,
        held_from_status: null,
      });
      await this.deps.allocation.release(trx, { tenantId, orderId: id, userId });
      await this.deps.cancelShipments?.(trx, tenantId, id, reason);
      const after = await this.get(tenantId, id, trx);
      await this.deps.history.record(trx, tenantId, 'sales_order.cancelled', before, after);
      return after;
    });
  }

  /**
   * Short-closes the order: each line's unshipped quantity is cancelled, its reservations released and its
   * shipments that have not left cancelled. The order becomes shipped when anything shipped, else cancelled.
   * @throws NotFoundError; BusinessRuleError naming the status.
   */
  async close(
    tenantId: string,
    id: string,
    userId: string,
    input: OptionalReasonBody,
    precondition?: Precondition,
  ): Promise<OrderResource> {
    const reason = input.reason?.trim() || null;
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.findForUpdate(tenantId, id, trx);
      SALES_ORDER_STATES.assertCan(current.status, 'close');
      const before = await this.deps.presenter.one(trx, tenantId, current);
      const { shipped } = await this.lineState(trx, tenantId, id);
      const anyShipped = [...shipped.values()].some((quantity) => quantity > 0);
      const now = this.deps.clock.now().toISOString();
      await this.move(trx, tenantId, id, 'close', {
        status: anyShipped ? 'shipped' : 'cancelled',
        closed_at: now,
        close_reason: reason,
        held_from_status: null,
        hold_reason: null,
        ...(anyShipped
          ? { shipped_at: current.shipped_at ?? now }
          : {
              cancelled_by: userId,
              cancelled_at: now,
              cancellation_reason: reason ?? 'Closed before anything shipped.',
            }),
      });
      await this.deps.lines.cancelUnshipped(trx, tenantId, shipped, now);
      await this.deps.allocation.release(trx, { tenantId, orderId: id, userId });
      await this.deps.cancelShipments?.(trx, tenantId, id, reason ?? 'The order was closed.');
      const after = await this.get(tenantId, id, trx);
      await this.deps.history.record(trx, tenantId, 'sales_order.closed', before, after);
      return after;
    });
  }

  /** shipped -> completed. @throws NotFoundError; BusinessRuleError naming the status. */
  async complete(tenantId: string, id: string, precondition?: Precondition): Promise<OrderResource> {
    return this.transitionOf(tenantId, id, precondition, 'complete', 'sales_order.completed', () => ({
      status: 'completed',
      completed_at: this.deps.clock.now().toISOString(),
    }));
  }

  /** The count of a customer's open orders, for the customers module (customer.open-orders.ts). */
  countOpenOfCustomer(db: Executor, tenantId: string, customerId: string): Promise<number> {
    return this.deps.orders.countOpenOfCustomer(db, tenantId, customerId);
  }

  private async find(tenantId: string, id: string, db: Executor): Promise<OrderRow> {
    const row = await this.deps.orders.findById(db, tenantId, id);
    if (!row) throw new NotFoundError('Sales order');
    return row;
  }

  private async findForUpdate(tenantId: string, id: string, db: Executor): Promise<OrderRow> {
    const row = await this.deps.orders.findForUpdate(db, tenantId, id);
    if (!row) throw new NotFoundError('Sales order');
    return row;
  }

  /** One conditional UPDATE from the verb's statuses; on a miss, 404 or a refusal naming the current status. */
  private async move<V extends SalesOrderVerb>(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    verb: V,
    changes: Omit<OrderUpdate, 'status'> & { status?: TargetOf<V> },
  ): Promise<void> {
    const moved = await this.deps.orders.transition(trx, tenantId, id, TRANSITIONS[verb].from, {
      ...changes,
      updated_at: this.deps.clock.now().toISOString(),
    });
    if (!moved) throw SALES_ORDER_STATES.refusal((await this.find(tenantId, id, trx)).status, verb);
  }

  /** A transition that only changes the order's row: the move, then its history. */
  private transitionOf<V extends SalesOrderVerb>(
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
    verb: V,
    action: string,
    changes: (current: OrderRow) => Omit<OrderUpdate, 'status'> & { status?: TargetOf<V> },
  ): Promise<OrderResource> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.findForUpdate(tenantId, id, trx);
      SALES_ORDER_STATES.assertCan(current.status, verb);
      const before = await this.deps.presenter.one(trx, tenantId, current);
      await this.move(trx, tenantId, id, verb, changes(current));
      const after = await this.get(tenantId, id, trx);
      await this.deps.history.record(trx, tenantId, action, before, after);
      return after;
    });
  }

  /** Allocates every line of the order, then records the change; answers the order and the outcome. */
  private async allocated(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    userId: string | null,
    action: string,
    before: OrderResource,
  ): Promise<AllocatedOrder> {
    const allocation = await this.deps.allocation.allocate(trx, { tenantId, orderId: id, userId });
    await this.deps.orders.transition(trx, tenantId, id, SALES_ORDER_STATUSES, {
      updated_at: this.deps.clock.now().toISOString(),
    });
    const order = await this.get(tenantId, id, trx);
    await this.deps.history.record(trx, tenantId, action, before, order);
    return { order, allocation: allocation ?? NOTHING_ALLOCATED };
  }

  /** The order's lines and what each shipped, by line id. */
  private async lineState(trx: Transaction<DB>, tenantId: string, orderId: string) {
    const lines = await this.deps.lines.ofOrder(trx, tenantId, orderId);
    const quantities = await this.deps.lines.quantities(
      trx,
      tenantId,
      lines.map((l) => l.id),
    );
    return { lines, quantities, shipped: new Map(lines.map((l) => [l.id, quantities.get(l.id)!.shipped])) };
  }

  /**
   * Replaces the order's lines with `inputs` (see update): checks every line first (all errors at once), then
   * releases what removed and shrunk lines no longer need, deletes, updates and inserts. Answers the new line
   * totals and the lines to allocate (new ones and those whose open quantity grew).
   */
  private async replaceLines(
    trx: Transaction<DB>,
    tenantId: string,
    order: OrderRow,
    userId: string | null,
    inputs: OrderLineInput[],
    currency: string,
    now: string,
  ): Promise<{ lineTotals: number[]; reallocate: string[] }> {
    const { lines, quantities } = await this.lineState(trx, tenantId, order.id);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const errors: FieldErrors = {};
    const kept = new Set<string>();
    for (const [index, input] of inputs.entries()) {
      if (input.id === undefined) continue;
      const line = byId.get(input.id);
      const at = `lines.${index}`;
      if (!line) {
        errors[`${at}.id`] = [`Line ${index + 1} names no line of this order.`];
      } else if (kept.has(line.id)) {
        errors[`${at}.id`] = [`Line ${index + 1} names line ${line.position + 1} again; each line may be sent once.`];
      } else {
        kept.add(line.id);
        if (input.product_id !== line.product_id) {
          errors[`${at}.product_id`] = [
            `Line ${index + 1} keeps its product (${line.product_name}); remove it and add a new line instead.`,
          ];
        }
        const floor = shippedOf(quantities, line.id) + line.cancelled_quantity;
        if (input.quantity < floor) {
          errors[`${at}.quantity`] = [
            `The quantity of line ${index + 1} (${line.product_name}) may not be below the ${floor} already shipped or cancelled.`,
          ];
        }
      }
    }
    const removed = lines.filter((line) => !kept.has(line.id));
    const onShipments = await this.deps.lines.onShipments(
      trx,
      tenantId,
      removed.map((l) => l.id),
    );
    for (const line of removed) {
      if (onShipments.has(line.id) || shippedOf(quantities, line.id) > 0) {
        errors.lines = [
          ...(errors.lines ?? []),
          `Line ${line.position + 1} (${line.product_name}) is on a shipment and cannot be removed; send it with its id.`,
        ];
      }
    }
    let priced: PricedLine[] = [];
    try {
      priced = await this.priceLines(tenantId, inputs, currency, trx);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      Object.assign(errors, error.errors);
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    const reallocate: string[] = [];
    for (const line of removed) {
      if (quantities.get(line.id)!.allocated > 0) {
        await this.deps.allocation.release(trx, { tenantId, orderId: order.id, userId, lineId: line.id });
      }
    }
    await this.deps.lines.remove(
      trx,
      tenantId,
      removed.map((l) => l.id),
    );
    const added: NewOrderLine[] = [];
    for (const line of priced) {
      const existing = line.input.id === undefined ? undefined : byId.get(line.input.id);
      if (!existing) {
        const created = this.newLine(tenantId, order.id, line, now);
        added.push(created);
        reallocate.push(created.id);
        continue;
      }
      const q = quantities.get(existing.id)!;
      const open = openQuantity(
        { quantity: line.input.quantity, cancelled_quantity: existing.cancelled_quantity },
        q.shipped,
      );
      if (q.allocated > open) {
        await this.deps.allocation.release(trx, {
          tenantId,
          orderId: order.id,
          userId,
          lineId: existing.id,
          quantity: q.allocated - open,
        });
      } else if (open > q.allocated) {
        reallocate.push(existing.id);
      }
      await this.deps.lines.update(trx, tenantId, existing.id, {
        position: line.position,
        quantity: line.input.quantity,
        unit_price: line.unitPrice,
        discount_amount: line.discount,
        line_total: line.total,
        updated_at: now,
      });
    }
    await this.deps.lines.insert(trx, added);
    return { lineTotals: priced.map((line) => line.total), reallocate };
  }

  /** Checks every line's product and discount (all errors at once) and prices it in minor units. */
  private async priceLines(
    tenantId: string,
    inputs: OrderLineInput[],
    currency: string,
    db: Executor,
  ): Promise<PricedLine[]> {
    const errors: FieldErrors = {};
    const priced: PricedLine[] = [];
    for (const [index, input] of inputs.entries()) {
      const at = `lines.${index}`;
      const product = await this.deps.products.find(tenantId, input.product_id, db).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      });
      if (!product) {
        errors[`${at}.product_id`] = [`The product of line ${index + 1} is not a product of this tenant.`];
        continue;
      }
      const unitPrice = toMinorUnits(input.unit_price, currency);
      const discount = toMinorUnits(input.discount_amount ?? 0, currency);
      const total = lineTotal({ quantity: input.quantity, unit_price: unitPrice, discount_amount: discount });
      if (total < 0) {
        errors[`${at}.discount_amount`] = [
          `The discount of line ${index + 1} may not exceed its quantity times its unit price.`,
        ];
        continue;
      }
      priced.push({
        input,
        position: index,
        unitPrice,
        discount,
        total,
        product: { id: product.id, name: product.name, sku: product.sku ?? null },
      });
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return priced;
  }

  private newLine(tenantId: string, orderId: string, line: PricedLine, now: string): NewOrderLine {
    return {
      id: this.deps.newId(),
      tenant_id: tenantId,
      order_id: orderId,
      position: line.position,
      product_id: line.product.id,
      product_name: line.product.name,
      product_sku: line.product.sku,
      quantity: line.input.quantity,
      cancelled_quantity: 0,
      unit_price: line.unitPrice,
      discount_amount: line.discount,
      line_total: line.total,
      created_at: now,
      updated_at: now,
    };
  }

  /** The order's amounts in minor units. @throws ValidationError on discount_amount when the total would be negative. */
  private amounts(
    input: { discount_amount?: number; shipping_amount?: number; tax_amount?: number },
    currency: string,
    lines: ReadonlyArray<number | PricedLine>,
  ) {
    const totals = orderTotals(
      lines.map((line) => (typeof line === 'number' ? line : line.total)),
      {
        discount_amount: toMinorUnits(input.discount_amount ?? 0, currency),
        shipping_amount: toMinorUnits(input.shipping_amount ?? 0, currency),
        tax_amount: toMinorUnits(input.tax_amount ?? 0, currency),
      },
    );
    if (totals.total_amount < 0) {
      throw ValidationError.field('discount_amount', 'The discount may not exceed the subtotal plus shipping and tax.');
    }
    return totals;
  }

  /** The live customer `customerId`, locked against its deletion until the transaction ends. @throws ValidationError on customer_id. */
  private async customerFor(trx: Transaction<DB>, tenantId: string, customerId: string) {
    await lockRecord(trx, 'customers', tenantId, customerId);
    try {
      return await this.deps.customers.get(tenantId, customerId, trx);
    } catch (error) {
      if (error instanceof NotFoundError)
        throw ValidationError.field('customer_id', 'The selected customer id is invalid.');
      throw error;
    }
  }

  /** @throws ConflictError 409 `duplicate_external_ref` naming the order that holds the reference. */
  private async assertNewReference(
    db: Executor,
    tenantId: string,
    channel: string | null,
    externalRef: string,
  ): Promise<void> {
    const existing = await this.deps.orders.findByExternalRef(db, tenantId, channel, externalRef);
    if (!existing) return;
    const where = channel === null ? 'without a channel' : `in channel ${channel}`;
    throw new ConflictError(
      'duplicate_external_ref',
      `The order ${existing.order_number} already has the external reference ${externalRef} ${where}.`,
      { order_id: existing.id, order_number: existing.order_number },
    );
  }

  /** If-Match against the order as GET answers it. @throws PreconditionFailedError; NotFoundError. */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'sales_orders', tenantId, id }, async () =>
      this.get(tenantId, id, trx),
    );
  }

  /**
   * Up to `limit` orders after the id `after` ('' for the first), by id, with their lines: the export's walk over
   * every order, which new orders do not shift. `status` may be a comma-separated list.
   * @throws ValidationError for an unknown status or a bad instant.
   */
  async pageAfter(
    tenantId: string,
    query: Pick<OrderListQuery, 'status' | 'channel' | 'created_from' | 'created_to'>,
    after: string,
    limit: number,
  ): Promise<OrderResource[]> {
    const filters = {
      statuses: parseEnumList(STATUS_FILTER, query.status),
      channel: query.channel,
      created_from: instant('created_from', query.created_from),
      created_to: instant('created_to', query.created_to),
    };
    const rows = await this.deps.orders.pageAfter(this.db, tenantId, filters, after, limit);
    return this.deps.presenter.many(this.db, tenantId, rows, true);
  }
}

function shippedOf(quantities: ReadonlyMap<string, LineQuantities>, lineId: string): number {
  return quantities.get(lineId)?.shipped ?? 0;
}

function currencyOf(currency: string): string {
  if (!isCurrency(currency)) throw ValidationError.field('currency', 'The currency must be an ISO 4217 currency code.');
  return currency;
}

function requiredReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed === '') throw ValidationError.field('reason', 'The reason field is required.');
  return trimmed;
}

export type OrderListOptions = Omit<OrderListQuery, 'page' | 'per_page' | 'after'>;

/** The list's filters, `today` (YYYY-MM-DD) dating `overdue`. @throws ValidationError for an unknown status or a malformed bound. */
function listFilters(query: OrderListOptions, today: string): OrderFilters {
  const { status, created_from, created_to, updated_since, overdue, ...rest } = query;
  return {
    ...rest,
    overdue: overdue === undefined ? undefined : { is: overdue, today },
    statuses: parseEnumList(STATUS_FILTER, status),
    created_from: instant('created_from', created_from),
    created_to: instant('created_to', created_to),
    updated_since: updatedSinceBound(updated_since),
  };
}

/** The list's order as its cursors name it; requested_ship_date alone may be null, money and priority are numbers. */
export function orderListOrder(sortBy: OrderListOptions['sort_by'], direction: 'asc' | 'desc'): KeysetOrder {
  const type = sortBy === 'total_amount' || sortBy === 'priority' ? 'number' : 'string';
  return { name: `sales_orders:${sortBy}:${direction}`, keys: [{ type, nullable: sortBy === 'requested_ship_date' }] };
}

/** A date-time bound of the list in stored form. @throws ValidationError on `field`. */
function instant(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value.trim().toUpperCase().replace(' ', 'T'));
  if (Number.isNaN(at.getTime()))
    throw ValidationError.field(field, `The ${field.replace('_', ' ')} field must be a valid date time.`);
  return at.toISOString();
}

export type { OrderLine };
