// The SDK's refusals as typed errors, its retry of rate-limited calls after Retry-After, and its idempotency
// keys on POST, against the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuartermasterError, unwrap } from '../../../clients/typescript/src/index.js';
import { listeningTestApp, tenantClient, type ListeningApp } from './sdk-test-app.js';

const UNKNOWN_ID = '01jd8x4k3m2n5p6q7r8s9t0v1w';
/** Query members the list answers by default; named so the call reads the same whichever the types require. */
const supplierList = { params: { query: { page: 1, per_page: 15, sort_by: 'name', sort_direction: 'asc' } } } as const;

describe('SDK errors', () => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await listeningTestApp();
  });
  afterAll(() => t.close());

  it('throws an invalid request as a QuartermasterError with its code and field errors', async () => {
    const { client } = await tenantClient(t);
    const error = await unwrap(client.POST('/api/v1/operations/products', { body: { name: 'x' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(QuartermasterError);
    const refused = error as QuartermasterError;
    expect(refused).toMatchObject({ status: 422, code: 'validation_failed', message: 'The given data was invalid.' });
    expect(refused.errorsFor('name').length).toBeGreaterThan(0);
    expect(refused.errorsFor('not_a_field')).toEqual([]);
  });

  it('throws a missing record with its code and answers the body of a found one', async () => {
    const { client } = await tenantClient(t);
    await expect(
      unwrap(client.GET('/api/v1/operations/products/{id}', { params: { path: { id: UNKNOWN_ID } } })),
    ).rejects.toMatchObject({
      name: 'QuartermasterError',
      status: 404,
      code: 'not_found',
      fieldErrors: {},
    });
    const supplier = await unwrap(
      client.POST('/api/v1/operations/suppliers', {
        body: { name: 'Bolt Co', code: 'BLT', email: 'orders@bolt.example' },
      }),
    );
    expect(supplier.data.code).toBe('BLT');
  });
});

describe('SDK retry of rate-limited calls', () => {
  let t: ListeningApp;
  beforeAll(async () => {
    // One request per two seconds: the second call of a test waits out the window the 429 names.
    t = await listeningTestApp({ config: { rateLimit: { max: 1, windowMs: 2_000, redisUrl: null } } });
  });
  afterAll(() => t.close());

  it('sends a call refused with 429 again after its Retry-After', async () => {
    const statuses: number[] = [];
    const { client } = await tenantClient(t, {
      fetch: async (request) => {
        const response = await fetch(request);
        statuses.push(response.status);
        return response;
      },
    });
    const listSuppliers = () => unwrap(client.GET('/api/v1/operations/suppliers', supplierList));
    await listSuppliers();
    const started = Date.now();
    const second = await listSuppliers();
    expect(second.data).toEqual([]);
    expect(statuses).toEqual([200, 429, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('answers a 429 at once when its Retry-After is longer than the client waits', async () => {
    const { client } = await tenantClient(t, { retry: { maxDelayMs: 100 } });
    await unwrap(client.GET('/api/v1/operations/suppliers', supplierList));
    const started = Date.now();
    const error = await unwrap(client.GET('/api/v1/operations/suppliers', supplierList)).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(500);
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: expect.any(Number) });
  });
});

describe('SDK idempotency keys', () => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await listeningTestApp();
  });
  afterAll(() => t.close());

  /** A connection that loses the first answer after the server acted, so the request is sent twice. */
  const sendsTwice = (keys: (string | null)[]) => async (request: Request) => {
    keys.push(request.headers.get('idempotency-key'));
    await fetch(request.clone());
    return fetch(request);
  };

  it('sends one key per POST, so a repeated request is answered from the first', async () => {
    const keys: (string | null)[] = [];
    const { client } = await tenantClient(t, { idempotencyKeys: true, fetch: sendsTwice(keys) });
    const { data, response } = await client.POST('/api/v1/operations/suppliers', {
      body: { name: 'Hinge Co', code: 'HNG', email: 'orders@hinge.example' },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(data?.data.code).toBe('HNG');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);

    const other = await client.POST('/api/v1/operations/suppliers', {
      body: { name: 'Latch Co', code: 'LTC', email: 'orders@latch.example' },
    });
    expect(other.response.status).toBe(201);
    expect(keys[1]).not.toBe(keys[0]);
    const suppliers = await unwrap(client.GET('/api/v1/operations/suppliers', supplierList));
    expect(suppliers.data.map((s) => s.code).sort()).toEqual(['HNG', 'LTC']);
  });

  it('keeps a key given with the call and sends none unless asked', async () => {
    const keys: (string | null)[] = [];
    const { client } = await tenantClient(t, { idempotencyKeys: true, fetch: sendsTwice(keys) });
    await client.POST('/api/v1/operations/suppliers', {
      body: { name: 'Rivet Co', code: 'RVT', email: 'orders@rivet.example' },
      headers: { 'Idempotency-Key': 'supplier-rvt' },
    });
    expect(keys).toEqual(['supplier-rvt']);

    const plainKeys: (string | null)[] = [];
    const plain = await tenantClient(t, { fetch: sendsTwice(plainKeys) });
    const second = await plain.client.POST('/api/v1/operations/suppliers', {
      body: { name: 'Nut Co', code: 'NUT', email: 'orders@nut.example' },
    });
    expect(plainKeys).toEqual([null]);
    expect(second.response.status).toBe(422);
  });
});
