import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

describe('health, readiness and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /health answers without authentication', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /ready checks the database and the migrations', async () => {
    const res = await t.app.inject({ url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'current' });
  });

  it('GET /metrics exposes request durations by route pattern and status', async () => {
    await t.app.inject({ url: '/api/v1/operations/warehouses/01aaaaaaaaaaaaaaaaaaaaaaaa', headers: t.auth });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/operations\/warehouses\/:id",status_code="404"\} 1/,
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('echoes a well-formed X-Request-Id and mints one otherwise', async () => {
    const given = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers['x-request-id']).toBe('trace-123');
    const minted = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(minted.headers['x-request-id']).toMatch(/^[0-9a-z]{26}$/);
  });
});
