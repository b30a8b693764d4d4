// Bearer tokens resolve to their tenant and user; every refusal answers as docs/decisions/authentication.md (API tokens) says,
// each 401 with its RFC 6750 challenge (docs/errors.md, 401 and WWW-Authenticate).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/lib/clock.js';
import { sha256Hex } from '../../src/lib/secrets.js';
import { bearer, makeToken, makeUser } from '../helpers/factories.js';
import { LOGIN, PASSWORD, SessionClient, signedInClient } from '../helpers/session-client.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const ME = '/api/v1/auth/me';
const WAREHOUSES = '/api/v1/operations/warehouses';

describe('bearer authentication', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-11-21T10:00:00.000Z'));

  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  const tokenRow = (plain: string) =>
    t.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_hash', '=', sha256Hex(plain))
      .executeTakeFirstOrThrow();

  it('resolves a token to its user and tenant', async () => {
    const res = await t.app.inject({ url: ME, headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      user: { id: t.tenant.adminId, name: 'Administrator', email: t.tenant.adminEmail, roles: ['admin'] },
      tenant: { id: t.tenant.tenantId, name: expect.any(String) },
      authenticated_via: 'token',
      abilities: expect.arrayContaining(['operations:view-products', 'system:manage-users']),
      two_factor_enabled: false,
      email_enabled: false,
    });
  });

  it("answers only the abilities both the token's grants and the user's role allow", async () => {
    const manager = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const token = await makeToken(t.services, t.tenant.tenantId, manager.id, {
      abilities: ['operations:view-*', 'system:manage-users'],
    });
    const abilities: string[] = (await t.app.inject({ url: ME, headers: bearer(token) })).json().data.abilities;
    expect(abilities).toContain('operations:view-products');
    expect(abilities).toContain('operations:view-purchase-orders');
    expect(abilities).not.toContain('operations:create-products'); // not granted to the token
    expect(abilities).not.toContain('system:manage-users'); // granted, but not the manager's role
  });

  it('stores only a SHA-256 hash, behind a fixed prefix', async () => {
    expect(t.token).toMatch(/^qm_[0-9A-Za-z]{50}$/);
    const row = await tokenRow(t.token);
    expect(row.token_hash).toBe(sha256Hex(t.token));
    expect(row.token_prefix).toBe(t.token.slice(0, 13));
    expect(JSON.stringify(row)).not.toContain(t.token);
  });

  it('refuses a token whose secret differs but whose prefix matches', async () => {
    const forged = `${t.token.slice(0, 13)}${'A'.repeat(40)}`;
    const res = await t.app.inject({ url: ME, headers: bearer(forged) });
    expect(res.statusCode).toBe(401);
  });

  it('keeps tokens pending approval until approved', async () => {
    const pending = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
      abilities: ['operations:*'],
      preApproved: false,
    });
    expect((await tokenRow(pending)).status).toBe('pending_approval');
    const res = await t.app.inject({ url: ME, headers: bearer(pending) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'API token is pending approval.', code: 'unauthenticated' });
    const low = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
      abilities: ['operations:view-*'],
      preApproved: false,
    });
    expect((await tokenRow(low)).status).toBe('active');
  });

  it('refuses expired and revoked tokens', async () => {
    const expiring = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { expirationDays: 1 });
    expect((await t.app.inject({ url: ME, headers: bearer(expiring) })).statusCode).toBe(200);
    clock.advance(24 * 3_600_000 + 1);
    const expired = await t.app.inject({ url: ME, headers: bearer(expiring) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('API token has expired.');

    const revoked = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId);
    await t.database.db
      .updateTable('api_tokens')
      .set({ status: 'revoked' })
      .where('token_hash', '=', sha256Hex(revoked))
      .execute();
    expect((await t.app.inject({ url: ME, headers: bearer(revoked) })).json()).toEqual({
      success: false,
      message: 'Unauthenticated.',
      code: 'unauthenticated',
    });
  });

  it('applies default expiries per type', async () => {
    const now = clock.now().getTime();
    const days = async (type: 'personal' | 'application' | 'integration') => {
      const row = await tokenRow(await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { type }));
      return row.expires_at === null ? null : Math.round((Date.parse(row.expires_at) - now) / 86_400_000);
    };
    expect(await days('personal')).toBe(30);
    expect(await days('application')).toBe(365);
    expect(await days('integration')).toBeNull();
  });

  it('limits integration tokens to their IP whitelist, IPv4 and IPv6', async () => {
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
      type: 'integration',
      ipWhitelist: ['10.1.0.0/16', '2001:db8::/32'],
    });
    const from = (remoteAddress: string) => t.app.inject({ url: ME, headers: bearer(token), remoteAddress });
    expect((await from('10.1.2.3')).statusCode).toBe(200);
    expect((await from('2001:db8::7')).statusCode).toBe(200);
    const outside = await from('10.2.0.1');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({
      success: false,
      message: 'This token may not be used from this IP address.',
      code: 'forbidden',
    });
    // The token is valid, the address is not: a 403 without a challenge.
    expect(outside.headers['www-authenticate']).toBeUndefined();
  });

  it('refuses whitelists on other token types and unknown abilities', async () => {
    await expect(
      makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { type: 'personal', ipWhitelist: ['10.0.0.1'] }),
    ).rejects.toMatchObject({
      errors: { ip_whitelist: ['IP whitelists apply to integration tokens only.'] },
    });
    await expect(
      makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:teleport'] }),
    ).rejects.toMatchObject({
      errors: { abilities: ['Unknown abilities: operations:teleport.'] },
    });
  });

  it("needs both the token's abilities and the user's role", async () => {
    const viewer = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const viewerToken = await makeToken(t.services, t.tenant.tenantId, viewer.id, { abilities: ['*'] });
    expect((await t.app.inject({ url: WAREHOUSES, headers: bearer(viewerToken) })).statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: bearer(viewerToken),
      payload: { name: 'V', code: 'V' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('This action requires the ability operations:manage-inventory.');

    const manager = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const managerToken = await makeToken(t.services, t.tenant.tenantId, manager.id, {
      abilities: ['operations:view-*'],
    });
    const managerWrite = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: bearer(managerToken),
      payload: { name: 'M', code: 'M' },
    });
    expect(managerWrite.statusCode).toBe(403);
  });

  it('stops working when its user is deactivated', async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const token = await makeToken(t.services, t.tenant.tenantId, user.id);
    expect((await t.app.inject({ url: ME, headers: bearer(token) })).statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    expect((await t.app.inject({ url: ME, headers: bearer(token) })).statusCode).toBe(401);
  });

  it('records last_used_at, at most once a minute', async () => {
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId);
    expect((await tokenRow(token)).last_used_at).toBeNull();
    await t.app.inject({ url: ME, headers: bearer(token) });
    const first = (await tokenRow(token)).last_used_at;
    expect(first).toBe(clock.now().toISOString());
    clock.advance(30_000);
    await t.app.inject({ url: ME, headers: bearer(token) });
    expect((await tokenRow(token)).last_used_at).toBe(first);
    clock.advance(31_000);
    await t.app.inject({ url: ME, headers: bearer(token) });
    expect((await tokenRow(token)).last_used_at).toBe(clock.now().toISOString());
  });
});

