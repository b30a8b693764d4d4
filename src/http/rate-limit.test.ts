// The Redis client is loaded only by a server that shares its rate-limit counts through Redis
// (RATE_LIMIT_REDIS_URL), as the S3 client and nodemailer are only loaded when configured.
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RateLimitSettings } from '../config.js';

/** Imports the limiter afresh, with `ioredis` replaced by a spy of whether it was loaded. */
async function limiterWithLoadSpy() {
  const loaded = vi.fn();
  vi.resetModules();
  vi.doMock('ioredis', async (importOriginal) => {
    loaded();
    return importOriginal();
  });
  const { registerRateLimit } = await import('./rate-limit.js');
  return { registerRateLimit, loaded };
}

async function register(settings: RateLimitSettings) {
  const { registerRateLimit, loaded } = await limiterWithLoadSpy();
  const app = Fastify();
  await registerRateLimit(app, { settings, openApiUrl: '/api/v1/openapi.json' });
  await app.ready();
  await app.close();
  return loaded;
}

describe('the Redis client of the rate limiter', () => {
  afterEach(() => {
    vi.doUnmock('ioredis');
    vi.resetModules();
  });

  it('is not loaded when the counts stay in the process', async () => {
    const loaded = await register({ max: 10, windowMs: 60_000, redisUrl: null });
    expect(loaded).not.toHaveBeenCalled();
  });

  it('is not loaded when rate limiting is off', async () => {
    const loaded = await register({ max: 0, windowMs: 60_000, redisUrl: 'redis://127.0.0.1:1' });
    expect(loaded).not.toHaveBeenCalled();
  });

  it('is loaded when a Redis URL is set', async () => {
    // Port 1 refuses at once: the limiter starts without the store and goes on unlimited.
    const loaded = await register({ max: 10, windowMs: 60_000, redisUrl: 'redis://127.0.0.1:1' });
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});
