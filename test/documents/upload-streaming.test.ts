// An oversized upload over a real socket: the server must answer 413 while the client is still sending, not
// after reading the whole body, and must leave no temporary file behind.
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { documentsUrl } from './document-helpers.js';

const MB = 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
const ATTEMPTED_BYTES = 200 * MB;
const BOUNDARY = 'quartermaster-streaming-boundary';

/** 64 KB chunks of a PDF-looking file that would add up to `total` bytes. */
function* fileChunks(total: number): Generator<Buffer> {
  const chunk = Buffer.alloc(CHUNK_BYTES, 'x');
  yield Buffer.concat([Buffer.from('%PDF-1.4\n%', 'latin1'), chunk.subarray(10)]);
  for (let sent = CHUNK_BYTES; sent < total; sent += CHUNK_BYTES) yield chunk;
}

function formHead(): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nmanual\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    'latin1',
  );
}

interface StreamedUpload {
  status: number;
  body: string;
  connection: string | undefined;
  /** Bytes of the file part written to the socket when the response head arrived. */
  writtenWhenAnswered: number;
}

/**
 * POSTs the form with a chunked body, writing with backpressure until the response arrives. The server may close
 * the socket once it has answered, so write errors (EPIPE, ECONNRESET) after that point are expected.
 */
async function streamUpload(port: number, url: string, auth: Record<string, string>): Promise<StreamedUpload> {
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: url,
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' },
  });
  let written = 0;
  let answered: number | null = null;
  const response = new Promise<Omit<StreamedUpload, 'writtenWhenAnswered'>>((resolve, reject) => {
    request.on('response', (res) => {
      answered = written;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(parts).toString('utf8'),
          connection: res.headers.connection,
        }),
      );
      res.on('error', reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answered === null && !['EPIPE', 'ECONNRESET'].includes(error.code ?? '')) reject(error);
    });
  });

  const stopped = new Promise<void>((resolve) => {
    request.once('response', () => resolve());
    request.once('close', () => resolve());
  });
  const writeAll = async () => {
    request.write(formHead());
    for (const chunk of fileChunks(ATTEMPTED_BYTES)) {
      if (answered !== null || request.destroyed) return;
      written += chunk.length;
      if (!request.write(chunk)) {
        await Promise.race([once(request, 'drain'), stopped]);
      }
    }
    request.end(`\r\n--${BOUNDARY}--\r\n`);
  };
  await Promise.all([writeAll(), response.then(() => undefined)]).catch(() => undefined);
  const answer = await response;
  request.destroy();
  return { ...answer, writtenWhenAnswered: answered ?? written };
}

const openConnections = (t: TestApp) =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

describe('streaming upload past the size limit', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers 413 long before a 200 MB product file has been sent, leaving no temporary file', async () => {
    const privateTmp = await mkdtemp(path.join(os.tmpdir(), 'qm-streaming-upload-'));
    vi.stubEnv('TMPDIR', privateTmp);
    try {
      const productId = await makeProduct(t.database.db, t.tenant.tenantId);
      const result = await streamUpload(port, documentsUrl('products', productId), t.auth);

      expect(result.status, result.body).toBe(413);
      expect(JSON.parse(result.body)).toEqual({
        success: false,
        code: 'payload_too_large',
        message: 'The file may not be greater than 10 MB.',
      });
      expect(result.writtenWhenAnswered).toBeGreaterThan(10 * MB);
      expect(result.writtenWhenAnswered).toBeLessThan(30 * MB);

      // The unread rest of the body is dropped with the connection, which must not linger (it would hold up shutdown).
      expect(result.connection).toBe('close');
      await vi.waitFor(async () => expect(await openConnections(t)).toBe(0));

      const rows = await t.database.db.selectFrom('documents').select('id').where('owner_id', '=', productId).execute();
      expect(rows).toEqual([]);
      await vi.waitFor(async () =>
        expect((await readdir(privateTmp)).filter((name) => name.startsWith('quartermaster-upload-'))).toEqual([]),
      );
    } finally {
      vi.unstubAllEnvs();
      await rm(privateTmp, { recursive: true, force: true });
    }
  });
});
