import { describe, expect, it } from 'vitest';
import type { ChangeWatch } from '../db/change-watch.js';
import { AnswerCache, SEEN_KEYS, type KeptAnswer } from './answer-cache.js';

/** A change watch the test moves by hand: `change()` stands for a commit to a watched table. */
function handWatch() {
  let changed = false;
  const watch: ChangeWatch = {
    changed: () => {
      const was = changed;
      changed = false;
      return was;
    },
    close: async () => undefined,
  };
  return { watch, change: () => (changed = true) };
}

const answer = (size: number, etag?: string) => ({ body: 'x'.repeat(size), etag });

/** A read of `key` that missed and was answered with `kept`, as the route's hooks do it. */
function read(cache: AnswerCache, key: string, kept: KeptAnswer): void {
  if (!cache.lookup(key).kept) cache.keep(key, kept, cache.lookup(key).generation);
}

/** `key` read twice: its answer is kept from the second read. */
function readTwice(cache: AnswerCache, key: string, kept: KeptAnswer): void {
  read(cache, key, kept);
  read(cache, key, kept);
}

describe('AnswerCache', () => {
  it('keeps an answer and its ETag from its second read until the watched tables change, then from the next', () => {
    const { watch, change } = handWatch();
    const cache = new AnswerCache(watch, 1000);
    read(cache, 'a', answer(10, '"tag"'));
    expect(cache.lookup('a').kept).toBeUndefined();
    read(cache, 'a', answer(10, '"tag"'));
    expect(cache.lookup('a').kept).toEqual(answer(10, '"tag"'));
    change();
    expect(cache.lookup('a').kept).toBeUndefined();
    read(cache, 'a', answer(10, '"new"'));
    expect(cache.lookup('a').kept).toEqual(answer(10, '"new"'));
  });

  it('does not let answers read once push out those read again, and forgets reads older than its memory of keys', () => {
    const { watch } = handWatch();
    const cache = new AnswerCache(watch, 1600);
    readTwice(cache, 'a', answer(100));
    for (let i = 0; i < 100; i += 1) read(cache, `once ${i}`, answer(100));
    expect(cache.lookup('a').kept).toBeDefined();
    expect(cache.lookup('once 0').kept).toBeUndefined();

    read(cache, 'b', answer(10));
    for (let i = 0; i < SEEN_KEYS; i += 1) read(cache, `later ${i}`, answer(10));
    read(cache, 'b', answer(10)); // still remembered: within the last two sets of keys
    expect(cache.lookup('b').kept).toBeDefined();
    read(cache, 'c', answer(10));
    for (let i = 0; i < 2 * SEEN_KEYS; i += 1) read(cache, `much later ${i}`, answer(10));
    read(cache, 'c', answer(10)); // forgotten: read as if for the first time
    expect(cache.lookup('c').kept).toBeUndefined();
  });

  it('does not keep an answer read before a clear', () => {
    const { watch, change } = handWatch();
    const cache = new AnswerCache(watch, 1000);
    read(cache, 'a', answer(10));
    const { generation } = cache.lookup('a');
    change();
    cache.lookup('b');
    cache.keep('a', answer(10), generation);
    expect(cache.lookup('a').kept).toBeUndefined();
  });

  it('lets the least recently served answers go beyond its budget, and never keeps one above a sixteenth of it', () => {
    const { watch } = handWatch();
    const cache = new AnswerCache(watch, 1600);
    const keep = (key: string, size: number) => readTwice(cache, key, answer(size));
    keep('a', 100);
    keep('b', 100);
    for (let i = 0; i < 14; i += 1) keep(`filler ${i}`, 100);
    expect(cache.lookup('a').kept).toBeDefined(); // served: now the most recent
    keep('c', 100); // 1700 characters: the least recently served (b) goes
    expect(cache.lookup('b').kept).toBeUndefined();
    expect(cache.lookup('a').kept).toBeDefined();
    expect(cache.lookup('c').kept).toBeDefined();
    keep('large', 101);
    expect(cache.lookup('large').kept).toBeUndefined();
  });
});
