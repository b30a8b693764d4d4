// OWASP API8 (security misconfiguration): error bodies never carry stack frames, file paths or SQL, even
// when the request is garbage or the server fails inside a database driver.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const WAREHOUSES = '/api/v1/operations/warehouses';
const THROWS = '/api/v1/test-security/throws';
const BAD_SQL = '/api/v1/test-security/bad-sql';

const LEAKS: ReadonlyArray<[string, RegExp]> = [
  ['a stack frame', /\bat\s+\S+\s+\(|\n\s+at\s/],
  ['a file path', /\/(work|home|tmp|usr|src|node_modules)\/|[\w-]+\.(ts|js):\d+/],
  [
    'SQL',
    /\b(select|insert\s+into|update\s+\S+\s+set|delete\s+from)\b|no such table|relation "|SQLITE_|syntax error at/i,
  ],
  ['an internal detail', /no_such_table|secret-detail/i],
];

function expectNoLeak(res: LightMyRequestResponse) {
  const found = LEAKS.filter(([, pattern]) => pattern.test(res.body)).map(([what]) => what);
  expect(found, res.body).toEqual([]);
}

describe('error bodies leak nothing', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      beforeReady: (app) => {
        app.get(THROWS, { config: { auth: 'none' } }, async () => {
          throw new Error('secret-detail at /work/main/src/secret.ts:12:3 select * from api_tokens');
        });
        app.get(BAD_SQL, { config: { auth: 'none' } }, async () => {
          await t.database.db
            .selectFrom('no_such_table' as never)
            .selectAll()
            .execute();
          return { ok: true };
        });
      },
    });
  });
  afterAll(() => t.close());

  it('a thrown error is a bare 500 with the request id', async () => {
    const res = await t.app.inject({ url: THROWS });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'server_error',
      message: 'Server Error.',
      request_id: res.headers['x-request-id'],
    });
    expectNoLeak(res);
  });

  it("a database driver's error is a bare 500", async () => {
    const res = await t.app.inject({ url: BAD_SQL });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'server_error',
      message: 'Server Error.',
      request_id: res.headers['x-request-id'],
    });
    expectNoLeak(res);
  });

  it('malformed JSON is a 400 without parser details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'bad_request', message: 'Malformed JSON in request body.' });
    expectNoLeak(res);
  });

  it('a prototype-poisoning body is a 400 without parser details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '{"name": "x", "code": "P1", "__proto__": {"admin": true}}',
    });
    expect(res.statusCode).toBe(400);
    expectNoLeak(res);
  });

  it('a wrong content type is a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: WAREHOUSES,
      headers: { ...t.auth, 'content-type': 'application/xml' },
      payload: '<warehouse/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      success: false,
      code: 'unsupported_media_type',
      message: 'Unsupported media type. Send application/json.',
    });
    expectNoLeak(res);
  });

  it('a validation failure names fields, not schema internals', async () => {
    const res = await t.app.inject({ method: 'POST', url: WAREHOUSES, headers: t.auth, payload: { name: 42 } });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toMatch(/instancePath|schemaPath|#\/properties/);
    expectNoLeak(res);
  });

  it('an unknown route and a bad token leak nothing', async () => {
    for (const res of [
      await t.app.inject({ url: '/api/v1/no-such-route/../../etc/passwd', headers: t.auth }),
      await t.app.inject({ url: WAREHOUSES, headers: { authorization: 'Bearer qm_not-a-token' } }),
      await t.app.inject({ url: WAREHOUSES, headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expectNoLeak(res);
    }
  });
});
