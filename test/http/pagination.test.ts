import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const WAREHOUSES = '/api/v1/operations/warehouses';

describe('pagination', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { publicUrl: 'https://api.example.test' } });
    // MAIN plus W01..W11: 12 warehouses.
    for (let i = 1; i <= 11; i++) {
      await t.services.warehouses.create(t.tenant.tenantId, {
        name: `Warehouse ${String(i).padStart(2, '0')}`,
        code: `W${String(i).padStart(2, '0')}`,
      });
    }
  });
  afterAll(() => t.close());

  const list = (query: string) => t.app.inject({ url: `${WAREHOUSES}?${query}`, headers: t.auth });

  it('answers meta and absolute links', async () => {
    const res = await list('per_page=5&page=2&sort_by=code');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((w: { code: string }) => w.code)).toEqual(['W05', 'W06', 'W07', 'W08', 'W09']);
    expect(body.meta).toEqual({ current_page: 2, per_page: 5, total: 12, last_page: 3 });
    expect(body.links).toEqual({
      first: `https://api.example.test${WAREHOUSES}?per_page=5&page=1&sort_by=code`,
      last: `https://api.example.test${WAREHOUSES}?per_page=5&page=3&sort_by=code`,
      prev: `https://api.example.test${WAREHOUSES}?per_page=5&page=1&sort_by=code`,
      next: `https://api.example.test${WAREHOUSES}?per_page=5&page=3&sort_by=code`,
    });
  });

  it('uses the list default page size and nulls the links that do not exist', async () => {
    const body = (await list('')).json();
    expect(body.meta).toEqual({ current_page: 1, per_page: 25, total: 12, last_page: 1 });
    expect(body.links.prev).toBeNull();
    expect(body.links.next).toBeNull();
  });

  it('answers an empty page past the end', async () => {
    const body = (await list('per_page=10&page=9')).json();
    expect(body.data).toEqual([]);
    expect(body.meta).toEqual({ current_page: 9, per_page: 10, total: 12, last_page: 2 });
    expect(body.links.next).toBeNull();
    expect(body.links.prev).toContain('page=2');
  });

  it.each([
    ['page=0', 'page', 'The page field must be at least 1.'],
    ['page=-3', 'page', 'The page field must be at least 1.'],
    ['page=abc', 'page', 'The page field must be an integer.'],
    ['page=1.5', 'page', 'The page field must be an integer.'],
    ['page=2147483648', 'page', 'The page field must not be greater than 2147483647.'],
    ['page=99999999999999999999', 'page', 'The page field must not be greater than 2147483647.'],
    ['page=1e30', 'page', 'The page field must not be greater than 2147483647.'],
    ['per_page=0', 'per_page', 'The per page field must be at least 1.'],
    ['per_page=101', 'per_page', 'The per page field must not be greater than 100.'],
    ['per_page=ten', 'per_page', 'The per page field must be an integer.'],
  ])('refuses %s with 422', async (query, field, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      code: 'validation_failed',
      message: 'The given data was invalid.',
      errors: { [field]: [message] },
    });
  });

  it('accepts the bounds 1 and 100, and refuses an unknown parameter', async () => {
    expect((await list('per_page=1&page=1')).statusCode).toBe(200);
    const unknown = await list('per_page=1&page=1&colour=blue');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ colour: ['Unknown parameter.'] });
    const last = await list('per_page=100&page=2147483647');
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data).toEqual([]);
    const body = (await list('per_page=100')).json();
    expect(body.meta.per_page).toBe(100);
    expect(body.data).toHaveLength(12);
  });

  it('filters and sorts', async () => {
    const body = (await list('search=warehouse%2011&sort_direction=desc')).json();
    expect(body.data.map((w: { code: string }) => w.code)).toEqual(['W11']);
    const sorted = (await list('sort_by=code&sort_direction=desc&per_page=2')).json();
    expect(sorted.data.map((w: { code: string }) => w.code)).toEqual(['W11', 'W10']);
  });
});
