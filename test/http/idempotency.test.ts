import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { bearer, makeTenant, makeToken } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const WAREHOUSES = '/api/v1/operations/warehouses';

describe('Idempotency-Key', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-11-21T10:00:00.000Z'));

  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  const post = (key: string | undefined, payload: unknown, headers = t.auth) =>
    t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
      payload: payload as object,
    });

  const countCodes = async (code: string) =>
    (await t.database.db.selectFrom('warehouses').select('id').where('code', '=', code).execute()).length;

  it('replays the first response for the same key and body without doing the work again', async () => {
    const first = await post('key-1', { name: 'North', code: 'NORTH' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Same body, other key order and spacing: the same request.
    const replay = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: { ...t.auth, 'idempotency-key': 'key-1', 'content-type': 'application/json' },
      payload: '{ "code": "NORTH",   "name": "North" }',
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await countCodes('NORTH')).toBe(1);
  });

  it('refuses the same key with another body', async () => {
    await post('key-2', { name: 'South', code: 'SOUTH' });
    const res = await post('key-2', { name: 'South', code: 'SOUTH2' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used with a different request.',
    });
    expect(await countCodes('SOUTH2')).toBe(0);
  });

  it('replays an error answer too', async () => {
    const first = await post('key-3', { name: 'Dup', code: 'NORTH' });
    expect(first.statusCode).toBe(422);
    const again = await post('key-3', { name: 'Dup', code: 'NORTH' });
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('keeps keys per tenant', async () => {
    const other = await makeTenant(t.services);
    const otherToken = await makeToken(t.services, other.tenantId, other.adminId);
    const res = await post('key-1', { name: 'North', code: 'NORTH' }, bearer(otherToken));
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await countCodes('NORTH')).toBe(2);
  });

  it('keeps keys per caller: another token of the tenant may use the same key for its own request', async () => {
    expect((await post('key-7', { name: 'East', code: 'EAST' })).statusCode).toBe(201);
    const colleague = bearer(await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId));
    const own = await post('key-7', { name: 'East Two', code: 'EAST2' }, colleague);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('key-7', { name: 'East Two', code: 'EAST2' }, colleague);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(own.json());
    // The same body under the same key is not the first caller's answer either.
    const same = await post(
      'key-7',
      { name: 'East', code: 'EAST' },
      bearer(await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId)),
    );
    expect(same.headers['idempotent-replayed']).toBeUndefined();
    expect(same.statusCode).toBe(422);
    expect(await countCodes('EAST')).toBe(1);
  });

  it('forgets a key after its time to live', async () => {
    await post('key-4', { name: 'West', code: 'WEST' });
    clock.advance(25 * 3_600_000);
    const res = await post('key-4', { name: 'West Two', code: 'WEST2' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('does the work once when the same request arrives many times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('key-5', { name: 'Parallel', code: 'PARALLEL' })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().message).toBe('A request with this Idempotency-Key is still being processed.');
    }
    expect(await countCodes('PARALLEL')).toBe(1);
  });

  it('refuses a malformed key', async () => {
    const res = await post('x'.repeat(256), { name: 'Long', code: 'LONG' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['Idempotency-Key']);
  });

  it('refuses, with a 422, a body that has no canonical text on a route that reads no body', async () => {
    const toggle = `/api/v1/operations/product-categories/${newId()}/toggle-featured`;
    for (const [key, payload] of [
      ['key-7', '{"note":"x\\ud800y"}'],
      ['key-8', '{"big":1e400}'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: toggle,
        headers: { ...t.auth, 'idempotency-key': key, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(422);
      expect(Object.keys(res.json().errors), payload).toEqual(['body']);
    }
  });

  it('ignores the header on other methods', async () => {
    const res = await t.app.inject({ url: WAREHOUSES, headers: { ...t.auth, 'idempotency-key': 'key-6' } });
    expect(res.statusCode).toBe(200);
    const stored = await t.database.db
      .selectFrom('idempotency_keys')
      .select('id')
      .where('idempotency_key', '=', 'key-6')
      .execute();
    expect(stored).toHaveLength(0);
  });
});
