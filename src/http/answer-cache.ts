// Answers of hot reads kept in memory, as the bytes sent, and served again while nothing they are made of can
// have changed: the database's change watch tells, at every lookup and without a round trip, whether any
// watched table was written since (this process's commits as they happen, other processes' by SQLite's
// data_version or a PostgreSQL NOTIFY). See docs/decisions/performance-caches.md.
//
// With compression on, an answer is kept with its compressed bytes in each encoding a client asked for, made
// at its first hit in that encoding: a kept answer is compressed once, not at every read.
//
// The answers' recency and byte bound are lru-cache's. The memory of keys read lately stays ours, because
// lru-cache keeps whatever it is given and has no rule to keep an answer only from its second read.
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CompressionSettings } from '../config.js';
import type { ChangeWatch } from '../db/change-watch.js';
import { type AnswerEncoding, compressAnswer, negotiatedEncoding } from './compression.js';
import { withFirstRouteHook, withRouteHook } from './route-hooks.js';

/** An answer larger than this share of the budget is never kept: it would push out too many others. */
const LARGEST_SHARE = 16;
/**
 * Keys read lately that a cache remembers: an answer is kept from its second read, if no more than this many
 * (up to twice this many) other keys were read since the first. Remembered as numbers (hashes of the keys), so
 * that what they cost does not depend on how long the keys are.
 */
export const SEEN_KEYS = 8192;
/** What the memory of keys costs at most: two sets of SEEN_KEYS numbers, about 40 bytes each in a V8 Set. */
export const SEEN_KEYS_BYTES = 2 * SEEN_KEYS * 40;
/**
 * What a kept answer costs besides its strings: its entry in lru-cache's map and its slots in the cache's five
 * arrays (key, value, size, next, previous), the answer's object, the strings' headers.
 */
export const ENTRY_OVERHEAD_BYTES = 160;
/** What a kept compressed copy costs besides its bytes: its Buffer object and its slot in the answer's record. */
export const ENCODED_OVERHEAD_BYTES = 120;
/**
 * A key longer than this is never looked up or kept: a URL of a few hundred characters is what a client sends,
 * and a request that needs more is served from the database rather than let long keys crowd the answers out.
 */
export const LONGEST_KEY = 1024;

export interface KeptAnswer {
  readonly body: string;
  readonly etag: string | undefined;
  /** The body compressed, in each encoding made so far. */
  readonly encoded?: Readonly<Partial<Record<AnswerEncoding, Buffer>>>;
}

export class AnswerCache {
  /** The answers, least recently served first out; what they cost together stays within the budget less the memory of keys. */
  private readonly entries: LRUCache<string, KeptAnswer>;
  /** Counts clears, so that an answer read before one is not kept after it. */
  private generation = 0;
  /** Hashes of keys of answers read lately: the newer set and the one it replaced (see `readBefore`). */
  private seen = new Set<number>();
  private seenBefore = new Set<number>();
  private readonly largestEntry: number;
  /** Lookups answered from memory and not, since the process started (`answer_cache_lookups_total`). */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(
    private readonly changes: ChangeWatch,
    /**
     * Bytes the cache holds at most (ANSWER_CACHE_MB): its answers, their keys, ETags and compressed copies, and
     * its memory of keys read lately, counted as V8 stores them. Beyond, the least recently served answers go.
     */
    maxBytes: number,
  ) {
    const answerBytes = maxBytes - SEEN_KEYS_BYTES;
    this.largestEntry = Math.floor(answerBytes / LARGEST_SHARE);
    this.entries = new LRUCache<string, KeptAnswer>({
      maxSize: answerBytes,
      maxEntrySize: this.largestEntry,
      sizeCalculation: (answer, key) => costOf(key, answer),
    });
  }

  /** The kept answer to `key`, unless the watched tables may have changed since the last lookup. */
  lookup(key: string): { kept: KeptAnswer | undefined; generation: number } {
    if (this.changes.changed()) this.clear();
    const kept = this.entries.get(key);
    if (kept) this.lookups.hits += 1;
    else this.lookups.misses += 1;
    return { kept, generation: this.generation };
  }

  /**
   * Keeps the answer read under `generation`, unless the cache was cleared since, or this is the first read of
   * `key` lately: a read that is not repeated (a client paging through every product once) neither pays for
   * keeping its answer nor pushes out the answers that are read again.
   */
  keep(key: string, answer: KeptAnswer, generation: number): void {
    if (generation !== this.generation || key.length > LONGEST_KEY) return;
    if (!this.readBefore(key)) return;
    this.entries.set(key, answer);
  }

