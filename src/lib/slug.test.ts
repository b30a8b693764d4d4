import { describe, expect, it } from 'vitest';
import { SLUG_PROBE_BATCH, firstFreeSlug } from './slug.js';

describe('firstFreeSlug', () => {
  const probing = (used: ReadonlySet<string>) => {
    const batches: string[][] = [];
    const takenAmong = async (candidates: string[]) => {
      batches.push(candidates);
      return new Set(candidates.filter((c) => used.has(c)));
    };
    return { batches, takenAmong };
  };

  it('answers the base itself when it is free, in one query', async () => {
    const { batches, takenAmong } = probing(new Set());
    expect(await firstFreeSlug('tee', takenAmong)).toBe('tee');
    expect(batches).toHaveLength(1);
    expect(batches[0]!.slice(0, 3)).toEqual(['tee', 'tee-2', 'tee-3']);
  });

  it('answers the first free suffix, skipping the used ones', async () => {
    const { takenAmong } = probing(new Set(['tee', 'tee-2', 'tee-4']));
    expect(await firstFreeSlug('tee', takenAmong)).toBe('tee-3');
  });

  it('asks about the next batch only when every candidate of one is taken', async () => {
    const used = new Set(['tee', ...Array.from({ length: SLUG_PROBE_BATCH + 5 }, (_, i) => `tee-${i + 2}`)]);
    const { batches, takenAmong } = probing(used);
    expect(await firstFreeSlug('tee', takenAmong)).toBe(`tee-${SLUG_PROBE_BATCH + 7}`);
    expect(batches).toHaveLength(2);
    expect(batches[1]![0]).toBe(`tee-${SLUG_PROBE_BATCH + 1}`);
  });
});
