import { describe, expect, it } from 'vitest';
import { parseEnumList, readEnumList, type EnumList } from './enum-list.js';
import { ValidationError } from './errors.js';

const COLOURS: EnumList<'red' | 'green' | 'blue'> = {
  field: 'colour',
  allowed: ['red', 'green', 'blue'],
  invalid: (unknown, allowed) => `The colour ${unknown} is invalid. Allowed: ${allowed}.`,
  aliases: { crimson: 'red' },
};

describe('readEnumList', () => {
  it('reads one value or a comma list, skipping blanks and repeats, in the order given', () => {
    expect(readEnumList(COLOURS, 'blue')).toEqual({ values: ['blue'], error: null });
    expect(readEnumList(COLOURS, ' green, red,,green ')).toEqual({ values: ['green', 'red'], error: null });
    expect(readEnumList(COLOURS, ['red', 'blue,red'])).toEqual({ values: ['red', 'blue'], error: null });
  });

  it('reads nothing from an absent or blank parameter', () => {
    expect(readEnumList(COLOURS, undefined)).toEqual({ values: [], error: null });
    expect(readEnumList(COLOURS, ' , ')).toEqual({ values: [], error: null });
  });

  it('resolves aliases, and only its own keys', () => {
    expect(readEnumList(COLOURS, 'crimson,red')).toEqual({ values: ['red'], error: null });
    expect(readEnumList(COLOURS, 'constructor').error).toBe(
      'The colour constructor is invalid. Allowed: red, green, blue.',
    );
  });

  it('names every value not allowed, once each', () => {
    expect(readEnumList(COLOURS, 'red,pink,teal,pink')).toEqual({
      values: [],
      error: 'The colour pink, teal is invalid. Allowed: red, green, blue.',
    });
  });
});

describe('parseEnumList', () => {
  it('answers the values', () => {
    expect(parseEnumList(COLOURS, 'red,blue')).toEqual(['red', 'blue']);
  });

  it('throws the 422 on the parameter for a value not allowed', () => {
    try {
      parseEnumList(COLOURS, 'pink');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors).toEqual({
        colour: ['The colour pink is invalid. Allowed: red, green, blue.'],
      });
    }
  });
});
