import { describe, expect, it } from 'vitest';
import { mergeOptions } from './option-list';

const tools = { value: 'c1', label: 'Tools' };
const garden = { value: 'c2', label: 'Garden' };

describe('options of a searchable select', () => {
  it('keeps the chosen record among the matches, once', () => {
    expect(mergeOptions([garden], tools)).toEqual([tools, garden]);
    expect(mergeOptions([tools, garden], tools)).toEqual([tools, garden]);
    expect(mergeOptions([garden], null)).toEqual([garden]);
  });
});
