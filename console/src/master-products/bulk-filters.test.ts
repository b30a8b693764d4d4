import { describe, expect, it } from 'vitest';
import { bulkFilters, type VariantRow } from './bulk-filters';

const rows: VariantRow[] = ['S', 'M'].flatMap((size) =>
  ['Navy', 'Grey'].map((colour) => ({ id: `${size}-${colour}`, selection: { Size: size, Colour: colour } })),
);
const ids = (...list: string[]) => new Set(list);

describe('selected variants as bulk filters', () => {
  it('sends nothing for no selection, and no filter when every variant is selected', () => {
    expect(bulkFilters(ids(), rows, true)).toEqual([]);
    expect(bulkFilters(ids('S-Navy', 'S-Grey', 'M-Navy', 'M-Grey'), rows, true)).toEqual([undefined]);
  });

  it('uses one attribute value when all its variants are selected', () => {
    expect(bulkFilters(ids('S-Navy', 'S-Grey'), rows, true)).toEqual([{ Size: 'S' }]);
    expect(bulkFilters(ids('S-Navy', 'S-Grey', 'M-Grey'), rows, true)).toEqual([
      { Size: 'S' },
      { Size: 'M', Colour: 'Grey' },
    ]);
  });

  it('falls back to each variant’s full selection', () => {
    expect(bulkFilters(ids('S-Navy', 'M-Grey'), rows, true)).toEqual([
      { Size: 'S', Colour: 'Navy' },
      { Size: 'M', Colour: 'Grey' },
    ]);
  });

  it('never widens a filter when only some of the variants are known', () => {
    expect(bulkFilters(ids('S-Navy', 'S-Grey'), rows.slice(0, 2), false)).toEqual([
      { Size: 'S', Colour: 'Navy' },
      { Size: 'S', Colour: 'Grey' },
    ]);
  });
});
