// Requests per caller and window: a token over the limit gets 429 with Retry-After while other tokens of the
// same tenant go on; sessions count per user, anonymous requests per address; probes and documentation are
// never limited, nor the console's page and files; the window resets; and with Redis, two processes share one count.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { CONSOLE_DIRECTORY } from '../../src/http/console.js';
import { bearer, makeToken } from '../helpers/factories.js';
import { CSRF_COOKIE_URL, signedInClient } from '../helpers/session-client.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const WAREHOUSES = '/api/v1/operations/warehouses';
const LIMIT = 3;
const WINDOW_MS = 2000;
const REDIS_URL = 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectLimitHeaders(res: LightMyRequestResponse, remaining: number) {
  expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
  expect(res.headers['x-ratelimit-remaining']).toBe(String(remaining));
  const reset = Number(res.headers['x-ratelimit-reset']);
  expect(reset).toBeGreaterThanOrEqual(1);
  expect(reset).toBeLessThanOrEqual(WINDOW_MS / 1000);
}

function expectTooManyRequests(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expectLimitHeaders(res, 0);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
  expect(res.json()).toEqual({
    success: false,
    code: 'too_many_requests',
    message: `Too many requests. Retry in ${retryAfter} seconds.`,
  });
}

/** Sends LIMIT requests, checking each is answered and counted, then one more that must be refused. */
async function exhaust(send: () => Promise<LightMyRequestResponse>, okStatus = 200) {
  for (let remaining = LIMIT - 1; remaining >= 0; remaining -= 1) {
    const res = await send();
    expect(res.statusCode, res.body).toBe(okStatus);
    expectLimitHeaders(res, remaining);
  }
  expectTooManyRequests(await send());
}

const rateLimit = (redisUrl: string | null = null) => ({ rateLimit: { max: LIMIT, windowMs: WINDOW_MS, redisUrl } });

describe('rate limiting per caller', () => {
  let t: TestApp;
  const newToken = async () => bearer(await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId));
  beforeAll(async () => {
    t = await buildTestApp({ config: rateLimit() });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After to a token over the limit; another token of the same tenant is unaffected', async () => {
    const first = await newToken();
    const second = await newToken();
    await exhaust(() => t.app.inject({ url: WAREHOUSES, headers: first }));

    const other = await t.app.inject({ url: WAREHOUSES, headers: second });
    expect(other.statusCode).toBe(200);
    expectLimitHeaders(other, LIMIT - 1);
  });

  it('lets the token in again once the window has passed', async () => {
    const auth = await newToken();
    await exhaust(() => t.app.inject({ url: WAREHOUSES, headers: auth }));
    await sleep(WINDOW_MS + 100);
    const res = await t.app.inject({ url: WAREHOUSES, headers: auth });
    expect(res.statusCode).toBe(200);
    expectLimitHeaders(res, LIMIT - 1);
  });

  it('counts anonymous requests per client address', async () => {
    const from = (remoteAddress: string) => () => t.app.inject({ url: CSRF_COOKIE_URL, remoteAddress });
    await exhaust(from('10.0.0.9'), 204);
    expect((await from('10.0.0.10')()).statusCode).toBe(204);
  });

  it('counts a signed-in session per user, apart from its address', async () => {
    const address = '10.0.0.20';
    // Signing in takes two anonymous requests from the address: the CSRF cookie and the login.
    const client = await signedInClient(t.app, t.tenant.adminEmail, undefined, address);
    await exhaust(() => client.me());
    const anonymous = await t.app.inject({ url: CSRF_COOKIE_URL, remoteAddress: address });
    expect(anonymous.statusCode).toBe(204);
    expectLimitHeaders(anonymous, 0);
  });

  it("never limits the probes, the metrics, the documentation or the console's page and files", async () => {
    const asset = fs.readdirSync(path.join(CONSOLE_DIRECTORY, 'assets')).find((name) => name.endsWith('.js'));
    for (const url of [
      '/health',
      '/ready',
      '/metrics',
      '/api/v1/openapi.json',
      '/docs/',
      '/docs/js/scalar.js',
      '/',
      `/assets/${asset}`,
    ]) {
      for (let i = 0; i <= LIMIT; i += 1) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-ratelimit-limit'], url).toBeUndefined();
      }
    }
  });

  it('does not store a 429 as the answer to an Idempotency-Key', async () => {
    const auth = await newToken();
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: WAREHOUSES,
        headers: { ...auth, 'idempotency-key': 'rate-limited' },
        payload: { name: 'Overflow', code: 'OVF' },
      });
    for (let i = 0; i < LIMIT; i += 1) await t.app.inject({ url: WAREHOUSES, headers: auth });
    expectTooManyRequests(await create());

    await sleep(WINDOW_MS + 100);
    const res = await create();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('rate limiting turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimit: { max: 0, windowMs: WINDOW_MS, redisUrl: null } } });
  });
  afterAll(() => t.close());

  it('with RATE_LIMIT_PER_MINUTE=0 answers every request and sends no limit headers', async () => {
    for (let i = 0; i <= LIMIT * 2; i += 1) {
      const res = await t.app.inject({ url: WAREHOUSES, headers: t.auth });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('rate limiting shared through Redis', () => {
  let t: TestApp;
  let secondProcess: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp({ config: rateLimit(REDIS_URL) });
    // A second app on the same database and Redis stands for a second API process.
    secondProcess = await buildApp({ config: t.config, database: t.database, logger: false });
    await secondProcess.ready();
  });
  afterAll(async () => {
    await secondProcess.close();
    await t.close();
  });

  it('counts one token across processes', async () => {
    const apps = [t.app, secondProcess];
    let turn = 0;
    await exhaust(() => apps[turn++ % 2]!.inject({ url: WAREHOUSES, headers: t.auth }));
  });
});

describe('rate limiting with its Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1 on loopback: nothing listens there, so every connection attempt is refused.
    t = await buildTestApp({ config: rateLimit('redis://127.0.0.1:1') });
  });
  afterAll(() => t.close());

  it('answers requests unlimited rather than failing them', async () => {
    for (let i = 0; i <= LIMIT; i += 1) {
      const res = await t.app.inject({ url: WAREHOUSES, headers: t.auth });
      expect(res.statusCode).toBe(200);
    }
  });
});
