// The operator CLI, in process: `runCli(argv, io, config)` against a test database of the engine under
// test. Output shapes are those of the README and docs/decisions/operations.md (Operator CLI); errors go to stderr with
// exit code 1.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { migrations } from '../../src/db/migrations/index.js';
import type { Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { verifyPassword } from '../../src/lib/passwords.js';
import { createServices, type Services } from '../../src/services.js';
import { ROLES } from '../../src/modules/tenancy/user.service.js';
import { bearer, makeTenant, type TenantFixture } from '../helpers/factories.js';
import { cli, json } from '../helpers/cli-run.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabaseLocation, openTestDatabase, type TestDatabaseLocation } from '../helpers/test-database.js';

const ULID = /^[0-9a-hjkmnp-tv-z]{26}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY_MS = 86_400_000;

let unique = 0;
const email = (what: string) => `${what}-${Date.now().toString(36)}-${unique++}@example.test`;

describe('cli on a migrated database', () => {
  let location: TestDatabaseLocation;
  let config: Config;
  let database: Database;
  let services: Services;
  let tenant: TenantFixture;

  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    config = testConfig(location);
    database = openTestDatabase(location);
    services = createServices({ db: database.db, clock: systemClock, newId, config });
    tenant = await makeTenant(services);
  });
  afterAll(async () => {
    await database?.close();
    await location?.drop();
  });

  const countTenants = async () =>
    Number(
      (
        await database.db
          .selectFrom('tenants')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('tenant:create', () => {
    it('creates the tenant, its MAIN warehouse and the admin, and prints exactly the contract JSON', async () => {
      const adminEmail = email('owner');
      const result = await cli(config, [
        'tenant:create',
        '--name',
        'Acme Trading',
        '--admin-email',
        adminEmail,
        '--admin-password',
        'correct-horse-battery',
        '--json',
      ]);

      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const out = json(result) as { tenant: { id: string }; user: { id: string }; warehouse: { id: string } };
      expect(out).toStrictEqual({
        tenant: { id: expect.stringMatching(ULID), name: 'Acme Trading' },
        user: { id: expect.stringMatching(ULID), email: adminEmail },
        warehouse: { id: expect.stringMatching(ULID), code: 'MAIN' },
      });
      expect(Object.keys(out)).toEqual(['tenant', 'user', 'warehouse']);

      const tenantRow = await database.db
        .selectFrom('tenants')
        .selectAll()
        .where('id', '=', out.tenant.id)
        .executeTakeFirst();
      expect(tenantRow?.name).toBe('Acme Trading');
      const user = await database.db.selectFrom('users').selectAll().where('id', '=', out.user.id).executeTakeFirst();
      expect(user).toMatchObject({ tenant_id: out.tenant.id, email: adminEmail, role: 'admin', is_active: true });
      expect(user?.password_hash).not.toContain('correct-horse-battery');
      const warehouses = await database.db
        .selectFrom('warehouses')
        .selectAll()
        .where('tenant_id', '=', out.tenant.id)
        .execute();
      expect(warehouses).toHaveLength(1);
      expect(warehouses[0]).toMatchObject({
        id: out.warehouse.id,
        code: 'MAIN',
        name: 'Main Warehouse',
        is_default: true,
      });
    });

    it('prints a human sentence without --json', async () => {
      const adminEmail = email('plain');
      const result = await cli(config, [
        'tenant:create',
        '--name',
        'Plain Ltd',
        '--admin-email',
        adminEmail,
        '--admin-password',
        'correct-horse-battery',
      ]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(
        /^Tenant Plain Ltd \([0-9a-z]{26}\) created with warehouse MAIN and admin plain-.*@example\.test\.\n$/,
      );
    });

    it('refuses an admin e-mail already taken, with exit 1 and nothing half-written', async () => {
      const tenantsBefore = await countTenants();
      const warehousesBefore = (await database.db.selectFrom('warehouses').select('id').execute()).length;

      const result = await cli(config, [
        'tenant:create',
        '--name',
        'Copycat',
        '--admin-email',
        tenant.adminEmail,
        '--admin-password',
        'correct-horse-battery',
        '--json',
      ]);

      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('email');
      expect(result.stderr).toContain('already been taken');
      expect(await countTenants()).toBe(tenantsBefore);
      expect(await database.db.selectFrom('tenants').select('id').where('name', '=', 'Copycat').execute()).toEqual([]);
      expect((await database.db.selectFrom('warehouses').select('id').execute()).length).toBe(warehousesBefore);
    });

    it('reports invalid fields and a missing required option with exit 1', async () => {
      const short = await cli(config, [
        'tenant:create',
        '--name',
        'Shorty',
        '--admin-email',
        email('short'),
        '--admin-password',
        'short',
      ]);
      expect(short.code).toBe(1);
      expect(short.stderr).toContain('password');

      const missing = await cli(config, ['tenant:create', '--name', 'No admin']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('--admin-email');
    });
  });

  it('tenant:list prints every tenant with its id', async () => {
    const result = await cli(config, ['tenant:list', '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const out = json(result) as { tenants: Array<{ id: string; name: string; created_at: string }> };
    expect(out.tenants).toContainEqual({
      id: tenant.tenantId,
      name: expect.any(String),
      created_at: expect.stringMatching(ISO),
    });
    expect(out.tenants).toHaveLength(await countTenants());
    const text = await cli(config, ['tenant:list']);
    expect(text.stdout).toContain(tenant.tenantId);
  });

  describe('tenant:update', () => {
    it('changes the settings given, clears one with an empty value, prints {tenant} and records tenant.updated as the CLI', async () => {
      const result = await cli(config, [
        'tenant:update',
        '--tenant',
        tenant.tenantId,
        '--default-currency',
        'EUR',
        '--time-zone',
        'Europe/Berlin',
        '--address-line1',
        'Hafenstraße 12',
        '--city',
        'Hamburg',
        '--postal-code',
        '20457',
        '--country',
        'DE',
        '--tax-id',
        'DE123456789',
        '--purchase-order-footer',
        'Thank you.',
        '--json',
      ]);
      expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
      expect((json(result) as { tenant: object }).tenant).toMatchObject({
        id: tenant.tenantId,
        default_currency: 'EUR',
        time_zone: 'Europe/Berlin',
        address_line1: 'Hafenstraße 12',
        city: 'Hamburg',
        postal_code: '20457',
        country: 'DE',
        tax_id: 'DE123456789',
        purchase_order_footer: 'Thank you.',
      });
      const cleared = await cli(config, ['tenant:update', '--tenant', tenant.tenantId, '--time-zone', '']);
      expect(cleared.code, cleared.stderr).toBe(0);
      expect(cleared.stdout).toContain(`(${tenant.tenantId}) updated.`);
      expect((await services.tenants.get(tenant.tenantId)).time_zone).toBeNull();
      const entries = await database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .where('action', '=', 'tenant.updated')
        .orderBy('id')
        .execute();
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({ actor_type: 'cli', entity_id: tenant.tenantId });
    });

    it("refuses bad values naming each option's field, an unknown tenant and a command with nothing to change", async () => {
      const bad = await cli(config, [
        'tenant:update',
        '--tenant',
        tenant.tenantId,
        '--default-currency',
        'XYZ',
        '--country',
        'ZZ',
      ]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('default_currency: The default currency XYZ is not an ISO 4217 currency code.');
      expect(bad.stderr).toContain('country: The country ZZ is not an ISO 3166-1 alpha-2 code');
      expect((await services.tenants.get(tenant.tenantId)).default_currency).toBe('EUR');
      const unknown = await cli(config, [
        'tenant:update',
        '--tenant',
        '01hzzzzzzzzzzzzzzzzzzzzzzz',
        '--city',
        'Nowhere',
      ]);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Tenant 01hzzzzzzzzzzzzzzzzzzzzzzz not found.');
      const nothing = await cli(config, ['tenant:update', '--tenant', tenant.tenantId]);
      expect(nothing.code).toBe(1);
      expect(nothing.stderr).toContain('Nothing to change');
    });
  });

  describe('user:create', () => {
    it.each(ROLES)('creates a %s and prints {user}', async (role) => {
      const userEmail = email(role);
      const result = await cli(config, [
        'user:create',
        '--tenant',
        tenant.tenantId,
        '--email',
        userEmail,
        '--password',
        'correct-horse-battery',
        '--name',
        `A ${role}`,
        '--role',
        role,
        '--json',
      ]);

      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const out = json(result) as { user: { id: string } };
      expect(out).toStrictEqual({
        user: {
          id: expect.stringMatching(ULID),
          tenant_id: tenant.tenantId,
          name: `A ${role}`,
          email: userEmail,
          role,
        },
      });
      const row = await database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', out.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ tenant_id: tenant.tenantId, email: userEmail, role });
    });

    it('defaults the role to viewer', async () => {
      const result = await cli(config, [
        'user:create',
        '--tenant',
        tenant.tenantId,
        '--email',
        email('default'),
        '--password',
        'correct-horse-battery',
        '--name',
        'Default role',
        '--json',
      ]);
      expect(result.code).toBe(0);
      expect((json(result) as { user: { role: string } }).user.role).toBe('viewer');
    });

    it('refuses an unknown tenant with "Tenant <id> not found."', async () => {
      const userEmail = email('orphan');
      const missing = newId();
      const result = await cli(config, [
        'user:create',
        '--tenant',
        missing,
        '--email',
        userEmail,
        '--password',
        'correct-horse-battery',
        '--name',
        'Orphan',
        '--json',
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`Error: Tenant ${missing} not found.\n`);
      expect(await database.db.selectFrom('users').select('id').where('email', '=', userEmail).execute()).toEqual([]);
    });

    it('rejects a role outside admin|manager|sales|warehouse|viewer before touching the database', async () => {
      const userEmail = email('root');
      const result = await cli(config, [
        'user:create',
        '--tenant',
        tenant.tenantId,
        '--email',
        userEmail,
        '--password',
        'correct-horse-battery',
        '--name',
        'Root',
        '--role',
        'superuser',
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('superuser');
      expect(result.stderr).toContain('Allowed choices are admin, manager, sales, warehouse, viewer');
      expect(await database.db.selectFrom('users').select('id').where('email', '=', userEmail).execute()).toEqual([]);
    });

    it('refuses an e-mail already taken', async () => {
      const result = await cli(config, [
        'user:create',
        '--tenant',
        tenant.tenantId,
        '--email',
        tenant.adminEmail,
        '--password',
        'correct-horse-battery',
        '--name',
        'Twin',
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('already been taken');
    });

    const storedHash = async (userId: string) =>
      (await database.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow())
        .password_hash;

    it('reads the password from standard input with --password-stdin, without its line break', async () => {
      const args = [
        'user:create',
        '--tenant',
        tenant.tenantId,
        '--email',
        email('stdin'),
        '--name',
        'From stdin',
        '--password-stdin',
        '--json',
      ];
      const result = await cli(config, args, 'piped secret 42\n');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const { user } = json(result) as { user: { id: string } };
      expect(await verifyPassword(await storedHash(user.id), 'piped secret 42')).toBe(true);
    });

    it('takes the password from QUARTERMASTER_PASSWORD when no option gives one', async () => {
      const withVariable = testConfig(location, { cliPassword: 'from the environment' });
      const result = await cli(withVariable, [
        'user:create',
        '--tenant',
        tenant.tenantId,
        '--email',
        email('env'),
        '--name',
        'From env',
        '--json',
      ]);
      expect(result.code).toBe(0);
      const { user } = json(result) as { user: { id: string } };
      expect(await verifyPassword(await storedHash(user.id), 'from the environment')).toBe(true);
      // An option given says what the operator meant: it wins over the variable.
      const explicit = await cli(withVariable, [
        'user:create',
        '--tenant',
        tenant.tenantId,
        '--email',
        email('explicit'),
        '--name',
        'Explicit',
        '--password',
        'typed-out-password',
        '--json',
      ]);
      expect(
        await verifyPassword(
          await storedHash((json(explicit) as { user: { id: string } }).user.id),
          'typed-out-password',
        ),
      ).toBe(true);
    });

    it('refuses a missing password, an empty standard input, and two sources at once', async () => {
      const base = ['user:create', '--tenant', tenant.tenantId, '--email', email('nopass'), '--name', 'No password'];
      const none = await cli(config, base);
      expect(none).toMatchObject({ code: 1, stdout: '' });
      expect(none.stderr).toBe(
        'Error: A password is required: pipe it in with --password-stdin, set QUARTERMASTER_PASSWORD, or pass --password.\n',
      );
      const empty = await cli(config, [...base, '--password-stdin'], '\n');
      expect(empty.stderr).toBe('Error: --password-stdin: standard input held no password.\n');
      const both = await cli(
        config,
        [...base, '--password', 'correct-horse-battery', '--password-stdin'],
        'another-password\n',
      );
      expect(both.code).toBe(1);
      expect(both.stderr).toBe("Error: option '--password <password>' cannot be used with option '--password-stdin'\n");
    });
  });

  it('tenant:create reads the admin password from standard input too', async () => {
    const adminEmail = email('stdin-admin');
    const result = await cli(
      config,
      ['tenant:create', '--name', 'Piped', '--admin-email', adminEmail, '--password-stdin', '--json'],
      'admin secret 7\r\n',
    );
    expect(result.code).toBe(0);
    const { user } = json(result) as { user: { id: string } };
    const hash = (
      await database.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()
    ).password_hash;
    expect(await verifyPassword(hash, 'admin secret 7')).toBe(true);
  });

  describe('token:create', () => {
    const tokenArgs = (extra: string[]) => [
      'token:create',
      '--tenant',
      tenant.tenantId,
      '--email',
      tenant.adminEmail,
      '--name',
      'ci',
      ...extra,
    ];

    interface TokenOutput {
      token: {
        id: string;
        name: string;
        type: string;
        abilities: string[];
        status: string;
        expires_at: string | null;
        created_at: string;
      };
      plain_text_token: string;
    }

    it('creates an active token and prints {token, plain_text_token}; the plain token authenticates', async () => {
      const result = await cli(
        config,
        tokenArgs(['--type', 'integration', '--abilities', 'operations:view-inventory,operations:*', '--json']),
      );

      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const out = json(result) as TokenOutput;
      expect(out).toStrictEqual({
        token: {
          id: expect.stringMatching(ULID),
          name: 'ci',
          type: 'integration',
          abilities: ['operations:view-inventory', 'operations:*'],
          status: 'active',
          expires_at: null,
          ip_whitelist: null,
          last_used_at: null,
          created_at: expect.stringMatching(ISO),
        },
        plain_text_token: expect.stringMatching(/^qm_[0-9A-Za-z]{50}$/),
      });
      expect(Object.keys(out.token)).toEqual([
        'id',
        'name',
        'type',
        'abilities',
        'status',
        'expires_at',
        'ip_whitelist',
        'last_used_at',
        'created_at',
      ]);
      const row = await database.db
        .selectFrom('api_tokens')
        .selectAll()
        .where('id', '=', out.token.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ tenant_id: tenant.tenantId, user_id: tenant.adminId, status: 'active' });
      expect(row.token_hash).not.toContain(out.plain_text_token.slice(3));

      // The printed token works against the API built on the same database.
      const apiDatabase = openTestDatabase(location);
      const app = await buildApp({ config: testConfig(location), database: apiDatabase, logger: false });
      try {
        const me = await app.inject({ url: '/api/v1/auth/me', headers: bearer(out.plain_text_token) });
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({
          success: true,
          data: {
            tenant: { id: tenant.tenantId },
            user: { id: tenant.adminId, email: tenant.adminEmail, roles: ['admin'] },
          },
        });
        const tenantName = (
          await database.db
            .selectFrom('tenants')
            .select('name')
            .where('id', '=', tenant.tenantId)
            .executeTakeFirstOrThrow()
        ).name;
        expect(me.json().data.tenant.name).toBe(tenantName);
      } finally {
        await app.close();
        await apiDatabase.close();
      }
    });

    it('creates a token holding a High ability active: the operator act is the approval', async () => {
      const result = await cli(
        config,
        tokenArgs(['--type', 'application', '--abilities', 'operations:approve-purchase-orders', '--json']),
      );
      expect(result.code).toBe(0);
      const out = json(result) as TokenOutput;
      expect(out.token.status).toBe('active');
      const row = await database.db
        .selectFrom('api_tokens')
        .select('status')
        .where('id', '=', out.token.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('active');
    });

    it.each([
      ['personal', 30],
      ['application', 365],
    ] as const)('defaults a %s token to expire after %i days', async (type, days) => {
      const result = await cli(
        config,
        tokenArgs(['--type', type, '--abilities', 'operations:view-products', '--json']),
      );
      expect(result.code).toBe(0);
      const { token } = json(result) as TokenOutput;
      expect(token.type).toBe(type);
      expect(token.expires_at).toMatch(ISO);
      expect(Date.parse(token.expires_at!) - Date.parse(token.created_at)).toBe(days * DAY_MS);
    });

    it('defaults the type to personal', async () => {
      const result = await cli(config, tokenArgs(['--abilities', 'operations:view-products', '--json']));
      expect(result.code).toBe(0);
      const { token } = json(result) as TokenOutput;
      expect(token.type).toBe('personal');
      expect(Date.parse(token.expires_at!) - Date.parse(token.created_at)).toBe(30 * DAY_MS);
    });

    it('honours --expiration-days, also on an integration token', async () => {
      for (const type of ['personal', 'integration']) {
        const result = await cli(
          config,
          tokenArgs(['--type', type, '--abilities', 'operations:view-products', '--expiration-days', '7', '--json']),
        );
        expect(result.code).toBe(0);
        const { token } = json(result) as TokenOutput;
        expect(Date.parse(token.expires_at!) - Date.parse(token.created_at)).toBe(7 * DAY_MS);
      }
    });

    it.each(['0', '3651', '-1', 'soon', '1.5'])('refuses --expiration-days %s with exit 1', async (days) => {
      const before = (await database.db.selectFrom('api_tokens').select('id').execute()).length;
      const result = await cli(
        config,
        tokenArgs(['--abilities', 'operations:view-products', '--expiration-days', days, '--json']),
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/expiration|integer/i);
      expect((await database.db.selectFrom('api_tokens').select('id').execute()).length).toBe(before);
    });

    it('accepts the bounds 1 and 3650', async () => {
      for (const days of [1, 3650]) {
        const result = await cli(
          config,
          tokenArgs(['--abilities', 'operations:view-products', '--expiration-days', String(days), '--json']),
        );
        expect(result.code).toBe(0);
        const { token } = json(result) as TokenOutput;
        expect(Date.parse(token.expires_at!) - Date.parse(token.created_at)).toBe(days * DAY_MS);
      }
    });

    it('refuses an unknown ability and names it', async () => {
      const result = await cli(
        config,
        tokenArgs(['--abilities', 'operations:view-inventory,operations:teleport-stock', '--json']),
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('operations:teleport-stock');
      expect(result.stderr).not.toContain('operations:view-inventory');
    });

    it('refuses an unknown tenant with "Tenant <id> not found."', async () => {
      const result = await cli(config, [
        'token:create',
        '--tenant',
        'nope',
        '--email',
        tenant.adminEmail,
        '--name',
        'ci',
        '--abilities',
        'operations:view-products',
      ]);
      expect(result).toMatchObject({ code: 1, stdout: '', stderr: 'Error: Tenant nope not found.\n' });
    });

    it('refuses an e-mail that is not a user of the tenant', async () => {
      const stranger = email('stranger');
      const result = await cli(config, [
        'token:create',
        '--tenant',
        tenant.tenantId,
        '--email',
        stranger,
        '--name',
        'ci',
        '--abilities',
        'operations:view-products',
        '--json',
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(stranger);
    });

    it("refuses another tenant's user", async () => {
      const other = await makeTenant(services);
      const result = await cli(config, [
        'token:create',
        '--tenant',
        tenant.tenantId,
        '--email',
        other.adminEmail,
        '--name',
        'ci',
        '--abilities',
        'operations:view-products',
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(other.adminEmail);
    });

    it('refuses an unknown --type through commander', async () => {
      const result = await cli(config, tokenArgs(['--type', 'robot', '--abilities', 'operations:view-products']));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('robot');
    });
  });

  describe('user administration', () => {
    interface UserOut {
      id: string;
      email: string;
      name: string;
      role: string;
      status: string;
    }
    const userArgs = async (role: 'admin' | 'manager' | 'viewer' = 'viewer') => {
      const address = email(role);
      const made = await cli(config, [
        'user:create',
        '--tenant',
        tenant.tenantId,
        '--email',
        address,
        '--password',
        'correct-horse-battery',
        '--name',
        `A ${role}`,
        '--role',
        role,
        '--json',
      ]);
      expect(made.code, made.stderr).toBe(0);
      return { address, id: (json(made) as { user: { id: string } }).user.id };
    };
    const cliEntries = async (entityId: string) =>
      (
        await services.audit.service.list(tenant.tenantId, { entity_id: entityId, actor_type: 'cli' }, undefined, 50)
      ).entries.map((e) => e.action);

    it('user:list --json prints the users with filters', async () => {
      const { address, id } = await userArgs('manager');
      const all = await cli(config, ['user:list', '--tenant', tenant.tenantId, '--json']);
      expect(all.code, all.stderr).toBe(0);
      const users = (json(all) as { users: UserOut[] }).users;
      expect(users.find((u) => u.id === id)).toMatchObject({ email: address, role: 'manager', status: 'active' });
      expect(Object.keys(users[0]!)).toEqual([
        'id',
        'name',
        'email',
        'role',
        'status',
        'two_factor_enabled',
        'password_set_at',
        'deactivated_at',
        'created_at',
        'updated_at',
      ]);
      const managers = (
        json(
          await cli(config, [
            'user:list',
            '--tenant',
            tenant.tenantId,
            '--role',
            'manager',
            '--search',
            address,
            '--json',
          ]),
        ) as { users: UserOut[] }
      ).users;
      expect(managers.map((u) => u.id)).toEqual([id]);
      expect((await cli(config, ['user:list', '--tenant', tenant.tenantId, '--status', 'gone'])).code).toBe(1);
      const text = await cli(config, ['user:list', '--tenant', tenant.tenantId]);
      expect(text.stdout).toContain(address);
    });

    it('user:update --role changes the role, recorded as the CLI; the last admin keeps theirs', async () => {
      const { address, id } = await userArgs('viewer');
      const result = await cli(config, [
        'user:update',
        '--tenant',
        tenant.tenantId,
        '--email',
        address,
        '--role',
        'warehouse',
        '--json',
      ]);
      expect(result.code, result.stderr).toBe(0);
      expect((json(result) as { user: UserOut }).user).toMatchObject({ id, role: 'warehouse' });
      expect(await cliEntries(id)).toEqual(['user.role_changed', 'user.created']);
      const actor = (await services.audit.service.list(tenant.tenantId, { entity_id: id }, undefined, 1)).entries[0]!;
      expect(actor).toMatchObject({ actor_type: 'cli', actor_user_id: null });

      const lone = await makeTenant(services);
      const refused = await cli(config, [
        'user:update',
        '--tenant',
        lone.tenantId,
        '--email',
        lone.adminEmail,
        '--role',
        'viewer',
        '--json',
      ]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('at least one active admin');
      expect(
        (
          await cli(config, [
            'user:update',
            '--tenant',
            tenant.tenantId,
            '--email',
            'nobody@example.test',
            '--role',
            'viewer',
          ])
        ).stderr,
      ).toContain('No user nobody@example.test');
      expect((await cli(config, ['user:update', '--tenant', tenant.tenantId, '--email', address])).stderr).toContain(
        'Nothing to change',
      );
    });

    it('user:deactivate stops the user at once; user:reactivate lets them back', async () => {
      const { address, id } = await userArgs('viewer');
      const off = await cli(config, ['user:deactivate', '--tenant', tenant.tenantId, '--email', address, '--json']);
      expect(off.code, off.stderr).toBe(0);
      expect((json(off) as { user: UserOut }).user).toMatchObject({ id, status: 'deactivated' });
      const on = await cli(config, ['user:reactivate', '--tenant', tenant.tenantId, '--email', address, '--json']);
      expect((json(on) as { user: UserOut }).user.status).toBe('active');
      expect(await cliEntries(id)).toEqual(['user.reactivated', 'user.deactivated', 'user.created']);
    });

    it('user:reset-password prints a one-hour link when no SMTP is configured; the link sets the password once', async () => {
      const { address, id } = await userArgs('viewer');
      const result = await cli(config, [
        'user:reset-password',
        '--tenant',
        tenant.tenantId,
        '--email',
        address,
        '--json',
      ]);
      expect(result.code, result.stderr).toBe(0);
      const out = json(result) as {
        user: UserOut;
        password_link: { purpose: string; email_sent: boolean; url: string; expires_at: string };
      };
      expect(out.user.id).toBe(id);
      expect(out.password_link).toMatchObject({
        purpose: 'reset',
        email_sent: false,
        url: expect.stringMatching(/^\/set-password\?token=[A-Za-z0-9]{43}$/),
      });
      expect(Date.parse(out.password_link.expires_at) - Date.now()).toBeLessThanOrEqual(3_600_000);
      expect(await cliEntries(id)).toEqual(['user.password_reset_started', 'user.created']);

      const token = new URL(out.password_link.url, 'http://localhost').searchParams.get('token')!;
      const apiDatabase = openTestDatabase(location);
      const app = await buildApp({ config: testConfig(location), database: apiDatabase, logger: false });
      try {
        const set = (password: string) =>
          app.inject({ method: 'POST', url: '/api/v1/auth/set-password', payload: { token, password } });
        expect((await set('staple-orbit-lantern-42')).statusCode).toBe(200);
        expect((await set('another-fine-passphrase')).statusCode).toBe(422);
      } finally {
        await app.close();
        await apiDatabase.close();
      }
      const row = await database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(row.password_hash, 'staple-orbit-lantern-42')).toBe(true);

      const text = await cli(config, ['user:reset-password', '--tenant', tenant.tenantId, '--email', address]);
      expect(text.stdout).toContain('/set-password?token=');
    });
  });

  it('migrate --json on an up-to-date database applies nothing', async () => {
    const result = await cli(config, ['migrate', '--json']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('{"applied":[]}\n');
  });

  it('an unknown command exits 1 with a message on stderr', async () => {
    const result = await cli(config, ['tenant:destroy']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown command');
  });

  it("spells every error prefix one way, commander's own included", async () => {
    const cases = [
      ['tenant:destroy'],
      ['tenant:create', '--name', 'No admin'],
      [
        'user:create',
        '--tenant',
        tenant.tenantId,
        '--email',
        email('role'),
        '--password',
        'correct-horse-battery',
        '--name',
        'R',
        '--role',
        'root',
      ],
      ['token:create', '--bogus'],
      [
        'user:create',
        '--tenant',
        'nope',
        '--email',
        email('none'),
        '--password',
        'correct-horse-battery',
        '--name',
        'N',
      ],
    ];
    for (const argv of cases) {
      const result = await cli(config, argv);
      expect(result.code, argv.join(' ')).toBe(1);
      expect(result.stderr, argv.join(' ')).toMatch(/^Error: /);
      expect(result.stderr, argv.join(' ')).not.toMatch(/^error:/m);
    }
  });

  it('--version prints the package version and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-V'])
      expect(await cli(config, [flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('--help prints the commands and exits 0', async () => {
    const result = await cli(config, ['--help']);
    expect(result.code).toBe(0);
    for (const command of [
      'tenant:create',
      'user:create',
      'token:create',
      'migrate',
      'worker',
      'serve',
      'events:purge',
    ]) {
      expect(result.stdout).toContain(command);
    }
  });
});

describe('cli without a reachable database', () => {
  it('says where the database is and why it cannot be reached, without its credentials', async () => {
    const location = await createTestDatabaseLocation({ migrated: false });
    try {
      const unreachable = testConfig(location, { databaseUrl: 'postgres://operator:s3cret@127.0.0.1:1/quartermaster' });
      for (const argv of [
        ['tenant:list'],
        ['migrate', '--json'],
        [
          'user:create',
          '--tenant',
          'x',
          '--email',
          'a@example.test',
          '--password',
          'correct-horse-battery',
          '--name',
          'A',
        ],
      ]) {
        const result = await cli(unreachable, argv);
        expect(result).toEqual({
          code: 1,
          stdout: '',
          stderr: 'Error: Cannot connect to the database at 127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1\n',
        });
      }
      const noFile = testConfig(location, { databaseUrl: null, sqliteFile: '/dev/null/quartermaster.sqlite' });
      const result = await cli(noFile, ['tenant:list']);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^Error: Cannot open the database file \/dev\/null\/quartermaster\.sqlite: .+\n$/);
    } finally {
      await location.drop();
    }
  });
});

describe('cli migrate on an empty database', () => {
  let location: TestDatabaseLocation;
  beforeAll(async () => {
    location = await createTestDatabaseLocation({ migrated: false });
  });
  afterAll(() => location?.drop());

  it('applies every migration once, then nothing', async () => {
    const config = testConfig(location);
    const first = await cli(config, ['migrate', '--json']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`${JSON.stringify({ applied: Object.keys(migrations) })}\n`);

    const second = await cli(config, ['migrate', '--json']);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('{"applied":[]}\n');

    const plain = await cli(config, ['migrate']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe('Nothing to migrate.\n');
  });
});

describe('cli events:purge', () => {
  let location: TestDatabaseLocation;
  let database: Database;
  let services: Services;
  let config: Config;

  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    config = testConfig(location);
    database = openTestDatabase(location);
    services = createServices({ db: database.db, clock: systemClock, newId, config });
  });
  afterAll(async () => {
    await database?.close();
    await location?.drop();
  });

  it('deletes events past the retention window and expired idempotency keys, and nothing else', async () => {
    const { tenantId } = await makeTenant(services);
    const now = Date.now();
    const at = (msAgo: number) => new Date(now - msAgo).toISOString();
    const event = (id: string, occurredAt: string) => ({
      id,
      tenant_id: tenantId,
      event_type: 'warehouse.created',
      entity_type: 'warehouse',
      entity_id: newId(),
      payload: { code: 'X' },
      occurred_at: occurredAt,
      created_at: occurredAt,
    });
    const oldEvent = newId();
    const recentEvent = newId();
    await database.db
      .insertInto('events')
      .values([event(oldEvent, at(40 * DAY_MS)), event(recentEvent, at(1 * DAY_MS))])
      .execute();
    const key = (id: string, expiresAt: string) => ({
      id,
      tenant_id: tenantId,
      caller: `token:${id}`,
      idempotency_key: `key-${id}`,
      request_hash: 'a'.repeat(64),
      status_code: 201,
      content_type: 'application/json; charset=utf-8',
      response_body: '{}',
      created_at: at(2 * DAY_MS),
      expires_at: expiresAt,
    });
    const expiredKey = newId();
    const liveKey = newId();
    await database.db
      .insertInto('idempotency_keys')
      .values([key(expiredKey, at(60 * 60 * 1000)), key(liveKey, new Date(now + 60 * 60 * 1000).toISOString())])
      .execute();

    const session = (id: string, expires: string) => ({
      id,
      tenant_id: null,
      user_id: null,
      csrf_token: 'c',
      two_factor_user_id: null,
      two_factor_expires_at: null,
      created_at: at(DAY_MS),
      last_seen_at: at(DAY_MS),
      expires_at: expires,
    });
    await database.db
      .insertInto('sessions')
      .values([session('s-expired', at(1000)), session('s-live', new Date(now + DAY_MS).toISOString())])
      .execute();
    // Attempts are kept for the longest throttle window, the two-factor cap's 15 minutes.
    await database.db
      .insertInto('login_attempts')
      .values([
        { id: newId(), throttle_key: 'k', attempted_at: at(16 * 60_000) },
        { id: newId(), throttle_key: 'k', attempted_at: at(2 * 60_000) },
        { id: newId(), throttle_key: 'k', attempted_at: new Date(now).toISOString() },
      ])
      .execute();

    const result = await cli(config, ['events:purge', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      '{"events_deleted":1,"idempotency_keys_deleted":1,"sessions_deleted":1,"login_attempts_deleted":1,"audit_entries_deleted":0}\n',
    );
    expect((await database.db.selectFrom('sessions').select('id').execute()).map((r) => r.id)).toEqual(['s-live']);
    expect(await database.db.selectFrom('login_attempts').select('id').execute()).toHaveLength(2);

    expect((await database.db.selectFrom('events').select('id').execute()).map((r) => r.id)).toEqual([recentEvent]);
    expect((await database.db.selectFrom('idempotency_keys').select('id').execute()).map((r) => r.id)).toEqual([
      liveKey,
    ]);

    const again = await cli(config, ['events:purge']);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(
      'Deleted 0 events, 0 idempotency keys, 0 sessions, 0 sign-in attempts and 0 audit entries.\n',
    );
  });
});
