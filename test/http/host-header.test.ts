// A Host header that no URL could carry is refused with 400 before any route runs: the API builds its links on the
// request's host when PUBLIC_URL is unset, and a list under `Host: bad host` used to fail there with a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

describe('Host header', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const list = (host: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/operations/products?per_page=1', headers: { ...t.auth, host } });

  it.each([
    'bad host',
    'evil.example/path',
    'user@evil.example',
    'evil.example?x',
    '[not-ipv6]',
    '[::1',
    'a..b',
    'host:port',
    'hôte.example',
  ])('refuses %j with 400 and the error body', async (host) => {
    const res = await list(host);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'The Host header is malformed.', code: 'bad_request' });
  });

  it.each([
    'localhost',
    'LOCALHOST:8080',
    '127.0.0.1:1',
    '[::1]:8080',
    '[2001:db8::1]',
    'stock_api:8080',
    'stock.example.com.',
    'xn--hte-bma.example',
  ])('serves %j, its links built on it', async (host) => {
    const res = await list(host);
    expect(res.statusCode, res.body).toBe(200);
    expect(new URL(res.json().links.first as string).host).toBe(new URL(`http://${host}`).host);
  });
});
