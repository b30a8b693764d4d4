// Requests per caller per minute, on every route but the probes, metrics, the API documentation and the
// console's page and files (static: a person opening the console should not spend their API budget). The
// caller is the bearer token, else the signed-in user, else the client's address; sign-in keeps its own,
// tighter throttle (modules/auth/login-throttle.ts) on top of this one.
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimitSettings } from '../config.js';
import { TooManyRequestsError } from '../core/errors.js';
import type { AuthContext } from '../modules/auth/auth-context.js';
import { DOCS_PREFIX } from './api-reference.js';
import { CONSOLE_ASSETS_PREFIX, CONSOLE_PAGE } from './console.js';

export interface RateLimitOptions {
  settings: RateLimitSettings;
  /** Where the OpenAPI document is served; it is documentation, not API. */
  openApiUrl: string;
}

const UNLIMITED_ROUTES = new Set(['/health', '/ready', '/metrics']);
/** Ceiling on a Redis round trip; past it the request goes on unlimited rather than waiting. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** How long start-up waits for Redis, so that the first requests are counted; then it goes on without. */
const REDIS_READY_WAIT_MS = 2000;

function isUnlimited(url: string, openApiUrl: string): boolean {
  return (
    UNLIMITED_ROUTES.has(url) ||
    url === openApiUrl ||
    url === DOCS_PREFIX ||
    url.startsWith(`${DOCS_PREFIX}/`) ||
    url === CONSOLE_PAGE ||
    url.startsWith(CONSOLE_ASSETS_PREFIX)
  );
}

/** The bearer token, else the session's user, else the address (IPv6 by its /64, as one host usually holds it). */
function callerKey(request: FastifyRequest): string {
  const auth = request.auth as AuthContext | null;
  if (auth?.tokenId) return `token:${auth.tokenId}`;
  if (auth) return `user:${auth.user.id}`;
  return `ip:${normalizeIP(request.ip)}`;
}

function tooManyRequests(ttlMs: number): TooManyRequestsError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new TooManyRequestsError(seconds, `Too many requests. Retry in ${seconds} seconds.`);
}

async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // Loaded here, not at start: a server without RATE_LIMIT_REDIS_URL never needs the client.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { commandTimeout: REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
  // ioredis reconnects by itself; each failure is worth a line, never the URL (it may hold a password).
  redis.on('error', (error: Error) =>
    app.log.warn({ err: { message: error.message } }, 'rate limit store unavailable'),
  );
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  // A refused connection settles this at once (`once` rejects on 'error'); a silent network, after the wait.
  const ready = await Promise.race([
    once(redis, 'ready').then(
      () => true,
      () => false,
    ),
    sleep(REDIS_READY_WAIT_MS, false, { ref: false }),
  ]);
  if (!ready) app.log.warn('rate limit store not reachable yet; requests go unlimited until it is');
  return redis;
}

/** Registers the limiter; routes registered afterwards are limited. Does nothing when the limit is 0. */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { settings, openApiUrl } = options;
  if (settings.max === 0) return;
  // The unlimited routes are left out when they are added (before the limiter's own onRoute hook sees them),
  // rather than asked about on every request of every route.
  app.addHook('onRoute', (route) => {
    if (isUnlimited(route.url, openApiUrl)) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(fastifyRateLimit, {
    max: settings.max,
    timeWindow: settings.windowMs,
    // After authentication (onRequest) has named the caller, and before the Idempotency-Key claim
    // (preHandler), so that a 429 is never stored and replayed as the key's answer.
    hook: 'preValidation',
    keyGenerator: callerKey,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
    // A store outage must not take the API down with it: requests go on, unlimited, until it is back.
    skipOnError: true,
    ...(settings.redisUrl
      ? { redis: await connectRedis(app, settings.redisUrl), nameSpace: 'quartermaster:rate-limit:' }
      : {}),
  });
}
