// Variant configurations, pure: both shapes, limits, combinations, canonical keys and selection checks.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../core/errors.js';
import {
  MAX_ATTRIBUTES,
  MAX_COMBINATIONS,
  checkSelection,
  combinationCount,
  combinations,
  parseConfiguration,
  sameConfiguration,
  variantKey,
} from './variant-configuration.js';

const errorsOf = (run: () => unknown): Record<string, string[]> => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).errors;
  }
  throw new Error('expected a ValidationError');
};
const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const colorSize = {
  attributes: [
    { name: 'Color', values: ['Red', 'Blue'] },
    { name: 'Size', values: ['S', 'M', 'L'] },
  ],
  allowCombinations: true,
};

describe('parseConfiguration', () => {
  it('reads shape 1, trimming names and values, allowCombinations true by default', () => {
    expect(parseConfiguration({ attributes: [{ name: ' Color ', values: [' Red', 'Blue '] }] })).toEqual({
      attributes: [{ name: 'Color', values: ['Red', 'Blue'] }],
      allowCombinations: true,
    });
    expect(
      parseConfiguration({ attributes: [{ name: 'Size', values: ['S'] }], allowCombinations: false }).allowCombinations,
    ).toBe(false);
  });

  it('reads shape 2 into shape 1 in key order, numbers as text', () => {
    expect(parseConfiguration({ attributes: { Color: ['Red', 'Blue'], Size: [38, 39.5] } })).toEqual({
      attributes: [
        { name: 'Color', values: ['Red', 'Blue'] },
        { name: 'Size', values: ['38', '39.5'] },
      ],
      allowCombinations: true,
    });
  });

  it('keys errors under the field given, by index in shape 1 and by name in shape 2', () => {
    expect(
      errorsOf(() => parseConfiguration({ attributes: [{ name: 'A', values: [] }] }, 'variant_configuration')),
    ).toEqual({
      'variant_configuration.attributes.0.values': ['The attribute A needs at least one value.'],
    });
    expect(errorsOf(() => parseConfiguration({ attributes: { A: 'x' } }))).toEqual({
      'variant_attributes.attributes.A.values': ['The attribute A needs at least one value.'],
    });
    expect(errorsOf(() => parseConfiguration({ attributes: [{ name: 'A', values: ['x', true, ' '] }] }))).toEqual({
      'variant_attributes.attributes.0.values.1': ['Each value needs 1 to 100 characters.'],
      'variant_attributes.attributes.0.values.2': ['Each value needs 1 to 100 characters.'],
    });
    expect(errorsOf(() => parseConfiguration({ attributes: ['Color'] }))).toEqual({
      'variant_attributes.attributes.0.name': ['Each attribute needs a name of 1 to 100 characters.'],
    });
  });

  it('refuses duplicate names and values ignoring case, and over-long ones', () => {
    expect(
      errorsOf(() =>
        parseConfiguration({
          attributes: [
            { name: 'Color', values: ['a'] },
            { name: 'COLOR', values: ['b'] },
          ],
        }),
      ),
    ).toEqual({
      'variant_attributes.attributes.1.name': ['The attribute COLOR is given more than once.'],
    });
    expect(errorsOf(() => parseConfiguration({ attributes: { Size: ['m', 'M'] } }))).toEqual({
      'variant_attributes.attributes.Size.values.1': ['The value M of Size is given more than once.'],
    });
    expect(Object.keys(errorsOf(() => parseConfiguration({ attributes: { ['n'.repeat(101)]: ['x'] } })))).toEqual([
      `variant_attributes.attributes.${'n'.repeat(101)}.name`,
    ]);
    expect(errorsOf(() => parseConfiguration({ attributes: { A: ['v'.repeat(101)] } }))).toEqual({
      'variant_attributes.attributes.A.values.0': ['Each value needs 1 to 100 characters.'],
    });
  });

  it('needs an object with an attributes list or map, at least one attribute, and a boolean allowCombinations', () => {
    expect(errorsOf(() => parseConfiguration(null))).toEqual({
      variant_attributes: ['The variant_attributes field must be an object with an attributes list.'],
    });
    expect(errorsOf(() => parseConfiguration({}))).toHaveProperty(['variant_attributes.attributes']);
    expect(errorsOf(() => parseConfiguration({ attributes: {} }))).toEqual({
      'variant_attributes.attributes': ['The configuration needs at least one attribute.'],
    });
    expect(errorsOf(() => parseConfiguration({ attributes: { A: ['x'] }, allowCombinations: 1 }))).toEqual({
      'variant_attributes.allowCombinations': ['The allowCombinations field must be true or false.'],
    });
  });

  it('allows exactly MAX_COMBINATIONS combinations and MAX_ATTRIBUTES attributes, not one more', () => {
    expect(MAX_COMBINATIONS).toBe(1000);
    expect(
      combinationCount(parseConfiguration({ attributes: { A: range('a', 10), B: range('b', 10), C: range('c', 10) } })),
    ).toBe(1000);
    expect(
      errorsOf(() => parseConfiguration({ attributes: { A: range('a', 7), B: range('b', 11), C: range('c', 13) } })),
    ).toEqual({
      variant_attributes: ['Too many variants: the configuration gives 1001 combinations; at most 1000 are allowed.'],
    });
    const many = (n: number) => ({ attributes: Object.fromEntries(range('attr', n).map((name) => [name, ['only']])) });
    expect(parseConfiguration(many(MAX_ATTRIBUTES)).attributes).toHaveLength(MAX_ATTRIBUTES);
    expect(errorsOf(() => parseConfiguration(many(MAX_ATTRIBUTES + 1)))).toEqual({
      'variant_attributes.attributes': ['The configuration may have at most 20 attributes.'],
    });
  });
});

