import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { redactQueryCredentials, withRequestLogRedaction } from './request-log.js';

describe('redactQueryCredentials', () => {
  it.each([
    ['/a', '/a'],
    ['/a?', '/a?'],
    ['/a?page=2&search=token', '/a?page=2&search=token'],
    ['/a?token=x', '/a?token=[REDACTED]'],
    ['/a?ACCESS_TOKEN=x&id_token=y&X-Api-Key=z&auth=w&key=v', '/a?ACCESS_TOKEN=[REDACTED]&id_token=[REDACTED]&X-Api-Key=[REDACTED]&auth=[REDACTED]&key=[REDACTED]'],
    ['/a?pass%77ord=x', '/a?pass%77ord=[REDACTED]'],
    ['/a?%E0%A4%A=1&secret=x=y', '/a?%E0%A4%A=1&secret=[REDACTED]'],
    ['/a?token', '/a?token'],
  ])('%s', (url, expected) => {
    expect(redactQueryCredentials(url)).toBe(expected);
  });
});

describe('withRequestLogRedaction', () => {
  const loggedUrls = async (logging: Parameters<typeof withRequestLogRedaction>[0], lines: string[]) => {
    const app = Fastify(withRequestLogRedaction(logging));
    app.get('/a', async () => ({}));
    await app.inject({ url: '/a?page=2&access_token=secret' });
    await app.close();
    return lines.map((line) => JSON.parse(line) as { req?: { url?: string } }).flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
  };
  const sink = () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(...chunk.toString().split('\n').filter(Boolean)), done()) });
    return { lines, stream };
  };

  it('redacts the URL in the request log of a logger Fastify makes', async () => {
    const { lines, stream } = sink();
    expect(await loggedUrls({ logger: { level: 'info', stream } }, lines)).toEqual(['/a?page=2&access_token=[REDACTED]']);
  });

  it('redacts the URL in the request log of a logger given to Fastify', async () => {
    const { lines, stream } = sink();
    expect(await loggedUrls({ loggerInstance: pino({ level: 'info' }, stream) }, lines)).toEqual(['/a?page=2&access_token=[REDACTED]']);
  });
});
