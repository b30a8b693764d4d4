// How long a client may take to send a request. Node's HTTP server bounds it (`requestTimeout`, headers
// included, and `headersTimeout` for the headers alone) but checks only every `connectionsCheckingInterval`,
// 30 s by default; Fastify turns the request timeout off unless told. Here the timeout is REQUEST_TIMEOUT_MS,
// checked often enough that the 408 leaves close to it, and the 408 (and Node's other refusals of a
// connection) are written in the API's error shape.
import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { codeForStatus } from './error-codes.js';

/** Headers alone get at most a minute (Node's default), or the whole request's time when that is shorter. */
const HEADERS_TIMEOUT_MS = 60_000;

/** How often Node looks for requests past their time: every second, or a tenth of a shorter timeout. */
export function checkingIntervalMs(requestTimeoutMs: number): number {
  return Math.min(1000, Math.ceil(requestTimeoutMs / 10));
}

const REFUSALS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request was not received in time.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
};
const MALFORMED: [number, string, string] = [400, 'Bad Request', 'The request is malformed.'];

/**
 * Answers a connection that Node refuses before any request handling (a timeout, headers too large, bytes that
 * are not HTTP), as Fastify's default does, but with the API's `{success: false, message}` body. Nothing is
 * written when the socket is gone or an answer to it has already begun.
 */
function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = (error.code && REFUSALS[error.code]) || MALFORMED;
  this.log.debug({ err: error }, 'client error');
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ success: false, message, code: codeForStatus(status) });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The Fastify options that bound a request's arrival to `requestTimeoutMs` and answer 408 close to it. */
export function requestTimeoutOptions(requestTimeoutMs: number): {
  requestTimeout: number;
  http: ServerOptions;
  clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']>;
} {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: checkingIntervalMs(requestTimeoutMs),
    },
    clientErrorHandler,
  };
}
