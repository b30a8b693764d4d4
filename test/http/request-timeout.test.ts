// A request that arrives too slowly is answered 408 close to REQUEST_TIMEOUT_MS, over a real socket: a body
// trickling in a byte at a time, and headers that never end. A request that arrives in time, and a keep-alive
// connection idle between requests, are not touched.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const TIMEOUT_MS = 1000;
const TIMED_OUT = { success: false, code: 'request_timeout', message: 'The request was not received in time.' };

interface Exchange {
  /** Everything the server sent, as text. */
  received: string;
  /** Milliseconds from the first byte sent to the connection's end. */
  elapsedMs: number;
}

describe('request timeout', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp({ config: { requestTimeoutMs: TIMEOUT_MS } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Opens a connection, sends `first`, then one byte of `trickle` every `everyMs`, until the server ends it. */
  function exchange(first: string, trickle = '', everyMs = 200, giveUpMs = 5000): Promise<Exchange> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const started = Date.now();
      let received = '';
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!);
      }, everyMs);
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server kept the connection open for ${giveUpMs} ms; received: ${received}`));
      }, giveUpMs);
      socket.on('connect', () => socket.write(first));
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve({ received, elapsedMs: Date.now() - started });
      });
    });
  }

  const bodyOf = (received: string) => JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as unknown;

  function expectTimedOut({ received, elapsedMs }: Exchange) {
    expect(received.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(received.toLowerCase()).toContain('content-type: application/json');
    expect(bodyOf(received)).toEqual(TIMED_OUT);
    // Close to the configured time: not before it, and well before the default check interval (30 s) would,
    // with room for a machine busy with other suites.
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsedMs).toBeLessThan(TIMEOUT_MS + 2_000);
  }

  it('answers 408 to a body that arrives a byte at a time', async () => {
    const head = `POST /api/v1/operations/warehouses HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${t.auth.authorization}\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n`;
    expectTimedOut(await exchange(head, '{"name":"Slow","code":"SLOW"}          '));
    const stored = await t.database.db.selectFrom('warehouses').select('id').where('code', '=', 'SLOW').execute();
    expect(stored).toEqual([]);
  });

  it('answers 408 to headers that never end', async () => {
    expectTimedOut(
      await exchange(
        'GET /api/v1/operations/warehouses HTTP/1.1\r\nHost: localhost\r\n',
        'X-Slow: aaaaaaaaaaaaaaaaaaaa',
      ),
    );
  });

  it('answers the other requests Node refuses before routing in the same shape', async () => {
    const garbage = await exchange('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.received.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(bodyOf(garbage.received)).toEqual({
      success: false,
      code: 'bad_request',
      message: 'The request is malformed.',
    });
    const huge = await exchange(
      `GET /api/v1/operations/warehouses HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge.received.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(bodyOf(huge.received)).toEqual({
      success: false,
      code: 'headers_too_large',
      message: 'The request headers are too large.',
    });
  });

  it('serves a request that arrives in time, and keeps an idle keep-alive connection past the timeout', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const get = `GET /api/v1/operations/warehouses HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${t.auth.authorization}\r\n\r\n`;
    const answer = () => new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
    socket.write(get);
    expect((await answer()).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 500));
    socket.write(get);
    expect((await answer()).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    socket.destroy();
  });
});