  /**
   * `kept`, the answer to `key`, compressed in `encoding`: made now unless made before, and kept with the answer
   * while it is still the one kept and the pair stays within an entry's share of the budget.
   */
  encoded(key: string, kept: KeptAnswer, encoding: AnswerEncoding): Buffer {
    const made = kept.encoded?.[encoding];
    if (made) return made;
    const bytes = compressAnswer(kept.body, encoding);
    const withBytes: KeptAnswer = { ...kept, encoded: { ...kept.encoded, [encoding]: bytes } };
    if (this.entries.peek(key) === kept && costOf(key, withBytes) <= this.largestEntry)
      this.entries.set(key, withBytes);
    return bytes;
  }

  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }

  close(): Promise<void> {
    this.clear();
    return this.changes.close();
  }

  /**
   * Whether `key` was read lately, noting that it is read now. What is remembered is bounded without an order to
   * maintain: when the newer set is full it becomes the older one, and the older one is dropped. Two keys of one
   * hash count as one: the rarer of them is then kept from its first read, which costs nothing but that.
   */
  private readBefore(key: string): boolean {
    const hash = hashOf(key);
    if (this.seen.has(hash)) return true;
    const before = this.seenBefore.has(hash);
    if (this.seen.size >= SEEN_KEYS) {
      this.seenBefore = this.seen;
      this.seen = new Set();
    }
    this.seen.add(hash);
    return before;
  }
}

/** Beyond Latin-1, V8 stores a string's characters in two bytes each. */
const WIDE = /[\u0100-\uffff]/;

function bytesOf(text: string): number {
  return WIDE.test(text) ? 2 * text.length : text.length;
}

/** What keeping `answer` under `key` costs in memory. */
function costOf(key: string, answer: KeptAnswer): number {
  let encodedBytes = 0;
  for (const bytes of Object.values(answer.encoded ?? {})) encodedBytes += bytes.length + ENCODED_OVERHEAD_BYTES;
  return bytesOf(key) + bytesOf(answer.body) + (answer.etag?.length ?? 0) + ENTRY_OVERHEAD_BYTES + encodedBytes;
}

/** A 53-bit hash of a string (cyrb53): two 32-bit multiplicative hashes mixed, as a safe integer. */
function hashOf(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The cache, by name, whose tables make this GET's answer: it is served from there while they are unchanged. */
    answerCache?: string;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The encoding a kept answer is sent in: the compression plugin's choice for a body of its threshold or more. */
function encodingFor(request: FastifyRequest, kept: KeptAnswer, thresholdBytes: number): AnswerEncoding | undefined {
  if (Buffer.byteLength(kept.body) < thresholdBytes) return undefined;
  return negotiatedEncoding(request);
}

/** The longest DNS name and a port: a longer Host (which the app let through as well-formed) names no real host. */
const LONGEST_HOST = 253 + ':65535'.length;

/**
 * One tenant's answer to one URL, or undefined for a request whose answer is not to be kept. Without PUBLIC_URL
 * the pagination links are built on the request's own origin, so the origin is part of the key; an answer under
 * a Host longer than any real host name is then served from the database, never kept, so that the headers a
 * client makes up do not each take room. Callers with the right to read the route all get the same answer (none of
 * these answers depends on who asks).
 */
function keyOf(request: FastifyRequest): string | undefined {
  const path = `${request.auth.tenantId} ${request.url}`;
  if (request.server.publicUrl !== null) return path;
  const host = request.host;
  if (host.length > LONGEST_HOST) return undefined;
  return `${request.protocol}://${host} ${path}`;
}

/**
 * Serves the routes whose config names one of `caches`: after authentication, the abilities, the rate limit and
 * the query's validation (so that a kept answer is given only to whom the route would give it), the kept answer;
 * else the handler's 200 is kept on its way out. With `compression` on, a kept answer is sent as the compression
 * plugin would send it (the same encoding, bytes and headers), from the cache's compressed copy.
 */
export function registerAnswerCaches(
  app: FastifyInstance,
  caches: Readonly<Record<string, AnswerCache | null>>,
  compression: CompressionSettings,
): void {
  const misses = new WeakMap<FastifyRequest, { key: string; generation: number }>();

  const serve =
    (cache: AnswerCache): preHandlerHookHandler =>
    (request: FastifyRequest, reply: FastifyReply, done) => {
      if (request.method !== 'GET') return done();
      const key = keyOf(request);
      if (key === undefined) return done();
      const { kept, generation } = cache.lookup(key);
      if (!kept) {
        misses.set(request, { key, generation });
        return done();
      }
      if (kept.etag !== undefined) reply.header('etag', kept.etag);
      reply.type(JSON_TYPE);
      const encoding = compression.enabled ? encodingFor(request, kept, compression.thresholdBytes) : undefined;
      if (encoding === undefined) {
        // A string with a JSON type is sent as it is, without serialising it again.
        void reply.send(kept.body);
        return;
      }
      // An answer with a Content-Encoding is passed over by the compression plugin.
      void reply
        .header('vary', 'accept-encoding')
        .header('content-encoding', encoding)
        .send(cache.encoded(key, kept, encoding));
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
    if (!(name in caches)) throw new Error(`${String(route.method)} ${route.url}: no answer cache named ${name}`);
    const cache = caches[name];
    // A cache turned off (a budget of 0): the route reads the database every time.
    if (!cache) return;
    route.preHandler = withRouteHook(route.preHandler, serve(cache));
    // First, so that the answer is kept as the handler made it, before a 304 replaces it.
    route.onSend = withFirstRouteHook(route.onSend, keep(cache));
  });
}
