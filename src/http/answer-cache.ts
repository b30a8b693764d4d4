// Answers of hot reads kept in memory, as the bytes sent, and served again while nothing they are made of can
// have changed: the database's change watch tells, at every lookup and without a round trip, whether any
// watched table was written since (this process's commits as they happen, other processes' by SQLite's
// data_version or a PostgreSQL NOTIFY). See docs/decisions.md, Performance.
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { ChangeWatch } from '../db/change-watch.js';
import { withFirstRouteHook, withRouteHook } from './route-hooks.js';

/** Characters of answers (about bytes: JSON, mostly ASCII) kept at most by one cache; beyond, the least recently served go. */
export const ANSWER_CACHE_BYTES = 16 * 1024 * 1024;
/** An answer larger than this share of the budget is never kept: it would push out too many others. */
const LARGEST_SHARE = 16;
/**
 * Keys read lately that a cache remembers: an answer is kept from its second read, if no more than this many
 * (up to twice this many) other keys were read since the first. At most about 2 MB of keys.
 */
export const SEEN_KEYS = 8192;

export interface KeptAnswer {
  body: string;
  etag: string | undefined;
}

export class AnswerCache {
  /** In order of last use, least recent first. */
  private readonly entries = new Map<string, KeptAnswer>();
  private bytes = 0;
  /** Counts clears, so that an answer read before one is not kept after it. */
  private generation = 0;
  /** Keys of answers read lately: the newer set and the one it replaced (see `readBefore`). */
  private seen = new Set<string>();
  private seenBefore = new Set<string>();

  constructor(
    private readonly changes: ChangeWatch,
    private readonly maxBytes = ANSWER_CACHE_BYTES,
  ) {}

  /** The kept answer to `key`, unless the watched tables may have changed since the last lookup. */
  lookup(key: string): { kept: KeptAnswer | undefined; generation: number } {
    if (this.changes.changed()) this.clear();
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      this.entries.set(key, kept);
    }
    return { kept, generation: this.generation };
  }

  /**
   * Keeps the answer read under `generation`, unless the cache was cleared since, or this is the first read of
   * `key` lately: a read that is not repeated (a client paging through every product once) neither pays for
   * keeping its answer nor pushes out the answers that are read again.
   */
  keep(key: string, answer: KeptAnswer, generation: number): void {
    if (generation !== this.generation || answer.body.length > this.maxBytes / LARGEST_SHARE) return;
    if (!this.readBefore(key)) return;
    this.forget(key);
    this.entries.set(key, answer);
    this.bytes += answer.body.length;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  close(): Promise<void> {
    this.clear();
    return this.changes.close();
  }

  /**
   * Whether `key` was read lately, noting that it is read now. What is remembered is bounded without an order to
   * maintain: when the newer set is full it becomes the older one, and the older one is dropped.
   */
  private readBefore(key: string): boolean {
    if (this.seen.has(key)) return true;
    const before = this.seenBefore.has(key);
    if (this.seen.size >= SEEN_KEYS) {
      this.seenBefore = this.seen;
      this.seen = new Set();
    }
    this.seen.add(key);
    return before;
  }

  private forget(key: string): void {
    const kept = this.entries.get(key);
    if (!kept) return;
    this.bytes -= kept.body.length;
    this.entries.delete(key);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The cache, by name, whose tables make this GET's answer: it is served from there while they are unchanged. */
    answerCache?: string;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * One tenant's answer to one URL: the origin too, which the pagination links are built on without PUBLIC_URL.
 * Callers with the right to read the route all get the same answer (none of these answers depends on who asks).
 */
function keyOf(request: FastifyRequest): string {
  return `${request.auth.tenantId} ${request.protocol}://${request.host}${request.url}`;
}

/**
 * Serves the routes whose config names one of `caches`: after authentication, the abilities, the rate limit and
 * the query's validation (so that a kept answer is given only to whom the route would give it), the kept answer;
 * else the handler's 200 is kept on its way out.
 */
export function registerAnswerCaches(app: FastifyInstance, caches: Readonly<Record<string, AnswerCache>>): void {
  const misses = new WeakMap<FastifyRequest, { key: string; generation: number }>();

  const serve =
    (cache: AnswerCache): preHandlerHookHandler =>
    (request: FastifyRequest, reply: FastifyReply, done) => {
      if (request.method !== 'GET') return done();
      const key = keyOf(request);
      const { kept, generation } = cache.lookup(key);
      if (!kept) {
        misses.set(request, { key, generation });
        return done();
      }
      if (kept.etag !== undefined) reply.header('etag', kept.etag);
      // A string with a JSON type is sent as it is, without serialising it again.
      void reply.type(JSON_TYPE).send(kept.body);
    };

  const keep =
    (cache: AnswerCache): onSendHookHandler =>
    (request, reply, payload, done) => {
      const miss = misses.get(request);
      if (miss && reply.statusCode === 200 && typeof payload === 'string') {
        const etag = reply.getHeader('etag');
        cache.keep(miss.key, { body: payload, etag: typeof etag === 'string' ? etag : undefined }, miss.generation);
      }
      done(null, payload);
    };

  app.addHook('onRoute', (route) => {
    const name = route.config?.answerCache;
    if (name === undefined) return;
    const cache = caches[name];
    if (!cache) throw new Error(`${String(route.method)} ${route.url}: no answer cache named ${name}`);
    route.preHandler = withRouteHook(route.preHandler, serve(cache));
    // First, so that the answer is kept as the handler made it, before a 304 replaces it.
    route.onSend = withFirstRouteHook(route.onSend, keep(cache));
  });
}
