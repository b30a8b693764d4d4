// Suppliers over HTTP: CRUD, codes, status transitions, ratings, performance, lists, abilities, tenants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessRuleError } from '../../../src/core/errors.js';
import type { SupplierStatus } from '../../../src/db/schema.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { SupplierRepository } from '../../../src/modules/catalog/suppliers/supplier.repository.js';
import { noOrdersSource } from '../../../src/modules/catalog/suppliers/supplier.performance.js';
import {
  ORDERABLE_STATUSES,
  SupplierService,
  canReceiveOrders,
} from '../../../src/modules/catalog/suppliers/supplier.service.js';
import { bearer, makeTenant, makeToken, type TenantFixture } from '../../helpers/factories.js';
import { supplierBody } from '../../helpers/request-bodies.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const SUPPLIERS = '/api/v1/operations/suppliers';
const TODAY = '2026-03-10';
const MISSING_ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';

type Headers = Record<string, string>;

describe('suppliers', () => {
  let t: TestApp;
  let clock: FixedClock;

  beforeAll(async () => {
    clock = new FixedClock(new Date(`${TODAY}T12:00:00.000Z`));
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  const service = () => t.services.catalog.suppliers.service;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Headers = t.auth,
  ) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const create = (payload: object, headers: Headers = t.auth) => call('POST', SUPPLIERS, payload, headers);
  /** A valid body with a fresh code, and `extra` on top (fields the schema refuses included). */
  const minimal = (extra: object = {}) => ({
    ...supplierBody({ name: 'Acme Supplies', email: 'orders@acme.test' }),
    ...extra,
  });
  const makeSupplier = async (extra: object = {}, headers: Headers = t.auth) => {
    const res = await create(minimal(extra), headers);
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; code: string; status: string };
  };
  const setStatus = (id: string, status: SupplierStatus) =>
    t.database.db.updateTable('suppliers').set({ status }).where('id', '=', id).execute();
  const errorsOf = async (payload: object, method: 'POST' | 'PUT' = 'POST', url = SUPPLIERS) => {
    const res = await call(method, url, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The given data was invalid.');
    return res.json().errors as Record<string, string[]>;
  };

  describe('create', () => {
    it('creates with every field, starting inactive, code upper-case, money in decimals', async () => {
      const res = await create({
        name: '  Northwind Traders ',
        code: 'nw_01-a',
        email: 'Buyer@Northwind.test',
        phone: '+47 555 0100',
        type: 'wholesaler',
        is_approved: true,
        is_preferred: true,
        address: { street: 'Quay 4', city: 'Bergen', state: null, postal_code: '5003', country: 'NO' },
        payment_terms: 'Net 30',
        lead_time_days: 14,
        minimum_order_amount: 1250.5,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Supplier created successfully' });
      expect(body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-z]{26}$/),
        name: 'Northwind Traders',
        code: 'NW_01-A',
        email: 'Buyer@Northwind.test',
        phone: '+47 555 0100',
        status: 'inactive',
        type: 'wholesaler',
        rating: null,
        rating_count: 0,
        is_approved: true,
        is_preferred: true,
        address: { street: 'Quay 4', city: 'Bergen', state: null, postal_code: '5003', country: 'NO' },
        payment_terms: 'Net 30',
        lead_time_days: 14,
        minimum_order_amount: 1250.5,
        suspension_reason: null,
        suspended_until: null,
        created_at: '2026-03-10T12:00:00.000Z',
        updated_at: '2026-03-10T12:00:00.000Z',
      });
      const row = await t.database.db
        .selectFrom('suppliers')
        .selectAll()
        .where('id', '=', body.data.id)
        .executeTakeFirstOrThrow();
      expect(row.minimum_order_amount).toBe(125050);
      expect(row.tenant_id).toBe(t.tenant.tenantId);
    });

    it('defaults the optional fields', async () => {
      const res = await create(supplierBody({ name: 'Bare', email: 'bare@example.test' }));
      expect(res.json().data).toMatchObject({
        phone: null,
        type: null,
        is_approved: false,
        is_preferred: false,
        address: null,
        payment_terms: null,
        lead_time_days: null,
        minimum_order_amount: null,
        rating: null,
        rating_count: 0,
        status: 'inactive',
      });
    });

    it('ignores a status sent on create, and other unknown fields', async () => {
      const res = await create(minimal({ status: 'active', rating: 5, tenant_id: 'someone-else', id: 'chosen-id' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ status: 'inactive', rating: null });
      expect(res.json().data.id).not.toBe('chosen-id');
      const row = await t.database.db
        .selectFrom('suppliers')
        .select(['status', 'tenant_id'])
        .where('id', '=', res.json().data.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'inactive', tenant_id: t.tenant.tenantId });
    });

    it('rounds the minimum order amount half away from zero to cents and accepts the bounds', async () => {
      expect((await create(minimal({ minimum_order_amount: 10.005 }))).json().data.minimum_order_amount).toBe(10.01);
      expect((await create(minimal({ minimum_order_amount: 0 }))).json().data.minimum_order_amount).toBe(0);
      expect((await create(minimal({ minimum_order_amount: 9999999999.99 }))).json().data.minimum_order_amount).toBe(
        9999999999.99,
      );
      expect((await create(minimal({ lead_time_days: 0 }))).json().data.lead_time_days).toBe(0);
      expect((await create(minimal({ lead_time_days: 3650 }))).json().data.lead_time_days).toBe(3650);
    });

    it('requires name, code and email', async () => {
      const errors = await errorsOf({});
      expect(errors).toEqual({
        name: ['The name field is required.'],
        code: ['The code field is required.'],
        email: ['The email field is required.'],
      });
    });

    it('refuses wrong types per field', async () => {
      const errors = await errorsOf({
        name: 12,
        code: 34,
        email: true,
        phone: 5,
        type: 7,
        is_approved: 'yes',
        is_preferred: 1,
        address: 'Bergen',
        payment_terms: 30,
        lead_time_days: '14',
        minimum_order_amount: '100',
      });
      for (const field of [
        'name',
        'code',
        'email',
        'phone',
        'type',
        'is_approved',
        'is_preferred',
        'address',
        'payment_terms',
        'lead_time_days',
        'minimum_order_amount',
      ]) {
        expect(errors[field], field).toBeDefined();
      }
      expect(errors.is_approved).toEqual(['The is approved field must be a boolean.']);
      expect(errors.lead_time_days).toEqual(['The lead time days field must be an integer or null.']);
    });

    it('refuses values too long', async () => {
      const errors = await errorsOf({
        name: 'n'.repeat(256),
        code: 'C'.repeat(51),
        email: `${'e'.repeat(250)}@x.test`,
        phone: '1'.repeat(51),
        payment_terms: 'p'.repeat(256),
        address: {
          street: 's'.repeat(256),
          city: 'c'.repeat(121),
          state: 's'.repeat(121),
          postal_code: 'p'.repeat(33),
          country: 'c'.repeat(121),
        },
      });
      expect(errors.name).toEqual(['The name field must not be greater than 255 characters.']);
      expect(errors.code).toEqual(['The code field must not be greater than 50 characters.']);
      expect(errors.email).toContain('The email field must not be greater than 255 characters.');
      expect(errors.phone).toEqual(['The phone field must not be greater than 50 characters.']);
      expect(errors.payment_terms).toEqual(['The payment terms field must not be greater than 255 characters.']);
      for (const key of ['street', 'city', 'state', 'postal_code', 'country'])
        expect(errors[`address.${key}`], key).toBeDefined();
    });

    it('refuses bad formats and out-of-range numbers', async () => {
      const errors = await errorsOf({
        name: '',
        code: 'has space',
        email: 'not-an-email',
        type: 'pirate',
        lead_time_days: 3651,
        minimum_order_amount: -1,
      });
      expect(errors.name).toEqual(['The name field must not be empty.']);
      expect(errors.code).toEqual(['The code field format is invalid.']);
      expect(errors.email).toEqual(['The email field must be a valid email.']);
      expect(errors.type?.[0]).toMatch(/^The selected type is invalid\. Allowed: manufacturer, distributor/);
      expect(errors.lead_time_days).toEqual(['The lead time days field must not be greater than 3650.']);
      expect(errors.minimum_order_amount).toEqual(['The minimum order amount field must be at least 0.']);
      const more = await errorsOf({ ...minimal(), lead_time_days: -1, minimum_order_amount: 10000000000 });
      expect(more.lead_time_days).toEqual(['The lead time days field must be at least 0.']);
      expect(more.minimum_order_amount).toEqual([
        'The minimum order amount field must not be greater than 9999999999.99.',
      ]);
      expect((await errorsOf({ ...minimal(), lead_time_days: 1.5 })).lead_time_days).toBeDefined();
      expect(await errorsOf({ ...minimal(), name: '   ' })).toEqual({ name: ['The name field must not be empty.'] });
    });

    it('keeps codes unique per tenant among live suppliers, whatever their case', async () => {
      await makeSupplier({ code: 'UNIQUE-1' });
      const again = await create(minimal({ code: 'unique-1' }));
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({
        success: false,
        code: 'validation_failed',
        message: 'The given data was invalid.',
        errors: { code: ['The code has already been taken.'] },
      });
    });

    it('frees the code of a deleted supplier', async () => {
      const gone = await makeSupplier({ code: 'REUSED' });
      expect((await call('DELETE', `${SUPPLIERS}/${gone.id}`)).statusCode).toBe(200);
      const reused = await create(minimal({ code: 'reused' }));
      expect(reused.statusCode).toBe(201);
      expect(reused.json().data.code).toBe('REUSED');
    });
  });

  describe('read, update, delete', () => {
    it('gets one supplier; 404 for missing, malformed and deleted ids', async () => {
      const supplier = await makeSupplier();
      const res = await call('GET', `${SUPPLIERS}/${supplier.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { id: supplier.id, code: supplier.code } });
      for (const id of [MISSING_ID, 'not-a-ulid']) {
        const missing = await call('GET', `${SUPPLIERS}/${id}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({
          success: false,
          code: 'not_found',
          message: 'Supplier not found.',
          data: null,
          meta: {},
        });
      }
    });

    it('updates only the fields sent, with PUT or PATCH, and clears nullable ones with null', async () => {
      const supplier = await makeSupplier({
        type: 'retailer',
        phone: '123',
        lead_time_days: 5,
        minimum_order_amount: 50,
      });
      clock.advance(60_000);
      const put = await call('PUT', `${SUPPLIERS}/${supplier.id}`, { name: 'Renamed', minimum_order_amount: 75.25 });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        message: 'Supplier updated successfully',
        data: {
          name: 'Renamed',
          code: supplier.code,
          type: 'retailer',
          phone: '123',
          lead_time_days: 5,
          minimum_order_amount: 75.25,
        },
      });
      expect(put.json().data.updated_at).not.toBe(put.json().data.created_at);
      const patch = await call('PATCH', `${SUPPLIERS}/${supplier.id}`, {
        phone: null,
        type: null,
        lead_time_days: null,
        minimum_order_amount: null,
        address: { city: 'Oslo' },
        code: 'new-code',
        email: 'new@x.test',
        is_approved: true,
        is_preferred: true,
        payment_terms: 'Net 60',
      });
      expect(patch.json().data).toMatchObject({
        name: 'Renamed',
        phone: null,
        type: null,
        lead_time_days: null,
        minimum_order_amount: null,
        address: { city: 'Oslo' },
        code: 'NEW-CODE',
        email: 'new@x.test',
        is_approved: true,
        is_preferred: true,
        payment_terms: 'Net 60',
      });
    });

    it('ignores a status sent on update', async () => {
      const supplier = await makeSupplier();
      const res = await call('PUT', `${SUPPLIERS}/${supplier.id}`, { status: 'active', name: 'Still inactive' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'inactive', name: 'Still inactive' });
      const empty = await call('PUT', `${SUPPLIERS}/${supplier.id}`, { status: 'blacklisted' });
      expect(empty.statusCode).toBe(200);
      expect(empty.json().data.status).toBe('inactive');
    });

    it('keeps the code unique on update, but a supplier may keep its own code', async () => {
      const first = await makeSupplier();
      const second = await makeSupplier();
      const clash = await call('PUT', `${SUPPLIERS}/${second.id}`, { code: first.code.toLowerCase() });
      expect(clash.statusCode).toBe(422);
      expect(clash.json().errors).toEqual({ code: ['The code has already been taken.'] });
      expect((await call('PUT', `${SUPPLIERS}/${second.id}`, { code: second.code })).statusCode).toBe(200);
    });

    it('validates update fields like create', async () => {
      const supplier = await makeSupplier();
      const errors = await errorsOf(
        { name: '', email: 'nope', code: 'bad code!', lead_time_days: -3 },
        'PUT',
        `${SUPPLIERS}/${supplier.id}`,
      );
      expect(Object.keys(errors).sort()).toEqual(['code', 'email', 'lead_time_days', 'name']);
      expect((await call('PUT', `${SUPPLIERS}/${MISSING_ID}`, { name: 'Ghost' })).statusCode).toBe(404);
    });

    it('soft deletes: 200, then gone from reads and lists, row kept', async () => {
      const supplier = await makeSupplier();
      const res = await call('DELETE', `${SUPPLIERS}/${supplier.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Supplier deleted successfully', data: null });
      expect((await call('GET', `${SUPPLIERS}/${supplier.id}`)).statusCode).toBe(404);
      expect((await call('DELETE', `${SUPPLIERS}/${supplier.id}`)).statusCode).toBe(404);
      expect((await call('PUT', `${SUPPLIERS}/${supplier.id}`, { name: 'Back' })).statusCode).toBe(404);
      expect((await call('POST', `${SUPPLIERS}/${supplier.id}/activate`)).statusCode).toBe(404);
      const list = (await call('GET', `${SUPPLIERS}?per_page=100&search=${supplier.code}`)).json();
      expect(list.data).toEqual([]);
      const row = await t.database.db
        .selectFrom('suppliers')
        .select('deleted_at')
        .where('id', '=', supplier.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).toBe(clock.now().toISOString());
      expect((await call('DELETE', `${SUPPLIERS}/not-a-ulid`)).statusCode).toBe(404);
    });
  });

  describe('status transitions', () => {
    const post = (id: string, action: string, payload?: object) =>
      call('POST', `${SUPPLIERS}/${id}/${action}`, payload);

    it('activates an inactive supplier and deactivates an active one', async () => {
      const supplier = await makeSupplier();
      const activated = await post(supplier.id, 'activate');
      expect(activated.statusCode).toBe(200);
      expect(activated.json()).toMatchObject({
        message: 'Supplier activated successfully',
        data: { status: 'active' },
      });
      const deactivated = await post(supplier.id, 'deactivate');
      expect(deactivated.statusCode).toBe(200);
      expect(deactivated.json()).toMatchObject({
        message: 'Supplier deactivated successfully',
        data: { status: 'inactive' },
      });
    });

    it('refuses to activate from any status but inactive or suspended, naming the status', async () => {
      const supplier = await makeSupplier();
      for (const status of ['active', 'prospective', 'approved', 'preferred', 'under_review', 'blacklisted'] as const) {
        await setStatus(supplier.id, status);
        const res = await post(supplier.id, 'activate');
        expect(res.statusCode, status).toBe(422);
        expect(res.json()).toEqual({
          success: false,
          code: 'invalid_transition',
          message: `Cannot activate a supplier whose status is ${status}; only inactive or suspended suppliers can be activated.`,
        });
      }
    });

    it('refuses to deactivate from any status but active, naming the status', async () => {
      const supplier = await makeSupplier();
      for (const status of [
        'inactive',
        'suspended',
        'prospective',
        'approved',
        'preferred',
        'under_review',
        'blacklisted',
      ] as const) {
        await setStatus(supplier.id, status);
        const res = await post(supplier.id, 'deactivate');
        expect(res.statusCode, status).toBe(422);
        expect(res.json().message).toBe(
          `Cannot deactivate a supplier whose status is ${status}; only active suppliers can be deactivated.`,
        );
      }
    });

    it('suspends with a reason and an end date, and activation clears them', async () => {
      const supplier = await makeSupplier();
      await post(supplier.id, 'activate');
      const suspended = await post(supplier.id, 'suspend', {
        reason: 'Late deliveries',
        suspended_until: '2026-04-01',
      });
      expect(suspended.statusCode).toBe(200);
      expect(suspended.json()).toMatchObject({
        message: 'Supplier suspended successfully',
        data: { status: 'suspended', suspension_reason: 'Late deliveries', suspended_until: '2026-04-01' },
      });
      const again = await post(supplier.id, 'suspend', { reason: 'Audit pending' });
      expect(again.json().data).toMatchObject({
        status: 'suspended',
        suspension_reason: 'Audit pending',
        suspended_until: null,
      });
      const activated = await post(supplier.id, 'activate');
      expect(activated.json().data).toMatchObject({ status: 'active', suspension_reason: null, suspended_until: null });
    });

    it('suspends from every status but blacklisted, which is terminal', async () => {
      const supplier = await makeSupplier();
      for (const status of ['prospective', 'active', 'approved', 'preferred', 'inactive', 'under_review'] as const) {
        await setStatus(supplier.id, status);
        const res = await post(supplier.id, 'suspend', { reason: `from ${status}` });
        expect(res.statusCode, status).toBe(200);
        expect(res.json().data.status).toBe('suspended');
      }
      await setStatus(supplier.id, 'blacklisted');
      const res = await post(supplier.id, 'suspend', { reason: 'No' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Cannot suspend a supplier whose status is blacklisted; blacklisted is final.');
      expect((await call('GET', `${SUPPLIERS}/${supplier.id}`)).json().data.status).toBe('blacklisted');
    });

    it('accepts today as the end date and refuses a past one', async () => {
      const supplier = await makeSupplier();
      expect((await post(supplier.id, 'suspend', { reason: 'Today', suspended_until: TODAY })).statusCode).toBe(200);
      const past = await post(supplier.id, 'suspend', { reason: 'Past', suspended_until: '2026-03-09' });
      expect(past.statusCode).toBe(422);
      expect(past.json().errors).toEqual({
        suspended_until: ['The suspended until field must be a date today or later.'],
      });
    });

    it('validates the suspend body', async () => {
      const supplier = await makeSupplier();
      const url = `${SUPPLIERS}/${supplier.id}/suspend`;
      expect(await errorsOf({}, 'POST', url)).toEqual({ reason: ['The reason field is required.'] });
      expect((await errorsOf({ reason: '' }, 'POST', url)).reason).toEqual(['The reason field must not be empty.']);
      expect((await errorsOf({ reason: '  ' }, 'POST', url)).reason).toEqual(['The reason field must not be empty.']);
      expect((await errorsOf({ reason: 'r'.repeat(1001) }, 'POST', url)).reason).toEqual([
        'The reason field must not be greater than 1000 characters.',
      ]);
      expect((await errorsOf({ reason: 42 }, 'POST', url)).reason).toEqual(['The reason field must be a string.']);
      expect(
        (await errorsOf({ reason: 'x', suspended_until: '10/04/2026' }, 'POST', url)).suspended_until,
      ).toBeDefined();
      expect(
        (await errorsOf({ reason: 'x', suspended_until: '2026-02-30' }, 'POST', url)).suspended_until,
      ).toBeDefined();
      expect(
        (await errorsOf({ reason: 'x', suspended_until: '2026-04-01T00:00:00Z' }, 'POST', url)).suspended_until,
      ).toBeDefined();
      expect((await call('GET', `${SUPPLIERS}/${supplier.id}`)).json().data.status).toBe('inactive');
    });

    it('answers 404 for transitions of unknown suppliers', async () => {
      for (const action of ['activate', 'deactivate']) expect((await post(MISSING_ID, action)).statusCode).toBe(404);
      expect((await post(MISSING_ID, 'suspend', { reason: 'x' })).statusCode).toBe(404);
      expect((await post('nope', 'activate')).statusCode).toBe(404);
    });
  });

  describe('ratings', () => {
    const rate = (id: string, payload: object, headers: Headers = t.auth) =>
      call('POST', `${SUPPLIERS}/${id}/rate`, payload, headers);

    it('stores each rating and answers the new average and count', async () => {
      const supplier = await makeSupplier();
      const first = await rate(supplier.id, { rating: 4, notes: 'Good packaging' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        success: true,
        message: 'Supplier rated successfully',
        data: { supplier_id: supplier.id, rating: 4, rating_count: 1, submitted: 4 },
      });
      await rate(supplier.id, { rating: 4 });
      const third = await rate(supplier.id, { rating: 5 });
      expect(third.json().data).toEqual({ supplier_id: supplier.id, rating: 4.33, rating_count: 3, submitted: 5 });
      expect((await call('GET', `${SUPPLIERS}/${supplier.id}`)).json().data).toMatchObject({
        rating: 4.33,
        rating_count: 3,
      });
      const rows = await t.database.db
        .selectFrom('supplier_ratings')
        .selectAll()
        .where('supplier_id', '=', supplier.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.rating, r.notes, r.rated_by, r.tenant_id])).toEqual([
        [4, 'Good packaging', t.tenant.adminId, t.tenant.tenantId],
        [4, null, t.tenant.adminId, t.tenant.tenantId],
        [5, null, t.tenant.adminId, t.tenant.tenantId],
      ]);
    });

    it('accepts the bounds and decimals, refuses out-of-range and wrong types', async () => {
      const supplier = await makeSupplier();
      expect((await rate(supplier.id, { rating: 1 })).json().data.rating).toBe(1);
      expect((await rate(supplier.id, { rating: 5.0 })).json().data.rating).toBe(3);
      expect((await rate(supplier.id, { rating: 3.5 })).json().data).toMatchObject({
        rating: 3.17,
        rating_count: 3,
        submitted: 3.5,
      });
      const url = `${SUPPLIERS}/${supplier.id}/rate`;
      expect(await errorsOf({}, 'POST', url)).toEqual({ rating: ['The rating field is required.'] });
      expect((await errorsOf({ rating: 0.99 }, 'POST', url)).rating).toEqual(['The rating field must be at least 1.']);
      expect((await errorsOf({ rating: 5.01 }, 'POST', url)).rating).toEqual([
        'The rating field must not be greater than 5.',
      ]);
      expect((await errorsOf({ rating: '4' }, 'POST', url)).rating).toEqual(['The rating field must be a number.']);
      expect((await errorsOf({ rating: 4, notes: 'n'.repeat(1001) }, 'POST', url)).notes).toEqual([
        'The notes field must not be greater than 1000 characters.',
      ]);
      expect((await errorsOf({ rating: 4, notes: 7 }, 'POST', url)).notes).toBeDefined();
      expect((await call('GET', `${SUPPLIERS}/${supplier.id}`)).json().data.rating_count).toBe(3);
    });

    it('keeps the average exact under concurrent ratings', async () => {
      const supplier = await makeSupplier();
      const values = [1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 5, 5];
      const results = await Promise.all(values.map((rating) => rate(supplier.id, { rating })));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(results.map((r) => r.json().data.rating_count).sort((a, b) => a - b)).toEqual(values.map((_, i) => i + 1));
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      expect((await call('GET', `${SUPPLIERS}/${supplier.id}`)).json().data).toMatchObject({
        rating: Math.round(mean * 100) / 100,
        rating_count: values.length,
      });
    });

    it('answers 404 for an unknown or deleted supplier and stores nothing', async () => {
      expect((await rate(MISSING_ID, { rating: 3 })).statusCode).toBe(404);
      expect((await rate('bad', { rating: 3 })).statusCode).toBe(404);
      const gone = await makeSupplier();
      await call('DELETE', `${SUPPLIERS}/${gone.id}`);
      expect((await rate(gone.id, { rating: 3 })).statusCode).toBe(404);
      const rows = await t.database.db
        .selectFrom('supplier_ratings')
        .select('id')
        .where('supplier_id', '=', gone.id)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('performance', () => {
    it('answers the full structure with no orders: zeros and nulls, approval from the supplier', async () => {
      const supplier = await makeSupplier({ is_approved: true });
      const res = await call('GET', `${SUPPLIERS}/${supplier.id}/performance`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          orders: { total: 0, on_time: 0, late: 0, on_time_rate: null },
          delivery: { average_lead_time_days: null, promised_vs_actual: null },
          quality: { return_rate: null, defect_rate: null },
          financial: { total_spend: 0, average_order_value: null },
          compliance: { approved: true, last_audit_date: null },
          activity: { last_order_date: null, orders_last_90_days: 0 },
        },
      });
      const unapproved = await makeSupplier();
      expect((await call('GET', `${SUPPLIERS}/${unapproved.id}/performance`)).json().data.compliance.approved).toBe(
        false,
      );
      expect((await call('GET', `${SUPPLIERS}/${MISSING_ID}/performance`)).statusCode).toBe(404);
    });

    it('computes rates and money from the performance source it is built with', async () => {
      const supplier = await makeSupplier();
      const seen: string[] = [];
      const withOrders = new SupplierService({
        db: t.services.db,
        suppliers: new SupplierRepository(),
        audit: t.services.audit.service,
        clock,
        newId: t.services.newId,
        performanceSource: {
          orderStats: async (_db, tenantId, supplierId, asOf) => {
            seen.push(`${tenantId}/${supplierId}/${asOf.toISOString()}`);
            return {
              total: 3,
              on_time: 2,
              late: 1,
              average_lead_time_days: 6.5,
              promised_vs_actual: 1.25,
              return_rate: 2.5,
              defect_rate: 0.5,
              total_spend_minor: 100_001,
              last_order_date: '2026-03-01',
              orders_last_90_days: 3,
            };
          },
          lastAuditDate: async () => '2026-01-15',
        },
      });
      expect(await withOrders.performance(t.tenant.tenantId, supplier.id)).toEqual({
        orders: { total: 3, on_time: 2, late: 1, on_time_rate: 66.67 },
        delivery: { average_lead_time_days: 6.5, promised_vs_actual: 1.25 },
        quality: { return_rate: 2.5, defect_rate: 0.5 },
        financial: { total_spend: 1000.01, average_order_value: 333.34 },
        compliance: { approved: false, last_audit_date: '2026-01-15' },
        activity: { last_order_date: '2026-03-01', orders_last_90_days: 3 },
      });
      expect(seen).toEqual([`${t.tenant.tenantId}/${supplier.id}/${clock.now().toISOString()}`]);
    });

    it('reports no orders with the source that has none', async () => {
      const supplier = await makeSupplier();
      const withoutOrders = new SupplierService({
        db: t.services.db,
        suppliers: new SupplierRepository(),
        audit: t.services.audit.service,
        clock,
        newId: t.services.newId,
        performanceSource: noOrdersSource,
      });
      const data = await withoutOrders.performance(t.tenant.tenantId, supplier.id);
      expect(data.orders).toEqual({ total: 0, on_time: 0, late: 0, on_time_rate: null });
      expect(data.financial).toEqual({ total_spend: 0, average_order_value: null });
    });
  });

  describe('orderability for purchasing', () => {
    it('exposes the orderable statuses and checks them', async () => {
      expect([...ORDERABLE_STATUSES]).toEqual(['active', 'approved', 'preferred']);
      expect([...service().ORDERABLE_STATUSES]).toEqual(['active', 'approved', 'preferred']);
      for (const status of ['active', 'approved', 'preferred'] as const) expect(canReceiveOrders(status)).toBe(true);
      for (const status of ['prospective', 'inactive', 'suspended', 'blacklisted', 'under_review'] as const) {
        expect(service().canReceiveOrders(status)).toBe(false);
      }
    });

    it('assertOrderable returns the supplier or refuses naming the status', async () => {
      const supplier = await makeSupplier();
      await expect(service().assertOrderable(t.tenant.tenantId, supplier.id)).rejects.toThrow(
        'Orders cannot be placed with a supplier whose status is inactive; the supplier must be active, approved, preferred.',
      );
      await expect(service().assertOrderable(t.tenant.tenantId, supplier.id)).rejects.toMatchObject({
        constructor: BusinessRuleError,
        code: 'supplier_not_orderable',
      });
      for (const status of ['active', 'approved', 'preferred'] as const) {
        await setStatus(supplier.id, status);
        expect((await service().assertOrderable(t.tenant.tenantId, supplier.id)).id).toBe(supplier.id);
      }
      await expect(service().assertOrderable(t.tenant.tenantId, MISSING_ID)).rejects.toThrow('Supplier not found.');
      expect((await service().get(t.tenant.tenantId, supplier.id)).status).toBe('preferred');
    });
  });

  describe('lists', () => {
    let tenant: TenantFixture;
    let auth: Headers;
    const list = async (query: string) => {
      const res = await call('GET', `${SUPPLIERS}?${query}`, undefined, auth);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const codes = async (query: string) => (await list(query)).data.map((s: { code: string }) => s.code);

    beforeAll(async () => {
      tenant = await makeTenant(t.services);
      auth = bearer(await makeToken(t.services, tenant.tenantId, tenant.adminId));
      const rows = [
        {
          code: 'A1',
          name: 'beta Metals',
          email: 'sales@beta.test',
          type: 'manufacturer',
          is_approved: true,
          lead_time_days: 10,
        },
        {
          code: 'A2',
          name: 'Alpha Parts',
          email: 'hello@alpha.test',
          type: 'distributor',
          is_preferred: true,
          lead_time_days: 3,
        },
        {
          code: 'A3',
          name: 'Gamma Goods',
          email: 'gamma@shop.test',
          type: 'manufacturer',
          is_approved: true,
          is_preferred: true,
        },
        { code: 'A4', name: 'delta Supply', email: 'info@delta.test', type: 'retailer', lead_time_days: 3 },
        { code: 'ZZ-SPECIAL', name: 'Epsilon', email: 'e@alpha-group.test' },
      ];
      for (const row of rows) {
        clock.advance(1000);
        const res = await create(row, auth);
        expect(res.statusCode).toBe(201);
      }
      const ids = Object.fromEntries(
        (
          await t.database.db
            .selectFrom('suppliers')
            .select(['id', 'code'])
            .where('tenant_id', '=', tenant.tenantId)
            .execute()
        ).map((r) => [r.code, r.id]),
      );
      await call('POST', `${SUPPLIERS}/${ids.A1}/activate`, undefined, auth);
      await call('POST', `${SUPPLIERS}/${ids.A3}/suspend`, { reason: 'Checks' }, auth);
      await setStatus(ids.A4!, 'blacklisted');
      for (const [code, rating] of [
        ['A1', 2],
        ['A2', 5],
        ['A4', 3.5],
      ] as const) {
        await call('POST', `${SUPPLIERS}/${ids[code]}/rate`, { rating }, auth);
      }
    });

    it('pages with meta and links, 25 per page by default', async () => {
      const all = await list('');
      expect(all.meta).toEqual({ current_page: 1, per_page: 25, total: 5, last_page: 1 });
      const page = await list('per_page=2&page=2');
      expect(page.meta).toEqual({ current_page: 2, per_page: 2, total: 5, last_page: 3 });
      expect(page.data).toHaveLength(2);
      expect(page.links.first).toMatch(/\/api\/v1\/operations\/suppliers\?per_page=2&page=1$/);
      expect(page.links.prev).toMatch(/page=1$/);
      expect(page.links.next).toMatch(/page=3$/);
      expect(page.links.last).toMatch(/page=3$/);
      expect((await list('per_page=2&page=3')).links.next).toBeNull();
    });

    it('refuses bad paging, filters, sorts and unknown parameters with 422', async () => {
      for (const query of [
        'per_page=101',
        'per_page=0',
        'page=0',
        'status=sleepy',
        'type=pirate',
        'sort_by=email',
        'sort_direction=up',
        'is_approved=maybe',
        'unknown=1',
      ]) {
        const res = await call('GET', `${SUPPLIERS}?${query}`, undefined, auth);
        expect(res.statusCode, query).toBe(422);
      }
      expect((await call('GET', `${SUPPLIERS}?per_page=100`, undefined, auth)).statusCode).toBe(200);
      expect((await call('GET', `${SUPPLIERS}?per_page=100&unknown=1`, undefined, auth)).json().errors).toEqual({
        unknown: ['Unknown parameter.'],
      });
    });

    it('filters by status (every status value), type, approval and preference', async () => {
      expect(await codes('status=active')).toEqual(['A1']);
      expect(await codes('status=suspended')).toEqual(['A3']);
      expect(await codes('status=blacklisted')).toEqual(['A4']);
      expect(await codes('status=inactive&sort_by=name')).toEqual(['A2', 'ZZ-SPECIAL']);
      expect(await codes('status=prospective')).toEqual([]);
      expect(await codes('type=manufacturer')).toEqual(['A1', 'A3']);
      expect(await codes('is_approved=true')).toEqual(['A1', 'A3']);
      expect(await codes('is_approved=false')).toEqual(['A2', 'A4', 'ZZ-SPECIAL']);
      expect(await codes('is_preferred=true')).toEqual(['A2', 'A3']);
      expect(await codes('is_approved=true&is_preferred=true')).toEqual(['A3']);
    });

    it('searches name, code and email case-insensitively', async () => {
      expect(await codes('search=ALPHA')).toEqual(['A2', 'ZZ-SPECIAL']);
      expect(await codes('search=special')).toEqual(['ZZ-SPECIAL']);
      expect(await codes('search=shop.test')).toEqual(['A3']);
      expect(await codes('search=nothing-like-this')).toEqual([]);
    });

    it('sorts by name case-insensitively, ascending by default', async () => {
      expect(await codes('')).toEqual(['A2', 'A1', 'A4', 'ZZ-SPECIAL', 'A3']);
      expect(await codes('sort_by=name&sort_direction=desc')).toEqual(['A3', 'ZZ-SPECIAL', 'A4', 'A1', 'A2']);
    });

    it('sorts by rating and lead time with unrated and unknown last', async () => {
      expect(await codes('sort_by=rating')).toEqual(['A1', 'A4', 'A2', 'A3', 'ZZ-SPECIAL']);
      expect(await codes('sort_by=rating&sort_direction=desc')).toEqual(['A2', 'A4', 'A1', 'ZZ-SPECIAL', 'A3']);
      expect(await codes('sort_by=lead_time_days')).toEqual(['A2', 'A4', 'A1', 'A3', 'ZZ-SPECIAL']);
      expect(await codes('sort_by=lead_time_days&sort_direction=desc')).toEqual(['A1', 'A4', 'A2', 'ZZ-SPECIAL', 'A3']);
    });

    it('sorts by creation time', async () => {
      expect(await codes('sort_by=created_at')).toEqual(['A1', 'A2', 'A3', 'A4', 'ZZ-SPECIAL']);
      expect(await codes('sort_by=created_at&sort_direction=desc')).toEqual(['ZZ-SPECIAL', 'A4', 'A3', 'A2', 'A1']);
    });

    it('breaks ties on id so pages never overlap', async () => {
      const fixed = await makeTenant(t.services);
      const fixedAuth = bearer(await makeToken(t.services, fixed.tenantId, fixed.adminId));
      for (let i = 0; i < 5; i++) await create({ name: 'Same Name', code: `T${i}`, email: 't@x.test' }, fixedAuth);
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await call('GET', `${SUPPLIERS}?sort_by=created_at&per_page=2&page=${page}`, undefined, fixedAuth);
        seen.push(...res.json().data.map((s: { code: string }) => s.code));
      }
      expect(seen).toEqual(['T0', 'T1', 'T2', 'T3', 'T4']);
      const byName = (await call('GET', `${SUPPLIERS}?sort_by=name&sort_direction=desc`, undefined, fixedAuth))
        .json()
        .data.map((s: { code: string }) => s.code);
      expect(byName).toEqual(['T4', 'T3', 'T2', 'T1', 'T0']);
    });
  });

  describe('abilities', () => {
    // Each route's 403 is generated from the route table (test/security/function-level-authorisation.test.ts);
    // here, the refused writes whose effect would show: the supplier stays inactive, present and unrated.
    it('answers 403 naming the missing ability for each endpoint', async () => {
      const supplier = await makeSupplier();
      const viewer = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:view-suppliers'] }),
      );
      const one = `${SUPPLIERS}/${supplier.id}`;
      const cases: Array<[Headers, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object | undefined, string]> = [
        [viewer, 'POST', `${one}/activate`, undefined, 'edit-suppliers'],
        [viewer, 'POST', `${one}/suspend`, { reason: 'x' }, 'edit-suppliers'],
        [viewer, 'DELETE', one, undefined, 'delete-suppliers'],
        [viewer, 'POST', `${one}/rate`, { rating: 3 }, 'rate-suppliers'],
      ];
      for (const [headers, method, url, payload, ability] of cases) {
        const res = await call(method, url, payload, headers);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(`This action requires the ability operations:${ability}.`);
      }
      expect((await call('GET', one, undefined, viewer)).statusCode).toBe(200);
      expect((await call('GET', one)).json().data).toMatchObject({ status: 'inactive', rating_count: 0 });
      expect((await t.app.inject({ url: SUPPLIERS })).statusCode).toBe(401);
    });

    it('lets each write ability do its own endpoint', async () => {
      const supplier = await makeSupplier();
      const token = (ability: string) =>
        makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: [`operations:${ability}`] }).then(
          bearer,
        );
      expect((await create(minimal(), await token('create-suppliers'))).statusCode).toBe(201);
      const editor = await token('edit-suppliers');
      expect((await call('PUT', `${SUPPLIERS}/${supplier.id}`, { name: 'Edited' }, editor)).statusCode).toBe(200);
      expect((await call('POST', `${SUPPLIERS}/${supplier.id}/activate`, undefined, editor)).statusCode).toBe(200);
      expect(
        (await call('POST', `${SUPPLIERS}/${supplier.id}/rate`, { rating: 2 }, await token('rate-suppliers')))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('DELETE', `${SUPPLIERS}/${supplier.id}`, undefined, await token('delete-suppliers'))).statusCode,
      ).toBe(200);
    });
  });

  describe('tenant scoping', () => {
    let other: TenantFixture;
    let otherAuth: Headers;
    let foreign: { id: string; code: string };

    beforeAll(async () => {
      other = await makeTenant(t.services);
      otherAuth = bearer(await makeToken(t.services, other.tenantId, other.adminId));
      foreign = await makeSupplier({ code: 'SHARED-CODE' }, otherAuth);
    });

    it("answers 404 for another tenant's supplier on every endpoint and changes nothing", async () => {
      const one = `${SUPPLIERS}/${foreign.id}`;
      const cases: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object | undefined]> = [
        ['GET', one, undefined],
        ['PUT', one, { name: 'Mine now' }],
        ['DELETE', one, undefined],
        ['POST', `${one}/activate`, undefined],
        ['POST', `${one}/deactivate`, undefined],
        ['POST', `${one}/suspend`, { reason: 'x' }],
        ['POST', `${one}/rate`, { rating: 1 }],
        ['GET', `${one}/performance`, undefined],
      ];
      for (const [method, url, payload] of cases) {
        const res = await call(method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          code: 'not_found',
          message: 'Supplier not found.',
          data: null,
          meta: {},
        });
      }
      const mine = (await call('GET', one, undefined, otherAuth)).json().data;
      expect(mine).toMatchObject({ name: 'Acme Supplies', status: 'inactive', rating: null, rating_count: 0 });
      await expect(service().assertOrderable(t.tenant.tenantId, foreign.id)).rejects.toThrow('Supplier not found.');
    });

    it('keeps codes unique per tenant only, and lists only the caller tenant', async () => {
      expect((await create(minimal({ code: 'shared-code' }))).statusCode).toBe(201);
      const ids = (await call('GET', `${SUPPLIERS}?per_page=100`)).json().data.map((s: { id: string }) => s.id);
      expect(ids).not.toContain(foreign.id);
      expect(
        (await call('GET', `${SUPPLIERS}?search=shared-code`, undefined, otherAuth))
          .json()
          .data.map((s: { id: string }) => s.id),
      ).toEqual([foreign.id]);
    });

    it('repository reads and writes filter by tenant', async () => {
      const repository = new SupplierRepository();
      const db = t.database.db;
      expect(await repository.findById(db, t.tenant.tenantId, foreign.id)).toBeUndefined();
      expect(await repository.findById(db, other.tenantId, foreign.id)).toBeDefined();
      expect(await repository.update(db, t.tenant.tenantId, foreign.id, { name: 'Hijacked' })).toBeUndefined();
      expect(
        await repository.transition(db, t.tenant.tenantId, foreign.id, { notFrom: [] }, { status: 'blacklisted' }),
      ).toBeUndefined();
      expect(
        await repository.refreshRating(db, t.tenant.tenantId, foreign.id, clock.now().toISOString()),
      ).toBeUndefined();
      expect((await service().get(other.tenantId, foreign.id)).name).toBe('Acme Supplies');
    });
  });

  it('documents every path in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const base = '/api/v1/operations/suppliers';
    expect(Object.keys(doc.paths[base]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${base}/{id}`])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    for (const action of ['activate', 'deactivate', 'suspend', 'rate'])
      expect(doc.paths[`${base}/{id}/${action}`].post, action).toBeDefined();
    expect(doc.paths[`${base}/{id}/performance`].get.tags).toEqual(['Suppliers']);
    const listParams = doc.paths[base].get.parameters.map((p: { name: string }) => p.name);
    expect(listParams).toEqual(
      expect.arrayContaining([
        'page',
        'per_page',
        'status',
        'type',
        'is_approved',
        'is_preferred',
        'search',
        'sort_by',
        'sort_direction',
      ]),
    );
    expect(doc.paths[base].post.requestBody.content['application/json'].schema.required).toEqual([
      'name',
      'code',
      'email',
    ]);
    expect(doc.paths[`${base}/{id}/suspend`].post.requestBody.content['application/json'].schema.required).toEqual([
      'reason',
    ]);
    expect(doc.paths[base].post.summary).toBeTruthy();
  });
});