describe('the WWW-Authenticate challenge of a 401 (RFC 6750)', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-11-21T10:00:00.000Z'));
  const NO_TOKEN = 'Bearer realm="quartermaster"';
  const INVALID_TOKEN = 'Bearer realm="quartermaster", error="invalid_token"';
  const TOKENS = '/api/v1/api-tokens';

  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  async function expectChallenge(
    res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
    challenge: string,
  ) {
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe(challenge);
    expect(res.json()).toMatchObject({ success: false, code: 'unauthenticated' });
  }

  it('names no error when no token was sent', async () => {
    await expectChallenge(await t.app.inject({ url: WAREHOUSES }), NO_TOKEN);
    await expectChallenge(
      await t.app.inject({ url: WAREHOUSES, headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
      NO_TOKEN,
    );
  });

  it('says invalid_token for a bearer token that is unknown or malformed', async () => {
    for (const authorization of [
      'Bearer qm_notarealtokenatall',
      'Bearer not-even-ours',
      'Bearer',
      'Bearer two words',
      `Bearer ${'x'.repeat(513)}`,
    ]) {
      await expectChallenge(await t.app.inject({ url: ME, headers: { authorization } }), INVALID_TOKEN);
    }
  });

  it('says invalid_token for a token that is revoked, expired, awaiting approval or whose user is inactive', async () => {
    const revoked = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId);
    const expiring = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { expirationDays: 1 });
    const pending = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
      abilities: ['operations:*'],
      preApproved: false,
    });
    const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const inactive = await makeToken(t.services, t.tenant.tenantId, user.id);
    await t.database.db
      .updateTable('api_tokens')
      .set({ status: 'revoked' })
      .where('token_hash', '=', sha256Hex(revoked))
      .execute();
    await t.database.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    clock.advance(24 * 3_600_000 + 1);
    for (const token of [revoked, expiring, pending, inactive]) {
      await expectChallenge(await t.app.inject({ url: ME, headers: bearer(token) }), INVALID_TOKEN);
    }
    // A working token answers without a challenge.
    const fine = await t.app.inject({ url: ME, headers: t.auth });
    expect(fine.statusCode).toBe(200);
    expect(fine.headers['www-authenticate']).toBeUndefined();
  });

  it('names the realm on the session routes too, whose requests carry a cookie rather than a token', async () => {
    await expectChallenge(await t.app.inject({ url: TOKENS }), NO_TOKEN);
    // A bearer token where only a session will do is not refused as a token: the route takes none.
    await expectChallenge(await t.app.inject({ url: TOKENS, headers: t.auth }), NO_TOKEN);
    const session = await signedInClient(t.app, t.tenant.adminEmail);
    expect((await session.request({ url: TOKENS })).statusCode).toBe(200);
    await expectChallenge(await session.request({ url: TOKENS, cookies: false }), NO_TOKEN);
  });

  it('names no error for a failed sign-in', async () => {
    const client = new SessionClient(t.app);
    await client.csrfCookie();
    const res = await client.request({
      method: 'POST',
      url: LOGIN,
      payload: { email: t.tenant.adminEmail, password: `${PASSWORD}-wrong` },
    });
    await expectChallenge(res, NO_TOKEN);
  });
});
