// Unknown input (docs/errors.md; docs/decisions/requests-and-responses.md, Requests): an unknown query parameter is a 422 naming it,
// on every operation of the API, as the route's querystring schema decides; an unknown body field is dropped.
import { afterAll, describe, expect, it } from 'vitest';
import { UNKNOWN_PARAMETER } from '../../src/http/strict-query.js';
import { signedInClient } from '../helpers/session-client.js';
import { buildTestApp } from '../helpers/test-app.js';
import {
  collectRoutes,
  concreteUrl,
  hasJsonBody,
  recordRoutes,
  routeName,
  type RouteEntry,
} from '../security/route-table.js';

const PRODUCTS = '/api/v1/operations/products';
const INVALID = 'The given data was invalid.';

// Rate limiting off: the route-table case calls every route from one token.
const t = await buildTestApp({
  beforeReady: recordRoutes,
  config: { rateLimit: { max: 0, windowMs: 60_000, redisUrl: null } },
});
const routes = await collectRoutes(t.app);
const session = await signedInClient(t.app, t.tenant.adminEmail);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = t.auth) => t.app.inject({ url, headers });
const unknown = (...names: string[]) => ({
  success: false,
  message: INVALID,
  code: 'validation_failed',
  errors: Object.fromEntries(names.map((name) => [name, [UNKNOWN_PARAMETER]])),
});

describe('an unknown query parameter', () => {
  it('is a 422 naming it instead of a filter that matches everything', async () => {
    const res = await get(`${PRODUCTS}?sku=DRL-18V`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(unknown('sku'));
  });

  it('names every unknown parameter and none of the known ones', async () => {
    const res = await get(`${PRODUCTS}?search=drill&sku=DRL-18V&per_page=5&colour=red`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(unknown('sku', 'colour'));
  });

  it('leaves known parameters as they were, coerced and validated', async () => {
    expect((await get(`${PRODUCTS}?search=drill&per_page=5&is_featured=false&sort_by=name`)).statusCode).toBe(200);
    const invalid = await get(`${PRODUCTS}?per_page=500`);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ per_page: ['The per page field must not be greater than 100.'] });
  });

  it('is judged per route: a parameter of another route is unknown here', async () => {
    // `include` is a parameter of a master product, not of a product; `page` is a list's, not a record's.
    const master = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/master-products',
      headers: t.auth,
      payload: { name: 'Strict master', sku: 'STRICT-M' },
    });
    expect(master.statusCode, master.body).toBe(201);
    expect((await get(`/api/v1/operations/master-products/${master.json().data.id}?include=variants`)).statusCode).toBe(
      200,
    );
    const product = await get(`${PRODUCTS}/${master.json().data.id}?include=variants&page=2`);
    expect(product.statusCode).toBe(422);
    expect(product.json()).toEqual(unknown('include', 'page'));
  });

  it('takes the array form as a name of its own: status[] is not status', async () => {
    const res = await get(`${PRODUCTS}?status[]=draft&status[]=active`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(unknown('status[]'));
    expect((await get(`${PRODUCTS}?status=draft,active`)).statusCode).toBe(200);
  });

  it("knows the product list's attribute filters, which the list reads by hand, and only there", async () => {
    const res = await get(`${PRODUCTS}?attributes[colour]=red`);
    // An attribute code the tenant does not have: the list's own 422, keyed by the code, not an unknown parameter.
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['attributes.colour']);
    const brands = await get('/api/v1/operations/brands?attributes[colour]=red');
    expect(brands.json()).toEqual(unknown('attributes[colour]'));
  });

  it('is refused on a route without a query schema, reading or writing, before the record is looked up', async () => {
    expect((await get('/api/v1/auth/me?verbose=1')).json()).toEqual(unknown('verbose'));
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/suppliers/01hzzzzzzzzzzzzzzzzzzzzzzz/activate?force=1',
      headers: t.auth,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual(unknown('force'));
  });

  it('names odd keys as they came, without touching the prototype', async () => {
    const res = await get(`${PRODUCTS}?__proto__=yes&constructor[prototype][polluted]=yes&%00=x`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      ['\u0000', '__proto__', 'constructor[prototype][polluted]'].sort(),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('comes after authentication and the ability check', async () => {
    const res = await get(`${PRODUCTS}?sku=DRL-18V`, {});
    expect(res.statusCode).toBe(401);
  });

  it('is not checked on the probes and the OpenAPI document, which are not API operations', async () => {
    expect((await t.app.inject({ url: '/health?probe=1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/openapi.json?v=2' })).statusCode).toBe(200);
  });
});

describe('every operation of the API', () => {
  const operations = routes.filter((route) => route.config.auth !== 'none');
  const usesSession = (route: RouteEntry) => route.config.auth === 'session' || route.config.auth === 'guest';

  it('covers the route table', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it.each(operations.map((route) => [routeName(route), route] as const))(
    '%s refuses an unknown parameter',
    async (_name, route) => {
      const url = `${concreteUrl(route.url)}?zz_not_a_parameter=1`;
      const res = usesSession(route)
        ? await session.request({ method: route.method, url })
        : await t.app.inject({ method: route.method, url, headers: t.auth });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual(unknown('zz_not_a_parameter'));
    },
  );
});

describe('an unknown body field', () => {
  type Schema = {
    properties?: Record<string, Schema>;
    additionalProperties?: unknown;
    items?: Schema;
    anyOf?: Schema[];
  };

  /** The paths of the objects in `schema` that let members it does not name through. */
  function openObjects(schema: Schema | undefined, at: string): string[] {
    if (!schema || typeof schema !== 'object') return [];
    return [
      ...(schema.properties && schema.additionalProperties !== false ? [at] : []),
      ...Object.entries(schema.properties ?? {}).flatMap(([name, member]) => openObjects(member, `${at}.${name}`)),
      ...openObjects(schema.items, `${at}[]`),
      ...(schema.anyOf ?? []).flatMap((option) => openObjects(option, at)),
    ];
  }

  it('is dropped by the schema of every JSON body, at every depth; the receipt body is open, and its service reads only its own fields', () => {
    const open = routes
      .filter(hasJsonBody)
      .flatMap((route) => openObjects(route.schema.body as Schema, 'body').map((at) => `${routeName(route)} ${at}`));
    expect(open).toEqual(['POST /api/v1/operations/purchase-orders/:id/receive body']);
  });

  it('neither fails the request nor reaches the record', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/warehouses',
      headers: t.auth,
      payload: { name: 'Strict input', code: 'STRICT', colour: 'blue', address: { city: 'Leeds', planet: 'Earth' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).not.toHaveProperty('colour');
    expect(data.address).toEqual(expect.not.objectContaining({ planet: expect.anything() }));
    expect(data.address.city).toBe('Leeds');
  });
});
