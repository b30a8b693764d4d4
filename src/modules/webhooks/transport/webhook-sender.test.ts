import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FixedClock } from '../../../lib/clock.js';
import type { AddressPolicy, Resolver } from './address-guard.js';
import { parseRetryAfter, WebhookSender } from './webhook-sender.js';
import type { SenderOptions } from './webhook-sender.js';

const local: AddressPolicy = { allowHttp: true, allowPrivateTargets: true };
const guarded: AddressPolicy = { allowHttp: true, allowPrivateTargets: false };

interface Received {
  method: string;
  url: string;
  rawHeaders: string[];
  body: Buffer;
}

interface Receiver {
  url: string;
  port: number;
  requests: Received[];
  connections: number;
}

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A local HTTP server that records what arrives and answers with `respond`. */
async function receiver(respond: (request: IncomingMessage, response: ServerResponse) => void): Promise<Receiver> {
  const state = { requests: [] as Received[], connections: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        rawHeaders: request.rawHeaders,
        body: Buffer.concat(chunks),
      });
      respond(request, response);
    });
  });
  server.on('connection', () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: state.requests,
    get connections() {
      return state.connections;
    },
  };
}

function sender(options: Partial<SenderOptions> = {}): WebhookSender {
  const defaults = { timeoutMs: 5_000, policy: local, userAgent: 'Quartermaster-Webhooks/1.0' };
  const created = new WebhookSender({ ...defaults, ...options });
  cleanups.push(() => created.close());
  return created;
}

function headerPairs(rawHeaders: string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let index = 0; index < rawHeaders.length; index += 2) pairs.push([rawHeaders[index]!, rawHeaders[index + 1]!]);
  return pairs;
}

const json = { 'Content-Type': 'application/json' };

