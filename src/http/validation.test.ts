import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../core/validation.js';
import { validatorCompiler } from './validation.js';

const Body = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 5 }),
  note: Type.Union([Type.String({ maxLength: 3 }), Type.Null()]),
  items: Type.Array(Type.Object({ quantity: Type.Integer({ minimum: 1 }) })),
});

function errorsFor(value: unknown) {
  const validate = validatorCompiler({ schema: Body, method: 'POST', url: '/', httpPart: 'body' }) as unknown as {
    (v: unknown): boolean;
    errors: Parameters<typeof fieldErrors>[0];
  };
  expect(validate(value)).toBe(false);
  return fieldErrors(validate.errors);
}

describe('validation messages', () => {
  it('key errors by dotted path, one message per problem', () => {
    expect(errorsFor({ name: 'toolong', note: null, items: [{ quantity: 1 }, { quantity: 0 }] })).toEqual({
      name: ['The name field must not be greater than 5 characters.'],
      'items.1.quantity': ['The items[1].quantity field must be at least 1.'],
    });
  });

  it('explain nullable fields without a stray "must be null"', () => {
    expect(errorsFor({ name: 'a', note: 'long', items: [] })).toEqual({
      note: ['The note field must not be greater than 3 characters.'],
    });
    expect(errorsFor({ name: 'a', note: 7, items: [] })).toEqual({
      note: ['The note field must be a string or null.'],
    });
  });

  it('do not coerce JSON bodies', () => {
    expect(errorsFor({ name: 'a', note: null, items: [{ quantity: '2' }] })).toEqual({
      'items.0.quantity': ['The items[0].quantity field must be an integer.'],
    });
  });

  it('name an array item by its path, with the index in brackets', () => {
    const Tagged = Type.Object({
      tags: Type.Array(Type.String({ pattern: '^[0-9a-z]{26}$' })),
      grid: Type.Array(Type.Array(Type.Integer())),
      variant_attributes: Type.Object({
        attributes: Type.Array(Type.Object({ values: Type.Array(Type.String({ minLength: 1 })) })),
      }),
    });
    const validate = validatorCompiler({ schema: Tagged, method: 'POST', url: '/', httpPart: 'body' }) as unknown as {
      (v: unknown): boolean;
      errors: Parameters<typeof fieldErrors>[0];
    };
    expect(
      validate({
        tags: ['01hzzzzzzzzzzzzzzzzzzzzzzz', 'nope', 7],
        grid: [[1], [2, 'x']],
        variant_attributes: { attributes: [{ values: ['a', ''] }] },
      }),
    ).toBe(false);
    expect(fieldErrors(validate.errors)).toEqual({
      'tags.1': ['The tags[1] field format is invalid.'],
      'tags.2': ['The tags[2] field must be a string.'],
      'grid.1.1': ['The grid[1][1] field must be an integer.'],
      'variant_attributes.attributes.0.values.1': [
        'The variant_attributes.attributes[0].values[1] field must not be empty.',
      ],
    });
  });

  it('name missing fields', () => {
    expect(errorsFor({})).toEqual({
      name: ['The name field is required.'],
      note: ['The note field is required.'],
      items: ['The items field is required.'],
    });
  });
});

describe('nesting depth', () => {
  const Free = Type.Object({ name: Type.Optional(Type.String()), value: Type.Optional(Type.Unknown()) });
  const validate = validatorCompiler({ schema: Free, method: 'POST', url: '/', httpPart: 'body' }) as unknown as {
    (v: unknown): boolean;
    errors: Parameters<typeof fieldErrors>[0];
  };
  /** `levels` arrays one inside the other, built without recursion. */
  const arrays = (levels: number, leaf: unknown = 1): unknown => {
    let value = leaf;
    for (let i = 0; i < levels; i++) value = [value];
    return value;
  };
  const objects = (levels: number, leaf: unknown = 1): unknown => {
    let value = leaf;
    for (let i = 0; i < levels; i++) value = { a: value };
    return value;
  };
  const tooDeep = (field: string) => ({
    [field]: [`The ${field} field is nested too deeply: a request may nest objects and arrays at most 64 levels.`],
  });

  it.each([
    ['arrays', arrays],
    ['objects', objects],
  ])(
    'refuses %s nested 5,000 and 200,000 levels with 422 on the field, without running out of stack',
    (_kind, nest) => {
      for (const levels of [5_000, 200_000]) {
        expect(validate({ name: 'x', value: nest(levels) })).toBe(false);
        expect(fieldErrors(validate.errors)).toEqual(tooDeep('value'));
      }
    },
  );

  it('accepts 64 levels counted from the body and refuses 65', () => {
    // The body is level 1 and `value` level 2: 63 arrays inside it reach level 64.
    expect(validate({ value: arrays(63) })).toBe(true);
    expect(validate({ value: arrays(64) })).toBe(false);
    expect(fieldErrors(validate.errors)).toEqual(tooDeep('value'));
  });

  it('counts a key the schema would drop, before the schema drops it', () => {
    expect(validate({ name: 'x', extra: objects(100) })).toBe(false);
    expect(fieldErrors(validate.errors)).toEqual(tooDeep('extra'));
  });

  it('names the body when the body itself is a deep array', () => {
    expect(validate(arrays(100))).toBe(false);
    expect(fieldErrors(validate.errors)).toEqual(tooDeep('body'));
  });

  it('still finds unstorable text at the deepest allowed level, and in keys', () => {
    expect(validate({ value: arrays(62, 'a\u0000b') })).toBe(false);
    expect(Object.keys(fieldErrors(validate.errors))).toEqual([`value${'.0'.repeat(62)}`]);
    expect(validate({ value: { fine: 'ok', ['bad\u0000key']: 1 } })).toBe(false);
    expect(Object.keys(fieldErrors(validate.errors))).toEqual(['value.bad\u0000key']);
  });
});
