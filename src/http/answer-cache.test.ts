import { describe, expect, it } from 'vitest';
import type { ChangeWatch } from '../db/change-watch.js';
import { AnswerCache } from './answer-cache.js';

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

describe('AnswerCache', () => {
  it('keeps an answer and its ETag until the watched tables change', () => {
    const { watch, change } = handWatch();
    const cache = new AnswerCache(watch, 1000);
    cache.keep('a', answer(10, '"tag"'), cache.lookup('a').generation);
    expect(cache.lookup('a').kept).toEqual(answer(10, '"tag"'));
    change();
    expect(cache.lookup('a').kept).toBeUndefined();
  });

  it('does not keep an answer read before a clear', () => {
    const { watch, change } = handWatch();
    const cache = new AnswerCache(watch, 1000);
    const { generation } = cache.lookup('a');
    change();
    cache.lookup('b');
    cache.keep('a', answer(10), generation);
    expect(cache.lookup('a').kept).toBeUndefined();
  });

  it('lets the least recently served answers go beyond its budget, and never keeps one above a sixteenth of it', () => {
    const { watch } = handWatch();
    const cache = new AnswerCache(watch, 1600);
    const keep = (key: string, size: number) => cache.keep(key, answer(size), cache.lookup('-').generation);
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
