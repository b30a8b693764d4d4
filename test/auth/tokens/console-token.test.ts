// The console's session token: a signed-in session gets a 15-minute application token for the endpoints that
// take bearer tokens only (master products, webhooks, the event feed), bounded by the user's role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { bearer, makeUser } from '../../helpers/factories.js';
import { signedInClient } from '../../helpers/session-client.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const URL = '/api/v1/auth/console-token';
let t: TestApp;
const clock = new FixedClock(new Date('2026-11-25T10:00:00.000Z'));

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

describe('the console session token', () => {
  it('is issued to a signed-in session for 15 minutes, opens the bearer-only endpoints, and is listed and audited', async () => {
    const client = await signedInClient(t.app, t.tenant.adminEmail);
    const res = await client.request({ method: 'POST', url: URL });
    expect(res.statusCode).toBe(201);
    const { token, expires_at } = res.json().data;
    expect(expires_at).toBe('2026-11-25T10:15:00.000Z');

    // A session alone is refused there; the token is not.
    expect((await client.request({ url: '/api/v1/webhooks/subscriptions' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/webhooks/subscriptions', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/operations/master-products?page=1&per_page=15', headers: bearer(token) })).statusCode).toBe(200);

    const listed = (await client.request({ url: '/api/v1/api-tokens?page=1&per_page=100' })).json().data;
    expect(listed).toContainEqual(expect.objectContaining({ name: 'Console session', type: 'application', status: 'active', abilities: ['*'] }));
    const audit = (await t.app.inject({ url: '/api/v1/audit-log?action=api_token.created', headers: t.auth })).json().data;
    expect(audit[0]).toMatchObject({ action: 'api_token.created', changes: expect.anything() });
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('stops working when it expires', async () => {
    const client = await signedInClient(t.app, t.tenant.adminEmail);
    const { token } = (await client.request({ method: 'POST', url: URL })).json().data;
    clock.advance(15 * 60_000);
    const res = await t.app.inject({ url: '/api/v1/webhooks/subscriptions', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('API token has expired.');
  });

  it("is bounded by the user's role: a viewer's token reads webhooks but may not manage them", async () => {
    const viewer = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const client = await signedInClient(t.app, viewer.email);
    const { token } = (await client.request({ method: 'POST', url: URL })).json().data;
    expect((await t.app.inject({ url: '/api/v1/webhooks/subscriptions', headers: bearer(token) })).statusCode).toBe(200);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/subscriptions',
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
