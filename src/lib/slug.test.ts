import { describe, expect, it } from 'vitest';
import { SLUG_PROBE_BATCH, firstFreeSlugs, resolveSlug } from './slug.js';

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

describe('resolveSlug', () => {
  const holding = (...used: string[]) => {
    const asked: string[] = [];
    const taken = async (candidate: string) => {
      asked.push(candidate);
      return used.includes(candidate);
    };
    return { asked, taken };
  };

  it('keeps a chosen slug as sent and reports whether it is taken, whatever the name', async () => {
    const from = { name: 'Acme Tools', fallback: 'brand' };
    expect(await resolveSlug({ chosen: 'acme', from, taken: holding().taken })).toEqual({ slug: 'acme', taken: false });
    const { asked, taken } = holding('acme');
    expect(await resolveSlug({ chosen: 'acme', from, taken })).toEqual({ slug: 'acme', taken: true });
    expect(asked).toEqual(['acme']);
  });

  it('makes the first free slug from the name when none is chosen', async () => {
    const from = { name: 'Acme Tools', fallback: 'brand' };
    expect(await resolveSlug({ from, taken: holding('acme-tools').taken })).toEqual({
      slug: 'acme-tools-2',
      taken: false,
    });
  });

  it("falls back to the kind's word for a name with nothing URL-safe in it", async () => {
    expect(await resolveSlug({ from: { name: '★★', fallback: 'tag' }, taken: holding('tag').taken })).toEqual({
      slug: 'tag-2',
      taken: false,
    });
  });

  it('answers no slug, asking nothing, when none is chosen nor made', async () => {
    const { asked, taken } = holding();
    expect(await resolveSlug({ chosen: undefined, from: undefined, taken })).toEqual({ slug: undefined, taken: false });
    expect(asked).toEqual([]);
  });
});
