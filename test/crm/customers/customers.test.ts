// Customers over HTTP: create, read, update and soft delete, field errors, external ids, conditional requests,
// events and audit entries, abilities and roles, tenants; the open-orders rule through the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../../src/core/errors.js';
import type { Executor } from '../../../src/db/transaction.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { newId } from '../../../src/lib/ids.js';
import { CustomerRepository } from '../../../src/modules/crm/customers/customer.repository.js';
import { CustomerService } from '../../../src/modules/crm/customers/customer.service.js';
import { bearer, makeTenantWithToken, makeToken, makeUser, type TenantFixture } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type HttpMethod, type TestApp } from '../../helpers/test-app.js';

const CUSTOMERS = '/api/v1/crm/customers';
const NOW = '2026-03-10T12:00:00.000Z';
const MISSING_ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';
const NO_ADDRESS = { street: null, city: null, state: null, postal_code: null, country: null };

type Headers = Record<string, string>;
type Json = Record<string, unknown>;

describe('customers', () => {
  let t: TestApp;
  let clock: FixedClock;
  let tenant: TenantFixture;
  let auth: Headers;
  let call: ReturnType<typeof jsonCaller>;
  let seq = 0;

  beforeAll(async () => {
    clock = new FixedClock(new Date(NOW));
    t = await buildTestApp({ clock });
    ({ tenant, auth } = await makeTenantWithToken(t.services));
    call = jsonCaller(t.app, auth);
  });
  afterAll(() => t.close());

  const create = async (extra: Json = {}, headers: Headers = auth) => {
    const res = await call('POST', CUSTOMERS, { name: `Customer ${++seq}`, ...extra }, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Json & { id: string };
  };
  const errorsOf = async (method: HttpMethod, url: string, payload: unknown) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ success: false, message: 'The given data was invalid.' });
    return res.json().errors as Record<string, string[]>;
  };
  const events = (entityId: string) =>
    t.database.db
      .selectFrom('event_outbox')
      .select(['event_type', 'entity_type', 'payload'])
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();
  const auditEntries = async (entityId: string) => {
    const res = await call('GET', `/api/v1/audit-log?entity_id=${entityId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Array<{ action: string; entity_type: string; changes: Json | null }>;
  };

  describe('create', () => {
    it('creates with every field: name trimmed, addresses with all their parts, an ETag', async () => {
      const res = await call('POST', CUSTOMERS, {
        name: '  Ada Lovelace ',
        email: 'ada@analytical.test',
        phone: '+44 20 7946 0000',
        company: 'Analytical Engines',
        external_id: 'shop-1',
        billing_address: { street: '12 St James Square', city: 'London', postal_code: 'SW1Y 4JH', country: 'GB' },
        shipping_address: { country: 'DE', city: 'Berlin' },
        notes: 'Loading bay at the back.',
        is_active: false,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: 'Customer created successfully' });
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      const data = res.json().data;
      expect(data).toEqual({
        id: expect.stringMatching(/^[0-9a-z]{26}$/),
        name: 'Ada Lovelace',
        email: 'ada@analytical.test',
        phone: '+44 20 7946 0000',
        company: 'Analytical Engines',
        external_id: 'shop-1',
        billing_address: {
          street: '12 St James Square',
          city: 'London',
          state: null,
          postal_code: 'SW1Y 4JH',
          country: 'GB',
        },
        shipping_address: { ...NO_ADDRESS, city: 'Berlin', country: 'DE' },
        notes: 'Loading bay at the back.',
        is_active: false,
        created_at: NOW,
        updated_at: NOW,
      });
      const row = await t.database.db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', data.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ tenant_id: tenant.tenantId, deleted_at: null });
      expect((await call('GET', `${CUSTOMERS}/${data.id}`)).json().data).toEqual(data);
    });

    it('needs only a name; the rest is null and the customer active', async () => {
      const data = await create({ name: 'Bare' });
      expect(data).toMatchObject({
        name: 'Bare',
        email: null,
        phone: null,
        company: null,
        external_id: null,
        billing_address: null,
        shipping_address: null,
        notes: null,
        is_active: true,
      });
    });

    it('answers each bad field under its name', async () => {
      expect(await errorsOf('POST', CUSTOMERS, {})).toEqual({ name: ['The name field is required.'] });
      expect(await errorsOf('POST', CUSTOMERS, { name: '   ' })).toEqual({
        name: ['The name field format is invalid.'],
      });
      const errors = await errorsOf('POST', CUSTOMERS, {
        name: 'x'.repeat(256),
        email: 'not-an-email',
        phone: 5,
        external_id: ' padded ',
        billing_address: { country: 'GBR', planet: 'Earth' },
        is_active: 'yes',
      });
      expect(errors).toEqual({
        name: ['The name field must not be greater than 255 characters.'],
        email: ['The email field must be a valid email.'],
        phone: ['The phone field must be a string or null.'],
        external_id: ['The external id field format is invalid.'],
        'billing_address.country': ['The country field must not be greater than 2 characters.'],
        is_active: ['The is active field must be a boolean.'],
      });
    });

    it('takes a country only as an assigned ISO 3166-1 alpha-2 code in capitals, in either address', async () => {
      const errors = await errorsOf('POST', CUSTOMERS, {
        name: 'Abroad',
        billing_address: { country: 'uk' },
        shipping_address: { country: 'UK' },
      });
      expect(errors).toEqual({
        'billing_address.country': ['The country uk is not an ISO 3166-1 alpha-2 code in capitals (such as GB or DE).'],
        'shipping_address.country': [
          'The country UK is not an ISO 3166-1 alpha-2 code in capitals (such as GB or DE).',
        ],
      });
      const none = await t.database.db
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', tenant.tenantId)
        .where('name', '=', 'Abroad')
        .execute();
      expect(none).toEqual([]);
    });

    it('does the work once for a repeated Idempotency-Key', async () => {
      const headers = { ...auth, 'idempotency-key': `customer-${++seq}` };
      const body = { name: 'Once', external_id: `once-${seq}` };
      const first = await call('POST', CUSTOMERS, body, headers);
      const again = await call('POST', CUSTOMERS, body, headers);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data.id).toBe(first.json().data.id);
    });
  });

  describe('external ids', () => {
    it('refuses one a live customer of the tenant has, on create and on update', async () => {
      const taken = { external_id: ['The external id has already been taken.'] };
      await create({ external_id: 'ext-taken' });
      expect(await errorsOf('POST', CUSTOMERS, { name: 'Second', external_id: 'ext-taken' })).toEqual(taken);
      const other = await create({ external_id: 'ext-other' });
      expect(await errorsOf('PATCH', `${CUSTOMERS}/${other.id}`, { external_id: 'ext-taken' })).toEqual(taken);
      expect((await call('GET', `${CUSTOMERS}/${other.id}`)).json().data.external_id).toBe('ext-other');
    });

    it('compares them exactly, lets any number of customers have none, and frees one on delete', async () => {
      await create({ external_id: 'Case-1' });
      await create({ external_id: 'case-1' });
      await create({ external_id: null });
      await create({ external_id: null });
      const doomed = await create({ external_id: 'ext-freed' });
      expect((await call('DELETE', `${CUSTOMERS}/${doomed.id}`)).statusCode).toBe(200);
      expect((await create({ external_id: 'ext-freed' })).external_id).toBe('ext-freed');
    });

    it('lets exactly one of several parallel creates take the same one', async () => {
      const codes = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call('POST', CUSTOMERS, { name: `Racer ${i}`, external_id: 'ext-race' }).then((res) => res.statusCode),
        ),
      );
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code === 422)).toHaveLength(5);
      const live = await t.database.db
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', tenant.tenantId)
        .where('external_id', '=', 'ext-race')
        .execute();
      expect(live).toHaveLength(1);
    });

    it('are unique per tenant only', async () => {
      await create({ external_id: 'ext-shared' });
      const other = await makeTenantWithToken(t.services);
      expect((await create({ external_id: 'ext-shared' }, other.auth)).external_id).toBe('ext-shared');
    });
  });

  describe('update', () => {
    it('changes only the fields sent, with PUT and PATCH alike; an address sent replaces the stored one', async () => {
      const customer = await create({
        email: 'before@example.test',
        billing_address: { street: '1 Quay', city: 'Hull', country: 'GB' },
      });
      clock.advance(1000);
      const patched = await call('PATCH', `${CUSTOMERS}/${customer.id}`, {
        company: 'Acme',
        billing_address: { city: 'York' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({ message: 'Customer updated successfully' });
      expect(patched.json().data).toMatchObject({
        name: customer.name,
        email: 'before@example.test',
        company: 'Acme',
        billing_address: { ...NO_ADDRESS, city: 'York' },
        updated_at: new Date(clock.now()).toISOString(),
        created_at: customer.created_at,
      });
      const put = await call('PUT', `${CUSTOMERS}/${customer.id}`, { email: null, billing_address: null });
      expect(put.json().data).toMatchObject({ email: null, company: 'Acme', billing_address: null });
      expect(put.headers.etag).toBe((await call('GET', `${CUSTOMERS}/${customer.id}`)).headers.etag);
    });

    it('writes and records nothing when no value changes', async () => {
      const customer = await create({ shipping_address: { country: 'GB', city: 'Leeds' } });
      clock.advance(1000);
      const same = await call('PATCH', `${CUSTOMERS}/${customer.id}`, {
        name: customer.name,
        shipping_address: { city: 'Leeds', country: 'GB' },
      });
      expect(same.statusCode).toBe(200);
      expect(same.json().data).toEqual(customer);
      expect((await events(customer.id)).map((e) => e.event_type)).toEqual(['customer.created']);
      expect((await auditEntries(customer.id)).map((e) => e.action)).toEqual(['customer.created']);
    });

    it('answers field errors and changes nothing', async () => {
      const customer = await create();
      expect(
        await errorsOf('PATCH', `${CUSTOMERS}/${customer.id}`, { name: '', shipping_address: { country: 'XX' } }),
      ).toEqual({ name: ['The name field must not be empty.', 'The name field format is invalid.'] });
      expect(await errorsOf('PATCH', `${CUSTOMERS}/${customer.id}`, { shipping_address: { country: 'XX' } })).toEqual({
        'shipping_address.country': [
          'The country XX is not an ISO 3166-1 alpha-2 code in capitals (such as GB or DE).',
        ],
      });
      expect((await call('GET', `${CUSTOMERS}/${customer.id}`)).json().data).toEqual(customer);
    });
  });

  describe('delete', () => {
    it('soft-deletes: the customer leaves every read, its row stays', async () => {
      const customer = await create();
      const res = await call('DELETE', `${CUSTOMERS}/${customer.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Customer deleted successfully', data: null });
      const reads: Array<[HttpMethod, unknown]> = [
        ['GET', undefined],
        ['PATCH', { name: 'Back' }],
        ['DELETE', undefined],
      ];
      for (const [method, payload] of reads) {
        const again = await call(method, `${CUSTOMERS}/${customer.id}`, payload);
        expect(again.statusCode, method).toBe(404);
        expect(again.json()).toMatchObject({ code: 'not_found', message: 'Customer not found.' });
      }
      const ids = (await call('GET', `${CUSTOMERS}?per_page=100`)).json().data.map((c: Json) => c.id);
      expect(ids).not.toContain(customer.id);
      const row = await t.database.db
        .selectFrom('customers')
        .select('deleted_at')
        .where('id', '=', customer.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).toBe(new Date(clock.now()).toISOString());
    });

    it('is refused while open sales orders reference the customer, counted in the delete transaction', async () => {
      const customer = await create();
      const asked: Array<[boolean, string, string]> = [];
      const service = (open: number) =>
        new CustomerService({
          db: t.database.db,
          customers: new CustomerRepository(),
          events: t.services.events,
          audit: t.services.audit.service,
          clock,
          newId,
          openOrders: async (db: Executor, tenantId, customerId) => {
            asked.push([db.isTransaction, tenantId, customerId]);
            return open;
          },
        });
      const refusal = service(2)
        .remove(tenant.tenantId, customer.id)
        .catch((error: unknown) => error);
      const error = await refusal;
      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({
        code: 'customer_has_open_orders',
        message: 'The customer cannot be deleted while 2 open sales orders reference it.',
      });
      expect(asked).toEqual([[true, tenant.tenantId, customer.id]]);
      expect((await call('GET', `${CUSTOMERS}/${customer.id}`)).statusCode).toBe(200);
      expect((await events(customer.id)).map((e) => e.event_type)).toEqual(['customer.created']);

      await service(0).remove(tenant.tenantId, customer.id);
      expect((await call('GET', `${CUSTOMERS}/${customer.id}`)).statusCode).toBe(404);
    });
  });

  describe('list', () => {
    let own: { auth: Headers };
    let ids: Record<string, string>;
    const list = async (query: string, headers: Headers = own.auth) => {
      const res = await call('GET', `${CUSTOMERS}${query}`, undefined, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Json[]; meta: Json; links: Json };
    };
    const namesOf = async (query: string) => (await list(query)).data.map((c) => c.name);

    beforeAll(async () => {
      own = await makeTenantWithToken(t.services);
      ids = {};
      const made: Array<[string, Json]> = [
        ['bravo', { email: 'orders@bravo.test', company: 'Widgets 100% Ltd', external_id: 'B-2' }],
        ['Alpha', { email: 'alpha@example.test', company: 'Zeta Corp', external_id: 'A-1', is_active: false }],
        ['charlie', { company: 'Under_score', external_id: 'shop_77' }],
        ['Delta', { email: 'delta@zeta.test' }],
      ];
      for (const [name, extra] of made) {
        clock.advance(1000);
        ids[name] = (await create({ name, ...extra }, own.auth)).id;
      }
    });

    it('sorts by name case-insensitively by default, and by creation or change on request', async () => {
      expect(await namesOf('')).toEqual(['Alpha', 'bravo', 'charlie', 'Delta']);
      expect(await namesOf('?sort_direction=desc')).toEqual(['Delta', 'charlie', 'bravo', 'Alpha']);
      expect(await namesOf('?sort_by=created_at')).toEqual(['bravo', 'Alpha', 'charlie', 'Delta']);
      expect(await namesOf('?sort_by=updated_at&sort_direction=desc')).toEqual(['Delta', 'charlie', 'Alpha', 'bravo']);
    });

    it('searches name, e-mail, company and external id, ignoring case, with % and _ as themselves', async () => {
      expect(await namesOf('?search=ALPHA')).toEqual(['Alpha']);
      expect(await namesOf('?search=zeta')).toEqual(['Alpha', 'Delta']);
      expect(await namesOf('?search=b-2')).toEqual(['bravo']);
      expect(await namesOf(`?search=${encodeURIComponent('100%')}`)).toEqual(['bravo']);
      expect(await namesOf('?search=_')).toEqual(['charlie']);
      expect(await namesOf('?search=nobody')).toEqual([]);
    });

    it('filters by is_active, exact external id and updated_since', async () => {
      expect(await namesOf('?is_active=false')).toEqual(['Alpha']);
      expect(await namesOf('?is_active=true')).toEqual(['bravo', 'charlie', 'Delta']);
      expect(await namesOf('?external_id=shop_77')).toEqual(['charlie']);
      expect(await namesOf('?external_id=SHOP_77')).toEqual([]);
      const charlie = (await call('GET', `${CUSTOMERS}/${ids.charlie}`, undefined, own.auth)).json().data;
      expect(await namesOf(`?updated_since=${encodeURIComponent(charlie.updated_at)}&sort_by=updated_at`)).toEqual([
        'charlie',
        'Delta',
      ]);
    });

    it('pages, and refuses unknown or bad parameters', async () => {
      const page = await list('?per_page=3&page=2');
      expect(page.data.map((c) => c.name)).toEqual(['Delta']);
      expect(page.meta).toEqual({ current_page: 2, per_page: 3, total: 4, last_page: 2 });
      for (const [query, field] of [
        ['?status=active', 'status'],
        ['?sort_by=email', 'sort_by'],
        ['?per_page=101', 'per_page'],
        ['?updated_since=yesterday', 'updated_since'],
      ]) {
        const res = await call('GET', `${CUSTOMERS}${query}`, undefined, own.auth);
        expect(res.statusCode, query).toBe(422);
        expect(Object.keys(res.json().errors), query).toEqual([field]);
      }
    });
  });

  describe('conditional requests', () => {
    it('answers 304 to the current ETag, and writes only for the current one', async () => {
      const customer = await create();
      const one = `${CUSTOMERS}/${customer.id}`;
      const etag = (await call('GET', one)).headers.etag as string;
      expect((await call('GET', one, undefined, { ...auth, 'if-none-match': etag })).statusCode).toBe(304);

      const stale = '"0000000000000000000000"';
      const refused = await call('PATCH', one, { notes: 'Late' }, { ...auth, 'if-match': stale });
      expect(refused.statusCode).toBe(412);
      expect(refused.json()).toMatchObject({ code: 'precondition_failed', current_etag: etag });
      expect((await call('DELETE', one, undefined, { ...auth, 'if-match': stale })).statusCode).toBe(412);

      const done = await call('PATCH', one, { notes: 'On time' }, { ...auth, 'if-match': etag });
      expect(done.statusCode).toBe(200);
      expect(done.headers.etag).not.toBe(etag);
      const deleted = await call('DELETE', one, undefined, { ...auth, 'if-match': done.headers.etag as string });
      expect(deleted.statusCode).toBe(200);
    });
  });

  describe('events and audit entries', () => {
    it('records created, updated with the changed fields, and deleted naming the customer', async () => {
      const customer = await create({ external_id: 'ext-events', email: 'a@example.test' });
      const updated = (
        await call('PATCH', `${CUSTOMERS}/${customer.id}`, { email: 'b@example.test', is_active: false })
      ).json().data;
      expect((await call('DELETE', `${CUSTOMERS}/${customer.id}`)).statusCode).toBe(200);
      const deletedAt = new Date(clock.now()).toISOString();

      expect(await events(customer.id)).toEqual([
        { event_type: 'customer.created', entity_type: 'customer', payload: customer },
        {
          event_type: 'customer.updated',
          entity_type: 'customer',
          payload: { ...updated, changed_fields: ['email', 'is_active'] },
        },
        {
          event_type: 'customer.deleted',
          entity_type: 'customer',
          payload: { id: customer.id, name: customer.name, external_id: 'ext-events', deleted_at: deletedAt },
        },
      ]);

      const entries = await auditEntries(customer.id);
      expect(entries.map((e) => [e.action, e.entity_type])).toEqual([
        ['customer.deleted', 'customer'],
        ['customer.updated', 'customer'],
        ['customer.created', 'customer'],
      ]);
      expect(entries[1]!.changes).toEqual({
        email: { before: 'a@example.test', after: 'b@example.test' },
        is_active: { before: true, after: false },
      });
      expect(entries[0]!.changes).toMatchObject({ external_id: { before: 'ext-events', after: null } });
    });

    it('records nothing for a refused change', async () => {
      const customer = await create({ external_id: 'ext-quiet' });
      await create({ external_id: 'ext-loud' });
      expect((await call('PATCH', `${CUSTOMERS}/${customer.id}`, { external_id: 'ext-loud' })).statusCode).toBe(422);
      expect((await events(customer.id)).map((e) => e.event_type)).toEqual(['customer.created']);
      expect((await auditEntries(customer.id)).map((e) => e.action)).toEqual(['customer.created']);
    });

    it('lists the customer events among those a subscriber can receive', async () => {
      const res = await call('GET', '/api/v1/webhooks/event-types');
      expect(res.statusCode, res.body).toBe(200);
      const types = JSON.stringify(res.json().data);
      for (const type of ['customer.created', 'customer.updated', 'customer.deleted']) expect(types).toContain(type);
    });
  });

  describe('abilities and roles', () => {
    const tokenFor = async (role: 'manager' | 'viewer', abilities = ['*']) => {
      const user = await makeUser(t.services, tenant.tenantId, role);
      return bearer(await makeToken(t.services, tenant.tenantId, user.id, { abilities }));
    };

    it('lets a viewer read customers and nothing more', async () => {
      const customer = await create();
      const viewer = await tokenFor('viewer');
      expect((await call('GET', CUSTOMERS, undefined, viewer)).statusCode).toBe(200);
      expect((await call('GET', `${CUSTOMERS}/${customer.id}`, undefined, viewer)).statusCode).toBe(200);
      const refusals: Array<[HttpMethod, string, unknown, string]> = [
        ['POST', CUSTOMERS, { name: 'No' }, 'crm:create-customers'],
        ['PATCH', `${CUSTOMERS}/${customer.id}`, { name: 'No' }, 'crm:edit-customers'],
        ['DELETE', `${CUSTOMERS}/${customer.id}`, undefined, 'crm:delete-customers'],
      ];
      for (const [method, url, payload, ability] of refusals) {
        const res = await call(method, url, payload, viewer);
        expect(res.statusCode, method).toBe(403);
        expect(res.json().message).toBe(`This action requires the ability ${ability}.`);
      }
      expect((await call('GET', `${CUSTOMERS}/${customer.id}`)).json().data).toEqual(customer);
    });

    it('lets a manager create, edit and delete customers', async () => {
      const manager = await tokenFor('manager');
      const made = await create({}, manager);
      expect((await call('PATCH', `${CUSTOMERS}/${made.id}`, { notes: 'Managed' }, manager)).statusCode).toBe(200);
      expect((await call('DELETE', `${CUSTOMERS}/${made.id}`, undefined, manager)).statusCode).toBe(200);
    });

    it('needs the ability of each route in the token', async () => {
      const customer = await create();
      const viewOnly = bearer(
        await makeToken(t.services, tenant.tenantId, tenant.adminId, { abilities: ['crm:view-customers'] }),
      );
      expect((await call('GET', `${CUSTOMERS}/${customer.id}`, undefined, viewOnly)).statusCode).toBe(200);
      expect((await call('DELETE', `${CUSTOMERS}/${customer.id}`, undefined, viewOnly)).statusCode).toBe(403);
      const none = bearer(
        await makeToken(t.services, tenant.tenantId, tenant.adminId, { abilities: ['operations:view-products'] }),
      );
      const res = await call('GET', CUSTOMERS, undefined, none);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This action requires the ability crm:view-customers.');
      expect((await t.app.inject({ url: CUSTOMERS })).statusCode).toBe(401);
    });
  });

  describe('tenants', () => {
    it("answers 404 for another tenant's customer on every route and changes nothing", async () => {
      const other = await makeTenantWithToken(t.services);
      const foreign = await create({ external_id: 'ext-foreign' }, other.auth);
      const one = `${CUSTOMERS}/${foreign.id}`;
      const attempts: Array<[HttpMethod, unknown]> = [
        ['GET', undefined],
        ['PUT', { name: 'Mine' }],
        ['PATCH', { name: 'Mine' }],
        ['DELETE', undefined],
      ];
      for (const [method, payload] of attempts) {
        const res = await call(method, one, payload);
        expect(res.statusCode, method).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          code: 'not_found',
          message: 'Customer not found.',
          data: null,
          meta: {},
        });
      }
      expect((await call('GET', `${CUSTOMERS}/${MISSING_ID}`)).statusCode).toBe(404);
      expect((await call('GET', one, undefined, other.auth)).json().data).toEqual(foreign);
      const mine = (await call('GET', `${CUSTOMERS}?per_page=100&search=ext-foreign`)).json().data;
      expect(mine).toEqual([]);
    });
  });

  it('documents its routes with operation ids and the named Customer schema', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const list = doc.paths['/api/v1/crm/customers'];
    const one = doc.paths['/api/v1/crm/customers/{id}'];
    expect([list.get, list.post, one.get, one.put, one.patch, one.delete].map((op) => op.operationId)).toEqual([
      'listCustomers',
      'createCustomer',
      'getCustomer',
      'updateCustomerWithPut',
      'updateCustomer',
      'deleteCustomer',
    ]);
    expect(one.get.tags).toEqual(['Customers']);
    expect(doc.components.schemas.Customer).toBeDefined();
    expect(JSON.stringify(one.get.responses[200])).toContain('#/components/schemas/Customer');
    expect(list.post.requestBody.content['application/json'].schema.required).toEqual(['name']);
  });
});
