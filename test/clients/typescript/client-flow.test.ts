// The SDK against the real app on a port of its own: a purchasing flow, every call typed by the generated paths.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createQuartermasterClient,
  type QuartermasterClient,
  type Schema,
} from '../../../clients/typescript/src/index.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/** The answer's body, or a failure naming the status and the error body. */
async function must<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new Error(`${response.status}: ${JSON.stringify(error)}`);
  return data;
}

describe('TypeScript SDK', () => {
  let t: TestApp;
  let client: QuartermasterClient;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    client = createQuartermasterClient({ baseUrl: `http://127.0.0.1:${port}/`, token: t.token });
  });
  afterAll(() => t.close());

  it('creates a product, adjusts its stock, and receives a purchase order for it', async () => {
    const supplier = await must(
      client.POST('/api/v1/operations/suppliers', {
        body: { name: 'Fastener Supply Co', code: 'FSC', email: 'orders@fastener.example' },
      }),
    );
    expect(supplier.data.status).toBe('inactive');
    await must(
      client.POST('/api/v1/operations/suppliers/{id}/activate', { params: { path: { id: supplier.data.id } } }),
    );

    const created = await must(
      client.POST('/api/v1/operations/products', {
        body: {
          name: 'Cordless drill 18V',
          sku: 'DRL-18V',
          cost_price: 74.5,
          supplier_id: supplier.data.id,
          stock_quantity: 5,
        },
      }),
    );
    const product: Schema<'Product'> = created.data;
    expect(product.stock_quantity).toBe(5);

    const adjusted = await must(
      client.POST('/api/v1/operations/inventory/adjust', {
        body: { product_id: product.id, quantity: 3, reason: 'Found in returns' },
      }),
    );
    expect(adjusted.data.quantity_on_hand).toBe(8);
    expect(adjusted.data.movement.quantity).toBe(3);

    const order = await must(
      client.POST('/api/v1/operations/purchase-orders', {
        body: {
          supplier_id: supplier.data.id,
          warehouse_id: t.tenant.defaultWarehouseId,
          status: 'pending_approval',
          items: [{ product_id: product.id, quantity: 10, unit_price: 74.5 }],
        },
      }),
    );
    const path = { id: order.data.id };
    expect(order.data.status).toBe('pending_approval');
    expect(order.data.total_amount).toBe(745);

    const approved = await must(
      client.POST('/api/v1/operations/purchase-orders/{id}/approve', {
        params: { path },
        body: { approval_notes: 'Within budget.' },
      }),
    );
    expect(approved.data.status).toBe('approved');
    const sent = await must(
      client.POST('/api/v1/operations/purchase-orders/{id}/send', { params: { path }, body: {} }),
    );
    expect(sent.data.status).toBe('sent');
    expect(sent.data.email_sent).toBe(false);

    const received = await must(
      client.POST('/api/v1/operations/purchase-orders/{id}/receive', { params: { path }, body: {} }),
    );
    const receipt: Schema<'PurchaseOrderReceipt'> = received.data;
    expect(receipt.status).toBe('received');
    expect(receipt.inventory_updated).toBe(true);

    const after = await must(client.GET('/api/v1/operations/products/{id}', { params: { path: { id: product.id } } }));
    expect(after.data.stock_quantity).toBe(18);
  });

  it('answers a refused call with the typed error body', async () => {
    const { data, error, response } = await client.POST('/api/v1/operations/products', { body: { name: 'x' } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(422);
    const refused = error as Schema<'ValidationError'>;
    expect(refused.errors?.name).toBeDefined();

    const missing = await client.GET('/api/v1/operations/products/{id}', {
      params: { path: { id: '01jd8x4k3m2n5p6q7r8s9t0v1w' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ success: false, data: null });
  });
});
