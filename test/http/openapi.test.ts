import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

describe('API reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const list = doc.paths['/api/v1/operations/warehouses'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['page', 'per_page', 'search', 'sort_by']));
    const perPage = list.parameters.find((p: { name: string }) => p.name === 'per_page');
    expect(perPage.schema).toMatchObject({ minimum: 1, maximum: 100, default: 25 });
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '422']));
    const create = doc.paths['/api/v1/operations/warehouses'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['name', 'code']);
    expect(doc.paths['/api/v1/operations/warehouses/{id}'].put).toBeDefined();
    // Probes and the document itself stay out of the reference.
    expect(doc.paths['/health']).toBeUndefined();
    expect(doc.paths['/metrics']).toBeUndefined();
  });

  it('serves a reference page at /docs with its script bundled, no CDN', async () => {
    const redirect = await t.app.inject({ url: '/docs' });
    expect([301, 302]).toContain(redirect.statusCode);
    const page = await t.app.inject({ url: redirect.headers.location ?? '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Quartermaster API reference</title>');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/v1/openapi.json');
    const src = /<script[^>]+src="([^"]+)"/.exec(page.body)?.[1];
    expect(src).toBeDefined();
    expect(src).not.toMatch(/^https?:/);
    const script = await t.app.inject({ url: new URL(src!, 'http://localhost/docs/').pathname });
    expect(script.statusCode).toBe(200);
    expect(script.body.length).toBeGreaterThan(100_000);
  });
});
