// A request with no body at all is read like an empty JSON object on every route whose body is a JSON object:
// an action whose fields are all optional accepts no body and `{}` alike, and a route with required fields names
// them in its 422 (docs/decisions/requests-and-responses.md, Requests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchasing/purchase-order-helpers.js';
import { collectRoutes, concreteUrl, recordRoutes, routeName, type RouteEntry } from '../security/route-table.js';

type BodySchema = { type?: unknown; required?: string[] };

describe('requests without a body', () => {
  let t: TestApp;
  let routes: RouteEntry[];

  beforeAll(async () => {
    // Rate limiting off: every route is called twice.
    t = await buildTestApp({
      beforeReady: recordRoutes,
      config: { rateLimit: { max: 0, windowMs: 60_000, redisUrl: null } },
    });
    routes = await collectRoutes(t.app);
  });
  afterAll(() => t.close());

  const bodyOf = (route: RouteEntry) => route.schema.body as BodySchema | undefined;
  /** Routes a bearer token reaches: session and sign-in routes answer 401 or 419 before any body is read. */
  const bearerReaches = (route: RouteEntry) => route.config.auth !== 'session' && route.config.auth !== 'guest';
  const messageOf = (res: { headers: Record<string, unknown>; json(): { message?: string } }) =>
    String(res.headers['content-type']).startsWith('application/json') ? res.json().message : undefined;
  const send = (route: RouteEntry, payload?: object) =>
    t.app.inject({
      method: route.method,
      url: concreteUrl(route.url),
      headers: t.auth,
      ...(payload === undefined ? {} : { payload }),
    });

  it('answer as an empty object on every route whose body fields are all optional', async () => {
    const optional = routes.filter(
      (route) =>
        bearerReaches(route) && bodyOf(route)?.type === 'object' && (bodyOf(route)!.required ?? []).length === 0,
    );
    expect(optional.map(routeName)).toContain('POST /api/v1/operations/purchase-orders/:id/submit-for-approval');
    for (const route of optional) {
      const none = await send(route);
      const empty = await send(route, {});
      expect(none.statusCode, `${routeName(route)}: ${none.body}`).toBe(empty.statusCode);
      expect(messageOf(none), routeName(route)).toBe(messageOf(empty));
    }
  });

  it('name the missing fields on every route that has required ones', async () => {
    const required = routes.filter(
      (route) => bearerReaches(route) && bodyOf(route)?.type === 'object' && (bodyOf(route)!.required ?? []).length > 0,
    );
    expect(required.length).toBeGreaterThan(10);
    for (const route of required) {
      const none = await send(route);
      expect(none.statusCode, `${routeName(route)}: ${none.body}`).toBe(422);
      expect(Object.keys(none.json().errors ?? {}), routeName(route)).toEqual(
        expect.arrayContaining(bodyOf(route)!.required!),
      );
      expect(none.json().errors.body, routeName(route)).toBeUndefined();
    }
  });

  it('submit a purchase order for approval and activate a supplier without a body', async () => {
    const o = purchaseOps(t);
    const order = await o.draft();
    const call = jsonCaller(t.app, t.auth);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `${ORDERS}/${order.id}/submit-for-approval`,
      headers: t.auth,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe('pending_approval');

    const supplier = await o.supplier('inactive');
    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/operations/suppliers/${supplier}/activate`,
      headers: t.auth,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await call('GET', `/api/v1/operations/suppliers/${supplier}`)).json().data.status).toBe('active');
  });

  it('still refuse a body that is not an object', async () => {
    const order = await purchaseOps(t).draft();
    const res = await t.app.inject({
      method: 'POST',
      url: `${ORDERS}/${order.id}/submit-for-approval`,
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ body: ['The request body must be a JSON object.'] });
  });
});
