// The web-app session: CSRF cookie, login (with session regeneration), CSRF on state-changing requests,
// logout, idle expiry, and the split between session-only and bearer-only routes (docs/decisions/authentication.md, Sessions,
// CSRF and two-factor).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../../src/http/session-cookies.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { bearer, makeToken, makeUser } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import {
  LOGIN,
  LOGOUT,
  PASSWORD,
  SessionClient,
  sessionRow,
  setCookieLine,
  signedInClient,
} from '../../helpers/session-client.js';

const WAREHOUSES = '/api/v1/operations/warehouses';
const API_TOKENS = '/api/v1/api-tokens';
const BEARER_ONLY = '/api/v1/test-bearer-only';
const CSRF_MISMATCH = { success: false, code: 'csrf_token_mismatch', message: 'CSRF token mismatch.' };
const INVALID_CREDENTIALS = {
  success: false,
  code: 'unauthenticated',
  message: 'These credentials do not match our records.',
};

describe('web-app sessions', () => {
  let t: TestApp;
  let warehouseSeq = 0;
  const newWarehouse = () => ({ name: `Session WH ${++warehouseSeq}`, code: `SWH${warehouseSeq}` });

  beforeAll(async () => {
    t = await buildTestApp({
      beforeReady: (app) => {
        app.get(BEARER_ONLY, { config: { auth: 'bearer' } }, async () => ({ ok: true }));
      },
    });
  });
  afterAll(() => t.close());

  describe('GET /sanctum/csrf-cookie', () => {
    it('answers 204 and sets an HttpOnly session cookie and a script-readable XSRF-TOKEN', async () => {
      const client = new SessionClient(t.app);
      const res = await client.csrfCookie();
      expect(res.body).toBe('');

      const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
      const xsrf = res.cookies.find((c) => c.name === XSRF_COOKIE);
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session!.value).toMatch(/^[0-9A-Za-z]{20,}$/);
      expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
      expect(xsrf!.httpOnly).toBeFalsy();
      expect(xsrf!.value).toMatch(/^[0-9A-Za-z]{20,}$/);

      const sessionLine = setCookieLine(res, SESSION_COOKIE)!;
      expect(sessionLine).toMatch(/;\s*HttpOnly/i);
      expect(sessionLine).toMatch(/;\s*SameSite=Lax/i);
      expect(sessionLine).toMatch(/;\s*Path=\//);
      const xsrfLine = setCookieLine(res, XSRF_COOKIE)!;
      expect(xsrfLine).not.toMatch(/HttpOnly/i);
      expect(xsrfLine).toMatch(/;\s*SameSite=Lax/i);

      // Stored as the hash of the cookie, anonymous, with the XSRF value as its CSRF token.
      const row = await sessionRow(t.database.db, session!.value);
      expect(row).toMatchObject({ user_id: null, tenant_id: null, csrf_token: xsrf!.value });
      expect(row!.id).not.toBe(session!.value);
    });

    it('keeps the same session and XSRF value on a second call with the session cookie', async () => {
      const client = new SessionClient(t.app);
      await client.csrfCookie();
      const [session, xsrf] = [client.session, client.xsrf];
      const again = await client.csrfCookie();
      expect(setCookieLine(again, SESSION_COOKIE)).toBeUndefined();
      expect(again.cookies.find((c) => c.name === XSRF_COOKIE)?.value).toBe(xsrf);
      expect(client.session).toBe(session);
      expect(client.xsrf).toBe(xsrf);
      const count = await t.database.db.selectFrom('sessions').select('id').where('csrf_token', '=', xsrf!).execute();
      expect(count).toHaveLength(1);
    });
  });

  describe('POST /api/v1/auth/login', () => {
    it('signs in, regenerates the session id and sets a new XSRF-TOKEN', async () => {
      const client = new SessionClient(t.app);
      await client.csrfCookie();
      const before = { session: client.session!, xsrf: client.xsrf! };
      expect(await sessionRow(t.database.db, before.session)).toBeDefined();

      const res = await client.login(t.tenant.adminEmail);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Login successful',
        data: { user: { id: t.tenant.adminId, name: 'Administrator', email: t.tenant.adminEmail, roles: ['admin'] } },
      });

      expect(client.session).toBeDefined();
      expect(client.session).not.toBe(before.session);
      expect(client.xsrf).toBeDefined();
      expect(client.xsrf).not.toBe(before.xsrf);
      expect(setCookieLine(res, SESSION_COOKIE)).toMatch(/HttpOnly/i);
      expect(await sessionRow(t.database.db, before.session)).toBeUndefined();
      expect(await sessionRow(t.database.db, client.session!)).toMatchObject({
        user_id: t.tenant.adminId,
        tenant_id: t.tenant.tenantId,
        csrf_token: client.xsrf,
      });

      // The pre-login cookie is worthless now, and so is the pre-login XSRF value.
      const stale = new SessionClient(t.app);
      stale.jar.set(SESSION_COOKIE, before.session);
      expect((await stale.me()).statusCode).toBe(401);
      const oldXsrf = await client.request({
        method: 'POST',
        url: WAREHOUSES,
        payload: newWarehouse(),
        csrf: before.xsrf,
      });
      expect(oldXsrf.statusCode).toBe(419);
    });

    it('answers 419 without the X-XSRF-TOKEN header, with a wrong one, or without a session cookie', async () => {
      const client = new SessionClient(t.app);
      await client.csrfCookie();
      const payload = { email: t.tenant.adminEmail, password: PASSWORD };

      const missing = await client.request({ method: 'POST', url: LOGIN, payload, csrf: false });
      expect(missing.statusCode).toBe(419);
      expect(missing.json()).toEqual(CSRF_MISMATCH);

      // Change the last character to one it is not (a token may well end in `x`).
      const xsrf = client.xsrf!;
      const wrong = await client.request({
        method: 'POST',
        url: LOGIN,
        payload,
        csrf: `${xsrf.slice(0, -1)}${xsrf.endsWith('x') ? 'y' : 'x'}`,
      });
      expect(wrong.statusCode).toBe(419);
      expect(wrong.json()).toEqual(CSRF_MISMATCH);

      // The header alone (with a value that would be right) is not enough: there must be a session.
      const noCookie = await client.request({ method: 'POST', url: LOGIN, payload, cookies: false });
      expect(noCookie.statusCode).toBe(419);
      expect(noCookie.json()).toEqual(CSRF_MISMATCH);

      // None of these signed anyone in: the same session is still anonymous and usable.
      expect(await sessionRow(t.database.db, client.session!)).toMatchObject({ user_id: null });
      expect((await client.login(t.tenant.adminEmail)).statusCode).toBe(200);
    });

    it('answers 401 for a wrong password and for an unknown e-mail, with the same message', async () => {
      const client = new SessionClient(t.app);
      await client.csrfCookie();
      const session = client.session;

      const wrong = await client.login(t.tenant.adminEmail, 'not-the-password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(INVALID_CREDENTIALS);
      expect(client.session).toBe(session); // no new session for a failure

      const unknown = await client.login('nobody-here@example.test', PASSWORD);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(INVALID_CREDENTIALS);
      expect(await sessionRow(t.database.db, session!)).toMatchObject({ user_id: null });
    });

    it('matches the e-mail case-insensitively', async () => {
      const client = new SessionClient(t.app);
      const res = await client.login(t.tenant.adminEmail.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.email).toBe(t.tenant.adminEmail);
      expect((await client.me()).json().data.user.id).toBe(t.tenant.adminId);
    });

    it('answers 422 with field keys for a missing or invalid e-mail and an empty password', async () => {
      const client = new SessionClient(t.app);
      await client.csrfCookie();
      const post = (payload: object) => client.request({ method: 'POST', url: LOGIN, payload });

      const missing = await post({ password: PASSWORD });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toMatchObject({ success: false, message: 'The given data was invalid.' });
      expect(Object.keys(missing.json().errors)).toEqual(['email']);

      const invalid = await post({ email: 'not-an-email', password: PASSWORD });
      expect(invalid.statusCode).toBe(422);
      expect(Object.keys(invalid.json().errors)).toEqual(['email']);

      const empty = await post({ email: t.tenant.adminEmail, password: '' });
      expect(empty.statusCode).toBe(422);
      expect(Object.keys(empty.json().errors)).toEqual(['password']);

      const both = await post({});
      expect(both.statusCode).toBe(422);
      expect(Object.keys(both.json().errors).sort()).toEqual(['email', 'password']);
    });
  });

  describe('a signed-in session', () => {
    it('reads /auth/me without a CSRF header', async () => {
      const client = await signedInClient(t.app, t.tenant.adminEmail);
      const res = await client.me();
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        user: { id: t.tenant.adminId, name: 'Administrator', email: t.tenant.adminEmail, roles: ['admin'] },
        tenant: { id: t.tenant.tenantId, name: expect.any(String) },
        authenticated_via: 'session',
        abilities: expect.arrayContaining(['operations:view-products', 'system:manage-users']),
        two_factor_enabled: false,
        email_enabled: false,
      });
    });

    it('needs X-XSRF-TOKEN for POST and PUT on API routes; with it the role decides', async () => {
      const client = await signedInClient(t.app, t.tenant.adminEmail);

      const noCsrf = await client.request({ method: 'POST', url: WAREHOUSES, payload: newWarehouse(), csrf: false });
      expect(noCsrf.statusCode).toBe(419);
      expect(noCsrf.json()).toEqual(CSRF_MISMATCH);

      const body = newWarehouse();
      const created = await client.request({ method: 'POST', url: WAREHOUSES, payload: body });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject(body);
      const id = created.json().data.id as string;

      const putNoCsrf = await client.request({
        method: 'PUT',
        url: `${WAREHOUSES}/${id}`,
        payload: { name: 'Renamed' },
        csrf: false,
      });
      expect(putNoCsrf.statusCode).toBe(419);
      const put = await client.request({ method: 'PUT', url: `${WAREHOUSES}/${id}`, payload: { name: 'Renamed' } });
      expect(put.statusCode).toBe(200);
      expect(put.json().data.name).toBe('Renamed');

      // Reads need no CSRF header.
      const list = await client.request({ url: WAREHOUSES });
      expect(list.statusCode).toBe(200);
    });

    it('gives a viewer 403 naming the ability its role lacks', async () => {
      const viewer = await makeUser(t.services, t.tenant.tenantId, 'viewer');
      const client = await signedInClient(t.app, viewer.email);
      expect((await client.me()).json().data.user.roles).toEqual(['viewer']);
      expect((await client.request({ url: WAREHOUSES })).statusCode).toBe(200);
      const res = await client.request({ method: 'POST', url: WAREHOUSES, payload: newWarehouse() });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'forbidden',
        message: 'This action requires the ability operations:manage-inventory.',
      });
    });

    it('ends at logout: 200, cookies cleared, row gone, the old cookie refused', async () => {
      const client = await signedInClient(t.app, t.tenant.adminEmail);
      const cookie = client.session!;
      const stale = client.clone();
      expect(await sessionRow(t.database.db, cookie)).toBeDefined();

      const res = await client.request({ method: 'POST', url: LOGOUT });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Logged out successfully' });
      for (const name of [SESSION_COOKIE, XSRF_COOKIE]) {
        const cleared = res.cookies.find((c) => c.name === name);
        expect(cleared, name).toBeDefined();
        expect(cleared!.value).toBe('');
        expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
      }
      expect(client.jar.size).toBe(0);
      expect(await sessionRow(t.database.db, cookie)).toBeUndefined();

      const me = await stale.me();
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
    });

    it('refuses a logout without CSRF (419) and stays signed in', async () => {
      const client = await signedInClient(t.app, t.tenant.adminEmail);
      const res = await client.request({ method: 'POST', url: LOGOUT, csrf: false });
      expect(res.statusCode).toBe(419);
      expect(res.json()).toEqual(CSRF_MISMATCH);
      expect((await client.me()).statusCode).toBe(200);
    });

    it('answers 401 to a logout from a session that never signed in', async () => {
      const client = new SessionClient(t.app);
      await client.csrfCookie();
      expect((await client.request({ method: 'POST', url: LOGOUT })).statusCode).toBe(401);
    });

    it('stops working when its user is deactivated', async () => {
      const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
      const client = await signedInClient(t.app, user.email);
      expect((await client.me()).statusCode).toBe(200);
      await t.database.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
      const res = await client.me();
      expect(res.statusCode).toBe(401);
      expect((await client.request({ method: 'POST', url: WAREHOUSES, payload: newWarehouse() })).statusCode).toBe(401);
      // …and the user cannot sign in again.
      expect((await new SessionClient(t.app).login(user.email)).statusCode).toBe(401);
    });
  });

  describe('GET /auth/session', () => {
    const SESSION = '/api/v1/auth/session';
    const NOBODY = { success: true, data: null };

    it('answers 200 with no user to a browser without a signed-in session', async () => {
      const withoutCookie = await t.app.inject({ url: SESSION });
      expect(withoutCookie.statusCode).toBe(200);
      expect(withoutCookie.json()).toEqual(NOBODY);

      const guest = new SessionClient(t.app);
      await guest.csrfCookie();
      expect((await guest.get(SESSION)).json()).toEqual(NOBODY);
      expect(
        (await guest.get(SESSION, { headers: { cookie: `${SESSION_COOKIE}=no-such-session` }, cookies: false })).json(),
      ).toEqual(NOBODY);
    });

    it('answers the signed-in user as GET /auth/me does', async () => {
      const client = await signedInClient(t.app, t.tenant.adminEmail);
      const res = await client.get(SESSION);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual((await client.me()).json());
      expect(res.json().data).toMatchObject({ user: { id: t.tenant.adminId }, authenticated_via: 'session' });
    });

    it('answers no user once the session ended or its user was deactivated, and ignores a bearer token', async () => {
      const client = await signedInClient(t.app, t.tenant.adminEmail);
      const stale = client.clone();
      await client.request({ method: 'POST', url: LOGOUT });
      expect((await stale.get(SESSION)).json()).toEqual(NOBODY);

      const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
      const deactivated = await signedInClient(t.app, user.email);
      await t.database.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
      const res = await deactivated.get(SESSION);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(NOBODY);

      const withToken = await t.app.inject({ url: SESSION, headers: t.auth });
      expect(withToken.statusCode).toBe(200);
      expect(withToken.json()).toEqual(NOBODY);
    });
  });

  describe('session-only and bearer-only routes', () => {
    it('refuses a bearer token on the token-management routes, which a session may use', async () => {
      const res = await t.app.inject({ url: API_TOKENS, headers: t.auth });
      expect(res.statusCode).toBe(401);
      const client = await signedInClient(t.app, t.tenant.adminEmail);
      expect((await client.request({ url: API_TOKENS })).statusCode).toBe(200);
      // A bearer header next to a valid session cookie does not get in either.
      expect((await client.request({ url: API_TOKENS, headers: t.auth })).statusCode).toBe(401);
    });

    it('refuses a signed-in session on a bearer-only route, which the bearer token may use', async () => {
      const client = await signedInClient(t.app, t.tenant.adminEmail);
      const session = await client.request({ url: BEARER_ONLY });
      expect(session.statusCode).toBe(401);
      expect(session.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
      const token = await t.app.inject({ url: BEARER_ONLY, headers: t.auth });
      expect(token.statusCode).toBe(200);
      expect(token.json()).toEqual({ ok: true });
    });

    it('lets a bearer request change state without any CSRF header or cookie', async () => {
      const res = await t.app.inject({ method: 'POST', url: WAREHOUSES, headers: t.auth, payload: newWarehouse() });
      expect(res.statusCode).toBe(201);
      const manager = await makeUser(t.services, t.tenant.tenantId, 'manager');
      const token = await makeToken(t.services, t.tenant.tenantId, manager.id, {
        abilities: ['operations:manage-inventory'],
      });
      const other = await t.app.inject({
        method: 'POST',
        url: WAREHOUSES,
        headers: bearer(token),
        payload: newWarehouse(),
      });
      expect(other.statusCode).toBe(201);
    });
  });
});

