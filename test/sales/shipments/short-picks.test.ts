// Packing a shipment short: each line keeps what was picked (one picked 0 leaves the shipment), what it lacks goes
// back to the order as open demand with its reservation in the shipment's warehouse released, in one transaction;
// the refusals; parallel packs and a pack racing the shipping; the ledger reconciled after each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBuilders } from '../../helpers/api-builders.js';
import { makeProduct } from '../../helpers/factories.js';
import { makeSalesOrder, type ReservedLine } from '../../helpers/sales-fixtures.js';
import { buildTestApp, jsonCaller, type HttpMethod, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('short picks', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  let main: string;
  let second: string;

  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
    main = t.tenant.defaultWarehouseId;
    second = (await apiBuilders(t.app, t.auth).warehouse()).id;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const ok = async (method: HttpMethod, url: string, payload?: unknown, status = 200) => {
    const res = await call(method, `${API}${url}`, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json().data as Json;
  };
  const stocked = async (onHand: Record<string, number>) => {
    const id = await makeProduct(db(), t.tenant.tenantId);
    for (const [warehouse_id, quantity] of Object.entries(onHand))
      await ok('POST', '/operations/inventory/adjust', { product_id: id, warehouse_id, quantity, reason: 'Opening' });
    return id;
  };
  const order = (lines: ReservedLine[]) => makeSalesOrder(t.services, t.tenant.tenantId, lines);
  const shipmentOf = (orderId: string) => ok('POST', `/sales/orders/${orderId}/shipments`, { warehouse_id: main }, 201);
  const reserved = async (productId: string, warehouseId: string) =>
    (
      await db()
        .selectFrom('inventory_records')
        .select('quantity_reserved')
        .where('product_id', '=', productId)
        .where('warehouse_id', '=', warehouseId)
        .executeTakeFirstOrThrow()
    ).quantity_reserved;
  const orderLines = async (orderId: string) =>
    ((await ok('GET', `/sales/orders/${orderId}`)).lines as Json[]).map((l) => ({
      allocated: l.quantity_allocated,
      backordered: l.quantity_backordered,
      shipped: l.quantity_shipped,
    }));
  const reconciled = async () => expect(await ok('GET', '/operations/inventory/reconcile')).toEqual([]);

  it('keeps what was picked, gives the rest back to the order and releases it in the warehouse', async () => {
    const drill = await stocked({ [main]: 10 });
    const saw = await stocked({ [main]: 4, [second]: 4 });
    const o = await order([
      { productId: drill, quantity: 5, reserve: [{ warehouseId: main, quantity: 5 }] },
      {
        productId: saw,
        quantity: 4,
        reserve: [
          { warehouseId: main, quantity: 2 },
          { warehouseId: second, quantity: 2 },
        ],
      },
    ]);
    const shipment = await shipmentOf(o.orderId);
    await ok('POST', `/sales/shipments/${shipment.id}/pick`, {});
    const [drillLine, sawLine] = shipment.lines as Json[];

    const packed = await ok('POST', `/sales/shipments/${shipment.id}/pack`, {
      notes: 'Saws missing from their bin',
      lines: [
        { id: drillLine!.id, quantity_picked: 3 },
        { id: sawLine!.id, quantity_picked: 0 },
      ],
    });
    expect(packed).toMatchObject({ status: 'packed', total_quantity: 3, notes: 'Saws missing from their bin' });
    expect(packed.lines.map((l: Json) => [l.id, l.quantity])).toEqual([[drillLine!.id, 3]]);
    // Released in the shipment's warehouse only: the saw's reservation in the second warehouse stays.
    expect(await reserved(drill, main)).toBe(3);
    expect(await reserved(saw, main)).toBe(0);
    expect(await reserved(saw, second)).toBe(2);
    expect(await orderLines(o.orderId)).toEqual([
      { allocated: 3, backordered: 2, shipped: 0 },
      { allocated: 2, backordered: 2, shipped: 0 },
    ]);
    const releases = await db()
      .selectFrom('stock_movements')
      .select(['product_id', 'quantity', 'reason', 'reference_type', 'reference_id'])
      .where('type', '=', 'release')
      .where('product_id', 'in', [drill, saw])
      .execute();
    const release = { reason: `Short pick on ${shipment.shipment_number}`, reference_type: 'sales_order' };
    expect(releases).toHaveLength(2);
    expect(releases).toEqual(
      expect.arrayContaining([
        { product_id: drill, quantity: -2, ...release, reference_id: o.orderId },
        { product_id: saw, quantity: -2, ...release, reference_id: o.orderId },
      ]),
    );
    const audit = await ok('GET', `/audit-log?entity_id=${shipment.id}&action=shipment.packed`);
    expect(audit).toHaveLength(1);
    await reconciled();

    await ok('POST', `/sales/shipments/${shipment.id}/ship`, { carrier: 'DHL' });
    expect((await ok('GET', `/sales/orders/${o.orderId}`)).status).toBe('partially_shipped');
    expect(await orderLines(o.orderId)).toEqual([
      { allocated: 0, backordered: 2, shipped: 3 },
      { allocated: 2, backordered: 2, shipped: 0 },
    ]);
    await reconciled();
  });

  it('packs a line not named, or picked in full, as it is', async () => {
    const drill = await stocked({ [main]: 10 });
    const o = await order([{ productId: drill, quantity: 4, reserve: [{ warehouseId: main, quantity: 4 }] }]);
    const shipment = await shipmentOf(o.orderId);
    const packed = await ok('POST', `/sales/shipments/${shipment.id}/pack`, {
      lines: [{ id: shipment.lines[0].id, quantity_picked: 4 }],
    });
    expect(packed.total_quantity).toBe(4);
    expect(await reserved(drill, main)).toBe(4);
  });

  it('refuses unknown lines, a line named twice, more than the line and less than 0, changing nothing', async () => {
    const drill = await stocked({ [main]: 10 });
    const o = await order([{ productId: drill, quantity: 5, reserve: [{ warehouseId: main, quantity: 5 }] }]);
    const shipment = await shipmentOf(o.orderId);
    const line = shipment.lines[0] as Json;
    const refusal = async (lines: unknown) => {
      const res = await call('POST', `${API}/sales/shipments/${shipment.id}/pack`, { lines });
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect(
      await refusal([
        { id: 'nope', quantity_picked: 1 },
        { id: line.id, quantity_picked: 6 },
      ]),
    ).toEqual({
      'lines.0.id': ['The selected shipment line id is invalid.'],
      'lines.1.quantity_picked': [`Line 1 (${line.product_sku}): at most 5 can be picked; picked 6.`],
    });
    expect(
      await refusal([
        { id: line.id, quantity_picked: 1 },
        { id: line.id, quantity_picked: 1 },
      ]),
    ).toEqual({ 'lines.1.id': ['Line 1 is named more than once.'] });
    expect(Object.keys(await refusal([{ id: line.id, quantity_picked: -1 }]))).toEqual(['lines.0.quantity_picked']);
    expect((await refusal([{ id: line.id, quantity_picked: 0 }])).lines![0]).toContain('Nothing was picked');
    const after = await ok('GET', `/sales/shipments/${shipment.id}`);
    expect(after).toMatchObject({ status: 'draft', total_quantity: 5 });
    expect(await reserved(drill, main)).toBe(5);
    await reconciled();
  });

  it('gives back once when two packs race for one shipment', async () => {
    const drill = await stocked({ [main]: 10 });
    const o = await order([{ productId: drill, quantity: 5, reserve: [{ warehouseId: main, quantity: 5 }] }]);
    const shipment = await shipmentOf(o.orderId);
    const body = { lines: [{ id: shipment.lines[0].id, quantity_picked: 2 }] };
    const answers = await Promise.all(
      [1, 2].map(() => call('POST', `${API}/sales/shipments/${shipment.id}/pack`, body)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await reserved(drill, main)).toBe(2);
    expect((await ok('GET', `/sales/shipments/${shipment.id}`)).total_quantity).toBe(2);
    expect(await orderLines(o.orderId)).toEqual([{ allocated: 2, backordered: 3, shipped: 0 }]);
    await reconciled();
  });

  it('ships either the whole line or what was picked when the pack races the shipping', async () => {
    const drill = await stocked({ [main]: 10 });
    const o = await order([{ productId: drill, quantity: 5, reserve: [{ warehouseId: main, quantity: 5 }] }]);
    const shipment = await shipmentOf(o.orderId);
    const [pack, ship] = await Promise.all([
      call('POST', `${API}/sales/shipments/${shipment.id}/pack`, {
        lines: [{ id: shipment.lines[0].id, quantity_picked: 3 }],
      }),
      call('POST', `${API}/sales/shipments/${shipment.id}/ship`, { carrier: 'DHL' }),
    ]);
    expect(ship.statusCode, ship.body).toBe(200);
    const shipped = pack.statusCode === 200 ? 3 : 5;
    expect([200, 422]).toContain(pack.statusCode);
    expect(ship.json().data.total_quantity).toBe(shipped);
    expect(await orderLines(o.orderId)).toEqual([{ allocated: 0, backordered: 5 - shipped, shipped }]);
    expect(await reserved(drill, main)).toBe(0);
    await reconciled();
  });
});
