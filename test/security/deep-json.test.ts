// Deeply nested JSON, generated from the route table: every JSON body route refuses a value nested past the
// limit with a 422 naming the field, and a json attribute nested thousands of levels is refused the same way,
// never a 500 from a recursive check running out of stack.
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH } from '../../src/lib/json-depth.js';
import { buildTestApp } from '../helpers/test-app.js';
import { collectRoutes, concreteUrl, hasJsonBody, recordRoutes, routeName } from './route-table.js';

const t = await buildTestApp({
  beforeReady: recordRoutes,
  config: { rateLimit: { max: 0, windowMs: 60_000, redisUrl: null } },
});
const routes = await collectRoutes(t.app);
afterAll(() => t.close());

// Uploads take multipart bodies (their schema only documents the form), so they never read a JSON one.
const isUpload = (route: (typeof routes)[number]) => 'content' in (route.schema.body as object);
const bodyRoutes = routes.filter(
  (route) =>
    hasJsonBody(route) &&
    !isUpload(route) &&
    route.config.auth !== 'session' &&
    route.config.auth !== 'guest' &&
    route.config.auth !== 'none',
);
const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const tooDeep = (field: string) => ({
  success: false,
  message: 'The given data was invalid.',
  code: 'validation_failed',
  errors: {
    [field]: [
      `The ${field} field is nested too deeply: a request may nest objects and arrays at most ${MAX_NESTING_DEPTH} levels.`,
    ],
  },
});

const post = (url: string, payload: string, method = 'POST') =>
  t.app.inject({ method: method as 'POST', url, headers: { ...t.auth, 'content-type': 'application/json' }, payload });

describe('deeply nested JSON', () => {
  it('finds the body routes', () => {
    expect(bodyRoutes.length).toBeGreaterThan(30);
  });

  it.each(bodyRoutes.map((route) => [routeName(route), route] as const))(
    '%s refuses a member nested 5,000 levels with 422',
    async (_name, route) => {
      const res = await post(concreteUrl(route.url), `{"deep":${nested(5_000)}}`, route.method);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual(tooDeep('deep'));
    },
  );

  describe('a json attribute value', () => {
    it('is refused with 422 on attributes when nested 5,000 or 400,000 levels, and no product is made', async () => {
      const attribute = await post(
        '/api/v1/operations/attributes',
        JSON.stringify({ code: 'deep_spec', name: 'Spec', label: 'Spec', type: 'json' }),
      );
      expect(attribute.statusCode, attribute.body).toBe(201);
      for (const levels of [5_000, 400_000]) {
        const res = await post(
          '/api/v1/operations/products',
          `{"name":"Deep product","attributes":{"deep_spec":${nested(levels)}}}`,
        );
        expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
        expect(res.json()).toEqual(tooDeep('attributes'));
      }
      const products = await t.database.db
        .selectFrom('products')
        .select('id')
        .where('tenant_id', '=', t.tenant.tenantId)
        .where('name', '=', 'Deep product')
        .execute();
      expect(products).toEqual([]);
    });

    it('is stored as sent up to the limit', async () => {
      // Body (1), attributes (2), the value's arrays from level 3 to 64.
      const levels = MAX_NESTING_DEPTH - 2;
      const res = await post(
        '/api/v1/operations/products',
        `{"name":"Nested product","attributes":{"deep_spec":${nested(levels)}}}`,
      );
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      const productId = res.json().data.id as string;
      const value = await t.app.inject({
        url: `/api/v1/operations/products/${productId}/attribute-values/export?format=json`,
        headers: t.auth,
      });
      expect(value.statusCode, value.body.slice(0, 300)).toBe(200);
      expect(JSON.stringify(value.json())).toContain(nested(levels));
    });
  });
});
