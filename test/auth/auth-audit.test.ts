// The audit entries of signing in and of a user's own security settings: sign-ins, failed sign-ins (known
// e-mails only, written on their own), two-factor changes and recovery codes, and API-token writes. No entry
// holds a password, a TOTP secret, a recovery code or a token's hash or plain text.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/lib/clock.js';
import { makeUser } from '../helpers/factories.js';
import { CHALLENGE, PASSWORD, SessionClient, signedInClient } from '../helpers/session-client.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { auditOf, textOf, type AuditRow } from '../tenancy/tenancy-helpers.js';

const STEP_MS = 30_000;
const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

describe('audit entries of signing in, two-factor and API tokens', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  const entries = (id: string) => auditOf(t.app, t.auth, id);
  const nextStep = () => clock.advance(STEP_MS - (clock.now().getTime() % STEP_MS));

  it('records sign-ins and failed sign-ins of known e-mails, with the user as actor, and nothing for unknown e-mails', async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    expect((await new SessionClient(t.app).login(user.email, 'wrong-password-here')).statusCode).toBe(401);
    await signedInClient(t.app, user.email);
    const rows = await entries(user.id);
    expect(rows.map((e) => e.action)).toEqual(['auth.signed_in', 'auth.sign_in_failed', 'user.created']);
    expect(rows[0]).toMatchObject({
      entity_type: 'user',
      actor: { type: 'user', user_id: user.id, name: user.email },
      changes: { method: { before: null, after: 'password' } },
    });
    expect(rows[1]!.changes).toEqual({ reason: { before: null, after: 'password' } });
    expect(textOf(rows)).not.toContain('wrong-password-here');

    const before = (await t.services.audit.service.list(t.tenant.tenantId, { actions: ['auth.*'] }, undefined, 100))
      .entries.length;
    expect((await new SessionClient(t.app).login('nobody-here@example.test', 'whatever-it-is')).statusCode).toBe(401);
    expect(
      (await t.services.audit.service.list(t.tenant.tenantId, { actions: ['auth.*'] }, undefined, 100)).entries.length,
    ).toBe(before);
  });

  it('records two-factor enabling, confirming, recovery codes regenerated, a two-factor sign-in and disabling, without secrets', async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const client = await signedInClient(t.app, user.email);
    const secret = (await client.post('/api/v1/auth/two-factor/enable')).json().data.secret as string;
    nextStep();
    const confirmed = await client.post('/api/v1/auth/two-factor/confirm', {
      code: totp(secret).generate({ timestamp: clock.now().getTime() }),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const firstCodes = confirmed.json().data.recovery_codes as string[];

    expect(
      (await client.post('/api/v1/auth/two-factor/recovery-codes', { password: 'not-the-password' })).statusCode,
    ).toBe(422);
    const regenerated = await client.post('/api/v1/auth/two-factor/recovery-codes', { password: PASSWORD });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const codes = regenerated.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(8);

    // The old codes no longer work; a new one does.
    const pending = new SessionClient(t.app);
    expect((await pending.login(user.email)).statusCode).toBe(423);
    expect((await pending.post(CHALLENGE, { recovery_code: firstCodes[0] })).statusCode).toBe(422);
    expect((await pending.post(CHALLENGE, { recovery_code: codes[0] })).statusCode).toBe(200);

    expect(
      (await client.request({ method: 'DELETE', url: '/api/v1/auth/two-factor', payload: { password: PASSWORD } }))
        .statusCode,
    ).toBe(200);

    const rows = await entries(user.id);
    const actions = rows.map((e) => e.action);
    expect(actions.slice(0, 6)).toEqual([
      'user.two_factor_disabled',
      'auth.signed_in',
      'auth.sign_in_failed',
      'user.recovery_codes_regenerated',
      'user.two_factor_confirmed',
      'user.two_factor_enabled',
    ]);
    const by = (action: string) => rows.find((e) => e.action === action) as AuditRow;
    expect(by('user.two_factor_confirmed').changes).toMatchObject({
      two_factor_enabled: { before: false, after: true },
      recovery_codes: { before: null, after: '[REDACTED]' },
    });
    expect(by('user.two_factor_enabled').changes).toMatchObject({
      two_factor_secret: { before: null, after: '[REDACTED]' },
    });
    expect(by('user.recovery_codes_regenerated').changes).toEqual({
      recovery_codes: { before: '[REDACTED]', after: '[REDACTED]' },
    });
    expect(by('auth.signed_in').changes).toEqual({ method: { before: null, after: 'recovery_code' } });
    expect(by('auth.sign_in_failed').changes).toEqual({ reason: { before: null, after: 'two_factor_code' } });
    const text = textOf(rows);
    for (const secretText of [secret, ...firstCodes, ...codes, PASSWORD]) expect(text).not.toContain(secretText);
    // The refused regeneration (wrong password) left no entry.
    expect(actions.filter((a) => a === 'user.recovery_codes_regenerated')).toHaveLength(1);
  });

  it('records API tokens created, approved and revoked, never their secret or hash', async () => {
    const admin = await signedInClient(t.app, t.tenant.adminEmail);
    const created = await admin.post('/api/v1/api-tokens', {
      name: 'Approver',
      type: 'application',
      abilities: ['operations:approve-purchase-orders'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, plain_text_token: plain } = created.json().data as { id: string; plain_text_token: string };
    expect((await admin.post(`/api/v1/api-tokens/${id}/approve`)).statusCode).toBe(200);
    expect((await admin.post(`/api/v1/api-tokens/${id}/approve`)).statusCode).toBe(422);
    expect((await admin.delete(`/api/v1/api-tokens/${id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/v1/api-tokens/${id}`)).statusCode).toBe(200);

    const rows = await entries(id);
    expect(rows.map((e) => e.action)).toEqual(['api_token.revoked', 'api_token.approved', 'api_token.created']);
    expect(rows[0]!.changes).toMatchObject({ status: { before: 'active', after: 'revoked' } });
    expect(rows[1]!.changes).toMatchObject({
      status: { before: 'pending_approval', after: 'active' },
      approved_by: { before: null, after: t.tenant.adminId },
    });
    expect(rows[2]!.changes).toMatchObject({
      name: { before: null, after: 'Approver' },
      user_id: { before: null, after: t.tenant.adminId },
    });
    expect(rows.every((e) => e.entity_type === 'api_token' && e.actor.type === 'user')).toBe(true);
    const text = textOf(rows);
    expect(text).not.toContain(plain);
    expect(text).not.toContain(plain.slice(0, 13));
  });
});
