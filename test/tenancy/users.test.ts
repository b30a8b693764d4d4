// The users API for a tenant's administrators: invitations with one-time links, names and roles, deactivation
// (sessions end and tokens stop at once) and reactivation, resending invitations and password resets, the
// last-admin rule (also under two concurrent demotions), abilities, tenant scoping, ETags and audit entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/db/schema.js';
import { bearer, makeTenantWithToken, makeToken, makeUser } from '../helpers/factories.js';
import { PASSWORD, SessionClient, signedInClient } from '../helpers/session-client.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { auditOf, EVERY_VIEW, textOf, tokenOf, uniqueEmail as email } from './tenancy-helpers.js';

const USERS = '/api/v1/users';
const SET_PASSWORD = '/api/v1/auth/set-password';
const NEW_PASSWORD = 'staple-orbit-lantern-42';

describe('users API', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;

  beforeAll(async () => {
    t = await buildTestApp({ config: { publicUrl: 'https://ops.example.test/console' } });
    call = jsonCaller(t.app, t.auth);
  });
  afterAll(() => t.close());

  /** Invites a user and sets their password through the invitation: an active user who can sign in. */
  async function activeUser(role: Role = 'viewer') {
    const address = email(role);
    const created = await call('POST', USERS, { name: `An ${role}`, email: address, role });
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    const set = await call('POST', SET_PASSWORD, { token: tokenOf(data.password_link.url), password: PASSWORD }, {});
    expect(set.statusCode, set.body).toBe(200);
    return { id: data.id as string, email: address };
  }

  it('invites a user: status invited, no sign-in, and a one-time link under the public URL answered once without SMTP', async () => {
    const address = email('invitee');
    const created = await call('POST', USERS, {
      name: '  Ivy Invitee ',
      email: address.toUpperCase(),
      role: 'manager',
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.message).toContain('E-mail is not configured');
    expect(body.data).toMatchObject({
      name: 'Ivy Invitee',
      email: address,
      role: 'manager',
      status: 'invited',
      password_set_at: null,
      deactivated_at: null,
      two_factor_enabled: false,
    });
    expect(body.data.password_link).toMatchObject({ purpose: 'invitation', email_sent: false });
    expect(body.data.password_link.url).toMatch(
      /^https:\/\/ops\.example\.test\/console\/set-password\?token=[A-Za-z0-9]{43}$/,
    );
    expect(Date.parse(body.data.password_link.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(created.headers.etag).toEqual(expect.any(String));

    // Not listed again anywhere: a read shows no link.
    const read = await call('GET', `${USERS}/${body.data.id}`);
    expect(read.json().data.password_link).toBeUndefined();
    expect(read.headers.etag).toBe(created.headers.etag);

    // An invited user cannot sign in, whatever password they try.
    const client = new SessionClient(t.app);
    expect((await client.login(address, 'anything-at-all-1')).statusCode).toBe(401);
    expect((await client.login(address, '!invited')).statusCode).toBe(401);
  });

  it('refuses bad fields with the field named, and a taken e-mail', async () => {
    const bad = await call('POST', USERS, { name: '', email: 'not-an-email', role: 'owner' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(expect.arrayContaining(['email', 'name', 'role']));
    const taken = await call('POST', USERS, { name: 'Twin', email: t.tenant.adminEmail, role: 'viewer' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toHaveProperty('email');
    const entries = await call('GET', '/api/v1/audit-log?action=user.created&per_page=100');
    expect(
      entries
        .json()
        .data.filter((e: { changes: { email?: { after: string } } }) => e.changes?.email?.after === 'not-an-email'),
    ).toEqual([]);
  });

  it('lists with role, status and search filters, sorting and the page envelope', async () => {
    const viewer = await activeUser('viewer');
    const deactivated = await activeUser('manager');
    expect((await call('POST', `${USERS}/${deactivated.id}/deactivate`)).statusCode).toBe(200);

    const all = await call('GET', `${USERS}?per_page=2&sort_by=email&sort_direction=desc`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(all.json().links.next).toContain('page=2');
    const emails = all.json().data.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());

    const statuses = async (status: string) =>
      (await call('GET', `${USERS}?status=${status}&per_page=100`))
        .json()
        .data.map((u: { id: string; status: string }) => u);
    expect((await statuses('deactivated')).every((u: { status: string }) => u.status === 'deactivated')).toBe(true);
    expect((await statuses('deactivated')).map((u: { id: string }) => u.id)).toContain(deactivated.id);
    expect((await statuses('active')).map((u: { id: string }) => u.id)).toEqual(
      expect.arrayContaining([viewer.id, t.tenant.adminId]),
    );
    expect((await statuses('invited')).every((u: { status: string }) => u.status === 'invited')).toBe(true);

    const admins = (await call('GET', `${USERS}?role=admin`)).json().data;
    expect(admins.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    const found = (
      await call('GET', `${USERS}?search=${encodeURIComponent(viewer.email.slice(0, 12).toUpperCase())}`)
    ).json().data;
    expect(found.map((u: { id: string }) => u.id)).toContain(viewer.id);
    expect((await call('GET', `${USERS}?status=gone`)).statusCode).toBe(422);
  });

  it('changes name and role, with the ETag of the record and If-Match', async () => {
    const user = await activeUser('viewer');
    const read = await call('GET', `${USERS}/${user.id}`);
    const stale = await call('PATCH', `${USERS}/${user.id}`, { name: 'Renamed' }, { ...t.auth, 'if-match': '"nope"' });
    expect(stale.statusCode).toBe(412);
    const renamed = await call(
      'PATCH',
      `${USERS}/${user.id}`,
      { name: 'Renamed' },
      { ...t.auth, 'if-match': read.headers.etag as string },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Renamed', role: 'viewer' });
    const promoted = await call('PATCH', `${USERS}/${user.id}`, { role: 'manager' });
    expect(promoted.json().data.role).toBe('manager');
    expect((await call('PATCH', `${USERS}/${user.id}`, { role: 'owner' })).statusCode).toBe(422);

    const entries = await auditOf(t.app, t.auth, user.id);
    expect(entries.slice(0, 2).map((e) => e.action)).toEqual(['user.role_changed', 'user.updated']);
    expect(entries[0]!.changes).toEqual({ role: { before: 'viewer', after: 'manager' } });
    expect(entries[1]!.changes).toEqual({ name: { before: 'An viewer', after: 'Renamed' } });
  });

  it('invites sales and warehouse users, who sign in with their role’s abilities; lists them by role; changes one', async () => {
    const sales = await activeUser('sales');
    const warehouse = await activeUser('warehouse');
    for (const [role, user] of [
      ['sales', sales],
      ['warehouse', warehouse],
    ] as const) {
      const listed = (await call('GET', `${USERS}?role=${role}&per_page=100`)).json().data;
      expect(listed.every((u: { role: string }) => u.role === role)).toBe(true);
      expect(listed.map((u: { id: string }) => u.id)).toContain(user.id);
    }

    const abilitiesOf = async (address: string) =>
      (await (await signedInClient(t.app, address)).get('/api/v1/auth/me')).json().data.abilities as string[];
    const salesAbilities = await abilitiesOf(sales.email);
    expect(salesAbilities).toEqual(expect.arrayContaining(['sales:create-orders', 'sales:edit-orders']));
    expect(salesAbilities).not.toContain('sales:ship-orders');
    const warehouseAbilities = await abilitiesOf(warehouse.email);
    expect(warehouseAbilities).toEqual(expect.arrayContaining(['sales:ship-orders', 'operations:adjust-stock']));
    expect(warehouseAbilities).not.toContain('sales:create-orders');

    const changed = await call('PATCH', `${USERS}/${sales.id}`, { role: 'warehouse' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.role).toBe('warehouse');
    expect((await auditOf(t.app, t.auth, sales.id))[0]!.changes).toEqual({
      role: { before: 'sales', after: 'warehouse' },
    });
  });

  it('deactivation ends sessions and stops tokens on their next request; reactivation revives tokens but not sessions', async () => {
    const user = await activeUser('viewer');
    const session = await signedInClient(t.app, user.email);
    const token = await makeToken(t.services, t.tenant.tenantId, user.id, { abilities: ['operations:view-products'] });
    expect((await session.me()).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/auth/me', undefined, bearer(token))).statusCode).toBe(200);

    const off = await call('POST', `${USERS}/${user.id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ status: 'deactivated', deactivated_at: expect.any(String) });
    expect((await session.me()).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/auth/me', undefined, bearer(token))).statusCode).toBe(401);
    expect((await new SessionClient(t.app).login(user.email)).statusCode).toBe(401);
    // Again: nothing changes, nothing recorded.
    expect((await call('POST', `${USERS}/${user.id}/deactivate`)).json().data.status).toBe('deactivated');

    const on = await call('POST', `${USERS}/${user.id}/reactivate`);
    expect(on.json().data).toMatchObject({ status: 'active', deactivated_at: null });
    expect((await session.me()).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/auth/me', undefined, bearer(token))).statusCode).toBe(200);
    expect((await signedInClient(t.app, user.email).then((c) => c.me())).statusCode).toBe(200);

    const actions = (await auditOf(t.app, t.auth, user.id)).map((e) => e.action);
    expect(actions.filter((a) => a === 'user.deactivated')).toHaveLength(1);
    expect(actions.filter((a) => a === 'user.reactivated')).toHaveLength(1);
  });

  it('resends an invitation only to an invited user; the earlier link stops working', async () => {
    const created = (await call('POST', USERS, { name: 'Late', email: email('late'), role: 'viewer' })).json().data;
    const first = tokenOf(created.password_link.url);
    const resent = await call('POST', `${USERS}/${created.id}/resend-invitation`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toMatchObject({
      status: 'invited',
      password_link: { purpose: 'invitation', email_sent: false },
    });
    const second = tokenOf(resent.json().data.password_link.url);
    expect(second).not.toBe(first);

    const old = await call('POST', SET_PASSWORD, { token: first, password: NEW_PASSWORD }, {});
    expect(old.statusCode).toBe(422);
    expect(old.json()).toMatchObject({ code: 'password_link_invalid', errors: { token: [expect.any(String)] } });
    expect((await call('POST', SET_PASSWORD, { token: second, password: NEW_PASSWORD }, {})).statusCode).toBe(200);

    const again = await call('POST', `${USERS}/${created.id}/resend-invitation`);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('user_not_invited');
    const actions = (await auditOf(t.app, t.auth, created.id)).map((e) => e.action);
    expect(actions).toEqual(['user.password_set', 'user.invitation_resent', 'user.created']);
  });

  it('starts a password reset for an active user only: a one-hour link; the old password works until it is used', async () => {
    const user = await activeUser('viewer');
    const other = await signedInClient(t.app, user.email);
    const reset = await call('POST', `${USERS}/${user.id}/reset-password`);
    expect(reset.statusCode, reset.body).toBe(200);
    const link = reset.json().data.password_link;
    expect(link).toMatchObject({ purpose: 'reset', email_sent: false });
    expect(Date.parse(link.expires_at) - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(3_500_000);
    expect((await other.me()).statusCode).toBe(200);

    expect(
      (await call('POST', SET_PASSWORD, { token: tokenOf(link.url), password: NEW_PASSWORD }, {})).statusCode,
    ).toBe(200);
    // The password is the new one, and the user's sessions ended.
    expect((await other.me()).statusCode).toBe(401);
    expect((await new SessionClient(t.app).login(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await new SessionClient(t.app).login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const invited = (await call('POST', USERS, { name: 'Not yet', email: email('notyet'), role: 'viewer' })).json()
      .data;
    const refused = await call('POST', `${USERS}/${invited.id}/reset-password`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('user_invited');
    expect((await call('POST', `${USERS}/${user.id}/deactivate`)).statusCode).toBe(200);
    const deactivated = await call('POST', `${USERS}/${user.id}/reset-password`);
    expect(deactivated.json().code).toBe('user_deactivated');
    expect((await call('POST', `${USERS}/${user.id}/resend-invitation`)).json().code).toBe('user_deactivated');

    const entries = await auditOf(t.app, t.auth, user.id);
    expect(entries.filter((e) => e.action === 'user.password_reset_started')).toHaveLength(1);
    const set = entries.find((e) => e.action === 'user.password_set')!;
    expect(set.actor).toMatchObject({ type: 'user', user_id: user.id, name: user.email });
    expect(set.changes!.password).toEqual({ before: '[REDACTED]', after: '[REDACTED]' });
    expect(textOf(entries)).not.toContain(tokenOf(link.url));
    expect(textOf(entries)).not.toContain('$argon2');
    expect((await auditOf(t.app, t.auth, invited.id)).map((e) => e.action)).toEqual(['user.created']);
  });

  it('keeps the last active admin: no demotion or deactivation (422 last_admin), and nothing recorded', async () => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const own = jsonCaller(t.app, auth);
    const demote = await own('PATCH', `${USERS}/${tenant.adminId}`, { role: 'manager' });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().code).toBe('last_admin');
    const off = await own('POST', `${USERS}/${tenant.adminId}/deactivate`);
    expect(off.statusCode).toBe(422);
    expect(off.json().code).toBe('last_admin');
    expect((await auditOf(t.app, auth, tenant.adminId)).map((e) => e.action)).toEqual(['user.created']);

    // An invited admin does not count: they cannot sign in.
    const invited = (await own('POST', USERS, { name: 'Second', email: email('second'), role: 'admin' })).json().data;
    expect((await own('POST', `${USERS}/${tenant.adminId}/deactivate`)).json().code).toBe('last_admin');
    // Once they can, either may go.
    expect(
      (await own('POST', SET_PASSWORD, { token: tokenOf(invited.password_link.url), password: NEW_PASSWORD }, {}))
        .statusCode,
    ).toBe(200);
    expect((await own('PATCH', `${USERS}/${invited.id}`, { role: 'viewer' })).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent demotions of the last two admins through', async () => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const own = jsonCaller(t.app, auth);
    // The caller's token belongs to the first admin, who may lose the role: read the outcome through the service.
    const activeAdmins = async () =>
      (
        await t.services.userAdministration.service.list(
          tenant.tenantId,
          { role: 'admin', status: 'active', sort_by: 'name', sort_direction: 'asc' },
          { page: 1, per_page: 10 },
        )
      ).items;
    const secondAdmin = async () => {
      const created = (await own('POST', USERS, { name: 'Another admin', email: email('admin'), role: 'admin' })).json()
        .data;
      expect(
        (await own('POST', SET_PASSWORD, { token: tokenOf(created.password_link.url), password: NEW_PASSWORD }, {}))
          .statusCode,
      ).toBe(200);
      return created.id as string;
    };
    const second = await secondAdmin();

    const results = await Promise.all([
      own('PATCH', `${USERS}/${tenant.adminId}`, { role: 'manager' }),
      own('PATCH', `${USERS}/${second}`, { role: 'viewer' }),
    ]);
    expectOneThrough(results);
    expect(await activeAdmins()).toHaveLength(1);
    // One entry, of the change that went through.
    const changes = await t.services.audit.service.list(
      tenant.tenantId,
      { actions: ['user.role_changed'] },
      undefined,
      50,
    );
    expect(changes.entries).toHaveLength(1);

    // A deactivation and a demotion at once: the same. The caller is whichever admin is left.
    const remaining = (await activeAdmins())[0]!;
    const caller = jsonCaller(t.app, bearer(await makeToken(t.services, tenant.tenantId, remaining.id)));
    const third = (await caller('POST', USERS, { name: 'Third', email: email('third'), role: 'admin' })).json().data;
    expect(
      (await caller('POST', SET_PASSWORD, { token: tokenOf(third.password_link.url), password: NEW_PASSWORD }, {}))
        .statusCode,
    ).toBe(200);
    const both = await Promise.all([
      caller('POST', `${USERS}/${remaining.id}/deactivate`),
      caller('PATCH', `${USERS}/${third.id}`, { role: 'manager' }),
    ]);
    expectOneThrough(both);
    expect(await activeAdmins()).toHaveLength(1);
  });

  /**
   * Of two changes that each leave one admin, the first changing the caller: one goes through, the other is
   * refused as the last admin's, or, when the caller's own change committed before the other request was
   * authenticated, because the caller no longer holds the role (403) or is no longer active (401).
   */
  function expectOneThrough([callerChange, otherChange]: Array<{ statusCode: number; json(): { code: string } }>) {
    if (callerChange!.statusCode === 200 && otherChange!.statusCode !== 422) {
      expect([401, 403]).toContain(otherChange!.statusCode);
      return;
    }
    const statuses = [callerChange!.statusCode, otherChange!.statusCode].sort();
    expect(statuses).toEqual([200, 422]);
    expect((callerChange!.statusCode === 422 ? callerChange! : otherChange!).json().code).toBe('last_admin');
  }

  it('answers 404 for another tenant’s user on every route', async () => {
    const other = await makeTenantWithToken(t.services);
    const id = other.tenant.adminId;
    expect((await call('GET', `${USERS}/${id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `${USERS}/${id}`, { name: 'Mine' })).statusCode).toBe(404);
    for (const action of ['deactivate', 'reactivate', 'resend-invitation', 'reset-password']) {
      const res = await call('POST', `${USERS}/${id}/${action}`);
      expect(res.statusCode, action).toBe(404);
    }
    expect((await call('GET', `${USERS}?search=${encodeURIComponent(other.tenant.adminEmail)}`)).json().data).toEqual(
      [],
    );
  });

  it('needs system:view-users to read and system:manage-users to change (system:manage-roles besides for a role); managers and viewers get 403', async () => {
    for (const role of ['manager', 'viewer'] as const) {
      const user = await makeUser(t.services, t.tenant.tenantId, role);
      const token = bearer(await makeToken(t.services, t.tenant.tenantId, user.id));
      expect((await call('GET', USERS, undefined, token)).statusCode, role).toBe(403);
      expect((await call('GET', `${USERS}/${user.id}`, undefined, token)).statusCode).toBe(403);
      expect((await call('POST', USERS, { name: 'X', email: email('x'), role: 'viewer' }, token)).statusCode).toBe(403);
      expect((await call('POST', `${USERS}/${t.tenant.adminId}/deactivate`, undefined, token)).statusCode).toBe(403);
      const session = await signedInClient(t.app, user.email);
      expect((await session.get(USERS)).statusCode).toBe(403);
      expect((await session.post(`${USERS}/${user.id}/reset-password`)).statusCode).toBe(403);
    }
    const viewOnly = bearer(
      await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['system:view-users'] }),
    );
    expect((await call('GET', USERS, undefined, viewOnly)).statusCode).toBe(200);
    expect((await call('POST', USERS, { name: 'X', email: email('x'), role: 'viewer' }, viewOnly)).statusCode).toBe(
      403,
    );

    const target = await activeUser('viewer');
    // Every view- ability besides: acting on a viewer needs all their role allows (test/tenancy/user-authority.test.ts).
    const usersOnly = bearer(
      await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
        abilities: ['system:manage-users', ...EVERY_VIEW],
      }),
    );
    expect((await call('PATCH', `${USERS}/${target.id}`, { name: 'Named' }, usersOnly)).statusCode).toBe(200);
    const role = await call('PATCH', `${USERS}/${target.id}`, { role: 'manager' }, usersOnly);
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toContain('system:manage-roles');
    expect((await call('GET', `${USERS}/${target.id}`)).json().data.role).toBe('viewer');

    // An admin's session may do it all.
    const admin = await signedInClient(t.app, t.tenant.adminEmail, 'correct-horse-battery');
    expect((await admin.get(USERS)).statusCode).toBe(200);
    expect(
      (await admin.request({ method: 'PATCH', url: `${USERS}/${target.id}`, payload: { role: 'manager' } })).statusCode,
    ).toBe(200);
  });
});
