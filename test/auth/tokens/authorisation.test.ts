// Function-level authorisation with bearer tokens over HTTP, against the real warehouse routes
// (GET needs operations:view-inventory, POST operations:manage-inventory) and a few test-only routes:
// wildcards, role limits, token types, IP whitelists, malformed headers and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAbility, roleAllows } from '../../../src/modules/auth/abilities.js';
import { bearer, makeTenant, makeToken, makeUser, type TokenOptions } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { signedInClient } from '../../helpers/session-client.js';

const WAREHOUSES = '/api/v1/operations/warehouses';
const ME = '/api/v1/auth/me';
const TEST_APPROVE = '/api/v1/test-approve';
const TEST_WEBHOOKS = '/api/v1/test-webhooks';

let codes = 0;
const swapCase = (text: string) =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
const nextCode = () => `AUTHZ${(codes++).toString().padStart(3, '0')}`;

describe('authorisation with bearer tokens', () => {
  let t: TestApp;
  let managerId: string;
  let viewerId: string;
  let managerEmail: string;

  beforeAll(async () => {
    t = await buildTestApp({
      beforeReady: (app) => {
        app.get(TEST_APPROVE, { config: { ability: 'operations:approve-purchase-orders' } }, async () => ({
          ok: true,
        }));
        app.get(
          TEST_WEBHOOKS,
          { config: { auth: 'bearer', tokenTypes: ['application', 'integration'] } },
          async () => ({ ok: true }),
        );
      },
    });
    const manager = await makeUser(t.services, t.tenant.tenantId, 'manager');
    managerId = manager.id;
    managerEmail = manager.email;
    viewerId = (await makeUser(t.services, t.tenant.tenantId, 'viewer')).id;
  });
  afterAll(() => t.close());

  const tokenFor = (userId: string, options: TokenOptions = {}) =>
    makeToken(t.services, t.tenant.tenantId, userId, options);
  const adminToken = (abilities: string[]) => tokenFor(t.tenant.adminId, { abilities });
  const list = (token: string) => t.app.inject({ url: WAREHOUSES, headers: bearer(token) });
  const createWarehouse = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: bearer(token),
      payload: { name: 'Authz warehouse', code: nextCode() },
    });

  function expectMissing(res: Awaited<ReturnType<typeof list>>, ability: string) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'forbidden',
      message: `This action requires the ability ${ability}.`,
    });
  }

  describe('wildcards', () => {
    it('`*` allows reads and writes', async () => {
      const token = await adminToken(['*']);
      expect((await list(token)).statusCode).toBe(200);
      expect((await createWarehouse(token)).statusCode).toBe(201);
    });

    it('`operations:*` allows; `sales:*` refuses', async () => {
      const operations = await adminToken(['operations:*']);
      expect((await list(operations)).statusCode).toBe(200);
      expect((await createWarehouse(operations)).statusCode).toBe(201);

      const sales = await adminToken(['sales:*']);
      expectMissing(await list(sales), 'operations:view-inventory');
      expectMissing(await createWarehouse(sales), 'operations:manage-inventory');
    });

    it('`operations:view-*` allows GET and refuses POST', async () => {
      const token = await adminToken(['operations:view-*']);
      expect((await list(token)).statusCode).toBe(200);
      expectMissing(await createWarehouse(token), 'operations:manage-inventory');
    });

    it('the exact `operations:view-inventory` allows GET and refuses POST', async () => {
      const token = await adminToken(['operations:view-inventory']);
      const res = await list(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((w: { code: string }) => w.code)).toContain('MAIN');
      expectMissing(await createWarehouse(token), 'operations:manage-inventory');
    });

    it('a neighbouring exact ability or verb wildcard does not stand in for another', async () => {
      expectMissing(await list(await adminToken(['operations:view-products'])), 'operations:view-inventory');
      expectMissing(
        await createWarehouse(await adminToken(['operations:manage-product-categories'])),
        'operations:manage-inventory',
      );
      expectMissing(await list(await adminToken(['operations:manage-*'])), 'operations:view-inventory');
      expect((await createWarehouse(await adminToken(['operations:manage-*']))).statusCode).toBe(201);
      const both = await adminToken(['operations:view-inventory', 'operations:manage-inventory']);
      expect((await createWarehouse(both)).statusCode).toBe(201);
    });

    it('a refused write changes nothing', async () => {
      const before = (await list(t.token)).json().meta.total;
      expectMissing(await createWarehouse(await adminToken(['operations:view-*'])), 'operations:manage-inventory');
      expect((await list(t.token)).json().meta.total).toBe(before);
    });
  });

  describe('role limits', () => {
    it("a viewer's `*` token can read but not write", async () => {
      const token = await tokenFor(viewerId, { abilities: ['*'] });
      expect((await list(token)).statusCode).toBe(200);
      expectMissing(await createWarehouse(token), 'operations:manage-inventory');
    });

    it("a manager's `*` token can write warehouses (operations, not High)", async () => {
      const token = await tokenFor(managerId, { abilities: ['*'] });
      expect((await list(token)).statusCode).toBe(200);
      expect((await createWarehouse(token)).statusCode).toBe(201);
    });

    it("a manager's token cannot reach a High operations ability, whatever it grants", async () => {
      // The catalogue marks the ability High, and the manager role stops short of High abilities.
      expect(findAbility('operations:approve-purchase-orders')).toMatchObject({
        score: 85,
        sensitivity: 'high',
        requires_approval: true,
      });
      expect(roleAllows('manager', 'operations:approve-purchase-orders')).toBe(false);
      expect(roleAllows('admin', 'operations:approve-purchase-orders')).toBe(true);

      const adminAll = await adminToken(['*']);
      const ok = await t.app.inject({ url: TEST_APPROVE, headers: bearer(adminAll) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ ok: true });
      expect(
        (
          await t.app.inject({
            url: TEST_APPROVE,
            headers: bearer(await adminToken(['operations:approve-purchase-orders'])),
          })
        ).statusCode,
      ).toBe(200);
      expectMissing(
        await t.app.inject({ url: TEST_APPROVE, headers: bearer(await adminToken(['operations:view-*'])) }),
        'operations:approve-purchase-orders',
      );

      for (const abilities of [['*'], ['operations:*'], ['operations:approve-purchase-orders']]) {
        const managerToken = await tokenFor(managerId, { abilities });
        expectMissing(
          await t.app.inject({ url: TEST_APPROVE, headers: bearer(managerToken) }),
          'operations:approve-purchase-orders',
        );
      }
      expectMissing(
        await t.app.inject({ url: TEST_APPROVE, headers: bearer(await tokenFor(viewerId, { abilities: ['*'] })) }),
        'operations:approve-purchase-orders',
      );
    });

    it("a manager's session is held to the same role limit; an admin's session is not", async () => {
      const managerSession = await signedInClient(t.app, managerEmail);
      expectMissing(await managerSession.get(TEST_APPROVE), 'operations:approve-purchase-orders');
      expect((await managerSession.get(WAREHOUSES)).statusCode).toBe(200);
      const adminSession = await signedInClient(t.app, t.tenant.adminEmail);
      expect((await adminSession.get(TEST_APPROVE)).statusCode).toBe(200);
    });
  });

  describe('token types on a route', () => {
    it('refuses personal tokens with 403 and admits application and integration tokens', async () => {
      const personal = await tokenFor(t.tenant.adminId, { type: 'personal' });
      const refused = await t.app.inject({ url: TEST_WEBHOOKS, headers: bearer(personal) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().success).toBe(false);
      expect(refused.json().message).toContain('personal');

      for (const type of ['application', 'integration'] as const) {
        const res = await t.app.inject({
          url: TEST_WEBHOOKS,
          headers: bearer(await tokenFor(t.tenant.adminId, { type })),
        });
        expect(res.statusCode, type).toBe(200);
        expect(res.json()).toEqual({ ok: true });
      }
      // The same personal token is fine on a route that takes any type.
      expect((await t.app.inject({ url: ME, headers: bearer(personal) })).statusCode).toBe(200);
    });

    it('refuses a session (bearer-only route) and an anonymous caller with 401', async () => {
      const session = await signedInClient(t.app, t.tenant.adminEmail);
      const res = await session.get(TEST_WEBHOOKS);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
      expect((await t.app.inject({ url: TEST_WEBHOOKS })).statusCode).toBe(401);
    });
  });

  describe('IP whitelists of integration tokens', () => {
    const from = (token: string, remoteAddress: string) =>
      t.app.inject({ url: WAREHOUSES, headers: bearer(token), remoteAddress });
    const integration = (ipWhitelist?: string[]) =>
      tokenFor(t.tenant.adminId, {
        type: 'integration',
        abilities: ['operations:view-inventory'],
        ...(ipWhitelist ? { ipWhitelist } : {}),
      });

    it('a single IPv4 address admits exactly that address', async () => {
      const token = await integration(['203.0.113.7']);
      expect((await from(token, '203.0.113.7')).statusCode).toBe(200);
      expect((await from(token, '::ffff:203.0.113.7')).statusCode).toBe(200);
      for (const outside of ['203.0.113.8', '203.0.113.70', '127.0.0.1']) {
        const res = await from(token, outside);
        expect(res.statusCode, outside).toBe(403);
        expect(res.json()).toEqual({
          success: false,
          code: 'forbidden',
          message: 'This token may not be used from this IP address.',
        });
      }
    });

    it('an IPv4 CIDR range admits its addresses, also IPv4-mapped IPv6', async () => {
      const token = await integration(['10.0.0.0/8']);
      for (const inside of ['10.0.0.5', '10.255.255.255', '::ffff:10.0.0.5'])
        expect((await from(token, inside)).statusCode, inside).toBe(200);
      for (const outside of ['11.0.0.1', '192.168.0.1', '::ffff:11.0.0.1', '2001:db8::1'])
        expect((await from(token, outside)).statusCode, outside).toBe(403);
    });

    it('an IPv6 CIDR range admits its addresses', async () => {
      const token = await integration(['2001:db8:abcd::/48']);
      expect((await from(token, '2001:db8:abcd::1')).statusCode).toBe(200);
      expect((await from(token, '2001:db8:abcd:ffff::2')).statusCode).toBe(200);
      for (const outside of ['2001:db8:abce::1', '10.0.0.1', '::1'])
        expect((await from(token, outside)).statusCode, outside).toBe(403);
    });

    it('several entries combine', async () => {
      const token = await integration(['192.0.2.10', '198.51.100.0/24', 'fd00::/8']);
      for (const inside of ['192.0.2.10', '198.51.100.200', 'fd12:3456::1'])
        expect((await from(token, inside)).statusCode, inside).toBe(200);
      expect((await from(token, '192.0.2.11')).statusCode).toBe(403);
    });

    it('an integration token without a whitelist is admitted from anywhere', async () => {
      const token = await integration();
      for (const address of ['203.0.113.9', '10.0.0.1', '2001:db8::99', '::ffff:192.0.2.1', '127.0.0.1']) {
        expect((await from(token, address)).statusCode, address).toBe(200);
      }
    });

    it('the whitelist is checked before the ability: an outside caller learns nothing more', async () => {
      const token = await integration(['10.0.0.0/8']);
      const res = await t.app.inject({
        method: 'POST',
        url: WAREHOUSES,
        headers: bearer(token),
        remoteAddress: '11.0.0.1',
        payload: { name: 'x', code: nextCode() },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This token may not be used from this IP address.');
    });
  });

  describe('malformed Authorization headers', () => {
    const attempt = (authorization: string) => t.app.inject({ url: WAREHOUSES, headers: { authorization } });

    it.each([
      ['scheme only', 'Bearer'],
      ['scheme and a space', 'Bearer '],
      ['two words', 'Bearer  two words'],
      ['two tokens', 'Bearer qm_a qm_b'],
      ['Basic credentials', 'Basic dXNlcjpwYXNz'],
      ['another scheme', 'Token abc'],
      ['empty value', ''],
      ['whitespace only', '   '],
      ['unicode token', 'Bearer ünïcødé'],
      ['not a qm_ token', 'Bearer abcdef0123456789'],
      ['qm_ start only', 'Bearer qm_'],
      ['short qm_ token', 'Bearer qm_x'],
      ['5000-character token', `Bearer qm_${'a'.repeat(5000)}`],
      ['513-character token', `Bearer qm_${'a'.repeat(510)}`],
      ['tab separator', 'Bearer\tqm_abc'],
    ])('%s: 401, never 500', async (_label, authorization) => {
      const res = await attempt(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
    });

    it('a valid token without the scheme is refused', async () => {
      const res = await attempt(t.token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
    });

    it('the scheme is matched in any case (RFC 7235): `bearer <valid token>` works; `bearer qm_x` is 401, not 500', async () => {
      // authentication.ts matches /^Bearer (...)$/i: the scheme name is case-insensitive, the token is not.
      for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
        const res = await attempt(`${scheme} ${t.token}`);
        expect(res.statusCode, scheme).toBe(200);
      }
      const wrongCaseToken = await attempt(`Bearer ${t.token.slice(0, 3).toUpperCase()}${t.token.slice(3)}`);
      expect(wrongCaseToken.statusCode).toBe(401);
      const flipped = await attempt(`Bearer ${t.token.slice(0, 20)}${swapCase(t.token.slice(20))}`);
      expect(flipped.statusCode).toBe(401);
      const res = await attempt('bearer qm_x');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
    });

    it('surrounding whitespace around a valid header is tolerated', async () => {
      expect((await attempt(`  Bearer ${t.token}  `)).statusCode).toBe(200);
    });

    it('a malformed header is refused even on a route that would accept a session', async () => {
      const session = await signedInClient(t.app, t.tenant.adminEmail);
      const res = await session.request({ url: WAREHOUSES, headers: { authorization: 'Bearer' } });
      expect(res.statusCode).toBe(401);
    });

    it('a well-formed token whose user is gone from its tenant is 401', async () => {
      // Rows are never deleted (foreign keys): move the user out of the token's tenant instead, so the
      // lookup of the token's user finds nothing.
      const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
      const token = await tokenFor(user.id, { abilities: ['operations:view-inventory'] });
      expect((await list(token)).statusCode).toBe(200);
      const elsewhere = await makeTenant(t.services);
      await t.database.db
        .updateTable('users')
        .set({ tenant_id: elsewhere.tenantId })
        .where('id', '=', user.id)
        .execute();
      const res = await list(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
    });
  });

  describe('tenant isolation', () => {
    it("a token of tenant B reading tenant A's warehouse gets 404; its own tenant's is 200", async () => {
      const b = await makeTenant(t.services);
      const bToken = await makeToken(t.services, b.tenantId, b.adminId, { abilities: ['*'] });
      const aWarehouse = `${WAREHOUSES}/${t.tenant.defaultWarehouseId}`;
      expect((await t.app.inject({ url: aWarehouse, headers: t.auth })).statusCode).toBe(200);

      const read = await t.app.inject({ url: aWarehouse, headers: bearer(bToken) });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({
        success: false,
        code: 'not_found',
        message: 'Warehouse not found.',
        data: null,
        meta: {},
      });
      const write = await t.app.inject({
        method: 'PATCH',
        url: aWarehouse,
        headers: bearer(bToken),
        payload: { name: 'Taken over' },
      });
      expect(write.statusCode).toBe(404);
      expect((await t.app.inject({ url: aWarehouse, headers: t.auth })).json().data.name).not.toBe('Taken over');

      const own = await t.app.inject({ url: `${WAREHOUSES}/${b.defaultWarehouseId}`, headers: bearer(bToken) });
      expect(own.statusCode).toBe(200);
      const ids = (await t.app.inject({ url: `${WAREHOUSES}?per_page=100`, headers: bearer(bToken) }))
        .json()
        .data.map((w: { id: string }) => w.id);
      expect(ids).toEqual([b.defaultWarehouseId]);
    });
  });
});
