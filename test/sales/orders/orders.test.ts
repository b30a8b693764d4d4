// Sales orders over HTTP: creation (a customer by id or inline), numbering, totals, the list and its filters,
// duplicate external references, field errors naming the line, tenants, events and audit entries, and the
// customer's open orders that refuse its deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const ORDERS = '/api/v1/sales/orders';
const NOW = '2026-12-02T09:14:00.000Z';
const MISSING_ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';

type Headers = Record<string, string>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read as loosely as the JSON they are
type Json = Record<string, any>;

describe('sales orders', () => {
  let t: TestApp;
  let clock: FixedClock;
  let auth: Headers;
  let call: ReturnType<typeof jsonCaller>;
  let build: ReturnType<typeof apiBuilders>;

  beforeAll(async () => {
    clock = new FixedClock(new Date(NOW));
    t = await buildTestApp({ clock });
    ({ auth } = await makeTenantWithToken(t.services));
    call = jsonCaller(t.app, auth);
    build = apiBuilders(t.app, auth);
  });
  afterAll(() => t.close());

  const create = async (body: Json) => {
    const res = await call('POST', ORDERS, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Json;
  };
  const events = (entityId: string) =>
    t.database.db
      .selectFrom('event_outbox')
      .select(['event_type', 'entity_type', 'payload'])
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();
  const auditActions = async (entityId: string) => {
    const res = await call('GET', `/api/v1/audit-log?entity_id=${entityId}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Array<{ action: string }>).map((e) => e.action).sort();
  };

  describe('create', () => {
    it('creates a draft for a customer by id: number, totals in currency units, lines with derived quantities', async () => {
      const customer = await build.customer({
        shipping_address: { street: '3 Dock Road', city: 'Hull', country: 'GB' },
      });
      const [a, b] = [await build.product(), await build.product()];
      const res = await call('POST', ORDERS, {
        customer_id: customer.id,
        channel: 'webshop',
        external_ref: '#1001',
        currency: 'EUR',
        priority: 5,
        discount_amount: 5,
        shipping_amount: 4.95,
        tax_amount: 19,
        lines: [
          { product_id: a.id, quantity: 3, unit_price: 12.5, discount_amount: 2.5 },
          { product_id: b.id, quantity: 1, unit_price: 10 },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers.etag).toMatch(/^"/);
      const order = res.json().data;
      expect(order).toMatchObject({
        order_number: 'SO-202612-0001',
        status: 'draft',
        allowed_actions: ['edit', 'edit-lines', 'confirm', 'submit-for-approval', 'hold', 'cancel', 'delete'],
        customer_id: customer.id,
        customer: { id: customer.id, name: customer.name },
        channel: 'webshop',
        external_ref: '#1001',
        currency: 'EUR',
        ship_to: { street: '3 Dock Road', city: 'Hull', state: null, postal_code: null, country: 'GB' },
        priority: 5,
        subtotal: 45,
        discount_amount: 5,
        shipping_amount: 4.95,
        tax_amount: 19,
        total_amount: 63.95,
        lines_count: 2,
        created_at: NOW,
      });
      expect(order.lines).toEqual([
        {
          id: expect.any(String),
          position: 0,
          product_id: a.id,
          product_name: a.name,
          product_sku: a.sku,
          quantity: 3,
          quantity_allocated: 0,
          quantity_shipped: 0,
          quantity_cancelled: 0,
          quantity_returned: 0,
          quantity_backordered: 0,
          allocations: [],
          unit_price: 12.5,
          discount_amount: 2.5,
          line_total: 35,
        },
        expect.objectContaining({ position: 1, product_id: b.id, line_total: 10 }),
      ]);
      expect(
        (await create({ customer_id: customer.id, lines: [{ product_id: a.id, quantity: 1, unit_price: 1 }] }))
          .order_number,
      ).toBe('SO-202612-0002');

      const recorded = await events(order.id);
      expect(recorded.map((e) => [e.event_type, e.entity_type])).toEqual([['order.created', 'order']]);
      expect(recorded[0]!.payload).toMatchObject({ id: order.id, order_number: 'SO-202612-0001' });
      expect(await auditActions(order.id)).toEqual(['sales_order.created']);
    });

    it('creates its customer from inline fields in the same transaction, and none when the order is refused', async () => {
      const product = await build.product();
      const order = await create({
        customer: { name: 'Inline Ada', external_id: 'inline-ada', shipping_address: { city: 'York', country: 'GB' } },
        lines: [{ product_id: product.id, quantity: 1, unit_price: 3 }],
      });
      expect(order.customer).toMatchObject({ name: 'Inline Ada' });
      expect(order.ship_to).toMatchObject({ city: 'York' });
      expect((await events(order.customer_id)).map((e) => e.event_type)).toEqual(['customer.created']);

      const refused = await call('POST', ORDERS, {
        customer: { name: 'Never made', external_id: 'never-made' },
        lines: [{ product_id: MISSING_ID, quantity: 1, unit_price: 3 }],
      });
      expect(refused.statusCode).toBe(422);
      const list = await call('GET', '/api/v1/crm/customers?external_id=never-made');
      expect(list.json().data).toEqual([]);
    });

    it('refuses both or neither customer, and names each bad line', async () => {
      const customer = await build.customer();
      const product = await build.product();
      const neither = await call('POST', ORDERS, { lines: [{ product_id: product.id, quantity: 1, unit_price: 1 }] });
      expect(neither.statusCode).toBe(422);
      expect(neither.json().errors).toHaveProperty('customer_id');

      const bad = await call('POST', ORDERS, {
        customer_id: customer.id,
        lines: [
          { product_id: product.id, quantity: 1, unit_price: 1 },
          { product_id: MISSING_ID, quantity: 1, unit_price: 1 },
          { product_id: product.id, quantity: 2, unit_price: 1, discount_amount: 3 },
        ],
      });
      expect(bad.statusCode, bad.body).toBe(422);
      expect(bad.json().errors).toEqual({
        'lines.1.product_id': ['The product of line 2 is not a product of this tenant.'],
        'lines.2.discount_amount': ['The discount of line 3 may not exceed its quantity times its unit price.'],
      });

      const unknownCustomer = await call('POST', ORDERS, {
        customer_id: MISSING_ID,
        lines: [{ product_id: product.id, quantity: 1, unit_price: 1 }],
      });
      expect(unknownCustomer.json().errors).toEqual({ customer_id: ['The selected customer id is invalid.'] });

      const negative = await call('POST', ORDERS, {
        customer_id: customer.id,
        discount_amount: 5,
        lines: [{ product_id: product.id, quantity: 1, unit_price: 1 }],
      });
      expect(negative.json().errors).toHaveProperty('discount_amount');
    });

    it('takes a ship-to country only as an assigned ISO code, on create and on edit', async () => {
      const customer = await build.customer();
      const product = await build.product();
      const lines = [{ product_id: product.id, quantity: 1, unit_price: 1 }];
      const message = 'The country ZZ is not an ISO 3166-1 alpha-2 code in capitals (such as GB or DE).';
      const refused = await call('POST', ORDERS, { customer_id: customer.id, ship_to: { country: 'ZZ' }, lines });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual({ 'ship_to.country': [message] });
      const order = await create({ customer_id: customer.id, lines });
      const edit = await call('PATCH', `${ORDERS}/${order.id}`, { ship_to: { city: 'Hull', country: 'ZZ' } });
      expect(edit.statusCode, edit.body).toBe(422);
      expect(edit.json().errors).toEqual({ 'ship_to.country': [message] });
      const edited = await call('PATCH', `${ORDERS}/${order.id}`, { ship_to: { city: 'Hull', country: 'GB' } });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data.ship_to).toEqual({
        street: null,
        city: 'Hull',
        state: null,
        postal_code: null,
        country: 'GB',
      });
    });

    it('answers a second order with the same channel and external_ref 409, naming the first', async () => {
      const first = await build.salesOrder({ channel: 'shopify', external_ref: 'R-77' });
      const again = await call('POST', ORDERS, {
        customer_id: first.customer_id,
        channel: 'shopify',
        external_ref: 'R-77',
        lines: [{ product_id: first.lines![0]!.product_id, quantity: 1, unit_price: 1 }],
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toMatchObject({
        success: false,
        code: 'duplicate_external_ref',
        details: { order_id: first.id, order_number: first.order_number },
      });
      // Another channel, or none, is another reference.
      await build.salesOrder({ channel: 'amazon', external_ref: 'R-77' });
      await build.salesOrder({ external_ref: 'R-77' });
      const noChannel = await call('POST', ORDERS, {
        customer_id: first.customer_id,
        external_ref: 'R-77',
        lines: [{ product_id: first.lines![0]!.product_id, quantity: 1, unit_price: 1 }],
      });
      expect(noChannel.statusCode).toBe(409);
    });

    it('lets one of two parallel creates with one reference win, the other answered 409', async () => {
      const customer = await build.customer();
      const product = await build.product();
      const body = {
        customer_id: customer.id,
        channel: 'race',
        external_ref: 'R-1',
        lines: [{ product_id: product.id, quantity: 1, unit_price: 1 }],
      };
      const answers = await Promise.all([call('POST', ORDERS, body), call('POST', ORDERS, body)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });
  });

  describe('read', () => {
    it('lists with filters, search and updated_since; 404 for another tenant', async () => {
      const customer = await build.customer({ name: 'Filter Customer' });
      const order = await build.salesOrder({ customer_id: customer.id, channel: 'filter', external_ref: 'F-1' });
      const ids = async (query: string) => {
        const res = await call('GET', `${ORDERS}?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data as Json[]).map((o) => o.id);
      };
      expect(await ids(`customer_id=${customer.id}`)).toEqual([order.id]);
      expect(await ids('channel=filter')).toEqual([order.id]);
      expect(await ids('external_ref=F-1')).toEqual([order.id]);
      expect(await ids('search=filter%20cust')).toEqual([order.id]);
      expect(await ids(`search=${order.order_number}`)).toEqual([order.id]);
      expect(await ids('status=draft,confirmed')).toContain(order.id);
      expect(await ids('status=confirmed')).not.toContain(order.id);
      expect(await ids(`created_from=${encodeURIComponent(NOW)}&channel=filter`)).toEqual([order.id]);
      expect(await ids(`created_to=2026-12-01T00:00:00Z&channel=filter`)).toEqual([]);
      expect(await ids('updated_since=2027-01-01T00:00:00Z')).toEqual([]);
      const listed = (await call('GET', `${ORDERS}?channel=filter`)).json().data[0];
      expect(listed).not.toHaveProperty('lines');
      expect((await call('GET', `${ORDERS}?status=nope`)).statusCode).toBe(422);

      const other = await makeTenantWithToken(t.services);
      expect((await call('GET', `${ORDERS}/${order.id}`, undefined, other.auth)).statusCode).toBe(404);
      expect((await call('POST', `${ORDERS}/${order.id}/confirm`, undefined, other.auth)).statusCode).toBe(404);
      expect((await call('GET', `${ORDERS}/${MISSING_ID}`)).statusCode).toBe(404);
    });
  });

  describe('customers with open orders', () => {
    it('refuses to delete a customer while an order is open, and allows it once the order is cancelled', async () => {
      const order = await build.salesOrder();
      const refused = await call('DELETE', `/api/v1/crm/customers/${order.customer_id}`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('customer_has_open_orders');
      const cancel = await call('POST', `${ORDERS}/${order.id}/cancel`, { reason: 'Ordered twice' });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await call('DELETE', `/api/v1/crm/customers/${order.customer_id}`)).statusCode).toBe(200);
    });
  });
});
