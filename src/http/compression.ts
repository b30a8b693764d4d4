// Compression of the answers made while serving (JSON, CSV, the API reference's page), by the request's
// Accept-Encoding: brotli, else gzip, else none. The console's files are compressed once at build time instead
// (console/precompress.ts) and sent as they are. See docs/deployment.md, Compression.
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CompressionSettings } from '../config.js';

/**
 * Brotli's quality for answers compressed while serving (zlib's default is 11, the build's). Measured on a page of
 * 25 products (34 KB of JSON): quality 4 makes it 1.35 KB in 0.4 ms, quality 11 1.18 KB in 29 ms, longer than
 * the whole request; qualities 5 and 6 save 0.1 KB more at twice the time. A page of 100 (134 KB): 3.3 KB in
 * 1.3 ms at 4, 196 ms at 11.
 */
export const BROTLI_QUALITY = 4;
/** Gzip's level, for clients without brotli: zlib's default, 6, is within 1% of 9's size on those pages. */
export const GZIP_LEVEL = 6;

/**
 * The types compressed: text (CSV, HTML, JavaScript, CSS) and JSON. Not an event stream (each event must reach
 * the client when it is written, not when a compressor's buffer fills), and not the bytes of stored documents,
 * which are sent as uploaded (their routes also opt out: `compress: false`).
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?json\b|application\/(?:javascript|xml)\b|image\/svg\+xml\b)/;

export function compressibleType(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * Registers compression of the answers of every route defined after it. Register after the hooks that read
 * an answer as its handler made it (the answer cache keeps it, a read answers 304 by its ETag, an idempotent
 * POST stores it): compression is the last of a route's own onSend hooks, so that they all see the JSON text.
 */
/**
 * Answers up to this size are compressed in one synchronous call, larger ones streamed through the thread pool.
 * The plugin's default shrinks with the core count (8 KB on two cores), which sent an event feed page (30 KB)
 * through the stream: its buffers, callbacks and chunked answer cost more than the compression itself, which
 * at brotli's quality 4 takes well under a millisecond for 64 KB of JSON.
 */
export const SYNC_COMPRESSION_BYTES = 64 * 1024;

/** The encodings answers are compressed with, the preferred first. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: GZIP_LEVEL };

/**
 * The encoding the compression plugin would choose for this request, with its reading of Accept-Encoding
 * (`*` and `x-gzip` taken as gzip, `x-no-compression` as none), or undefined for an answer sent as it is.
 */
export function negotiatedEncoding(request: FastifyRequest): AnswerEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return undefined;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ANSWER_ENCODINGS]) ?? undefined;
}

/** `text` compressed as the plugin compresses an answer in `encoding`: the same bytes. */
export function compressAnswer(text: string, encoding: AnswerEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(text, BROTLI_OPTIONS) : zlib.gzipSync(text, GZIP_OPTIONS);
}

export async function registerCompression(app: FastifyInstance, settings: CompressionSettings): Promise<void> {
  if (!settings.enabled) return;
  await app.register(fastifyCompress, {
    encodings: [...ANSWER_ENCODINGS],
    threshold: settings.thresholdBytes,
    syncThreshold: SYNC_COMPRESSION_BYTES,
    customTypes: compressibleType,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    // Request bodies are JSON as sent: a compressed body stays a 400, as before.
    globalDecompression: false,
  });
}
