// A user's own account (name, password) and the public set-password endpoint the one-time links lead to: links
// work once and not after expiry, refused passwords name the field and leave the link usable, an invitation makes
// the user active, a password change ends the user's other sessions, and links are e-mailed when SMTP is set.
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/lib/clock.js';
import { bearer, makeToken, makeUser } from '../helpers/factories.js';
import { PASSWORD, SessionClient, signedInClient } from '../helpers/session-client.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { auditOf, textOf, tokenOf } from './tenancy-helpers.js';

const USERS = '/api/v1/users';
const SET_PASSWORD = '/api/v1/auth/set-password';
const CHANGE_PASSWORD = '/api/v1/auth/password';
const ME = '/api/v1/auth/me';
const NEW_PASSWORD = 'staple-orbit-lantern-42';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let unique = 0;
const email = (what: string) => `${what}-${Date.now().toString(36)}-${unique++}@example.test`;

describe('own account and one-time links', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  const clock = new FixedClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    call = jsonCaller(t.app, t.auth);
  });
  afterAll(() => t.close());

  const invite = async (role = 'viewer') => {
    const address = email('invitee');
    const res = await call('POST', USERS, { name: 'Invitee', email: address, role });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data.id as string, email: address, token: tokenOf(res.json().data.password_link.url) };
  };
  const setPassword = (token: string, password: string) => call('POST', SET_PASSWORD, { token, password }, {});

  it('sets the password through an invitation: the user becomes active and signs in; the link works once', async () => {
    const user = await invite();
    // Relative to the request's origin when no PUBLIC_URL is set.
    const done = await setPassword(user.token, NEW_PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    const read = (await call('GET', `${USERS}/${user.id}`)).json().data;
    expect(read).toMatchObject({ status: 'active', password_set_at: clock.now().toISOString() });
    expect((await new SessionClient(t.app).login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await setPassword(user.token, 'another-fine-passphrase');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'password_link_invalid',
      errors: { token: [expect.stringContaining('link')] },
    });
    expect((await setPassword('not-a-real-token', NEW_PASSWORD)).json().code).toBe('password_link_invalid');

    const entries = await auditOf(t.app, t.auth, user.id);
    expect(entries.map((e) => e.action)).toEqual(['auth.signed_in', 'user.password_set', 'user.created']);
    expect(entries[1]!.changes).toMatchObject({
      status: { before: 'invited', after: 'active' },
      link: { before: null, after: 'invitation' },
    });
    expect(textOf(entries)).not.toContain(user.token);
  });

  it('lets exactly one of two concurrent uses of a link through', async () => {
    const user = await invite();
    const results = await Promise.all([
      setPassword(user.token, NEW_PASSWORD),
      setPassword(user.token, 'another-fine-passphrase'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await auditOf(t.app, t.auth, user.id)).filter((e) => e.action === 'user.password_set')).toHaveLength(1);
  });

  it('refuses short, common and e-mail-equal passwords with the field named, and keeps the link usable', async () => {
    const user = await invite();
    for (const weak of [
      'short1',
      'password123',
      'Password1!',
      'qwertyuiop',
      '12345678910',
      'aaaaaaaaaa',
      'iloveyou2024',
      user.email,
      user.email.toUpperCase(),
      user.email.split('@')[0]! + '!',
    ]) {
      const res = await setPassword(user.token, weak);
      expect(res.statusCode, weak).toBe(422);
      expect(Object.keys(res.json().errors), weak).toEqual(['password']);
    }
    expect((await call('GET', `${USERS}/${user.id}`)).json().data.status).toBe('invited');
    expect((await auditOf(t.app, t.auth, user.id)).map((e) => e.action)).toEqual(['user.created']);
    expect((await setPassword(user.token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('expires an invitation after 7 days and a reset after an hour', async () => {
    const late = await invite();
    const inTime = await invite();
    clock.advance(7 * DAY - 1000);
    expect((await setPassword(inTime.token, NEW_PASSWORD)).statusCode).toBe(200);
    clock.advance(2000);
    const expired = await setPassword(late.token, NEW_PASSWORD);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().code).toBe('password_link_invalid');

    const reset = await call('POST', `${USERS}/${inTime.id}/reset-password`);
    const resetToken = tokenOf(reset.json().data.password_link.url);
    clock.advance(HOUR + 1000);
    expect((await setPassword(resetToken, 'another-fine-passphrase')).json().code).toBe('password_link_invalid');
    const fresh = tokenOf((await call('POST', `${USERS}/${inTime.id}/reset-password`)).json().data.password_link.url);
    clock.advance(HOUR - 1000);
    expect((await setPassword(fresh, 'another-fine-passphrase')).statusCode).toBe(200);
    expect((await new SessionClient(t.app).login(inTime.email, 'another-fine-passphrase')).statusCode).toBe(200);
  });

  it('refuses a link of a user deactivated since it was made', async () => {
    const user = await invite();
    expect((await call('POST', `${USERS}/${user.id}/deactivate`)).statusCode).toBe(200);
    expect((await setPassword(user.token, NEW_PASSWORD)).json().code).toBe('password_link_invalid');
  });

  it('changes the name of the signed-in user, recorded', async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const client = await signedInClient(t.app, user.email);
    const res = await client.request({ method: 'PATCH', url: ME, payload: { name: '  Grace Hopper ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: user.id, name: 'Grace Hopper' });
    expect((await client.request({ method: 'PATCH', url: ME, payload: { name: '' } })).statusCode).toBe(422);
    const entries = await auditOf(t.app, t.auth, user.id);
    expect(entries[0]).toMatchObject({
      action: 'user.updated',
      actor: { type: 'user', user_id: user.id },
      changes: { name: { before: user.name, after: 'Grace Hopper' } },
    });
    // A token cannot change its owner's account.
    const token = bearer(await makeToken(t.services, t.tenant.tenantId, user.id));
    expect((await call('PATCH', ME, { name: 'Other' }, token)).statusCode).toBe(401);
  });

  it('changes the password with the current one: other sessions end, this one stays', async () => {
    const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const here = await signedInClient(t.app, user.email);
    const elsewhere = await signedInClient(t.app, user.email);
    const token = bearer(await makeToken(t.services, t.tenant.tenantId, user.id));

    const wrong = await here.request({
      method: 'PUT',
      url: CHANGE_PASSWORD,
      payload: { current_password: 'not-my-password', password: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['current_password']);
    for (const weak of ['short', 'letmein123', user.email]) {
      const res = await here.request({
        method: 'PUT',
        url: CHANGE_PASSWORD,
        payload: { current_password: PASSWORD, password: weak },
      });
      expect(res.statusCode, weak).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['password']);
    }
    expect((await auditOf(t.app, t.auth, user.id)).some((e) => e.action === 'user.password_changed')).toBe(false);
    expect((await elsewhere.me()).statusCode).toBe(200);

    const ok = await here.request({
      method: 'PUT',
      url: CHANGE_PASSWORD,
      payload: { current_password: PASSWORD, password: NEW_PASSWORD },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await here.me()).statusCode).toBe(200);
    expect((await elsewhere.me()).statusCode).toBe(401);
    // Tokens are not sessions: they keep working.
    expect((await call('GET', ME, undefined, token)).statusCode).toBe(200);
    expect((await new SessionClient(t.app).login(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await new SessionClient(t.app).login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const entry = (await auditOf(t.app, t.auth, user.id)).find((e) => e.action === 'user.password_changed')!;
    expect(entry.changes!.password).toEqual({ before: '[REDACTED]', after: '[REDACTED]' });
    expect(textOf([entry])).not.toContain('$argon2');
    expect(
      (
        await call(
          'PUT',
          CHANGE_PASSWORD,
          { current_password: NEW_PASSWORD, password: 'yet-another-passphrase' },
          token,
        )
      ).statusCode,
    ).toBe(401);
  });
});

describe('one-time links by e-mail', () => {
  let server: SMTPServer;
  const received: Array<{ to: string[]; raw: Buffer }> = [];
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    t = await buildTestApp({
      config: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'no-reply@quartermaster.test',
        publicUrl: 'https://ops.example.test',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('e-mails the invitation and the reset instead of answering the link', async () => {
    const call = jsonCaller(t.app, t.auth);
    const address = email('mailed');
    const created = await call('POST', USERS, { name: 'Mailed', email: address, role: 'viewer' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.password_link).toMatchObject({ purpose: 'invitation', email_sent: true, url: null });
    expect(created.json().message).toContain('e-mailed');
    expect(received).toHaveLength(1);
    const mail = await PostalMime.parse(received[0]!.raw);
    expect(received[0]!.to).toEqual([address]);
    expect(mail.subject).toBe('Your Quartermaster invitation');
    const url = /https:\/\/ops\.example\.test\/set-password\?token=\S+/.exec(mail.text ?? '')![0];
    expect((await call('POST', SET_PASSWORD, { token: tokenOf(url), password: NEW_PASSWORD }, {})).statusCode).toBe(
      200,
    );

    const reset = await call('POST', `${USERS}/${created.json().data.id}/reset-password`);
    expect(reset.json().data.password_link).toMatchObject({ purpose: 'reset', email_sent: true, url: null });
    expect(received).toHaveLength(2);
    expect((await PostalMime.parse(received[1]!.raw)).subject).toBe('Reset your Quartermaster password');
  });
});
