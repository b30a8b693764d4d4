// The sign-in throttle (docs/decisions/authentication.md, Sessions, CSRF and two-factor): five failed logins per minute per
// e-mail and IP, then 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/lib/clock.js';
import { LoginThrottle } from '../../src/modules/auth/login-throttle.js';
import { makeUser } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { LOGIN, PASSWORD, SessionClient } from '../helpers/session-client.js';

const WRONG = 'wrong-password';

describe('login throttle', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-11-21T10:00:00.000Z'));
  let ipSeq = 0;
  /** A fresh IP for each test, so that tests do not share throttle keys. */
  const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  const expectThrottled = (res: Awaited<ReturnType<SessionClient['login']>>) => {
    expect(res.statusCode, res.body).toBe(429);
    const retryAfter = res.headers['retry-after'];
    expect(retryAfter).toMatch(/^\d+$/);
    const seconds = Number(retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(res.json()).toEqual({
      success: false,
      code: 'too_many_requests',
      message: `Too many login attempts. Please try again in ${seconds} seconds.`,
    });
    return seconds;
  };

  it('answers 429 with Retry-After on the sixth attempt within a minute, even with the right password', async () => {
    const ip = freshIp();
    const client = new SessionClient(t.app, ip);
    for (let i = 0; i < 5; i++) {
      const res = await client.login(t.tenant.adminEmail, WRONG);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
      expect(res.json().message).toBe('These credentials do not match our records.');
      clock.advance(3_000);
    }
    // The oldest attempt leaves the window 60 s after it was made: 15 s have passed.
    expect(expectThrottled(await client.login(t.tenant.adminEmail, PASSWORD))).toBe(45);
    expect(expectThrottled(await client.login(t.tenant.adminEmail, PASSWORD))).toBe(45);
    expect((await client.me()).statusCode).toBe(401); // nobody signed in

    // Another IP, or another e-mail from the same IP, is not throttled.
    expect((await new SessionClient(t.app, freshIp()).login(t.tenant.adminEmail, PASSWORD)).statusCode).toBe(200);
    const other = await makeUser(t.services, t.tenant.tenantId, 'manager');
    expect((await new SessionClient(t.app, ip).login(other.email, WRONG)).statusCode).toBe(401);
    expect((await new SessionClient(t.app, ip).login(other.email, PASSWORD)).statusCode).toBe(200);

    // Still throttled for that pair until the window passes.
    expectThrottled(await client.login(t.tenant.adminEmail, PASSWORD));
    clock.advance(61_000);
    const res = await client.login(t.tenant.adminEmail, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect((await client.me()).statusCode).toBe(200);
  });

  it('counts the e-mail case-insensitively', async () => {
    const client = new SessionClient(t.app, freshIp());
    const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const variants = [user.email, user.email.toUpperCase(), user.email, user.email.toUpperCase(), user.email];
    for (const email of variants) expect((await client.login(email, WRONG)).statusCode).toBe(401);
    expectThrottled(await client.login(user.email.toUpperCase(), PASSWORD));
    clock.advance(61_000);
  });

  it('throttles an unknown e-mail the same way', async () => {
    const client = new SessionClient(t.app, freshIp());
    for (let i = 0; i < 5; i++)
      expect((await client.login('no-such-user@example.test', PASSWORD)).statusCode).toBe(401);
    expect(expectThrottled(await client.login('no-such-user@example.test', PASSWORD))).toBe(60);
    clock.advance(61_000);
  });

  it('clears the count on a successful login', async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const client = new SessionClient(t.app, freshIp());
    for (let i = 0; i < 4; i++) expect((await client.login(user.email, WRONG)).statusCode).toBe(401);
    expect((await client.login(user.email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await client.login(user.email, WRONG)).statusCode, `failure ${i + 1} after success`).toBe(401);
    expectThrottled(await client.login(user.email, WRONG));
    clock.advance(61_000);
  });

  it('lets at most five of twelve parallel wrong guesses through to the password check', async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const ip = freshIp();
    const client = new SessionClient(t.app, ip);
    await client.csrfCookie(); // one CSRF session shared by the burst: a failed login does not replace it
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        client.request({ method: 'POST', url: LOGIN, payload: { email: user.email, password: WRONG } }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 401 || s === 429),
      statuses.join(','),
    ).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    for (const res of results.filter((r) => r.statusCode === 429)) expectThrottled(res);

    // Each refused attempt took its record back: what stays on the books is the 401s, at most five.
    const attempts = await t.database.db
      .selectFrom('login_attempts')
      .select('id')
      .where('throttle_key', '=', LoginThrottle.key('login', user.email, ip))
      .execute();
    expect(attempts.length).toBe(statuses.filter((s) => s === 401).length);
    clock.advance(61_000);
  });

  it('lets the right password in again once the window has passed after a burst', async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const ip = freshIp();
    const burst = new SessionClient(t.app, ip);
    await burst.csrfCookie();
    await Promise.all(
      Array.from({ length: 12 }, () =>
        burst.request({ method: 'POST', url: LOGIN, payload: { email: user.email, password: WRONG } }),
      ),
    );
    clock.advance(61_000);
    const res = await new SessionClient(t.app, ip).login(user.email, PASSWORD);
    expect(res.statusCode).toBe(200);
  });
});
