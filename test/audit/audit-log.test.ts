// The audit log: an entry per change, written in the change's transaction with its actor, request and changed
// fields; read newest first through cursors and filters by those who may view it; purged after its retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { bearer, makeTenantWithToken, makeToken, makeUser } from '../helpers/factories.js';
import { signedInClient } from '../helpers/session-client.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';

interface Entry {
  id: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  actor: { type: string; user_id: string | null; token_id: string | null; name: string | null };
  changes: Record<string, { before: unknown; after: unknown }> | null;
  request_id: string | null;
  ip: string | null;
  occurred_at: string;
}

describe('audit log', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  const log = async (query = '') => {
    const response = await call('GET', `/api/v1/audit-log${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: Entry[];
      meta: { per_page: number; has_more: boolean; cursor: string | null };
      links: { next: string | null };
    };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const own = await makeTenantWithToken(t.services);
    t.tenant = own.tenant;
    call = jsonCaller(t.app, own.auth);
  });
  afterAll(() => t.close());

  it('records a change with its actor, request, address and changed fields, in the words of the API', async () => {
    const created = await call(
      'POST',
      '/api/v1/operations/brands',
      { name: 'Makita' },
      { ...bearer((await makeTokenOf(t)).token), 'x-request-id': 'req-audit-1' },
    );
    expect(created.statusCode, created.body).toBe(201);
    const brand = created.json().data as { id: string; slug: string };
    expect(
      (
        await call('PATCH', `/api/v1/operations/brands/${brand.id}`, {
          name: 'Makita Tools',
          description: 'Power tools',
        })
      ).statusCode,
    ).toBe(200);

    const { data } = await log(`?entity_type=brand&entity_id=${brand.id}`);
    expect(data.map((entry) => entry.action)).toEqual(['brand.updated', 'brand.created']);
    const [updated, creation] = data;
    expect(updated!.changes).toEqual({
      name: { before: 'Makita', after: 'Makita Tools' },
      description: { before: null, after: 'Power tools' },
    });
    expect(creation!.changes).toMatchObject({
      id: { before: null, after: brand.id },
      name: { before: null, after: 'Makita' },
      slug: { before: null, after: brand.slug },
    });
    expect(creation!.request_id).toBe('req-audit-1');
    expect(creation!.ip).toBe('127.0.0.1');
    expect(creation!.actor).toMatchObject({ type: 'token', user_id: t.tenant.adminId, name: t.tenant.adminEmail });
    expect(creation!.actor.token_id).toEqual(expect.any(String));
  });

  it('has no entry for a change that rolled back', async () => {
    const brand = (await call('POST', '/api/v1/operations/brands', { name: 'Bosch' })).json().data as { id: string };
    // Refused: the slug is taken, so the update's transaction rolls back.
    const refused = await call('PATCH', `/api/v1/operations/brands/${brand.id}`, { slug: 'makita' });
    expect(refused.statusCode).toBe(422);
    // A change that fails after its entry was written leaves neither.
    await expect(
      inTransaction(t.database.db, async (trx) => {
        await t.services.audit.service.record(trx, {
          tenantId: t.tenant.tenantId,
          action: 'brand.updated',
          entityType: 'brand',
          entityId: brand.id,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await log(`?entity_id=${brand.id}`)).data.map((entry) => entry.action)).toEqual(['brand.created']);
  });

  it('pages newest first through the before cursor, and filters by action, actor and time', async () => {
    const first = await log('?per_page=1&entity_type=brand');
    expect(first.meta).toMatchObject({ per_page: 1, has_more: true });
    expect(first.links.next).toContain(`before=${first.meta.cursor}`);
    const second = await log(`?per_page=1&entity_type=brand&before=${first.meta.cursor}`);
    expect(second.data[0]!.id < first.data[0]!.id).toBe(true);

    expect((await log('?action=brand.*')).data.every((entry) => entry.action.startsWith('brand.'))).toBe(true);
    expect((await log('?action=brand.updated,brand.deleted')).data.map((entry) => entry.action)).toEqual([
      'brand.updated',
    ]);
    expect((await log(`?actor_id=${t.tenant.adminId}&actor_type=token`)).data.length).toBeGreaterThanOrEqual(3);
    expect((await log('?actor_type=cli')).data).toEqual([]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await log(`?from=${encodeURIComponent(future)}`)).data).toEqual([]);
    expect((await log(`?to=${encodeURIComponent(future)}&entity_type=brand`)).data.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a bad filter with the field named', async () => {
    const response = await call('GET', '/api/v1/audit-log?action=brand&from=yesterday');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['action', 'from']);
  });

  it('walks by before alone: after, the other lists’ cursor, is an unknown parameter here', async () => {
    const response = await call('GET', '/api/v1/audit-log?after=');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['after']);
  });

  it('is shown only to holders of system:view-audit-logs, and only their own tenant’s', async () => {
    const manager = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const managerToken = await makeToken(t.services, t.tenant.tenantId, manager.id);
    expect((await call('GET', '/api/v1/audit-log', undefined, bearer(managerToken))).statusCode).toBe(403);
    const narrow = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
      abilities: ['operations:view-products'],
    });
    expect((await call('GET', '/api/v1/audit-log', undefined, bearer(narrow))).statusCode).toBe(403);

    const other = await makeTenantWithToken(t.services);
    const theirs = await call('GET', '/api/v1/audit-log', undefined, other.auth);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.filter((entry: Entry) => entry.entity_type === 'brand')).toEqual([]);
  });

  it('is refused to a viewer, whose role reads everything else, and left out of the abilities /auth/me answers them', async () => {
    const viewer = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const everything = await makeToken(t.services, t.tenant.tenantId, viewer.id);
    const refused = await call('GET', '/api/v1/audit-log', undefined, bearer(everything));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe('This action requires the ability system:view-audit-logs.');

    const session = await signedInClient(t.app, viewer.email);
    expect((await session.get('/api/v1/audit-log')).statusCode).toBe(403);
    const { abilities } = (await session.me()).json().data as { abilities: string[] };
    expect(abilities).toContain('operations:view-inventory');
    expect(abilities).not.toContain('system:view-audit-logs');
  });

  it('keeps entries AUDIT_RETENTION_DAYS and purges older ones with the retention run', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await t.database.db
      .insertInto('audit_log')
      .values({
        id: '00000000000000000000000000',
        tenant_id: t.tenant.tenantId,
        occurred_at: old,
        actor_type: 'system',
        actor_user_id: null,
        actor_token_id: null,
        actor_name: null,
        action: 'brand.updated',
        entity_type: 'brand',
        entity_id: null,
        changes: null,
        request_id: null,
        ip: null,
      })
      .execute();
    const result = await t.services.retention.purge();
    expect(result.audit_entries_deleted).toBeGreaterThanOrEqual(1);
    expect((await log('?entity_type=brand')).data.some((entry) => entry.id === '00000000000000000000000000')).toBe(
      false,
    );
    expect((await log('?entity_type=brand')).data.length).toBeGreaterThanOrEqual(3);
  });
});

/** An all-abilities token of the tenant's admin. */
async function makeTokenOf(t: TestApp) {
  return { token: await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId) };
}