describe('WebhookSender', () => {
  it('counts a 2xx answer as delivered', async () => {
    const target = await receiver((_request, response) => response.writeHead(204).end());
    const outcome = await sender().send({ url: `${target.url}/hooks`, body: '{}', headers: json });
    expect(outcome).toEqual({
      ok: true,
      statusCode: 204,
      durationMs: expect.any(Number),
      error: null,
      retryAfterSeconds: null,
    });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('POSTs the body and headers byte for byte, with its own User-Agent', async () => {
    const target = await receiver((_request, response) => response.end('thanks'));
    const body = '{"event_type":"product.created","payload":{"name":"Zoë ☃ \\u0000"}}';
    const headers = {
      'Content-Type': 'application/json',
      'X-Webhook-Signature': 'ab'.repeat(32),
      'X-Webhook-Delivery-Id': '01jd9zq3t8m5x2c4v6b7n8p9qr',
      'X-Custom-Header': 'Value With  Spaces',
      'User-Agent': 'spoofed',
    };
    const outcome = await sender().send({ url: `${target.url}/in/bound?token=a%20b`, body, headers });
    expect(outcome.ok).toBe(true);
    const [received] = target.requests;
    expect(received?.method).toBe('POST');
    expect(received?.url).toBe('/in/bound?token=a%20b');
    expect(received?.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    const pairs = headerPairs(received?.rawHeaders ?? []);
    for (const [name, value] of Object.entries(headers).filter(([name]) => name !== 'User-Agent')) {
      expect(pairs).toContainEqual([name, value]);
    }
    expect(pairs.filter(([name]) => name.toLowerCase() === 'user-agent')).toEqual([
      ['user-agent', 'Quartermaster-Webhooks/1.0'],
    ]);
    expect(pairs).toContainEqual(['content-length', String(Buffer.byteLength(body))]);
  });

  it('leaves connection framing to the client', async () => {
    const target = await receiver((_request, response) => response.end());
    const headers = { ...json, Host: 'evil.example', 'Content-Length': '1', Connection: 'upgrade' };
    const outcome = await sender().send({ url: target.url, body: '{"a":1}', headers });
    expect(outcome.ok).toBe(true);
    const pairs = headerPairs(target.requests[0]?.rawHeaders ?? []);
    expect(pairs.find(([name]) => name.toLowerCase() === 'host')?.[1]).toBe(`127.0.0.1:${target.port}`);
    expect(target.requests[0]?.body.toString()).toBe('{"a":1}');
  });

  it('counts a 500 as not delivered', async () => {
    const target = await receiver((_request, response) => response.writeHead(500).end('boom'));
    expect(await sender().send({ url: target.url, body: '{}', headers: json })).toMatchObject({
      ok: false,
      statusCode: 500,
      error: null,
      retryAfterSeconds: null,
    });
  });

  it('does not follow a redirect', async () => {
    const elsewhere = await receiver((_request, response) => response.end());
    const target = await receiver((_request, response) =>
      response.writeHead(302, { Location: `${elsewhere.url}/stolen` }).end(),
    );
    const outcome = await sender().send({ url: target.url, body: '{}', headers: json });
    expect(outcome).toMatchObject({ ok: false, statusCode: 302, error: 'Redirects are not followed (302).' });
    expect(target.requests).toHaveLength(1);
    expect(elsewhere.connections).toBe(0);
  });

  it('gives up on a server that never answers', async () => {
    const target = await receiver(() => undefined);
    const outcome = await sender({ timeoutMs: 200 }).send({ url: target.url, body: '{}', headers: json });
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'Timed out after 200 ms.' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(150);
    expect(outcome.durationMs).toBeLessThan(2_000);
  });

  it.each([
    ['without', false],
    ['with', true],
  ])('reads a 10 MB answer %s Content-Length only up to the limit', async (_label, declareLength) => {
    const total = 10 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let finished = false;
    const target = await receiver((_request, response) => {
      response.writeHead(200, declareLength ? { 'Content-Length': String(total) } : {});
      let written = 0;
      const writeMore = () => {
        while (written < total) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', writeMore);
        }
        response.end(() => {
          finished = true;
        });
      };
      response.on('error', () => undefined);
      writeMore();
    });
    const started = Date.now();
    const outcome = await sender({ maxResponseBytes: 16 * 1024 }).send({ url: target.url, body: '{}', headers: json });
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(Date.now() - started).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finished).toBe(false);
  });

  it('reads Retry-After in seconds', async () => {
    const target = await receiver((_request, response) => response.writeHead(429, { 'Retry-After': '120' }).end());
    expect(await sender().send({ url: target.url, body: '{}', headers: json })).toMatchObject({
      ok: false,
      statusCode: 429,
      retryAfterSeconds: 120,
    });
  });

  it('reads Retry-After as an HTTP date', async () => {
    const now = new Date('2026-11-21T12:00:00.000Z');
    const at = new Date(now.getTime() + 90_000).toUTCString();
    const target = await receiver((_request, response) => response.writeHead(503, { 'Retry-After': at }).end());
    const outcome = await sender({ clock: new FixedClock(now) }).send({ url: target.url, body: '{}', headers: json });
    expect(outcome).toMatchObject({
      ok: false,
      statusCode: 503,
      retryAfterSeconds: 90,
    });
  });

  it('ignores Retry-After on other statuses', async () => {
    const target = await receiver((_request, response) => response.writeHead(500, { 'Retry-After': '60' }).end());
    expect((await sender().send({ url: target.url, body: '{}', headers: json })).retryAfterSeconds).toBeNull();
  });

  it('reports a refused connection', async () => {
    const closed = await receiver(() => undefined);
    await cleanups.pop()?.();
    const outcome = await sender().send({ url: closed.url, body: '{}', headers: json });
    expect(outcome).toMatchObject({
      ok: false,
      statusCode: null,
      error: `Connection refused (127.0.0.1:${closed.port}).`,
    });
  });

  it('reports a TLS failure', async () => {
    const plain = await receiver((_request, response) => response.end());
    const outcome = await sender().send({ url: `https://127.0.0.1:${plain.port}/`, body: '{}', headers: json });
    expect(outcome).toMatchObject({ ok: false, statusCode: null });
    expect(outcome.error).toMatch(/^TLS error: wrong version number\.$/);
  });

  it('reports a name that does not resolve', async () => {
    const resolve: Resolver = async (hostname) => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
    };
    const outcome = await sender({ resolve }).send({ url: 'http://nowhere.example.test/', body: '{}', headers: json });
    expect(outcome).toMatchObject({ ok: false, error: 'The host could not be resolved (nowhere.example.test).' });
  });

  it('reports a header it cannot send instead of throwing', async () => {
    const target = await receiver((_request, response) => response.end());
    const outcome = await sender().send({ url: target.url, body: '{}', headers: { 'X-Bad': 'a\r\nInjected: 1' } });
    expect(outcome).toMatchObject({ ok: false, statusCode: null });
    expect(outcome.error).toMatch(/^The request is invalid: /);
    expect(target.connections).toBe(0);
  });

  it('connects to the address its resolver gave', async () => {
    const target = await receiver((_request, response) => response.end());
    const resolve = vi.fn<Resolver>(async () => [{ address: '127.0.0.1', family: 4 }]);
    const outcome = await sender({ resolve }).send({
      url: `http://receiver.example.test:${target.port}/`,
      body: '{}',
      headers: json,
    });
    expect(outcome.ok).toBe(true);
    expect(resolve).toHaveBeenCalledWith('receiver.example.test');
    expect(target.requests).toHaveLength(1);
  });

  describe('with private targets refused', () => {
    it('refuses 127.0.0.1 before connecting', async () => {
      const target = await receiver((_request, response) => response.end());
      const outcome = await sender({ policy: guarded }).send({ url: target.url, body: '{}', headers: json });
      expect(outcome).toMatchObject({
        ok: false,
        statusCode: null,
        error: 'Blocked: the host resolves to a loopback address (127.0.0.1).',
      });
      expect(target.connections).toBe(0);
    });

    it('refuses a name resolving to a private address', async () => {
      const resolve = vi.fn<Resolver>(async () => [{ address: '10.0.0.1', family: 4 }]);
      const outcome = await sender({ policy: guarded, resolve }).send({
        url: 'http://intranet.example.test/',
        body: '{}',
        headers: json,
      });
      expect(outcome).toMatchObject({
        ok: false,
        error: 'Blocked: the host resolves to a private address (10.0.0.1).',
      });
      expect(resolve).toHaveBeenCalledWith('intranet.example.test');
    });

    it('refuses a name resolving to loopback without touching the server', async () => {
      const target = await receiver((_request, response) => response.end());
      const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
      const outcome = await sender({ policy: guarded, resolve }).send({
        url: `http://rebound.example.test:${target.port}/`,
        body: '{}',
        headers: json,
      });
      expect(outcome.error).toBe('Blocked: the host resolves to a loopback address (127.0.0.1).');
      expect(target.connections).toBe(0);
    });

    it('refuses an IPv4-mapped loopback literal', async () => {
      const url = 'http://[::ffff:127.0.0.1]:9/';
      const outcome = await sender({ policy: guarded }).send({ url, body: '{}', headers: json });
      expect(outcome.error).toBe('Blocked: the host resolves to a loopback address (::ffff:7f00:1).');
    });
  });

  it('refuses http at send time unless the policy allows it', async () => {
    const target = await receiver((_request, response) => response.end());
    const outcome = await sender({ policy: { allowHttp: false, allowPrivateTargets: true } }).send({
      url: target.url,
      body: '{}',
      headers: json,
    });
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'The url must use https.' });
    expect(target.connections).toBe(0);
  });

  it('keeps connections alive across deliveries', async () => {
    const target = await receiver((_request, response) => response.end('ok'));
    const reused = sender();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await reused.send({ url: target.url, body: '{}', headers: json })).ok).toBe(true);
    }
    expect(target.requests).toHaveLength(6);
    // The pool may open a second connection while the first is still being released; it does not open one each time.
    expect(target.connections).toBeLessThanOrEqual(2);
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');

  it.each([
    ['0', 0],
    [' 30 ', 30],
    ['Sat, 21 Nov 2026 12:01:00 GMT', 60],
    ['Sat, 21 Nov 2026 12:00:00 GMT', 0],
    ['Sat, 21 Nov 2026 11:00:00 GMT', 0],
    ['Saturday, 21-Nov-26 12:00:30 GMT', 30],
    ['Sat Nov 21 12:00:10 2026', 10],
  ])('reads %j as %i seconds', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });

  it.each([undefined, '', '-5', '1.5', 'soon', 'Someday'])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeNull();
  });
});
