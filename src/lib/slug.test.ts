import { describe, expect, it } from 'vitest';
import { SLUG_PROBE_BATCH, firstFreeSlugs } from './slug.js';

describe('firstFreeSlugs', () => {
  const probing = (used: ReadonlySet<string>) => {
    const batches: string[][] = [];
    const takenAmong = async (candidates: string[]) => {
      batches.push(candidates);
      return new Set(candidates.filter((c) => used.has(c)));
    };
    return { batches, takenAmong };
  };

  it('answers the bases themselves when they are free, in one query', async () => {
    const { batches, takenAmong } = probing(new Set());
    expect(await firstFreeSlugs(['tee', 'mug'], takenAmong)).toEqual(['tee', 'mug']);
    expect(batches).toEqual([['tee', 'mug']]);
  });

  it('answers the first free suffix, skipping the used ones', async () => {
    const { takenAmong } = probing(new Set(['tee', 'tee-2', 'tee-4']));
    expect(await firstFreeSlugs(['tee'], takenAmong)).toEqual(['tee-3']);
  });

  it('gives a base that repeats a slug per name, in order', async () => {
    const { batches, takenAmong } = probing(new Set(['tee-2']));
    expect(await firstFreeSlugs(['tee', 'mug', 'tee', 'tee'], takenAmong)).toEqual(['tee', 'mug', 'tee-3', 'tee-4']);
    expect(batches).toHaveLength(2);
  });

  it('asks about twenty more candidates at a time while every candidate is taken', async () => {
    const used = new Set(['tee', ...Array.from({ length: SLUG_PROBE_BATCH + 5 }, (_, i) => `tee-${i + 2}`)]);
    const { batches, takenAmong } = probing(used);
    expect(await firstFreeSlugs(['tee'], takenAmong)).toEqual([`tee-${SLUG_PROBE_BATCH + 7}`]);
    expect(batches.map((batch) => batch.length)).toEqual([1, SLUG_PROBE_BATCH + 1, SLUG_PROBE_BATCH + 1]);
    expect(batches[1]![0]).toBe('tee-2');
  });
});
