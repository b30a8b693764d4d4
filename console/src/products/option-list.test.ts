import { describe, expect, it } from 'vitest';
import { mergeManyOptions, mergeOptions } from './option-list';

const tools = { value: 'c1', label: 'Tools' };
const garden = { value: 'c2', label: 'Garden' };

describe('options of a searchable select', () => {
  it('keeps the chosen record among the matches, once', () => {
    expect(mergeOptions([garden], tools)).toEqual([tools, garden]);
    expect(mergeOptions([tools, garden], tools)).toEqual([tools, garden]);
    expect(mergeOptions([garden], null)).toEqual([garden]);
  });
});

describe('the options of a multi-select', () => {
  it('adds the chosen options the matches leave out, once each', () => {
    const matches = [
      { value: 't1', label: 'Bestseller' },
      { value: 't2', label: 'New' },
    ];
    const chosen = [
      { value: 't2', label: 'New' },
      { value: 't9', label: 'Clearance' },
    ];
    expect(mergeManyOptions(matches, chosen)).toEqual([{ value: 't9', label: 'Clearance' }, ...matches]);
  });
});
