// The bearer tokens of recent requests and their owners, kept in memory so that authenticating a request costs no
// query. Everything is dropped whenever users or api_tokens may have changed, which the database's change watch
// tells at every lookup without a round trip (see docs/decisions/performance-caches.md).
import { LRUCache } from 'lru-cache';
import type { ChangeWatch, WatchedTables } from '../../../db/change-watch.js';
import type { TokenWithOwner } from './token.repository.js';

/** What a cached lookup depends on. The channel's NOTIFYs are sent by triggers (migration 0019). */
export const TOKEN_CACHE_TABLES: WatchedTables = {
  tables: ['users', 'api_tokens'],
  ignoredColumns: ['last_used_at'],
  channel: 'quartermaster_auth',
  // A revoked token, a suspended or deactivated user must be refused by every process once the call answers.
  confirmed: true,
};

/**
 * The bytes kept at most; beyond, the least recently used prefix goes. An entry of one token costs about 1 KB,
 * so the tokens in use by one installation stay well below.
 */
export const TOKEN_CACHE_BYTES = 4 * 1024 * 1024;

/** What V8 holds for an entry, about: its strings at two bytes a character, and each object's own fields. */
export function tokenEntryBytes(prefix: string, candidates: TokenWithOwner[]): number {
  return 2 * (prefix.length + JSON.stringify(candidates).length) + 200 * (1 + candidates.length);
}

export class TokenCache {
  private readonly entries: LRUCache<string, TokenWithOwner[]>;
  /** Counts clears, so that a load that began before one does not store what it read. */
  private generation = 0;

  constructor(
    private readonly changes: ChangeWatch,
    maxBytes = TOKEN_CACHE_BYTES,
  ) {
    this.entries = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (candidates, prefix) => tokenEntryBytes(prefix, candidates),
    });
  }

  /**
   * The candidates for `prefix`: kept ones unless the tables may have changed since the last lookup, else
   * `load`ed. An unknown prefix is not kept, so that random tokens sprayed at the API cannot fill the cache.
   */
  async lookup(prefix: string, load: () => Promise<TokenWithOwner[]>): Promise<TokenWithOwner[]> {
    if (this.changes.changed()) this.clear();
    const kept = this.entries.get(prefix);
    if (kept) return kept;
    const generation = this.generation;
    const loaded = await load();
    // A change committed while loading may not be in `loaded`; the clear it causes then moved the generation on.
    if (loaded.length > 0 && generation === this.generation) this.store(prefix, loaded);
    return loaded;
  }

  /** The token's last use was recorded: kept as written, since that write does not clear the cache. */
  touched(prefix: string, tokenId: string, at: string): void {
    const kept = this.entries.get(prefix);
    if (!kept) return;
    this.entries.set(
      prefix,
      kept.map((candidate) =>
        candidate.token.id === tokenId ? { ...candidate, token: { ...candidate.token, last_used_at: at } } : candidate,
      ),
    );
  }

  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }

  close(): Promise<void> {
    this.clear();
    return this.changes.close();
  }

  private store(prefix: string, candidates: TokenWithOwner[]): void {
    this.entries.set(prefix, candidates);
  }
}