describe('combinations and keys', () => {
  it('lists every combination, the first attribute varying slowest', () => {
    expect(combinationCount(colorSize)).toBe(6);
    expect(combinations(colorSize)).toEqual([
      { Color: 'Red', Size: 'S' },
      { Color: 'Red', Size: 'M' },
      { Color: 'Red', Size: 'L' },
      { Color: 'Blue', Size: 'S' },
      { Color: 'Blue', Size: 'M' },
      { Color: 'Blue', Size: 'L' },
    ]);
  });

  it('gives equal selections the same key whatever their key order, and different ones different keys', () => {
    expect(variantKey(colorSize, { Size: 'M', Color: 'Red' })).toBe(variantKey(colorSize, { Color: 'Red', Size: 'M' }));
    expect(variantKey(colorSize, { Color: 'Red', Size: 'M' })).not.toBe(
      variantKey(colorSize, { Color: 'Red', Size: 'L' }),
    );
    const keys = new Set(combinations(colorSize).map((s) => variantKey(colorSize, s)));
    expect(keys.size).toBe(6);
  });

  it('compares configurations by attributes, values, order and allowCombinations', () => {
    const copy = JSON.parse(JSON.stringify(colorSize));
    expect(sameConfiguration(colorSize, copy)).toBe(true);
    expect(sameConfiguration(null, null)).toBe(true);
    expect(sameConfiguration(colorSize, null)).toBe(false);
    expect(sameConfiguration(colorSize, { ...copy, allowCombinations: false })).toBe(false);
    expect(sameConfiguration(colorSize, { ...copy, attributes: [copy.attributes[1], copy.attributes[0]] })).toBe(false);
    expect(
      sameConfiguration(colorSize, {
        ...copy,
        attributes: [copy.attributes[0], { name: 'Size', values: ['S', 'M', 'XL'] }],
      }),
    ).toBe(false);
  });
});

describe('checkSelection', () => {
  it('answers the selection spelled as the configuration spells it, ignoring case', () => {
    expect(checkSelection(colorSize, { color: ' red ', SIZE: 'm' })).toEqual({ Color: 'Red', Size: 'M' });
  });

  it('names unknown attributes, values not allowed (with the allowed ones) and missing attributes', () => {
    expect(errorsOf(() => checkSelection(colorSize, { Color: 'Green', Material: 'Wool' }))).toEqual({
      'variant_selection.Color': ['The value Green is not allowed for Color. Allowed: Red, Blue.'],
      'variant_selection.Material': [
        "The attribute Material is not in the master's configuration. Configured: Color, Size.",
      ],
      'variant_selection.Size': ['The Size attribute is required. Allowed: S, M, L.'],
    });
    expect(errorsOf(() => checkSelection(colorSize, { Color: 1, Size: 'S' }, 'variant_attributes'))).toEqual({
      'variant_attributes.Color': ['The value 1 is not allowed for Color. Allowed: Red, Blue.'],
    });
  });
});
