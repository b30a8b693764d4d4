// OWASP API5 (broken function-level authorisation), generated from the route table: every API route
// declares the ability it needs or why it needs none, and a token holding every ability but that one is
// refused on every route, before validation, so no body needs to be valid.
import { afterAll, describe, expect, it } from 'vitest';
import { ABILITIES } from '../../src/modules/auth/abilities.js';
import { bearer, makeToken } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/test-app.js';
import {
  API,
  collectRoutes,
  concreteUrl,
  hasJsonBody,
  recordRoutes,
  routeName,
  type RouteEntry,
} from './route-table.js';

const t = await buildTestApp({ beforeReady: recordRoutes });
const routes = await collectRoutes(t.app);
afterAll(() => t.close());

const declaresAuthorisation = (route: RouteEntry) =>
  route.config.auth === 'none' ||
  typeof route.config.ability === 'string' ||
  (typeof route.config.abilityExempt === 'string' && route.config.abilityExempt.trim() !== '');

// A session is judged by its user's role alone, so only bearer-capable routes can lack exactly one ability.
const abilityRoutes = routes.filter((route) => route.config.ability !== undefined && route.config.auth !== 'session');

const tokensLacking = new Map<string, Promise<string>>();
function tokenLacking(ability: string): Promise<string> {
  if (!tokensLacking.has(ability)) {
    const others = ABILITIES.map((a) => a.ability).filter((a) => a !== ability);
    tokensLacking.set(ability, makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: others }));
  }
  return tokensLacking.get(ability)!;
}

describe('function-level authorisation', () => {
  it('reads a route table that covers the API', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(abilityRoutes.length).toBeGreaterThan(80);
  });

  it('every API route declares an ability, a reasoned exemption, or no authentication', () => {
    expect(routes.filter((route) => !declaresAuthorisation(route)).map(routeName)).toEqual([]);
  });

  it('every declared ability is in the catalogue', () => {
    const catalogue = new Set(ABILITIES.map((a) => a.ability));
    expect(
      abilityRoutes
        .filter((route) => !catalogue.has(route.config.ability!))
        .map((route) => `${routeName(route)}: ${route.config.ability}`),
    ).toEqual([]);
  });

  it('every webhook subscription and delivery route needs a webhook ability: the view one to read, the manage one to change', () => {
    const webhookRoutes = routes.filter((route) => route.url.startsWith(`${API}/webhooks/subscriptions`));
    expect(webhookRoutes.length).toBeGreaterThanOrEqual(13);
    const expected = (route: RouteEntry) =>
      route.method === 'GET' ? 'system:view-webhooks' : 'system:manage-webhooks';
    expect(webhookRoutes.filter((route) => route.config.ability !== expected(route)).map(routeName)).toEqual([]);
  });

  it.each(abilityRoutes.map((route) => [routeName(route), route] as const))(
    '%s refuses a token lacking only its ability',
    async (_name, route) => {
      const ability = route.config.ability!;
      const res = await t.app.inject({
        method: route.method,
        url: concreteUrl(route.url),
        headers: bearer(await tokenLacking(ability)),
        ...(hasJsonBody(route) ? { payload: {} } : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'forbidden',
        message: `This action requires the ability ${ability}.`,
      });
    },
  );
});
