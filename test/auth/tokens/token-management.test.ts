// API-token management over HTTP (docs/decisions/authentication.md, API tokens): session only, CSRF on writes, the plain text
// answered once, High abilities wait for an administrator, owners and admins see what they may.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeTenant, makeToken, makeUser, type TenantFixture } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { signedInClient, type SessionClient } from '../../helpers/session-client.js';

const TOKENS = '/api/v1/api-tokens';
const ME = '/api/v1/auth/me';
const DAY_MS = 86_400_000;
const ULID = /^[0-9a-hjkmnp-tv-z]{26}$/;
const RESOURCE_KEYS = [
  'abilities',
  'created_at',
  'expires_at',
  'id',
  'ip_whitelist',
  'last_used_at',
  'name',
  'status',
  'type',
];

interface TokenBody {
  id: string;
  name: string;
  type: string;
  abilities: string[];
  status: string;
  expires_at: string | null;
  ip_whitelist: string[] | null;
  last_used_at: string | null;
  created_at: string;
  plain_text_token?: string;
}

describe('API-token management over HTTP', () => {
  let t: TestApp;
  let admin: SessionClient;
  let manager: SessionClient;
  let managerId: string;
  let viewer: SessionClient;
  let other: TenantFixture;
  let otherTokenId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signedInClient(t.app, t.tenant.adminEmail);
    const managerUser = await t.services.users.create({
      tenantId: t.tenant.tenantId,
      role: 'manager',
      name: 'Morgan Manager',
      email: 'morgan@example.test',
      password: 'correct-horse-battery',
    });
    managerId = managerUser.id;
    manager = await signedInClient(t.app, managerUser.email);
    const viewerUser = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    viewer = await signedInClient(t.app, viewerUser.email);
    other = await makeTenant(t.services);
    await makeToken(t.services, other.tenantId, other.adminId);
    otherTokenId = (
      await t.database.db
        .selectFrom('api_tokens')
        .select('id')
        .where('tenant_id', '=', other.tenantId)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  async function create(client: SessionClient, body: Record<string, unknown>): Promise<TokenBody> {
    const res = await client.post(TOKENS, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as TokenBody;
  }

  const days = (token: TokenBody) =>
    token.expires_at === null ? null : (Date.parse(token.expires_at) - Date.parse(token.created_at)) / DAY_MS;

  describe('POST /api-tokens', () => {
    it('creates a personal token by default and answers its plain text once', async () => {
      const res = await admin.post(TOKENS, { name: '  CI reader  ', abilities: ['operations:view-products'] });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.message).toBe('API token created.');
      const data = body.data as TokenBody;
      expect(Object.keys(data).sort()).toEqual([...RESOURCE_KEYS, 'plain_text_token'].sort());
      expect(data).toMatchObject({
        name: 'CI reader',
        type: 'personal',
        abilities: ['operations:view-products'],
        status: 'active',
        ip_whitelist: null,
        last_used_at: null,
      });
      expect(data.id).toMatch(ULID);
      expect(Number.isNaN(Date.parse(data.created_at))).toBe(false);
      expect(days(data)).toBe(30);
      expect(data.plain_text_token).toMatch(/^qm_[0-9A-Za-z]{50}$/);

      const me = await t.app.inject({ url: ME, headers: bearer(data.plain_text_token!) });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.user.id).toBe(t.tenant.adminId);
    });

    it('applies each type’s default expiry', async () => {
      expect(days(await create(admin, { name: 'p', type: 'personal', abilities: ['operations:view-inventory'] }))).toBe(
        30,
      );
      expect(
        days(await create(admin, { name: 'a', type: 'application', abilities: ['operations:view-inventory'] })),
      ).toBe(365);
      const integration = await create(admin, {
        name: 'i',
        type: 'integration',
        abilities: ['operations:view-inventory'],
      });
      expect(integration.expires_at).toBeNull();
      expect(days(integration)).toBeNull();
    });

    it('accepts expiration_days from 1 to 3650, overriding the default of every type', async () => {
      expect(
        days(await create(admin, { name: 'one', abilities: ['operations:view-inventory'], expiration_days: 1 })),
      ).toBe(1);
      expect(
        days(await create(admin, { name: 'max', abilities: ['operations:view-inventory'], expiration_days: 3650 })),
      ).toBe(3650);
      expect(
        days(
          await create(admin, {
            name: 'int',
            type: 'integration',
            abilities: ['operations:view-inventory'],
            expiration_days: 7,
          }),
        ),
      ).toBe(7);
    });

    it.each([0, 3651, 1.5, '7', -1, null])('refuses expiration_days %j with 422 on that field', async (value) => {
      const res = await admin.post(TOKENS, {
        name: 'bad expiry',
        abilities: ['operations:view-inventory'],
        expiration_days: value,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: 'The given data was invalid.' });
      expect(res.json().errors.expiration_days).toEqual([expect.any(String)]);
    });

    it('refuses unknown abilities with 422 naming them', async () => {
      const res = await admin.post(TOKENS, {
        name: 'x',
        abilities: ['operations:view-products', 'operations:teleport', 'nothing:*'],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ abilities: ['Unknown abilities: operations:teleport, nothing:*.'] });
    });

    it('refuses empty or missing abilities, and a missing name', async () => {
      const empty = await admin.post(TOKENS, { name: 'x', abilities: [] });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors.abilities).toEqual([expect.any(String)]);
      const missing = await admin.post(TOKENS, { name: 'x' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.abilities).toEqual(['The abilities field is required.']);
      const noName = await admin.post(TOKENS, { abilities: ['operations:view-products'] });
      expect(noName.statusCode).toBe(422);
      expect(noName.json().errors.name).toEqual(['The name field is required.']);
      const blank = await admin.post(TOKENS, { name: '   ', abilities: ['operations:view-products'] });
      expect(blank.statusCode).toBe(422);
      expect(Object.keys(blank.json().errors)).toEqual(['name']);
      const badType = await admin.post(TOKENS, { name: 'x', type: 'robot', abilities: ['operations:view-products'] });
      expect(badType.statusCode).toBe(422);
      expect(Object.keys(badType.json().errors)).toEqual(['type']);
    });

    it('refuses an IP whitelist on personal and application tokens', async () => {
      for (const type of ['personal', 'application']) {
        const res = await admin.post(TOKENS, {
          name: 'x',
          type,
          abilities: ['operations:view-inventory'],
          ip_whitelist: ['10.0.0.1'],
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ ip_whitelist: ['IP whitelists apply to integration tokens only.'] });
      }
    });

    it('refuses an invalid address or CIDR under ip_whitelist.<index>', async () => {
      const res = await admin.post(TOKENS, {
        name: 'x',
        type: 'integration',
        abilities: ['operations:view-inventory'],
        ip_whitelist: ['10.0.0.0/8', '10.0.0.0/33', 'example.com', '2001:db8::/32', '2001:db8::/129'],
      });
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      expect(Object.keys(errors).sort()).toEqual(['ip_whitelist.1', 'ip_whitelist.2', 'ip_whitelist.4']);
      expect(errors['ip_whitelist.1']![0]).toContain('10.0.0.0/33');
      expect(errors['ip_whitelist.2']![0]).toContain('example.com');
    });

    it('keeps a valid whitelist on an integration token', async () => {
      const token = await create(admin, {
        name: 'int',
        type: 'integration',
        abilities: ['operations:view-inventory'],
        ip_whitelist: ['10.0.0.0/8', '2001:db8::/32'],
      });
      expect(token.ip_whitelist).toEqual(['10.0.0.0/8', '2001:db8::/32']);
    });
  });

  describe('approval of tokens reaching High abilities', () => {
    it.each([
      ['operations:approve-purchase-orders'],
      ['operations:*'],
      ['*'],
      ['operations:view-inventory', 'sales:process-payments'],
    ])('%s is created pending approval and refused until approved', async (...abilities) => {
      const res = await admin.post(TOKENS, { name: 'high', abilities });
      expect(res.statusCode).toBe(201);
      const token = res.json().data as TokenBody;
      expect(token.status).toBe('pending_approval');
      expect(res.json().message).toBe('API token created; it works once a tenant administrator approves it.');
      const refused = await t.app.inject({ url: ME, headers: bearer(token.plain_text_token!) });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        success: false,
        code: 'unauthenticated',
        message: 'API token is pending approval.',
      });
    });

    it('a medium or low token is active at once', async () => {
      expect(
        (await create(admin, { name: 'medium', abilities: ['operations:adjust-stock', 'operations:view-*'] })).status,
      ).toBe('active');
    });

    it('only an administrator approves; then the token works; approving again is 422', async () => {
      const pending = await create(manager, {
        name: 'manager high',
        abilities: ['operations:approve-purchase-orders', 'operations:view-inventory'],
      });
      expect(pending.status).toBe('pending_approval');

      const self = await manager.post(`${TOKENS}/${pending.id}/approve`);
      expect(self.statusCode).toBe(403);
      expect(self.json()).toEqual({
        success: false,
        code: 'forbidden',
        message: 'Only tenant administrators can approve API tokens.',
      });
      const byViewer = await viewer.post(`${TOKENS}/${pending.id}/approve`);
      expect(byViewer.statusCode).toBe(403);
      expect((await t.app.inject({ url: ME, headers: bearer(pending.plain_text_token!) })).statusCode).toBe(401);

      const approved = await admin.post(`${TOKENS}/${pending.id}/approve`);
      expect(approved.statusCode).toBe(200);
      expect(approved.json().message).toBe('API token approved.');
      expect(approved.json().data).toMatchObject({ id: pending.id, status: 'active', abilities: pending.abilities });
      expect(Object.keys(approved.json().data).sort()).toEqual(RESOURCE_KEYS);

      const works = await t.app.inject({ url: ME, headers: bearer(pending.plain_text_token!) });
      expect(works.statusCode).toBe(200);
      expect(works.json().data.user.id).toBe(managerId);
      const reads = await t.app.inject({
        url: '/api/v1/operations/warehouses',
        headers: bearer(pending.plain_text_token!),
      });
      expect(reads.statusCode).toBe(200);

      const again = await admin.post(`${TOKENS}/${pending.id}/approve`);
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({
        success: false,
        code: 'invalid_transition',
        message: 'Only tokens pending approval can be approved; this one is active.',
      });
    });

    it('approving an active, revoked, unknown or foreign token is refused', async () => {
      const active = await create(admin, { name: 'low', abilities: ['operations:view-inventory'] });
      const res = await admin.post(`${TOKENS}/${active.id}/approve`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toContain('active');

      const pending = await create(admin, { name: 'to revoke', abilities: ['*'] });
      expect((await admin.delete(`${TOKENS}/${pending.id}`)).statusCode).toBe(200);
      const revoked = await admin.post(`${TOKENS}/${pending.id}/approve`);
      expect(revoked.statusCode).toBe(422);
      expect(revoked.json().message).toContain('revoked');
      expect((await t.app.inject({ url: ME, headers: bearer(pending.plain_text_token!) })).statusCode).toBe(401);

      expect((await admin.post(`${TOKENS}/01aaaaaaaaaaaaaaaaaaaaaaaa/approve`)).statusCode).toBe(404);
      expect((await admin.post(`${TOKENS}/${otherTokenId}/approve`)).statusCode).toBe(404);
    });
  });

  describe('listing and reading', () => {
    let managerToken: TokenBody;
    let viewerToken: TokenBody;

    beforeAll(async () => {
      managerToken = await create(manager, { name: 'manager reader', abilities: ['operations:view-inventory'] });
      viewerToken = await create(viewer, { name: 'viewer reader', abilities: ['operations:view-products'] });
    });

    it('lists with meta and links; a non-admin sees only their own tokens', async () => {
      const res = await viewer.get(TOKENS);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.meta).toEqual({ current_page: 1, per_page: 25, total: 1, last_page: 1 });
      expect(body.links).toEqual({
        first: expect.stringContaining(`${TOKENS}?page=1`),
        last: expect.stringContaining(`${TOKENS}?page=1`),
        prev: null,
        next: null,
      });
      expect(body.data.map((x: TokenBody) => x.id)).toEqual([viewerToken.id]);

      const mine = (await manager.get(`${TOKENS}?per_page=100`)).json().data as TokenBody[];
      expect(mine.map((x) => x.id)).toContain(managerToken.id);
      expect(mine.map((x) => x.id)).not.toContain(viewerToken.id);
      const managerRows = await t.database.db
        .selectFrom('api_tokens')
        .select('id')
        .where('user_id', '=', managerId)
        .execute();
      expect(mine.map((x) => x.id).sort()).toEqual(managerRows.map((r) => r.id).sort());
    });

    it("an administrator sees every token of the tenant, and no other tenant's", async () => {
      const body = (await admin.get(`${TOKENS}?per_page=100`)).json();
      const ids = (body.data as TokenBody[]).map((x) => x.id);
      expect(ids).toContain(managerToken.id);
      expect(ids).toContain(viewerToken.id);
      expect(ids).not.toContain(otherTokenId);
      const tenantRows = await t.database.db
        .selectFrom('api_tokens')
        .select('id')
        .where('tenant_id', '=', t.tenant.tenantId)
        .execute();
      expect(body.meta.total).toBe(tenantRows.length);
      expect(ids.sort()).toEqual(tenantRows.map((r) => r.id).sort());
    });

    it('pages with per_page and links', async () => {
      const body = (await admin.get(`${TOKENS}?per_page=2&page=2`)).json();
      expect(body.data).toHaveLength(2);
      expect(body.meta).toMatchObject({ current_page: 2, per_page: 2 });
      expect(body.links.prev).toContain('page=1');
      expect(body.links.next).toContain('page=3');
      expect((await admin.get(`${TOKENS}?per_page=101`)).statusCode).toBe(422);
    });

    it('filters by status and type', async () => {
      const pending = (await admin.get(`${TOKENS}?status=pending_approval&per_page=100`)).json().data as TokenBody[];
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.every((x) => x.status === 'pending_approval')).toBe(true);
      const active = (await admin.get(`${TOKENS}?status=active&per_page=100`)).json().data as TokenBody[];
      expect(active.length).toBeGreaterThan(0);
      expect(active.every((x) => x.status === 'active')).toBe(true);
      const integration = (await admin.get(`${TOKENS}?type=integration&per_page=100`)).json().data as TokenBody[];
      expect(integration.length).toBeGreaterThan(0);
      expect(integration.every((x) => x.type === 'integration')).toBe(true);
      expect((await admin.get(`${TOKENS}?status=lost`)).statusCode).toBe(422);
    });

    it('GET /{id}: own tokens; another user’s is 404 to a non-admin and visible to the admin', async () => {
      const own = await viewer.get(`${TOKENS}/${viewerToken.id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ id: viewerToken.id, name: 'viewer reader', status: 'active' });
      expect(Object.keys(own.json().data).sort()).toEqual(RESOURCE_KEYS);

      const foreign = await viewer.get(`${TOKENS}/${managerToken.id}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({
        success: false,
        code: 'not_found',
        message: 'API token not found.',
        data: null,
        meta: {},
      });
      expect((await manager.get(`${TOKENS}/${viewerToken.id}`)).statusCode).toBe(404);

      expect((await admin.get(`${TOKENS}/${managerToken.id}`)).json().data.id).toBe(managerToken.id);
    });

    it("another tenant's token is 404 even for an administrator, for every action", async () => {
      const read = await admin.get(`${TOKENS}/${otherTokenId}`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({
        success: false,
        code: 'not_found',
        message: 'API token not found.',
        data: null,
        meta: {},
      });
      expect((await admin.delete(`${TOKENS}/${otherTokenId}`)).statusCode).toBe(404);
      const row = await t.database.db
        .selectFrom('api_tokens')
        .select('status')
        .where('id', '=', otherTokenId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('active');
    });

    it('a malformed id is 404', async () => {
      for (const id of ['not-a-ulid', '1', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ', "'%20or%201=1"]) {
        const res = await admin.get(`${TOKENS}/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().message).toBe('API token not found.');
      }
      expect((await admin.delete(`${TOKENS}/not-a-ulid`)).statusCode).toBe(404);
    });
  });

  describe('revocation', () => {
    it('takes effect on the very next bearer request and shows as revoked', async () => {
      const token = await create(manager, { name: 'short lived', abilities: ['operations:view-inventory'] });
      expect((await t.app.inject({ url: ME, headers: bearer(token.plain_text_token!) })).statusCode).toBe(200);

      const res = await manager.delete(`${TOKENS}/${token.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('API token revoked.');
      expect(res.json().data).toMatchObject({ id: token.id, status: 'revoked' });
      expect(Object.keys(res.json().data).sort()).toEqual(RESOURCE_KEYS);

      const next = await t.app.inject({ url: ME, headers: bearer(token.plain_text_token!) });
      expect(next.statusCode).toBe(401);
      expect(next.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });

      const listed = (await manager.get(`${TOKENS}?status=revoked&per_page=100`)).json().data as TokenBody[];
      expect(listed.find((x) => x.id === token.id)?.status).toBe('revoked');
      expect((await manager.get(`${TOKENS}/${token.id}`)).json().data.status).toBe('revoked');

      const twice = await manager.delete(`${TOKENS}/${token.id}`);
      expect(twice.statusCode).toBe(200);
      expect(twice.json().data.status).toBe('revoked');
    });

    it("a non-admin cannot revoke another user's token; an administrator can", async () => {
      const token = await create(viewer, { name: 'viewer token', abilities: ['operations:view-inventory'] });
      expect((await manager.delete(`${TOKENS}/${token.id}`)).statusCode).toBe(404);
      expect(
        (await t.app.inject({ url: '/api/v1/operations/warehouses', headers: bearer(token.plain_text_token!) }))
          .statusCode,
      ).toBe(200);
      expect((await admin.delete(`${TOKENS}/${token.id}`)).json().data.status).toBe('revoked');
      expect(
        (await t.app.inject({ url: '/api/v1/operations/warehouses', headers: bearer(token.plain_text_token!) }))
          .statusCode,
      ).toBe(401);
    });
  });

  it('answers the plain text in the create response only', async () => {
    const created = await manager.post(TOKENS, {
      name: 'secretive',
      abilities: ['operations:approve-purchase-orders'],
    });
    expect(created.statusCode).toBe(201);
    const { id, plain_text_token: plain } = created.json().data as TokenBody;
    const secret = plain!.slice(13);
    const later = [
      await manager.get(TOKENS),
      await manager.get(`${TOKENS}?per_page=100&status=pending_approval`),
      await manager.get(`${TOKENS}/${id}`),
      await admin.get(`${TOKENS}?per_page=100`),
      await admin.post(`${TOKENS}/${id}/approve`),
      await admin.get(`${TOKENS}/${id}`),
      await manager.delete(`${TOKENS}/${id}`),
      await admin.get(`${TOKENS}?per_page=100&status=revoked`),
    ];
    expect(later.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    for (const res of later) {
      expect(res.body).not.toContain(plain);
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('plain_text_token');
    }
  });

  it('GET /api-tokens/abilities answers the catalogue', async () => {
    const res = await viewer.get(`${TOKENS}/abilities`);
    expect(res.statusCode).toBe(200);
    const catalogue = res.json().data as {
      ability: string;
      module: string;
      score: number;
      sensitivity: string;
      requires_approval: boolean;
      in_use: boolean;
    }[];
    expect(catalogue.length).toBeGreaterThan(50);
    for (const entry of catalogue) {
      expect(Object.keys(entry).sort()).toEqual([
        'ability',
        'in_use',
        'module',
        'requires_approval',
        'score',
        'sensitivity',
      ]);
      expect(entry.ability.startsWith(`${entry.module}:`)).toBe(true);
      expect(['system', 'crm', 'sales', 'operations', 'finance', 'reporting']).toContain(entry.module);
      const band = entry.score >= 80 ? 'high' : entry.score >= 50 ? 'medium' : 'low';
      expect(entry.sensitivity, entry.ability).toBe(band);
      expect(entry.requires_approval, entry.ability).toBe(band === 'high');
    }
    const byName = new Map(catalogue.map((e) => [e.ability, e]));
    expect(byName.get('operations:view-products')).toEqual({
      ability: 'operations:view-products',
      module: 'operations',
      score: 20,
      sensitivity: 'low',
      requires_approval: false,
      in_use: true,
    });
    // Reserved for modules this service does not have: grantable, opening nothing. Of crm, customers only are in use.
    expect(byName.get('operations:manage-coupons')).toMatchObject({ in_use: false });
    expect(
      catalogue
        .filter((entry) => ['crm', 'finance', 'reporting'].includes(entry.module) && entry.in_use)
        .map((entry) => entry.ability),
    ).toEqual(['crm:view-customers', 'crm:create-customers', 'crm:edit-customers', 'crm:delete-customers']);
    expect(byName.get('operations:adjust-stock')).toMatchObject({
      score: 60,
      sensitivity: 'medium',
      requires_approval: false,
    });
    expect(byName.get('operations:approve-purchase-orders')).toMatchObject({
      score: 85,
      sensitivity: 'high',
      requires_approval: true,
    });
    expect(byName.get('system:manage-users')).toMatchObject({
      module: 'system',
      score: 100,
      sensitivity: 'high',
      requires_approval: true,
    });
    expect(byName.get('operations:view-inventory')).toMatchObject({ score: 15 });
    expect(byName.get('sales:process-payments')).toMatchObject({ score: 80, requires_approval: true });
  });

  describe('session only, CSRF on writes', () => {
    let someTokenId: string;
    beforeAll(async () => {
      someTokenId = (await create(admin, { name: 'target', abilities: ['*'] })).id;
    });

    const endpoints = () => [
      { method: 'GET' as const, url: TOKENS },
      { method: 'GET' as const, url: `${TOKENS}/abilities` },
      { method: 'GET' as const, url: `${TOKENS}/${someTokenId}` },
      { method: 'POST' as const, url: TOKENS, payload: { name: 'by bearer', abilities: ['operations:view-products'] } },
      { method: 'DELETE' as const, url: `${TOKENS}/${someTokenId}` },
      { method: 'POST' as const, url: `${TOKENS}/${someTokenId}/approve` },
    ];

    it('refuses a bearer token with 401, even an all-abilities admin token', async () => {
      const countBefore = (await t.database.db.selectFrom('api_tokens').select('id').execute()).length;
      for (const e of endpoints()) {
        const res = await t.app.inject({ ...e, headers: t.auth });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(401);
        expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
      }
      expect((await t.database.db.selectFrom('api_tokens').select('id').execute()).length).toBe(countBefore);
      const row = await t.database.db
        .selectFrom('api_tokens')
        .select('status')
        .where('id', '=', someTokenId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending_approval');
    });

    it('refuses a bearer token even alongside a valid session cookie', async () => {
      const res = await admin.request({ url: TOKENS, headers: t.auth });
      expect(res.statusCode).toBe(401);
    });

    it('refuses callers without a session with 401', async () => {
      for (const e of endpoints()) {
        expect((await t.app.inject(e)).statusCode, `${e.method} ${e.url}`).toBe(401);
      }
    });

    it('needs X-XSRF-TOKEN on POST and DELETE (419), and a matching one', async () => {
      const create = await admin.post(
        TOKENS,
        { name: 'no csrf', abilities: ['operations:view-products'] },
        { csrf: false },
      );
      expect(create.statusCode).toBe(419);
      expect(create.json()).toEqual({ success: false, code: 'csrf_token_mismatch', message: 'CSRF token mismatch.' });
      const wrong = await admin.post(
        TOKENS,
        { name: 'wrong csrf', abilities: ['operations:view-products'] },
        { csrf: 'A'.repeat(40) },
      );
      expect(wrong.statusCode).toBe(419);
      expect((await admin.delete(`${TOKENS}/${someTokenId}`, { csrf: false })).statusCode).toBe(419);
      expect((await admin.post(`${TOKENS}/${someTokenId}/approve`, undefined, { csrf: false })).statusCode).toBe(419);

      const names = (await admin.get(`${TOKENS}?per_page=100`)).json().data.map((x: TokenBody) => x.name);
      expect(names).not.toContain('no csrf');
      expect(names).not.toContain('wrong csrf');
      expect((await admin.get(`${TOKENS}/${someTokenId}`)).json().data.status).toBe('pending_approval');
    });

    it('stops working after logout', async () => {
      const user = await makeUser(t.services, t.tenant.tenantId, 'manager');
      const client = await signedInClient(t.app, user.email);
      expect((await client.get(TOKENS)).statusCode).toBe(200);
      const cookie = client.cookieHeader();
      expect((await client.post('/api/v1/auth/logout')).statusCode).toBe(200);
      expect((await t.app.inject({ url: TOKENS, headers: { cookie } })).statusCode).toBe(401);
    });
  });
});
