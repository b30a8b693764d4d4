// A local webhook endpoint for tests: records every request exactly as it arrived (raw body bytes included, so
// signatures are checked over what was sent, not over a re-serialisation) and answers from a script.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDispatcher } from '../../src/modules/webhooks/dispatch/webhook-dispatcher.js';

export interface ReceivedRequest {
  method: string;
  url: string;
  /** Node joins repeated headers here; `rawHeaders` keeps every name and value as sent. */
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
}

export interface ScriptedAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Waits this long before answering, as a slow endpoint would. */
  delayMs?: number;
}

/** Chooses the answer to a request; `index` counts the requests received before it (0 for the first). */
export type ResponseScript = (request: ReceivedRequest, index: number) => ScriptedAnswer;

/** Answers every request the same way. */
export const always =
  (answer: ScriptedAnswer): ResponseScript =>
  () =>
    answer;

/** Answers the n-th request with the n-th answer; the last answer repeats once the list runs out. */
export function inSequence(...answers: ScriptedAnswer[]): ResponseScript {
  if (answers.length === 0) throw new Error('inSequence needs at least one answer.');
  return (_request, index) => answers[Math.min(index, answers.length - 1)]!;
}

/**
 * Drives a dispatcher in-process the way its loop would, without timers: ticks until a pass finds nothing to do,
 * then waits for the attempts in flight and writes their results.
 */
export async function runUntilIdle(dispatcher: WebhookDispatcher): Promise<void> {
  while (await dispatcher.tick()) {
    // a pass that found work is followed by another at once
  }
  await dispatcher.drain();
}

export const ok: ScriptedAnswer = { status: 200, body: 'ok' };

export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private script: ResponseScript;

  private constructor(
    private readonly server: Server,
    script: ResponseScript,
  ) {
    this.script = script;
  }

  /** Listens on an ephemeral port of 127.0.0.1; answers 200 until told otherwise. */
  static async start(script: ResponseScript = always(ok)): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | null = null;
    const server = createServer((request, response) => void receiver!.handle(request, response));
    receiver = new WebhookReceiver(server, script);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return receiver;
  }

  get origin(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** A URL on this receiver; distinct paths tell subscriptions apart. */
  url(path = '/hook'): string {
    return `${this.origin}${path}`;
  }

  /** Changes how later requests are answered; the request count keeps going. */
  respondWith(script: ResponseScript): void {
    this.script = script;
  }

  /** Requests received on `path` (all of them when omitted). */
  received(path?: string): ReceivedRequest[] {
    return path === undefined ? [...this.requests] : this.requests.filter((r) => r.url === path);
  }

  /** Forgets what was received and answers 200 again. */
  reset(): void {
    this.requests.length = 0;
    this.script = always(ok);
  }

  async close(): Promise<void> {
    // Keep-alive connections of the sender's pool would otherwise hold `close` open.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const received: ReceivedRequest = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      rawHeaders: request.rawHeaders,
      body: Buffer.concat(chunks),
    };
    const index = this.requests.length;
    this.requests.push(received);
    const answer = this.script(received, index);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    response.writeHead(answer.status ?? 200, answer.headers ?? {});
    response.end(answer.body ?? '');
  }
}
