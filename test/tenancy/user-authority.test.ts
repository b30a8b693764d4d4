// Who may administer whom: a caller gives no role above viewer without system:manage-roles, and acts on no user
// (invites, changes, deactivates, reactivates, sends a link to) whose role allows an ability the caller does not
// hold. Each refusal is a 403 naming the missing ability and leaves nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABILITIES, roleAllows } from '../../src/modules/auth/abilities.js';
import { bearer, makeTenant, makeToken, makeUser } from '../helpers/factories.js';
import { signedInClient } from '../helpers/session-client.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { auditOf, EVERY_VIEW, uniqueEmail as email } from './tenancy-helpers.js';

const USERS = '/api/v1/users';

describe('user administration by ability', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;

  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
  });
  afterAll(() => t.close());

  /** A token of the tenant's admin granted only `abilities`. */
  const adminToken = async (abilities: string[]) =>
    bearer(await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities }));

  const expectRefused = (
    response: { statusCode: number; body: string; json(): { message: string } },
    ability: string,
  ) => {
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toBe(`This action requires the ability ${ability}.`);
  };

  /** Nothing was recorded about the user beyond their creation. */
  const expectUntouched = async (userId: string) => {
    expect((await auditOf(t.app, t.auth, userId)).map((entry) => entry.action)).toEqual(['user.created']);
  };

  const noUserWith = async (address: string) => {
    expect((await call('GET', `${USERS}?search=${encodeURIComponent(address)}`)).json().data).toEqual([]);
  };

  it('refuses a token granted system:manage-users alone an admin or manager invitation, naming system:manage-roles, and creates nobody', async () => {
    const usersOnly = await adminToken(['system:manage-users']);
    for (const role of ['admin', 'manager'] as const) {
      const address = email(role);
      expectRefused(
        await call('POST', USERS, { name: `A new ${role}`, email: address, role }, usersOnly),
        'system:manage-roles',
      );
      await noUserWith(address);
    }
  });

  it('refuses a token granted system:manage-users alone every act on an admin, naming the first ability it lacks, and writes nothing', async () => {
    const usersOnly = await adminToken(['system:manage-users']);
    const admin = await makeUser(t.services, t.tenant.tenantId, 'admin');
    expectRefused(
      await call('POST', `${USERS}/${admin.id}/reset-password`, undefined, usersOnly),
      'system:manage-system',
    );
    expectRefused(
      await call('PATCH', `${USERS}/${admin.id}`, { name: 'Taken over' }, usersOnly),
      'system:manage-system',
    );
    expectRefused(await call('POST', `${USERS}/${admin.id}/deactivate`, undefined, usersOnly), 'system:manage-system');
    await expectUntouched(admin.id);
    expect((await call('GET', `${USERS}/${admin.id}`)).json().data).toMatchObject({
      name: admin.name,
      status: 'active',
    });

    const invited = (
      await call('POST', USERS, { name: 'An invited admin', email: email('invited-admin'), role: 'admin' })
    ).json().data;
    expectRefused(
      await call('POST', `${USERS}/${invited.id}/resend-invitation`, undefined, usersOnly),
      'system:manage-system',
    );
    expect((await auditOf(t.app, t.auth, invited.id)).map((entry) => entry.action)).toEqual(['user.created']);

    expect((await call('POST', `${USERS}/${admin.id}/deactivate`)).statusCode).toBe(200);
    expectRefused(await call('POST', `${USERS}/${admin.id}/reactivate`, undefined, usersOnly), 'system:manage-system');
    expect((await call('GET', `${USERS}/${admin.id}`)).json().data.status).toBe('deactivated');
  });

  it('lets system:manage-users with every view ability invite and administer viewers, but give no other role', async () => {
    const viewerAdministrator = await adminToken(['system:manage-users', ...EVERY_VIEW]);
    const created = await call(
      'POST',
      USERS,
      { name: 'A viewer', email: email('viewer'), role: 'viewer' },
      viewerAdministrator,
    );
    expect(created.statusCode, created.body).toBe(201);
    const viewer = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    expect(
      (await call('POST', `${USERS}/${viewer.id}/reset-password`, undefined, viewerAdministrator)).statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `${USERS}/${viewer.id}`, { name: 'Renamed viewer' }, viewerAdministrator)).statusCode,
    ).toBe(200);

    expectRefused(
      await call('PATCH', `${USERS}/${viewer.id}`, { role: 'manager' }, viewerAdministrator),
      'system:manage-roles',
    );
    expect((await call('GET', `${USERS}/${viewer.id}`)).json().data.role).toBe('viewer');

    // A viewer reads more than a token of system:manage-users alone: it acts on none.
    const usersOnly = await adminToken(['system:manage-users']);
    expectRefused(
      await call('POST', `${USERS}/${viewer.id}/reset-password`, undefined, usersOnly),
      'system:view-webhooks',
    );
    const address = email('viewer');
    expectRefused(
      await call('POST', USERS, { name: 'Another viewer', email: address, role: 'viewer' }, usersOnly),
      'system:view-webhooks',
    );
    await noUserWith(address);
  });

  it('needs every ability of the role given and of the role held, even with system:manage-roles', async () => {
    const systemOnly = await adminToken(['system:*']);
    const address = email('manager');
    expectRefused(
      await call('POST', USERS, { name: 'A manager', email: address, role: 'manager' }, systemOnly),
      'crm:view-customers',
    );
    await noUserWith(address);

    const viewer = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const systemAndViews = await adminToken(['system:*', ...EVERY_VIEW]);
    expectRefused(await call('PATCH', `${USERS}/${viewer.id}`, { role: 'admin' }, systemAndViews), 'crm:create-leads');
    await expectUntouched(viewer.id);

    // Demoting an admin gives the least-privileged role, but acts on an admin: it needs all the admin holds.
    const admin = await makeUser(t.services, t.tenant.tenantId, 'admin');
    expectRefused(await call('PATCH', `${USERS}/${admin.id}`, { role: 'viewer' }, systemAndViews), 'crm:create-leads');
    expect((await call('GET', `${USERS}/${admin.id}`)).json().data.role).toBe('admin');
  });

  it('gives the sales or the warehouse role only to a caller holding every ability it allows', async () => {
    const salesAbilities = ABILITIES.filter((a) => roleAllows('sales', a.ability)).map((a) => a.ability);
    const salesAdministrator = await adminToken(['system:manage-users', 'system:manage-roles', ...salesAbilities]);
    const invited = await call(
      'POST',
      USERS,
      { name: 'A seller', email: email('sales'), role: 'sales' },
      salesAdministrator,
    );
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data.role).toBe('sales');

    // The warehouse role ships orders, which the caller may not.
    const address = email('warehouse');
    expectRefused(
      await call('POST', USERS, { name: 'A packer', email: address, role: 'warehouse' }, salesAdministrator),
      'sales:ship-orders',
    );
    await noUserWith(address);
    const warehouse = await makeUser(t.services, t.tenant.tenantId, 'warehouse');
    expectRefused(
      await call('PATCH', `${USERS}/${warehouse.id}`, { name: 'Renamed' }, salesAdministrator),
      'sales:ship-orders',
    );
    expectRefused(
      await call('PATCH', `${USERS}/${invited.json().data.id}`, { role: 'warehouse' }, salesAdministrator),
      'sales:ship-orders',
    );
    await expectUntouched(warehouse.id);

    // Neither is the least-privileged role: giving it needs system:manage-roles.
    const usersAndSales = await adminToken(['system:manage-users', ...salesAbilities]);
    expectRefused(
      await call('POST', USERS, { name: 'A seller', email: email('sales'), role: 'sales' }, usersAndSales),
      'system:manage-roles',
    );

    // A manager holds every ability of both roles (src/modules/auth/abilities.test.ts), but administers no user.
    const manager = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const managerSession = await signedInClient(t.app, manager.email);
    expectRefused(
      await managerSession.post(USERS, { name: 'A seller', email: email('sales'), role: 'sales' }),
      'system:manage-users',
    );
  });

  it("lets an admin's session, which holds every ability, invite an admin and reset an admin's password", async () => {
    const session = await signedInClient(t.app, t.tenant.adminEmail);
    const invited = await session.post(USERS, { name: 'A second admin', email: email('second-admin'), role: 'admin' });
    expect(invited.statusCode, invited.body).toBe(201);
    const admin = await makeUser(t.services, t.tenant.tenantId, 'admin');
    expect((await session.post(`${USERS}/${admin.id}/reset-password`)).statusCode).toBe(200);
  });

  it('answers 404, not 403, for another tenant’s user', async () => {
    const usersOnly = await adminToken(['system:manage-users']);
    const other = (await makeTenant(t.services)).adminId;
    expect((await call('POST', `${USERS}/${other}/reset-password`, undefined, usersOnly)).statusCode).toBe(404);
    expect((await call('PATCH', `${USERS}/${other}`, { role: 'admin' }, usersOnly)).statusCode).toBe(404);
  });
});
