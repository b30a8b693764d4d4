// Two-factor sign-in (docs/decisions/authentication.md, Sessions, CSRF and two-factor): TOTP enrolment, the 423 login, the
// challenge with a code (each accepted once, one step of drift) or a recovery code (each usable once), and
// turning it off.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../src/http/session-cookies.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { sha256Hex } from '../../../src/lib/secrets.js';
import { bearer, makeToken, makeUser } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { CHALLENGE, PASSWORD, SessionClient, sessionRow, signedInClient } from '../../helpers/session-client.js';

const ENABLE = '/api/v1/auth/two-factor/enable';
const CONFIRM = '/api/v1/auth/two-factor/confirm';
const TWO_FACTOR = '/api/v1/auth/two-factor';
const STEP_MS = 30_000;
const TWO_FACTOR_REQUIRED = {
  success: false,
  code: 'two_factor_required',
  message: 'Two-factor authentication required',
};

const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

describe('two-factor authentication', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-11-21T10:00:00.000Z'));

  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  const now = () => clock.now().getTime();
  const codeAt = (secret: string, timestamp: number) => totp(secret).generate({ timestamp });
  const currentCode = (secret: string) => codeAt(secret, now());
  /** A six-digit code that is valid in none of the steps the server accepts right now. */
  const wrongCode = (secret: string) => {
    const valid = [-STEP_MS, 0, STEP_MS, 2 * STEP_MS].map((d) => codeAt(secret, now() + d));
    return ['000000', '111111', '222222', '333333', '444444'].find((c) => !valid.includes(c))!;
  };
  /** Moves the clock to the first millisecond of the next TOTP step. */
  const nextStep = () => clock.advance(STEP_MS - (now() % STEP_MS));

  const userRow = (id: string) =>
    t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A user with two-factor turned on, through the endpoints. The clock stays in the confirm step. */
  async function enrol() {
    const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const client = await signedInClient(t.app, user.email);
    const enable = await client.request({ method: 'POST', url: ENABLE });
    expect(enable.statusCode, enable.body).toBe(200);
    const secret = enable.json().data.secret as string;
    nextStep();
    const confirmCode = currentCode(secret);
    const confirm = await client.request({ method: 'POST', url: CONFIRM, payload: { code: confirmCode } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return { user, client, secret, confirmCode, recoveryCodes: confirm.json().data.recovery_codes as string[] };
  }

  /** A new browser whose login answered 423: its session now waits for the code. */
  async function pendingLogin(email: string, remoteAddress?: string) {
    const client = new SessionClient(t.app, remoteAddress);
    const res = await client.login(email);
    expect(res.statusCode, res.body).toBe(423);
    expect(res.json()).toEqual(TWO_FACTOR_REQUIRED);
    return client;
  }

  const challenge = (client: SessionClient, payload: object) =>
    client.request({ method: 'POST', url: CHALLENGE, payload });

  describe('enrolment', () => {
    it('enables with a secret, refuses a wrong code, confirms with the right one and answers 8 recovery codes', async () => {
      const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
      const client = await signedInClient(t.app, user.email);

      const enable = await client.request({ method: 'POST', url: ENABLE });
      expect(enable.statusCode).toBe(200);
      expect(enable.json()).toMatchObject({ success: true });
      const { secret, otpauth_url } = enable.json().data;
      expect(Object.keys(enable.json().data).sort()).toEqual(['otpauth_url', 'secret']);
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(otpauth_url.startsWith('otpauth://totp/')).toBe(true);
      expect(otpauth_url).toContain(`secret=${secret}`);
      // Not in force until confirmed: the user still signs in with the password alone.
      expect((await new SessionClient(t.app).login(user.email)).statusCode).toBe(200);

      const wrong = await client.request({ method: 'POST', url: CONFIRM, payload: { code: wrongCode(secret) } });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ success: false, errors: { code: [expect.any(String)] } });
      const notDigits = await client.request({ method: 'POST', url: CONFIRM, payload: { code: 'abcdef' } });
      expect(notDigits.statusCode).toBe(422);
      expect(notDigits.json().errors.code).toBeDefined();
      expect((await userRow(user.id)).two_factor_confirmed_at).toBeNull();

      const confirm = await client.request({ method: 'POST', url: CONFIRM, payload: { code: currentCode(secret) } });
      expect(confirm.statusCode).toBe(200);
      const codes = confirm.json().data.recovery_codes as string[];
      expect(codes).toHaveLength(8);
      expect(new Set(codes).size).toBe(8);
      for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      expect((await userRow(user.id)).two_factor_confirmed_at).not.toBeNull();

      const again = await client.request({ method: 'POST', url: ENABLE });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({
        success: false,
        code: 'two_factor_already_enabled',
        message: 'Two-factor authentication is already enabled.',
      });
      const confirmAgain = await client.request({
        method: 'POST',
        url: CONFIRM,
        payload: { code: currentCode(secret) },
      });
      expect(confirmAgain.statusCode).toBe(422);
      // The secret was not replaced by the refused enable.
      expect((await userRow(user.id)).two_factor_secret).toBe(secret);
    });

    it('refuses a confirm before any enable', async () => {
      const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
      const client = await signedInClient(t.app, user.email);
      const res = await client.request({ method: 'POST', url: CONFIRM, payload: { code: '123456' } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'two_factor_not_started',
        message: 'Enable two-factor authentication first.',
      });
    });

    it('needs CSRF and a signed-in session', async () => {
      const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
      const client = await signedInClient(t.app, user.email);
      expect((await client.request({ method: 'POST', url: ENABLE, csrf: false })).statusCode).toBe(419);
      const guest = new SessionClient(t.app);
      await guest.csrfCookie();
      expect((await guest.request({ method: 'POST', url: ENABLE })).statusCode).toBe(401);
      expect((await userRow(user.id)).two_factor_secret).toBeNull();
    });
  });

  describe('sign-in', () => {
    it('answers 423 to the login and signs no one in until the code comes', async () => {
      const { user } = await enrol();
      const client = new SessionClient(t.app);
      await client.csrfCookie();
      const before = client.session!;

      const res = await client.login(user.email);
      expect(res.statusCode).toBe(423);
      expect(res.json()).toEqual(TWO_FACTOR_REQUIRED);
      expect(client.session).not.toBe(before);
      expect(await sessionRow(t.database.db, before)).toBeUndefined();
      expect(await sessionRow(t.database.db, client.session!)).toMatchObject({
        user_id: null,
        tenant_id: null,
        two_factor_user_id: user.id,
      });

      const me = await client.me();
      expect(me.statusCode).toBe(401);
      expect(
        (
          await client.request({
            method: 'POST',
            url: '/api/v1/operations/warehouses',
            payload: { name: 'X', code: 'X2FA' },
          })
        ).statusCode,
      ).toBe(401);
      // A wrong password is still a plain 401, with no hint that two-factor is on.
      const wrong = await new SessionClient(t.app).login(user.email, 'wrong-password');
      expect(wrong.statusCode).toBe(401);
    });

    it('refuses a wrong code (422) and completes with the current one, regenerating the session', async () => {
      const { user, secret } = await enrol();
      nextStep();
      const client = await pendingLogin(user.email);
      const pending = { session: client.session!, xsrf: client.xsrf! };

      const wrong = await challenge(client, { code: wrongCode(secret) });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ success: false, errors: { code: [expect.any(String)] } });
      expect(client.session).toBe(pending.session);

      const res = await challenge(client, { code: currentCode(secret) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Login successful',
        data: { user: { id: user.id, name: user.name, email: user.email, roles: ['manager'] } },
      });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeDefined();
      expect(client.session).not.toBe(pending.session);
      expect(client.xsrf).not.toBe(pending.xsrf);
      expect(await sessionRow(t.database.db, pending.session)).toBeUndefined();

      const me = await client.me();
      expect(me.statusCode).toBe(200);
      expect(me.json().data.user.id).toBe(user.id);
    });

    it('accepts a code once: the same code in the same step is refused the second time', async () => {
      const { user, secret } = await enrol();
      nextStep();
      const code = currentCode(secret);
      const first = await pendingLogin(user.email);
      expect((await challenge(first, { code })).statusCode).toBe(200);

      const second = await pendingLogin(user.email);
      const reused = await challenge(second, { code });
      expect(reused.statusCode).toBe(422);
      expect(reused.json().errors.code).toBeDefined();
      expect((await second.me()).statusCode).toBe(401);
    });

    it('accepts the same code presented twice at once only once', async () => {
      const { user, secret } = await enrol();
      nextStep();
      const code = currentCode(secret);
      const clients = [await pendingLogin(user.email), await pendingLogin(user.email)];
      const results = await Promise.all(clients.map((c) => challenge(c, { code })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    });

    it('allows one step of drift: a code from the previous step works, one two steps old does not', async () => {
      const { user, secret } = await enrol();
      nextStep();
      const previous = currentCode(secret);
      clock.advance(STEP_MS); // the code now belongs to the previous step
      expect(currentCode(secret)).not.toBe(previous);
      const client = await pendingLogin(user.email);
      const res = await challenge(client, { code: previous });
      expect(res.statusCode, res.body).toBe(200);

      nextStep();
      const old = currentCode(secret);
      clock.advance(2 * STEP_MS); // two steps old, and never used
      const late = await pendingLogin(user.email);
      const refused = await challenge(late, { code: old });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.code).toBeDefined();
      // The current code still completes that same pending sign-in.
      expect((await challenge(late, { code: currentCode(secret) })).statusCode).toBe(200);
    });

    it('does not accept again the code that confirmed the enrolment', async () => {
      const { user, secret, confirmCode } = await enrol(); // the clock is still in the confirm step
      const client = await pendingLogin(user.email);
      expect((await challenge(client, { code: confirmCode })).statusCode).toBe(422);
      clock.advance(STEP_MS); // still within the drift window, still spent
      expect((await challenge(client, { code: confirmCode })).statusCode).toBe(422);
      expect((await challenge(client, { code: currentCode(secret) })).statusCode).toBe(200);
    });

    it('throttles wrong codes: after five, even the right code waits', async () => {
      const { user, secret } = await enrol();
      nextStep();
      const client = await pendingLogin(user.email, '10.9.9.9');
      for (let i = 0; i < 5; i++) expect((await challenge(client, { code: wrongCode(secret) })).statusCode).toBe(422);
      const res = await challenge(client, { code: currentCode(secret) });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      clock.advance(61_000);
      expect((await challenge(client, { code: currentCode(secret) })).statusCode).toBe(200);
    });

    it("caps a user's codes across addresses: past ten in 15 minutes, even the right code from a new address waits", async () => {
      const { user, secret } = await enrol();
      nextStep();
      // Five addresses with two wrong codes each: none reaches its own limit of five a minute.
      for (let address = 1; address <= 5; address++) {
        const client = await pendingLogin(user.email, `10.77.${address}.1`);
        for (let i = 0; i < 2; i++) expect((await challenge(client, { code: wrongCode(secret) })).statusCode).toBe(422);
      }
      // Spread over minutes, and with the hourly purge in between, the count holds.
      clock.advance(2 * 60_000);
      await t.services.retention.purge();
      const fresh = await pendingLogin(user.email, '10.77.9.1');
      const res = await challenge(fresh, { code: currentCode(secret) });
      expect(res.statusCode, res.body).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(res.json()).toEqual({
        success: false,
        code: 'too_many_requests',
        message: `Too many login attempts. Please try again in ${retryAfter} seconds.`,
      });
      expect((await fresh.me()).statusCode).toBe(401);

      // Another user's codes from the same address are not held back.
      const other = await enrol();
      nextStep();
      const otherClient = await pendingLogin(other.user.email, '10.77.9.1');
      expect((await challenge(otherClient, { code: currentCode(other.secret) })).statusCode).toBe(200);

      clock.advance(retryAfter * 1000);
      const later = await pendingLogin(user.email, '10.77.9.1');
      expect((await challenge(later, { code: currentCode(secret) })).statusCode).toBe(200);
    });

    it('accepts each recovery code once, instead of a code', async () => {
      const { user, recoveryCodes } = await enrol();
      const client = await pendingLogin(user.email);
      const res = await challenge(client, { recovery_code: recoveryCodes[0] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user.id).toBe(user.id);
      expect((await client.me()).statusCode).toBe(200);
      const stored = (await userRow(user.id)).two_factor_recovery_codes!;
      expect(stored).toHaveLength(7);
      expect(stored).not.toContain(sha256Hex(recoveryCodes[0]!));

      const again = await pendingLogin(user.email);
      const reused = await challenge(again, { recovery_code: recoveryCodes[0] });
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({ success: false, errors: { recovery_code: [expect.any(String)] } });
      expect((await again.me()).statusCode).toBe(401);

      const wrong = await challenge(again, { recovery_code: 'aaaaa-bbbbb' });
      expect(wrong.statusCode).toBe(422);
      // Another one, as typed by a person (upper case, spaces), still works.
      const other = await challenge(again, { recovery_code: ` ${recoveryCodes[1]!.toUpperCase()} ` });
      expect(other.statusCode, other.body).toBe(200);
      expect((await userRow(user.id)).two_factor_recovery_codes).toHaveLength(6);

      // The same recovery code presented twice at once is spent once.
      const racers = [await pendingLogin(user.email), await pendingLogin(user.email)];
      const results = await Promise.all(racers.map((c) => challenge(c, { recovery_code: recoveryCodes[2] })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      expect((await userRow(user.id)).two_factor_recovery_codes).toHaveLength(5);
    });

    it('answers 401 to a challenge without a pending sign-in, and once five minutes have passed, and opens no session', async () => {
      const { user, secret } = await enrol();
      nextStep();
      const NO_PENDING = {
        success: false,
        code: 'unauthenticated',
        message: 'No sign-in is waiting for a two-factor code. Sign in again.',
      };
      const sessionCount = async () =>
        Number(
          (
            await t.database.db
              .selectFrom('sessions')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );

      const fresh = new SessionClient(t.app);
      await fresh.csrfCookie();
      const before = fresh.session!;
      const sessionsBefore = await sessionCount();
      const none = await challenge(fresh, { code: currentCode(secret) });
      // 423 means "send the code" to a web app; without a sign-in waiting, asking for one would loop.
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual(NO_PENDING);
      expect(none.headers['set-cookie']).toBeUndefined();
      expect(fresh.session).toBe(before);
      expect(await sessionCount()).toBe(sessionsBefore);
      expect((await fresh.me()).statusCode).toBe(401);

      // A fully signed-in session has nothing pending either, and stays signed in.
      const admin = await signedInClient(t.app, t.tenant.adminEmail);
      const signedIn = await challenge(admin, { code: currentCode(secret) });
      expect(signedIn.statusCode).toBe(401);
      expect(signedIn.json()).toEqual(NO_PENDING);
      expect(signedIn.headers['set-cookie']).toBeUndefined();
      expect((await admin.me()).statusCode).toBe(200);

      const pending = await pendingLogin(user.email);
      const empty = await challenge(pending, {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors.code).toBeDefined();
      clock.advance(5 * 60_000);
      const pendingSessions = await sessionCount();
      const expired = await challenge(pending, { code: currentCode(secret) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(NO_PENDING);
      expect(expired.headers['set-cookie']).toBeUndefined();
      expect(await sessionCount()).toBe(pendingSessions);
      expect((await pending.me()).statusCode).toBe(401);
    });

    it('needs the CSRF header on the challenge', async () => {
      const { user, secret } = await enrol();
      nextStep();
      const client = await pendingLogin(user.email);
      const res = await client.request({
        method: 'POST',
        url: CHALLENGE,
        payload: { code: currentCode(secret) },
        csrf: false,
      });
      expect(res.statusCode).toBe(419);
      expect((await challenge(client, { code: currentCode(secret) })).statusCode).toBe(200);
    });
  });

  describe('turning it off', () => {
    it('needs the password; afterwards the login answers 200 directly', async () => {
      const { user, client } = await enrol();
      expect(
        (await client.request({ method: 'DELETE', url: TWO_FACTOR, payload: { password: PASSWORD }, csrf: false }))
          .statusCode,
      ).toBe(419);

      const wrong = await client.request({
        method: 'DELETE',
        url: TWO_FACTOR,
        payload: { password: 'not-my-password' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ success: false, errors: { password: [expect.any(String)] } });
      expect((await userRow(user.id)).two_factor_confirmed_at).not.toBeNull();

      const res = await client.request({ method: 'DELETE', url: TWO_FACTOR, payload: { password: PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Two-factor authentication disabled.' });
      expect(await userRow(user.id)).toMatchObject({
        two_factor_secret: null,
        two_factor_confirmed_at: null,
        two_factor_recovery_codes: null,
        two_factor_last_step: null,
      });

      const login = await new SessionClient(t.app).login(user.email);
      expect(login.statusCode).toBe(200);
      expect(login.json().data.user.id).toBe(user.id);
    });
  });

  describe('bearer tokens', () => {
    it('cannot enable, confirm or disable two-factor (401), nor answer a challenge', async () => {
      const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
      const token = bearer(await makeToken(t.services, t.tenant.tenantId, user.id));
      const send = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: token, ...(payload ? { payload } : {}) });

      for (const res of [
        await send('POST', ENABLE),
        await send('POST', CONFIRM, { code: '123456' }),
        await send('DELETE', TWO_FACTOR, { password: PASSWORD }),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
      }
      expect(await userRow(user.id)).toMatchObject({ two_factor_secret: null, two_factor_confirmed_at: null });

      // The challenge belongs to a browser session: a bearer token alone is no session, so CSRF fails.
      const res = await send('POST', CHALLENGE, { code: '123456' });
      expect(res.statusCode).toBe(419);
      // The token itself still works where bearer tokens are accepted.
      expect((await t.app.inject({ url: '/api/v1/auth/me', headers: token })).statusCode).toBe(200);
    });
  });

  describe('secrets at rest and in answers', () => {
    it('never returns the secret or recovery codes from /auth/me, and stores the codes hashed', async () => {
      const { user, client, secret, recoveryCodes } = await enrol();
      const me = await client.me();
      expect(me.statusCode).toBe(200);
      expect(Object.keys(me.json().data).sort()).toEqual([
        'abilities',
        'authenticated_via',
        'email_enabled',
        'tenant',
        'two_factor_enabled',
        'user',
      ]);
      expect(me.json().data.two_factor_enabled).toBe(true);
      expect(Object.keys(me.json().data.user).sort()).toEqual(['email', 'id', 'name', 'roles']);
      expect(me.body).not.toContain(secret);
      for (const code of recoveryCodes) expect(me.body).not.toContain(code);

      const row = await userRow(user.id);
      const stored = row.two_factor_recovery_codes!;
      expect([...stored].sort()).toEqual(recoveryCodes.map((c) => sha256Hex(c)).sort());
      const serialised = JSON.stringify(row);
      for (const code of recoveryCodes) expect(serialised).not.toContain(code);

      // Also after a full two-factor sign-in.
      nextStep();
      const signedIn = await pendingLogin(user.email);
      const done = await challenge(signedIn, { code: currentCode(secret) });
      expect(done.body).not.toContain(secret);
      const again = await signedIn.me();
      expect(again.statusCode).toBe(200);
      expect(again.body).not.toContain(secret);
    });
  });
});
