// The SDK's retry of 429s, with a fetch and a clock of the test's own: waits, limits and the HTTP-date form.
import { describe, expect, it } from 'vitest';
import { retryingFetch } from '../../../clients/typescript/src/retry.js';

function answers(...responses: Response[]) {
  const sent: string[] = [];
  const fetchOnce = async (request: Request) => {
    sent.push(await request.text());
    return responses.shift() ?? new Response('no more', { status: 500 });
  };
  return { sent, fetchOnce };
}

const tooMany = (retryAfter?: string) =>
  new Response('{}', { status: 429, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });

describe('SDK retrying fetch', () => {
  it('waits what each Retry-After asks, in seconds or as a date, and sends the same body again', async () => {
    const waits: number[] = [];
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    const { sent, fetchOnce } = answers(tooMany('3'), tooMany(inTenSeconds), new Response('ok'));
    const send = retryingFetch(fetchOnce, { maxRetries: 2 }, async (ms) => void waits.push(ms));
    const response = await send(new Request('http://api.example/x', { method: 'POST', body: '{"a":1}' }));
    expect(await response.text()).toBe('ok');
    expect(sent).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
    expect(waits[0]).toBe(3000);
    expect(waits[1]).toBeGreaterThanOrEqual(9000);
    expect(waits[1]).toBeLessThanOrEqual(10_000);
  });

  it('answers the last 429 after maxRetries, and waits a second when no Retry-After is given', async () => {
    const waits: number[] = [];
    const { sent, fetchOnce } = answers(tooMany(), tooMany('1'), tooMany('1'));
    const send = retryingFetch(fetchOnce, { maxRetries: 2 }, async (ms) => void waits.push(ms));
    const response = await send(new Request('http://api.example/x'));
    expect(response.status).toBe(429);
    expect(sent).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it('stops waiting when the request is aborted', async () => {
    const controller = new AbortController();
    const { fetchOnce } = answers(tooMany('30'), new Response('ok'));
    const pending = retryingFetch(fetchOnce)(new Request('http://api.example/x', { signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('gave up')), 20);
    await expect(pending).rejects.toThrow('gave up');
  });
});
