// The scale run's reads: each over URLs that are all different, as many as asked for (product get: one per live
// product), with the terms the seeded catalog holds.
import { describe, expect, it } from 'vitest';
import { scaleReads, scaleSeedSizes } from '../../bench/lib/scale.js';

const reads = scaleReads({
  catalog: { rootCategoryIds: ['root-a', 'root-b'], words: ['summit', 'terra', 'urban'], nouns: ['tent', 'mug'] },
  liveProductIds: Array.from({ length: 300 }, (_, i) => `product-${i}`),
  eventIds: Array.from({ length: 1000 }, (_, i) => `event-${i}`),
  products: 5000,
});

describe('scaleReads', () => {
  it('gives every read URLs that are all different', () => {
    for (const read of reads) {
      const items = read.items(5000);
      expect(new Set(items).size, read.name).toBe(items.length);
      expect(items.length, read.name).toBe(read.name === 'product get' ? 300 : 5000);
      expect(read.path, read.name).toMatch(/^\/api\/v1\/.*\{\{item\}\}$/);
    }
  });

  it('searches the seeded words, pairs and SKU blocks', () => {
    const terms = (name: string) =>
      new Set(
        reads
          .find((r) => r.name === name)!
          .items(2000)
          .map((q) => new URLSearchParams(q).get('search')),
      );
    expect(terms('search: one common word')).toEqual(new Set(['summit', 'terra', 'urban']));
    expect(terms('search: two words')).toEqual(
      new Set(['summit tent', 'terra tent', 'urban tent', 'summit mug', 'terra mug', 'urban mug']),
    );
    // 5000 products: SKU-0000000 to SKU-0004999, 50 blocks of 100.
    const blocks = [...terms('search: SKU prefix')];
    expect(blocks).toHaveLength(50);
    expect(blocks.every((t) => /^SKU-000[0-4]\d$/.test(t!))).toBe(true);
  });
});

describe('scaleSeedSizes', () => {
  it('grows the movements and orders with the catalog and keeps the feed', () => {
    expect(scaleSeedSizes(1_000_000)).toMatchObject({
      products: 1_000_000,
      masters: 10_000,
      stockMovements: 10_000_000,
      events: 200_000,
      purchaseOrders: 100_000,
    });
  });
});