describe('session idle expiry', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-11-21T10:00:00.000Z'));
  const MINUTE = 60_000;

  beforeAll(async () => {
    t = await buildTestApp({ clock, config: { sessionLifetimeMinutes: 10 } });
  });
  afterAll(() => t.close());

  it('sets cookies that live as long as the session', async () => {
    const client = new SessionClient(t.app);
    const res = await client.login(t.tenant.adminEmail);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.maxAge).toBe(600);
    const row = await sessionRow(t.database.db, client.session!);
    expect(Date.parse(row!.expires_at) - clock.now().getTime()).toBe(10 * MINUTE);
  });

  it('ends a session idle longer than the lifetime', async () => {
    const client = await signedInClient(t.app, t.tenant.adminEmail);
    const cookie = client.session!;
    clock.advance(10 * MINUTE + 1_000);
    const res = await client.me();
    expect(res.statusCode).toBe(401);
    expect(await sessionRow(t.database.db, cookie)).toBeUndefined();
  });

  it('slides the expiry with activity inside the window', async () => {
    const client = await signedInClient(t.app, t.tenant.adminEmail);
    for (let i = 0; i < 4; i++) {
      clock.advance(8 * MINUTE); // 32 minutes in all, more than three lifetimes
      expect((await client.me()).statusCode, `after ${(i + 1) * 8} minutes`).toBe(200);
    }
    const row = await sessionRow(t.database.db, client.session!);
    expect(row!.last_seen_at).toBe(clock.now().toISOString());
    expect(row!.expires_at).toBe(new Date(clock.now().getTime() + 10 * MINUTE).toISOString());

    clock.advance(10 * MINUTE);
    expect((await client.me()).statusCode).toBe(401);
  });

  it('also ends an anonymous (CSRF-only) session, so a login then needs a fresh one', async () => {
    const client = new SessionClient(t.app);
    await client.csrfCookie();
    clock.advance(11 * MINUTE);
    const res = await client.request({
      method: 'POST',
      url: LOGIN,
      payload: { email: t.tenant.adminEmail, password: PASSWORD },
    });
    expect(res.statusCode).toBe(419);
    await client.csrfCookie();
    expect((await client.login(t.tenant.adminEmail)).statusCode).toBe(200);
  });
});
