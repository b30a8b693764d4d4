// The stock ledger at service level: each on-hand change writes one movement and moves the product's
// totals in the same transaction, and concurrent decrements never take stock below zero.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessRuleError } from '../../../src/core/errors.js';
import { inTransaction } from '../../../src/db/transaction.js';
import { makeProduct } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

describe('stock ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const change = (productId: string, quantity: number) =>
    inTransaction(t.database.db, (trx) =>
      t.services.stock.changeOnHand(trx, {
        tenantId: t.tenant.tenantId,
        productId,
        quantity,
        type: 'adjustment',
        reason: 'test',
        userId: t.tenant.adminId,
      }),
    );
  const product = (id: string) =>
    t.database.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const movements = (id: string) =>
    t.database.db.selectFrom('stock_movements').selectAll().where('product_id', '=', id).orderBy('id').execute();

  it('writes one movement per change with the quantities before and after, in the default warehouse', async () => {
    const id = await makeProduct(t.database.db, t.tenant.tenantId);
    await change(id, 10);
    await change(id, -3);
    const rows = await movements(id);
    expect(rows.map((m) => [m.quantity, m.quantity_before, m.quantity_after, m.warehouse_id])).toEqual([
      [10, 0, 10, t.tenant.defaultWarehouseId],
      [-3, 10, 7, t.tenant.defaultWarehouseId],
    ]);
    expect((await product(id)).stock_quantity).toBe(7);
    const outbox = await t.database.db
      .selectFrom('event_outbox')
      .selectAll()
      .where('event_type', '=', 'stock_movement.recorded')
      .where(
        'entity_id',
        'in',
        rows.map((m) => m.id),
      )
      .execute();
    expect(outbox).toHaveLength(2);
    expect(outbox[0]!.entity_type).toBe('stock_movement');
  });

  it('refuses a change below zero with the documented message, writing nothing', async () => {
    const id = await makeProduct(t.database.db, t.tenant.tenantId);
    await change(id, 2);
    await expect(change(id, -5)).rejects.toThrow(
      new BusinessRuleError('insufficient_stock', 'Stock cannot be negative. Current: 2, Adjustment: -5'),
    );
    await expect(change(id, -5)).rejects.toMatchObject({ code: 'insufficient_stock' });
    expect(await movements(id)).toHaveLength(1);
    expect((await product(id)).stock_quantity).toBe(2);
  });

  it('lets exactly as many parallel decrements through as there is stock', async () => {
    const id = await makeProduct(t.database.db, t.tenant.tenantId);
    await change(id, 25);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => change(id, -1)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(25);
    expect((await product(id)).stock_quantity).toBe(0);
    const rows = await movements(id);
    expect(rows.reduce((sum, m) => sum + m.quantity, 0)).toBe(0);
    const record = await t.database.db
      .selectFrom('inventory_records')
      .selectAll()
      .where('product_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(record.quantity_on_hand).toBe(0);
  });

  it('records nothing when the surrounding transaction rolls back', async () => {
    const id = await makeProduct(t.database.db, t.tenant.tenantId);
    const outboxSize = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('event_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await outboxSize();
    await expect(
      inTransaction(t.database.db, async (trx) => {
        await t.services.stock.changeOnHand(trx, {
          tenantId: t.tenant.tenantId,
          productId: id,
          quantity: 4,
          type: 'adjustment',
        });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await movements(id)).toHaveLength(0);
    expect((await product(id)).stock_quantity).toBe(0);
    expect(await outboxSize()).toBe(before);
  });

  it('runs the automation for every movement type and never overrides a status it does not own', async () => {
    const id = await makeProduct(t.database.db, t.tenant.tenantId);
    await t.database.db
      .updateTable('products')
      .set({ status: 'active', reorder_point: 2 })
      .where('id', '=', id)
      .execute();
    await change(id, 3);
    const movement = await inTransaction(t.database.db, (trx) =>
      t.services.stock.changeOnHand(trx, {
        tenantId: t.tenant.tenantId,
        productId: id,
        quantity: -3,
        type: 'transfer_out',
        reason: 'Transfer to EAST',
      }),
    );
    expect((await product(id)).status).toBe('out_of_stock');
    const record = await t.database.db
      .selectFrom('inventory_records')
      .selectAll()
      .where('product_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(record.last_movement_at).toBe(movement.created_at);
    const events = await t.database.db
      .selectFrom('event_outbox')
      .select('event_type')
      .where('entity_id', '=', record.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event_type)).toEqual([
      'inventory.adjusted',
      'inventory.low_stock',
      'inventory.out_of_stock',
    ]);

    await t.database.db.updateTable('products').set({ status: 'discontinued' }).where('id', '=', id).execute();
    await change(id, 5);
    expect((await product(id)).status).toBe('discontinued');
  });

  it('reserves and releases at service level inside the caller transaction', async () => {
    const id = await makeProduct(t.database.db, t.tenant.tenantId);
    await change(id, 4);
    const base = {
      tenantId: t.tenant.tenantId,
      productId: id,
      quantity: 3,
      referenceType: 'order',
      referenceId: 'SO-9',
    };
    const reservation = await inTransaction(t.database.db, (trx) => t.services.stock.reserve(trx, base));
    expect([reservation.type, reservation.quantity, reservation.quantity_before, reservation.quantity_after]).toEqual([
      'reservation',
      3,
      0,
      3,
    ]);
    await expect(
      inTransaction(t.database.db, (trx) => t.services.stock.reserve(trx, { ...base, quantity: 2 })),
    ).rejects.toThrow(
      new BusinessRuleError('insufficient_stock', 'Insufficient available stock. Available: 1, Requested: 2'),
    );
    await expect(
      inTransaction(t.database.db, async (trx) => {
        await t.services.stock.release(trx, base);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect((await product(id)).reserved_quantity).toBe(3);
    const release = await inTransaction(t.database.db, (trx) =>
      t.services.stock.release(trx, { ...base, quantity: 1 }),
    );
    expect([release.type, release.quantity, release.quantity_before, release.quantity_after]).toEqual([
      'release',
      -1,
      3,
      2,
    ]);
    expect((await product(id)).reserved_quantity).toBe(2);
  });

  it('sets last_movement_at for initial stock received in batches', async () => {
    const ids = [
      await makeProduct(t.database.db, t.tenant.tenantId),
      await makeProduct(t.database.db, t.tenant.tenantId),
    ];
    const written = await inTransaction(t.database.db, (trx) =>
      t.services.stock.receiveInitialStock(
        trx,
        t.tenant.tenantId,
        null,
        ids.map((productId) => ({ productId, quantity: 2 })),
      ),
    );
    const records = await t.database.db
      .selectFrom('inventory_records')
      .selectAll()
      .where('product_id', 'in', ids)
      .execute();
    expect(records.map((r) => r.last_movement_at)).toEqual([written[0]!.created_at, written[0]!.created_at]);
  });
});
