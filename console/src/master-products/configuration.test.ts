import { describe, expect, it } from 'vitest';
import {
  combinationCount,
  configurationBody,
  configurationProblem,
  draftOf,
  isChanged,
  MAX_COMBINATIONS,
} from './configuration';

const sizes = { name: 'Size', values: ['S', 'M', 'L'] };
const colours = { name: 'Colour', values: ['Navy', 'Grey'] };
const many = (name: string, n: number) => ({ name, values: Array.from({ length: n }, (_, i) => `${name}${i}`) });

describe('the combination count', () => {
  it('multiplies the value counts, and is 0 without attributes', () => {
    expect(combinationCount([])).toBe(0);
    expect(combinationCount([sizes])).toBe(3);
    expect(combinationCount([sizes, colours])).toBe(6);
    expect(combinationCount([sizes, { name: 'Fit', values: [] }])).toBe(0);
  });

  it('accepts exactly the limit and refuses one combination more', () => {
    expect(combinationCount([many('A', 10), many('B', 10), many('C', 10)])).toBe(MAX_COMBINATIONS);
    expect(configurationProblem([many('A', 10), many('B', 10), many('C', 10)])).toBeNull();
    expect(configurationProblem([many('A', 7), many('B', 11), many('C', 13)])).toMatch(
      /^Too many variants: 1.?001 combinations; at most 1.?000/,
    );
  });

  it('refuses more than 20 attributes', () => {
    expect(configurationProblem(Array.from({ length: 21 }, (_, i) => ({ name: `A${i}`, values: ['x'] })))).toBe(
      'At most 20 attributes are allowed.',
    );
  });
});

describe('the configuration sent and stored', () => {
  it('sends shape 1, trimmed, and null without attributes', () => {
    expect(configurationBody([{ name: ' Size ', values: [' S', 'M '] }])).toEqual({
      attributes: [{ name: 'Size', values: ['S', 'M'] }],
      allowCombinations: true,
    });
    expect(configurationBody([])).toBeNull();
  });

  it('reads the stored configuration into rows and tells a change, including a new order', () => {
    const stored = { attributes: [sizes, colours], allowCombinations: true };
    const rows = draftOf(stored);
    expect(rows).toEqual([sizes, colours]);
    expect(isChanged(rows, stored)).toBe(false);
    expect(isChanged([colours, sizes], stored)).toBe(true);
    expect(isChanged([], null)).toBe(false);
    expect(isChanged([sizes], null)).toBe(true);
  });
});
