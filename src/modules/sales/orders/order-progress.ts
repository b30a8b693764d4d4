// The status an order reaches by shipping (docs/sales.md, Sales orders): called by shipments in the transaction
// that ships, it reads the order's lines again and moves a confirmed or partially shipped order to
// partially_shipped (something shipped, something still open) or shipped (nothing open, shipped_at set),
// recording order.status_changed. An order whose lines say nothing new is left as it is.
import type { Transaction } from 'kysely';
import { NotFoundError } from '../../../core/errors.js';
import type { DB, SalesOrderStatus } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import type { OrderHistory } from './order-history.js';
import type { OrderLineRepository } from './order-lines.repository.js';
import { openQuantity } from './order-quantities.js';
import type { OrderPresenter } from './order.presenter.js';
import type { OrderRepository } from './order.repository.js';
import { TRANSITIONS } from './order.states.js';

export interface OrderProgressDeps {
  orders: OrderRepository;
  lines: OrderLineRepository;
  presenter: OrderPresenter;
  history: OrderHistory;
  clock: Clock;
}

/** The status shipping leaves an order in: shipped with nothing open, partially_shipped once anything shipped. */
export function shippingStatus(lines: ReadonlyArray<{ open: number; shipped: number }>): SalesOrderStatus | null {
  if (lines.length > 0 && lines.every((line) => line.open === 0)) return 'shipped';
  if (lines.some((line) => line.shipped > 0)) return 'partially_shipped';
  return null;
}

export class OrderProgress {
  constructor(private readonly deps: OrderProgressDeps) {}

  /**
   * Recomputes the order's status from its lines after a shipment shipped (or its lines were cut), in `trx`.
   * Only a confirmed or partially shipped order moves; answers the status it is left in.
   * @throws NotFoundError('Sales order').
   */
  async recordShipmentProgress(
    trx: Transaction<DB>,
    tenantId: string,
    orderId: string,
    // The acting user is the audit log's, taken from the request; kept in the signature for callers outside one.
    _userId: string | null,
  ): Promise<SalesOrderStatus> {
    const { orders, lines, presenter, history, clock } = this.deps;
    const row = await orders.findForUpdate(trx, tenantId, orderId);
    if (!row) throw new NotFoundError('Sales order');
    if (!(TRANSITIONS['record a shipment of'].from as readonly SalesOrderStatus[]).includes(row.status)) {
      return row.status;
    }
    const orderLines = await lines.ofOrder(trx, tenantId, orderId);
    const quantities = await lines.quantities(
      trx,
      tenantId,
      orderLines.map((l) => l.id),
    );
    const target = shippingStatus(
      orderLines.map((line) => {
        const shipped = quantities.get(line.id)!.shipped;
        return { open: openQuantity(line, shipped), shipped };
      }),
    );
    if (target === null || target === row.status) return row.status;
    const before = await presenter.one(trx, tenantId, row);
    const now = clock.now().toISOString();
    await orders.transition(trx, tenantId, orderId, TRANSITIONS['record a shipment of'].from, {
      status: target,
      ...(target === 'shipped' ? { shipped_at: now } : {}),
      updated_at: now,
    });
    const after = await presenter.one(trx, tenantId, (await orders.findById(trx, tenantId, orderId))!);
    await history.record(trx, tenantId, `sales_order.${target}`, before, after);
    return target;
  }
}
