// OWASP API4 (unrestricted resource consumption), generated from the route table: every list caps its page
// size and every JSON body route refuses a body over BODY_LIMIT_BYTES. Upload sizes are covered with the
// documents (test/documents/upload-streaming.test.ts); rate limiting per token has its own suite.
import { afterAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../helpers/session-client.js';
import { buildTestApp } from '../helpers/test-app.js';
import {
  collectRoutes,
  concreteUrl,
  hasJsonBody,
  querystringProperties,
  recordRoutes,
  routeName,
  type RouteEntry,
} from './route-table.js';

const BODY_LIMIT = 4096;
const t = await buildTestApp({ beforeReady: recordRoutes, config: { bodyLimitBytes: BODY_LIMIT } });
const routes = await collectRoutes(t.app);
afterAll(() => t.close());

const listRoutes = routes.filter(
  (route) => route.method === 'GET' && querystringProperties(route).includes('per_page'),
);
const bodyRoutes = routes.filter(
  (route) =>
    hasJsonBody(route) &&
    route.config.auth !== 'session' &&
    route.config.auth !== 'guest' &&
    route.config.auth !== 'none',
);

let session: Awaited<ReturnType<typeof signedInClient>> | undefined;
async function get(route: RouteEntry, query: string) {
  const url = `${concreteUrl(route.url)}?${query}`;
  if (route.config.auth !== 'session') return t.app.inject({ url, headers: t.auth });
  session ??= await signedInClient(t.app, t.tenant.adminEmail);
  return session.request({ url });
}

describe('resource limits', () => {
  it('finds the list and body routes', () => {
    expect(listRoutes.length).toBeGreaterThan(10);
    expect(bodyRoutes.length).toBeGreaterThan(30);
  });

  it.each(listRoutes.map((route) => [routeName(route), route] as const))(
    '%s refuses per_page over 100, per_page 0 and page 0',
    async (_name, route) => {
      // A cursor-paged list (the event feed) has no page number to refuse.
      const pageQueries = querystringProperties(route).includes('page') ? ['page=0'] : [];
      for (const query of ['per_page=101', 'per_page=0', ...pageQueries]) {
        const res = await get(route, query);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
        expect(Object.keys(res.json().errors ?? {}), query).toEqual([query.split('=')[0]]);
      }
    },
  );

  it('answers a page of 100', async () => {
    const res = await t.app.inject({ url: '/api/v1/operations/warehouses?per_page=100', headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.per_page).toBe(100);
  });

  it.each(bodyRoutes.map((route) => [routeName(route), route] as const))(
    '%s refuses a JSON body over the body limit with 413',
    async (_name, route) => {
      const payload = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT + 1) });
      const res = await t.app.inject({
        method: route.method,
        url: concreteUrl(route.url),
        headers: { ...t.auth, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ success: false, code: 'payload_too_large', message: 'Request body is too large.' });
    },
  );

  it('accepts a body just under the limit', async () => {
    const payload = JSON.stringify({
      name: 'Under the limit',
      code: 'UNDER',
      description: 'x'.repeat(BODY_LIMIT - 200),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/warehouses',
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).not.toBe(413);
  });
});
