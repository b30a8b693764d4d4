// Every header of each kind of answer the server gives, named one by one: an API body, its errors, the console's
// page and hashed files, the API reference and its bundle, over http and with an https PUBLIC_URL. A header
// added, dropped or changed by whatever sets the security headers fails here, by name.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_DIRECTORY } from '../../src/http/console.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const WAREHOUSES = '/api/v1/operations/warehouses';
const HTML = { accept: 'text/html,application/xhtml+xml' };

/** Headers whose value differs from one answer to the next: only their presence is checked. */
const ANY = expect.stringMatching(/.+/);
const HTTP_DATE = expect.stringMatching(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
const NUMBER = expect.stringMatching(/^\d+$/);

/** The headers that every answer carries, whoever answers it. */
function everyAnswer(overHttps: boolean): Record<string, unknown> {
  return {
    'x-request-id': ANY,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(overHttps ? { 'strict-transport-security': 'max-age=31536000' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    date: HTTP_DATE,
    connection: 'keep-alive',
    'content-length': NUMBER,
  };
}

const API_POLICY = "default-src 'none';frame-ancestors 'none'";

const CONSOLE_POLICY =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
  "connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

function docsPolicy(scriptHashes: string[], apiOrigin: string | null): string {
  return (
    `default-src 'self';script-src ${["'self'", ...scriptHashes].join(' ')};style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;` +
    `font-src 'self' data:;connect-src ${["'self'", ...(apiOrigin ? [apiOrigin] : [])].join(' ')};object-src 'none';base-uri 'self';` +
    "form-action 'self';frame-ancestors 'none'"
  );
}

const RATE_LIMIT = { 'x-ratelimit-limit': NUMBER, 'x-ratelimit-remaining': NUMBER, 'x-ratelimit-reset': NUMBER };
const JSON_TYPE = 'application/json; charset=utf-8';

/** Each header of `res` against `expected`, by name, and no header beyond them. */
function expectHeaders(res: LightMyRequestResponse, expected: Record<string, unknown>) {
  const actual = { ...res.headers };
  for (const [name, value] of Object.entries(expected))
    expect(actual[name], `${res.statusCode} ${name}`).toEqual(value);
  expect(Object.keys(actual).sort(), `the headers of a ${res.statusCode}`).toEqual(Object.keys(expected).sort());
}

for (const publicUrl of [null, 'https://ops.example.com']) {
  const overHttps = publicUrl !== null;
  const common = everyAnswer(overHttps);

  describe(`the headers of each kind of answer, ${overHttps ? 'with an https PUBLIC_URL' : 'over http'}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({
        config: { publicUrl },
        beforeReady: (app) => {
          app.get('/test-header-list/crash', async () => {
            throw new Error('crash');
          });
        },
      });
    });
    afterAll(() => t.close());

    it('an API answer', async () => {
      const res = await t.app.inject({ url: WAREHOUSES, headers: t.auth });
      expect(res.statusCode).toBe(200);
      expectHeaders(res, {
        ...common,
        ...RATE_LIMIT,
        'content-security-policy': API_POLICY,
        'content-type': JSON_TYPE,
      });
    });

    it('errors: 401 from authentication, 404 for an unknown route, 500 from a handler', async () => {
      const unauthenticated = await t.app.inject({ url: WAREHOUSES });
      expect(unauthenticated.statusCode).toBe(401);
      expectHeaders(unauthenticated, {
        ...common,
        'content-security-policy': API_POLICY,
        'www-authenticate': 'Bearer realm="quartermaster"',
        'content-type': JSON_TYPE,
      });

      const notFound = await t.app.inject({ url: '/api/v1/no-such-route', headers: t.auth });
      expect(notFound.statusCode).toBe(404);
      expectHeaders(notFound, { ...common, 'content-security-policy': API_POLICY, 'content-type': JSON_TYPE });

      const crash = await t.app.inject({ url: '/test-header-list/crash' });
      expect(crash.statusCode).toBe(500);
      expectHeaders(crash, {
        ...common,
        ...RATE_LIMIT,
        'content-security-policy': API_POLICY,
        'content-type': JSON_TYPE,
      });
    });

    it("the console's page, at / and for a navigation to one of its screens", async () => {
      for (const url of ['/', '/products/01JD8V8H9J0K1M2N3P4Q5R6S7T']) {
        const res = await t.app.inject({ url, headers: HTML });
        expect(res.statusCode, url).toBe(200);
        expectHeaders(res, {
          ...common,
          'content-security-policy': CONSOLE_POLICY,
          'cache-control': 'no-cache',
          // The page and the build's files are sent precompressed where the client accepts it.
          vary: 'accept-encoding',
          'accept-ranges': 'bytes',
          'last-modified': HTTP_DATE,
          etag: ANY,
          'content-type': 'text/html; charset=utf-8',
        });
      }
    });

    it("one of the console's hashed files", async () => {
      const file = fs.readdirSync(path.join(CONSOLE_DIRECTORY, 'assets')).find((name) => name.endsWith('.js'))!;
      const res = await t.app.inject({ url: `/assets/${file}` });
      expect(res.statusCode).toBe(200);
      expectHeaders(res, {
        ...common,
        'content-security-policy': API_POLICY,
        vary: 'accept-encoding',
        'accept-ranges': 'bytes',
        'cache-control': 'public, max-age=31536000, immutable',
        'last-modified': HTTP_DATE,
        etag: ANY,
        'content-type': 'application/javascript; charset=utf-8',
      });
    });

    it('the API reference: its redirect, its page (with the hash of its inline script) and its bundle', async () => {
      const redirect = await t.app.inject({ url: '/docs' });
      expect(redirect.statusCode).toBe(301);
      expectHeaders(redirect, {
        ...common,
        'content-security-policy': docsPolicy([], publicUrl),
        location: '/docs/',
        'content-type': 'application/octet-stream',
      });

      const page = await t.app.inject({ url: '/docs/' });
      expect(page.statusCode).toBe(200);
      const inline = /<script type="text\/javascript">([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
      expect(inline).toContain('createApiReference');
      const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
      expectHeaders(page, {
        ...common,
        'content-security-policy': docsPolicy([hash], publicUrl),
        'content-type': 'text/html; charset=utf-8',
      });

      const bundle = await t.app.inject({ url: '/docs/js/scalar.js' });
      expect(bundle.statusCode).toBe(200);
      expectHeaders(bundle, {
        ...common,
        'content-security-policy': docsPolicy([], publicUrl),
        'content-type': 'application/javascript; charset=utf-8',
      });
    });
  });
}
