// The console's session token: a signed-in session gets a bearer token for the endpoints that take bearer tokens
// only (master products, webhooks, the event feed), bounded by the user's role. It is part of the session: it
// never outlives it, stops at once however the session ends, is no API token of the tenant (not listed, not
// managed, not audited), and its row is deleted by the retention run a week after it ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { sha256Hex } from '../../../src/lib/secrets.js';
import { ENDED_CONSOLE_TOKEN_RETENTION_DAYS } from '../../../src/modules/auth/tokens/token.service.js';
import { bearer, makeUser } from '../../helpers/factories.js';
import { LOGOUT, PASSWORD, signedInClient, type SessionClient } from '../../helpers/session-client.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { tokenOf } from '../../tenancy/tenancy-helpers.js';

const URL = '/api/v1/auth/console-token';
const BEARER_ONLY = '/api/v1/webhooks/subscriptions';
const NEW_PASSWORD = 'staple-orbit-lantern-42';
let t: TestApp;
const clock = new FixedClock(new Date('2026-11-25T10:00:00.000Z'));

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

async function consoleToken(client: SessionClient): Promise<{ token: string; expires_at: string }> {
  const res = await client.request({ method: 'POST', url: URL });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const use = (token: string, app = t.app) => app.inject({ url: BEARER_ONLY, headers: bearer(token) });

async function expectWorks(token: string, app = t.app): Promise<void> {
  const res = await use(token, app);
  expect(res.statusCode, res.body).toBe(200);
}

async function expectRefused(token: string, app = t.app): Promise<void> {
  const res = await use(token, app);
  expect(res.statusCode, res.body).toBe(401);
}

/** A new user of the tenant (a viewer reads webhooks), signed in, with a console token used once (so cached). */
async function signedInWithToken() {
  const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
  const client = await signedInClient(t.app, user.email);
  const { token } = await consoleToken(client);
  await expectWorks(token);
  return { user, client, token };
}

describe('the console session token', () => {
  it('is issued to a signed-in session for 15 minutes and opens the bearer-only endpoints', async () => {
    const client = await signedInClient(t.app, t.tenant.adminEmail);
    const { token, expires_at } = await consoleToken(client);
    expect(expires_at).toBe('2026-11-25T10:15:00.000Z');

    // A session alone is refused there; the token is not.
    expect((await client.request({ url: BEARER_ONLY })).statusCode).toBe(401);
    await expectWorks(token);
    expect(
      (await t.app.inject({ url: '/api/v1/operations/master-products?page=1&per_page=15', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
  });

  it('is no API token of the tenant: not listed, not found by id, and not audited', async () => {
    const client = await signedInClient(t.app, t.tenant.adminEmail);
    const auditBefore = (
      await t.app.inject({ url: '/api/v1/audit-log?action=api_token.*&per_page=100', headers: t.auth })
    ).json().data;
    for (let i = 0; i < 3; i++) await consoleToken(client);
    const { token } = await consoleToken(client);
    await expectWorks(token);

    const listed = (await client.request({ url: '/api/v1/api-tokens?page=1&per_page=100' })).json().data as Array<{
      name: string;
    }>;
    expect(listed.map((listedToken) => listedToken.name)).not.toContain('Console session');
    const row = await t.database.db
      .selectFrom('api_tokens')
      .select('id')
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect((await client.request({ url: `/api/v1/api-tokens/${row.id}` })).statusCode).toBe(404);
    expect((await client.request({ method: 'DELETE', url: `/api/v1/api-tokens/${row.id}` })).statusCode).toBe(404);
    expect((await client.request({ method: 'POST', url: `/api/v1/api-tokens/${row.id}/approve` })).statusCode).toBe(
      404,
    );

    const auditAfter = (
      await t.app.inject({ url: '/api/v1/audit-log?action=api_token.*&per_page=100', headers: t.auth })
    ).json().data;
    expect(auditAfter).toEqual(auditBefore);
  });

  it("records what it does as the signed-in user's own acts, as the session would be recorded", async () => {
    const client = await signedInClient(t.app, t.tenant.adminEmail);
    const { token } = await consoleToken(client);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/master-products',
      headers: bearer(token),
      payload: { name: 'Console Tee' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [entry] = (
      await t.app.inject({ url: `/api/v1/audit-log?entity_id=${created.json().data.id}`, headers: t.auth })
    ).json().data;
    expect(entry).toMatchObject({
      action: 'master_product.created',
      actor: { type: 'user', user_id: t.tenant.adminId, token_id: null, name: t.tenant.adminEmail },
    });
  });

  it('stops working when it expires', async () => {
    const client = await signedInClient(t.app, t.tenant.adminEmail);
    const { token } = await consoleToken(client);
    clock.advance(15 * 60_000);
    const res = await use(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('API token has expired.');
  });

  it("is bounded by the user's role: a viewer's token reads webhooks but may not manage them", async () => {
    const viewer = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const client = await signedInClient(t.app, viewer.email);
    const { token } = await consoleToken(client);
    await expectWorks(token);
    const create = await t.app.inject({
      method: 'POST',
      url: BEARER_ONLY,
      headers: bearer(token),
      payload: { url: 'https://hooks.example.com/in', event_types: ['product.*'] },
    });
    expect(create.statusCode).toBe(403);
  });

  it('needs a signed-in session with its CSRF header: a bearer token or an anonymous caller gets 401, a missing header 419', async () => {
    expect((await t.app.inject({ method: 'POST', url: URL, headers: t.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: URL })).statusCode).toBe(401);
    const client = await signedInClient(t.app, t.tenant.adminEmail);
    expect((await client.request({ method: 'POST', url: URL, csrf: false })).statusCode).toBe(419);
  });
});

describe('the console token ends with its session', () => {
  it('at sign-out, while the tokens of the same user’s other sessions keep working', async () => {
    const { user, client, token } = await signedInWithToken();
    const elsewhere = await signedInClient(t.app, user.email);
    const other = await consoleToken(elsewhere);
    expect((await client.post(LOGOUT)).statusCode).toBe(200);
    await expectRefused(token);
    await expectWorks(other.token);
  });

  it('when the same browser signs in again, which replaces its session', async () => {
    const { user, client, token } = await signedInWithToken();
    expect((await client.login(user.email, PASSWORD)).statusCode).toBe(200);
    await expectRefused(token);
  });

  it("at a password change, in every other session; the changing session's own token keeps working", async () => {
    const { user, client, token } = await signedInWithToken();
    const changing = await signedInClient(t.app, user.email);
    const own = await consoleToken(changing);
    const res = await changing.request({
      method: 'PUT',
      url: '/api/v1/auth/password',
      payload: { current_password: PASSWORD, password: NEW_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectRefused(token);
    await expectWorks(own.token);
    expect((await client.me()).statusCode).toBe(401);
  });

  it('at a password reset an administrator started, once the link sets the new password', async () => {
    const { user, token } = await signedInWithToken();
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/reset-password`,
      headers: t.auth,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/set-password',
      payload: { token: tokenOf(reset.json().data.password_link.url), password: NEW_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    await expectRefused(token);
  });

  it('at deactivation, and stays refused after reactivation', async () => {
    const { user, token } = await signedInWithToken();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/users/${user.id}/deactivate`, headers: t.auth })).statusCode,
    ).toBe(200);
    await expectRefused(token);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/users/${user.id}/reactivate`, headers: t.auth })).statusCode,
    ).toBe(200);
    await expectRefused(token);
  });

  it('when the session expires: the token never works past the session, whatever either lifetime', async () => {
    const short = await buildTestApp({ clock, config: { sessionLifetimeMinutes: 5 } });
    try {
      const client = await signedInClient(short.app, short.tenant.adminEmail);
      const session = await short.database.db
        .selectFrom('sessions')
        .select('expires_at')
        .where('id', '=', sha256Hex(client.session!))
        .executeTakeFirstOrThrow();
      const { token, expires_at } = await consoleToken(client);
      expect(expires_at).toBe(session.expires_at);
      await expectWorks(token, short.app);
      clock.advance(5 * 60_000);
      await expectRefused(token, short.app);
      expect((await client.me()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('when an expired session is ended, by its next request or by the retention run, even if its token was issued for longer', async () => {
    // As after SESSION_LIFETIME_MINUTES was lowered: the session's expiry comes before its token's.
    const expireSession = (client: SessionClient) =>
      t.database.db
        .updateTable('sessions')
        .set({ expires_at: clock.now().toISOString() })
        .where('id', '=', sha256Hex(client.session!))
        .execute();

    const byRequest = await signedInWithToken();
    await expireSession(byRequest.client);
    expect((await byRequest.client.me()).statusCode).toBe(401);
    await expectRefused(byRequest.token);

    const byRetention = await signedInWithToken();
    await expireSession(byRetention.client);
    await t.services.retention.purge();
    await expectRefused(byRetention.token);
  });
});

describe('the rows of ended console tokens', () => {
  const rowOf = (token: string) =>
    t.database.db
      .selectFrom('api_tokens')
      .select(['id', 'status'])
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirst();
  const DAY = 24 * 60 * 60_000;

  it('are deleted by the retention run once revoked or expired past the retention, and not before', async () => {
    const revoked = await signedInWithToken();
    expect((await revoked.client.request({ method: 'POST', url: LOGOUT })).statusCode).toBe(200);
    const expired = await signedInWithToken(); // not revoked: the token itself runs out
    const apiToken = await t.services.tokens.issue({
      tenantId: t.tenant.tenantId,
      userId: t.tenant.adminId,
      name: 'Old integration',
      type: 'personal',
      abilities: ['operations:view-products'],
      expirationDays: 1,
      ipWhitelist: null,
      preApproved: false,
    });
    const at = clock.now().toISOString();
    await t.database.db
      .updateTable('api_tokens')
      .set({ status: 'revoked', revoked_at: at, updated_at: at })
      .where('id', '=', apiToken.token.id)
      .execute();

    expect((await rowOf(revoked.token))?.status).toBe('revoked');
    clock.advance(ENDED_CONSOLE_TOKEN_RETENTION_DAYS * DAY - 60_000);
    await t.services.retention.purge();
    expect(await rowOf(revoked.token), 'within the retention').toBeDefined();

    // Past the retention after the revocation, and after the other token's 15 minutes ran out.
    clock.advance(17 * 60_000);
    const fresh = await signedInWithToken();
    await t.services.retention.purge();
    expect(await rowOf(revoked.token), 'revoked past the retention').toBeUndefined();
    expect(await rowOf(expired.token), 'expired past the retention').toBeUndefined();
    expect(await rowOf(fresh.token)).toBeDefined();
    // API tokens are the tenant's records, listed and audited: revoked or expired, they stay.
    expect(
      await t.database.db.selectFrom('api_tokens').select('id').where('id', '=', apiToken.token.id).executeTakeFirst(),
    ).toBeDefined();
  });
});
