import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { fieldErrors, validatorCompiler } from './validation.js';

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
    expect(errorsFor({ name: 'a', note: 'long', items: [] })).toEqual({ note: ['The note field must not be greater than 3 characters.'] });
    expect(errorsFor({ name: 'a', note: 7, items: [] })).toEqual({ note: ['The note field must be a string or null.'] });
  });

  it('do not coerce JSON bodies', () => {
    expect(errorsFor({ name: 'a', note: null, items: [{ quantity: '2' }] })).toEqual({ 'items.0.quantity': ['The items[0].quantity field must be an integer.'] });
  });

  it('name an array item by its path, with the index in brackets', () => {
    const Tagged = Type.Object({
      tags: Type.Array(Type.String({ pattern: '^[0-9a-z]{26}$' })),
      grid: Type.Array(Type.Array(Type.Integer())),
      variant_attributes: Type.Object({ attributes: Type.Array(Type.Object({ values: Type.Array(Type.String({ minLength: 1 })) })) }),
    });
    const validate = validatorCompiler({ schema: Tagged, method: 'POST', url: '/', httpPart: 'body' }) as unknown as {
      (v: unknown): boolean;
      errors: Parameters<typeof fieldErrors>[0];
    };
    expect(validate({ tags: ['01hzzzzzzzzzzzzzzzzzzzzzzz', 'nope', 7], grid: [[1], [2, 'x']], variant_attributes: { attributes: [{ values: ['a', ''] }] } })).toBe(false);
    expect(fieldErrors(validate.errors)).toEqual({
      'tags.1': ['The tags[1] field format is invalid.'],
      'tags.2': ['The tags[2] field must be a string.'],
      'grid.1.1': ['The grid[1][1] field must be an integer.'],
      'variant_attributes.attributes.0.values.1': ['The variant_attributes.attributes[0].values[1] field must not be empty.'],
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
