// `search` means "contains this text" on every list: `%`, `_` and `\` are plain characters, never LIKE
// wildcards or escapes, on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionClient } from '../helpers/session-client.js';
import { buildTestApp } from '../helpers/test-app.js';
import {
  fillPath,
  needsSession,
  prepareFuzzing,
  publicResolver,
  readRoutes,
  routeName,
  sessionHeaders,
  type FuzzFixtures,
  type OpenApiDocument,
  type RouteSpec,
} from './fuzz-helpers.js';

const t = await buildTestApp({
  webhookResolver: publicResolver,
  config: { rateLimit: { max: 0, windowMs: 60_000, redisUrl: null } },
});
const searchable = readRoutes(t.app.swagger() as unknown as OpenApiDocument).filter(
  (r) => r.method === 'GET' && r.query.some((q) => q.name === 'search'),
);

let fixtures: FuzzFixtures;
let session: SessionClient;

beforeAll(async () => {
  ({ fixtures, session } = await prepareFuzzing(t));
});
afterAll(() => t.close());

async function total(route: RouteSpec, search: string): Promise<number> {
  // An export takes the list's filters; its JSON form counts the rows in `total`.
  const format = route.query.some((q) => q.name === 'format') ? '&format=json' : '';
  const url = `${fillPath(route.path, fixtures.pathIds(route.path))}?search=${encodeURIComponent(search)}${format}`;
  const res = await t.app.inject({ url, headers: needsSession(route.path) ? sessionHeaders(session) : t.auth });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const body = res.json() as {
    data: unknown[];
    total?: number;
    meta?: { total?: number; pagination?: { total: number } };
  };
  return body.total ?? body.meta?.total ?? body.meta?.pagination?.total ?? body.data.length;
}

describe('search on every list', () => {
  it('is found on the lists that take it', () => {
    expect(searchable.length).toBeGreaterThanOrEqual(9);
  });

  // Every fixture's name, code or supplier name holds "fuzz" and none holds `%`: as wildcards, each pattern
  // below would match them all.
  describe.each(searchable.map((route) => ({ name: routeName(route), route })))('$name', ({ route }) => {
    it('finds the fixture by its text', async () => {
      expect(await total(route, 'fuzz')).toBeGreaterThan(0);
    });

    it.each(['%', '%%', 'f_zz', 'fu%z', 'f\\uzz'])('matches nothing for %s', async (search) => {
      expect(await total(route, search)).toBe(0);
    });
  });
});

describe('search matches the special characters themselves', () => {
  const names = ['50% off', 'Under_score', 'Back\\slash', 'Plain'];
  const created: Record<string, string> = {};

  beforeAll(async () => {
    for (const [i, name] of names.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/operations/warehouses',
        headers: t.auth,
        payload: { name, code: `WILD${i}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      created[name] = (res.json() as { data: { id: string } }).data.id;
    }
  });

  const found = async (search: string) => {
    const res = await t.app.inject({
      url: `/api/v1/operations/warehouses?per_page=100&search=${encodeURIComponent(search)}`,
      headers: t.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Array<{ name: string }> }).data
      .map((w) => w.name)
      .filter((name) => names.includes(name));
  };

  it.each([
    ['%', ['50% off']],
    ['0% O', ['50% off']],
    ['_', ['Under_score']],
    ['R_S', ['Under_score']],
    ['n_e', []],
    ['\\', ['Back\\slash']],
    ['k\\s', ['Back\\slash']],
    ['\\%', []],
    ['plain', ['Plain']],
  ])('search=%s', async (search, expected) => {
    expect((await found(search)).sort()).toEqual(expected);
  });

  it('also on purchase orders, whose search joins the supplier', async () => {
    const suppliers = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/suppliers',
      headers: t.auth,
      payload: { name: '100% Cotton_Co', code: 'COTTON', email: 'orders@cotton.test' },
    });
    expect(suppliers.statusCode, suppliers.body).toBe(201);
    const supplierId = (suppliers.json() as { data: { id: string } }).data.id;
    await t.app.inject({ method: 'POST', url: `/api/v1/operations/suppliers/${supplierId}/activate`, headers: t.auth });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/purchase-orders',
      headers: t.auth,
      payload: {
        supplier_id: supplierId,
        warehouse_id: t.tenant.defaultWarehouseId,
        items: [{ product_id: fixtures.fields.product_id, quantity: 1, unit_price: 1 }],
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = (order.json() as { data: { id: string } }).data.id;
    const ids = async (search: string) => {
      const res = await t.app.inject({
        url: `/api/v1/operations/purchase-orders?per_page=100&search=${encodeURIComponent(search)}`,
        headers: t.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: Array<{ id: string }> }).data.map((o) => o.id);
    };
    expect(await ids('0% c')).toEqual([orderId]);
    expect(await ids('n_c')).toEqual([orderId]);
    expect(await ids('0%%')).toEqual([]);
    expect(await ids('cot%co')).toEqual([]);
  });
});
