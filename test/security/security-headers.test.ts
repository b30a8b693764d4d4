// The security headers on every kind of response: API bodies, each error path, probes, metrics, the OpenAPI
// document and the API reference page, whose policy lets it load what it needs and nothing else.
import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const WAREHOUSES = '/api/v1/operations/warehouses';
const API_POLICY = "default-src 'none';frame-ancestors 'none'";

function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(res.headers['x-dns-prefetch-control']).toBe('off');
  expect(res.headers['x-request-id']).toBeTruthy();
}

function expectApiPolicy(res: LightMyRequestResponse) {
  expectSecurityHeaders(res);
  expect(res.headers['content-security-policy']).toBe(API_POLICY);
}

/** The directives of a policy header, by name. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const text = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    text.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: { bodyLimitBytes: 2048 },
      beforeReady: (app) => {
        app.get('/test-headers/crash', async () => {
          throw new Error('secret internal detail');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('on an API answer, with the strict API policy and no HSTS over http', async () => {
    const res = await t.app.inject({ url: WAREHOUSES, headers: t.auth });
    expect(res.statusCode).toBe(200);
    expectApiPolicy(res);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('on 404 for an unknown route and 405 for a wrong method', async () => {
    const notFound = await t.app.inject({ url: '/api/v1/no-such-route', headers: t.auth });
    expect(notFound.statusCode).toBe(404);
    expectApiPolicy(notFound);
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: WAREHOUSES, headers: t.auth });
    expect(wrongMethod.statusCode).toBe(405);
    expectApiPolicy(wrongMethod);
  });

  it('on 401 from authentication', async () => {
    const res = await t.app.inject({ url: WAREHOUSES });
    expect(res.statusCode).toBe(401);
    expectApiPolicy(res);
  });

  it('on 413 for a body over the limit and 415 for a body that is not JSON', async () => {
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: t.auth,
      payload: { name: 'x'.repeat(4096), code: 'BIG' },
    });
    expect(tooLarge.statusCode).toBe(413);
    expectApiPolicy(tooLarge);
    const wrongType = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: { ...t.auth, 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(wrongType.statusCode).toBe(415);
    expectApiPolicy(wrongType);
  });

  it('on 500, whose body carries no error text or stack', async () => {
    const res = await t.app.inject({ url: '/test-headers/crash' });
    expect(res.statusCode).toBe(500);
    expectApiPolicy(res);
    expect(res.json()).toEqual({
      success: false,
      code: 'server_error',
      message: 'Server Error.',
      request_id: res.headers['x-request-id'],
    });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('at ');
  });

  it('on the probes, the metrics and the OpenAPI document', async () => {
    for (const url of ['/health', '/ready', '/metrics', '/api/v1/openapi.json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expectApiPolicy(res);
    }
  });

  it('/docs still renders, under a policy that allows its bundle, its inline script and its fonts only', async () => {
    const redirect = await t.app.inject({ url: '/docs' });
    expect(redirect.statusCode).toBe(301);
    expectSecurityHeaders(redirect);

    const page = await t.app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<script src="js/scalar.js"></script>');
    expectSecurityHeaders(page);

    const policy = directives(page);
    const inline = /<script type="text\/javascript">([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    expect(inline).toContain('createApiReference');
    const inlineHash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(policy.get('script-src')).toEqual(["'self'", inlineHash]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('font-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);

    const bundle = await t.app.inject({ url: '/docs/js/scalar.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expectSecurityHeaders(bundle);
  });
});

describe('HSTS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { publicUrl: 'https://ops.example.com' } });
  });
  afterAll(() => t.close());

  it('is sent on every response when PUBLIC_URL is https', async () => {
    for (const res of [
      await t.app.inject({ url: WAREHOUSES, headers: t.auth }),
      await t.app.inject({ url: '/health' }),
      await t.app.inject({ url: WAREHOUSES }),
    ]) {
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    }
  });

  it("lets the reference page's requests reach PUBLIC_URL's origin", async () => {
    const page = await t.app.inject({ url: '/docs/' });
    expect(directives(page).get('connect-src')).toEqual(["'self'", 'https://ops.example.com']);
  });
});
