// Every error body of docs/decisions/requests-and-responses.md (Responses and errors) and docs/errors.md, produced by the one error
// handler: each with its machine-readable code.
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BusinessRuleError,
  ConflictError,
  CsrfTokenMismatchError,
  LockedError,
  TooManyRequestsError,
} from '../../src/core/errors.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const WAREHOUSES = '/api/v1/operations/warehouses';

describe('error bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: { bodyLimitBytes: 2048 },
      beforeReady: (app) => {
        // Test-only routes that throw what services throw, to check the handler's mapping.
        const throwers: Record<string, () => never> = {
          conflict: () => {
            throw new ConflictError('brand_has_products', 'Brand has products.');
          },
          csrf: () => {
            throw new CsrfTokenMismatchError();
          },
          locked: () => {
            throw new LockedError('Two-factor authentication required');
          },
          throttled: () => {
            throw new TooManyRequestsError(42);
          },
          rule: () => {
            throw new BusinessRuleError('insufficient_stock', 'Stock cannot be negative. Current: 1, Adjustment: -2');
          },
          crash: () => {
            throw new Error('secret internal detail');
          },
        };
        app.get('/test-errors/:kind', { schema: { params: Type.Object({ kind: Type.String() }) } }, async (request) => {
          const thrower = throwers[(request.params as { kind: string }).kind];
          return thrower ? thrower() : { ok: true };
        });
      },
    });
  });
  afterAll(() => t.close());

  it('400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Malformed JSON in request body.', code: 'bad_request' });
  });

  it('400 for a prototype-poisoning body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '{"name":"x","code":"X1","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('401 without credentials and with an unknown token, with the challenge of RFC 6750', async () => {
    const cases = [
      { headers: {}, challenge: 'Bearer realm="quartermaster"' },
      {
        headers: { authorization: 'Bearer qm_notarealtokenatall' },
        challenge: 'Bearer realm="quartermaster", error="invalid_token"',
      },
      { headers: { authorization: 'Basic abc' }, challenge: 'Bearer realm="quartermaster"' },
    ];
    for (const { headers, challenge } of cases) {
      const res = await t.app.inject({ url: WAREHOUSES, headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe(challenge);
      expect(res.json()).toEqual({ success: false, message: 'Unauthenticated.', code: 'unauthenticated' });
    }
  });

  it('403 names the missing ability', async () => {
    const { makeToken } = await import('../helpers/factories.js');
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
      abilities: ['operations:view-products'],
    });
    const res = await t.app.inject({ url: WAREHOUSES, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      message: 'This action requires the ability operations:view-inventory.',
      code: 'forbidden',
    });
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('404 for a record, a malformed id and an unknown route', async () => {
    const missing = await t.app.inject({ url: `${WAREHOUSES}/01jaaaaaaaaaaaaaaaaaaaaaaa`, headers: t.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      message: 'Warehouse not found.',
      code: 'not_found',
      data: null,
      meta: {},
    });
    const malformed = await t.app.inject({ url: `${WAREHOUSES}/not-a-ulid`, headers: t.auth });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe('Warehouse not found.');
    const route = await t.app.inject({ url: '/api/v1/nothing-here', headers: t.auth });
    expect(route.statusCode).toBe(404);
    expect(route.json()).toEqual({
      success: false,
      message: 'Route not found.',
      code: 'not_found',
      data: null,
      meta: {},
    });
  });

  it('405 with Allow for a known path and a wrong method', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: WAREHOUSES, headers: t.auth });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.json()).toMatchObject({ success: false, code: 'method_not_allowed' });
    const withId = await t.app.inject({
      method: 'POST',
      url: `${WAREHOUSES}/01jaaaaaaaaaaaaaaaaaaaaaaa`,
      headers: t.auth,
    });
    expect(withId.statusCode).toBe(405);
    expect(withId.headers.allow).toBe('GET, HEAD, PUT, PATCH, DELETE');
  });

  it('a static word where an id would go is an unknown route (404 or 405), not a missing record', async () => {
    const ROUTE_NOT_FOUND = { success: false, message: 'Route not found.', code: 'not_found', data: null, meta: {} };
    for (const url of [
      '/api/v1/operations/products/tree',
      '/api/v1/operations/products/statistics',
      '/api/v1/operations/products/export/documents',
      '/api/v1/operations/warehouses/bulk-delete',
    ]) {
      const res = await t.app.inject({ url, headers: t.auth });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(ROUTE_NOT_FOUND);
      // Like any unknown route, without credentials too.
      expect((await t.app.inject({ url })).json(), url).toEqual(ROUTE_NOT_FOUND);
    }
    // POST /tags/export exists: the other methods are 405 with Allow, not "Tag not found."
    const tagsExport = await t.app.inject({ url: '/api/v1/operations/tags/export', headers: t.auth });
    expect(tagsExport.statusCode).toBe(405);
    expect(tagsExport.headers.allow).toBe('POST');
    expect(tagsExport.headers['x-request-id']).toBeDefined();
    expect(tagsExport.json()).toEqual({
      success: false,
      message: 'The GET method is not supported for this route. Supported methods: POST.',
      code: 'method_not_allowed',
    });
    const statistics = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/operations/tags/statistics',
      headers: t.auth,
    });
    expect(statistics.statusCode).toBe(405);
    expect(statistics.headers.allow).toBe('GET, HEAD');
    // The static routes themselves, and ids that are merely malformed, answer as before.
    expect(
      (await t.app.inject({ url: '/api/v1/operations/brands/export?format=json', headers: t.auth })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/operations/products/not-an-id', headers: t.auth })).json().message).toBe(
      'Product not found.',
    );
    expect(
      (await t.app.inject({ url: '/api/v1/operations/tags/01jaaaaaaaaaaaaaaaaaaaaaaa', headers: t.auth })).json()
        .message,
    ).toBe('Tag not found.');
  });

  it('409 with its message', async () => {
    const res = await t.app.inject({ url: '/test-errors/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Brand has products.', code: 'brand_has_products' });
  });

  it('413 for a body above the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(4096), code: 'BIG' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'Request body is too large.', code: 'payload_too_large' });
  });

  it('415 for a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.app.inject({
        method: 'POST',
        url: WAREHOUSES,
        headers: { ...t.auth, 'content-type': type },
        payload: 'name=x',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        success: false,
        message: 'Unsupported media type. Send application/json.',
        code: 'unsupported_media_type',
      });
    }
  });

  it('419 for a CSRF mismatch', async () => {
    const res = await t.app.inject({ url: '/test-errors/csrf' });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ success: false, message: 'CSRF token mismatch.', code: 'csrf_token_mismatch' });
  });

  it('422 with dotted field keys and every failing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: t.auth,
      payload: {
        code: 'bad code!',
        type: 'castle',
        is_active: 'yes',
        address: { postal_code: 'x'.repeat(40), city: 7 },
      },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe('The given data was invalid.');
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.errors).sort()).toEqual([
      'address.city',
      'address.postal_code',
      'code',
      'is_active',
      'name',
      'type',
    ]);
    expect(body.errors.name).toEqual(['The name field is required.']);
    expect(body.errors['address.postal_code']).toEqual([
      'The postal code field must not be greater than 32 characters.',
    ]);
    expect(body.errors.is_active).toEqual(['The is active field must be a boolean.']);
  });

  it('422 naming an array item by its path, for every array field', async () => {
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/products',
      headers: t.auth,
      payload: { name: 'Drill', sku: 'DR-1', tags: ['01hzzzzzzzzzzzzzzzzzzzzzzz', 'nope'] },
    });
    expect(product.statusCode).toBe(422);
    expect(product.json().errors).toEqual({ 'tags.1': ['The tags[1] field format is invalid.'] });
    const merge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/tags/merge',
      headers: t.auth,
      payload: { source_tag_ids: ['x'], target_tag_id: '01hzzzzzzzzzzzzzzzzzzzzzzz' },
    });
    expect(merge.json().errors).toEqual({ 'source_tag_ids.0': ['The source_tag_ids[0] field format is invalid.'] });
    for (const res of [product, merge]) expect(JSON.stringify(res.json())).not.toMatch(/The \d+ field/);
  });

  it('422 when the body is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ body: ['The request body must be a JSON object.'] });
  });

  it('422 for a business rule, with its message', async () => {
    const res = await t.app.inject({ url: '/test-errors/rule' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      message: 'Stock cannot be negative. Current: 1, Adjustment: -2',
      code: 'insufficient_stock',
    });
  });

  it('423 and 429 with Retry-After', async () => {
    const locked = await t.app.inject({ url: '/test-errors/locked' });
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({
      success: false,
      message: 'Two-factor authentication required',
      code: 'two_factor_required',
    });
    const throttled = await t.app.inject({ url: '/test-errors/throttled' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('42');
    expect(throttled.json()).toEqual({ success: false, message: 'Too many requests.', code: 'too_many_requests' });
  });

  it('500 never shows the error or a stack, and carries the request id', async () => {
    const res = await t.app.inject({ url: '/test-errors/crash', headers: { 'x-request-id': 'req-500' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: 'Server Error.',
      code: 'server_error',
      request_id: 'req-500',
    });
    expect(res.body).not.toContain('secret internal detail');
  });

  it('an empty JSON body counts as no fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['code', 'name']);
  });
});
