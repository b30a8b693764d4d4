// The request log names each answer's route pattern, tenant and caller, and never holds credentials sent in a
// query string: `access_token=`, `token=`, `password=`,
// `secret=`, `api_key=` and their kin are written as [REDACTED], read from the real log lines.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

const SECRETS = ['s3cr3t-access', 'tok-123', 'hunter2', 'shh-secret', 'key-456', 'refresh-789', 'client-sec'];

describe('request log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ loggerInstance: pino({ level: 'info' }, sink) });
  });
  afterAll(() => t.close());

  const loggedUrls = (id: string) =>
    lines
      .filter((line) => line.reqId === id && line.req !== undefined)
      .map((line) => (line.req as { url: string }).url);

  it('redacts credential parameters of the query string and keeps the rest', async () => {
    const query = [
      'access_token=s3cr3t-access',
      'page=1',
      'token=tok-123',
      'Password=hunter2',
      'search=visible%20text',
      'secret=shh-secret',
      'api_key=key-456',
      'refresh_token=refresh-789',
      'client_secret=client-sec',
      'apiKey=key-456',
    ].join('&');
    const res = await t.app.inject({
      url: `/api/v1/operations/warehouses?${query}`,
      headers: { ...t.auth, 'x-request-id': 'log-redaction-1' },
    });
    // The list takes none of them: the 422 names each one, and echoes no value.
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([
      'access_token',
      'token',
      'Password',
      'secret',
      'api_key',
      'refresh_token',
      'client_secret',
      'apiKey',
    ]);
    for (const secret of SECRETS) expect(res.body).not.toContain(secret);

    expect(loggedUrls('log-redaction-1')).toEqual([
      '/api/v1/operations/warehouses?access_token=[REDACTED]&page=1&token=[REDACTED]&Password=[REDACTED]&search=visible%20text' +
        '&secret=[REDACTED]&api_key=[REDACTED]&refresh_token=[REDACTED]&client_secret=[REDACTED]&apiKey=[REDACTED]',
    ]);
    const text = JSON.stringify(lines);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('also redacts percent-encoded names, repeated names and parameters without a value, on unknown routes too', async () => {
    const res = await t.app.inject({
      url: '/api/v1/nowhere?access%5Ftoken=s3cr3t-access&token=tok-123&token=hunter2&password&x=1',
      headers: { 'x-request-id': 'log-redaction-2' },
    });
    expect(res.statusCode).toBe(404);
    expect(loggedUrls('log-redaction-2')).toEqual([
      '/api/v1/nowhere?access%5Ftoken=[REDACTED]&token=[REDACTED]&token=[REDACTED]&password&x=1',
    ]);
    const text = JSON.stringify(lines);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('logs a URL without credentials as it came', async () => {
    await t.app.inject({
      url: '/api/v1/operations/warehouses?page=2&per_page=5',
      headers: { ...t.auth, 'x-request-id': 'log-redaction-3' },
    });
    expect(loggedUrls('log-redaction-3')).toEqual(['/api/v1/operations/warehouses?page=2&per_page=5']);
  });

  it('names the route pattern, the tenant and the caller on the answer line', async () => {
    const id = '01aaaaaaaaaaaaaaaaaaaaaaaa';
    await t.app.inject({
      url: `/api/v1/operations/warehouses/${id}`,
      headers: { ...t.auth, 'x-request-id': 'log-route-1' },
    });
    const completed = lines.find((line) => line.reqId === 'log-route-1' && line.msg === 'request completed');
    expect(completed?.res).toEqual({
      statusCode: 404,
      route: '/api/v1/operations/warehouses/:id',
      tenant: t.tenant.tenantId,
      caller: expect.stringMatching(/^token:[0-9a-z]{26}$/),
    });

    await t.app.inject({ url: '/api/v1/nowhere', headers: { 'x-request-id': 'log-route-2' } });
    const unrouted = lines.find((line) => line.reqId === 'log-route-2' && line.msg === 'request completed');
    expect(unrouted?.res).toEqual({ statusCode: 404, route: 'unmatched' });
  });
});
