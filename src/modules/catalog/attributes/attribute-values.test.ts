// Value rules per attribute type: accepted inputs and their stored form, refusals, rules, and the typed,
// formatted and display forms.
import { describe, expect, it } from 'vitest';
import type { AttributeType } from '../../../db/schema.js';
import { attributeTypes, isFilterableType, isSearchableType, isSortableType } from './attribute-types.js';
import {
  checkValidationRules,
  compilePattern,
  decimalString,
  displayValue,
  formatValue,
  normaliseValue,
  parseStored,
  type ValueDefinition,
} from './attribute-values.js';

const def = (type: AttributeType, extra: Partial<ValueDefinition> = {}): ValueDefinition => ({
  label: 'Thing',
  type,
  ...extra,
});
const stored = (d: ValueDefinition, input: unknown) => {
  const result = normaliseValue(d, input);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(input)} to pass: ${result.message}`);
  return result.stored;
};
const message = (d: ValueDefinition, input: unknown) => {
  const result = normaliseValue(d, input);
  if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to fail, got ${result.stored}`);
  return result.message;
};

describe('attribute types', () => {
  it('lists the twelve types with their capabilities', () => {
    const types = attributeTypes();
    expect(types.map((t) => t.value)).toEqual([
      'text',
      'number',
      'boolean',
      'date',
      'select',
      'multiselect',
      'color',
      'image',
      'url',
      'email',
      'phone',
      'json',
    ]);
    expect(types.filter((t) => t.is_searchable).map((t) => t.value)).toEqual(['text', 'select', 'multiselect']);
    expect(
      types
        .filter((t) => t.is_filterable)
        .map((t) => t.value)
        .sort(),
    ).toEqual(['boolean', 'color', 'multiselect', 'number', 'select']);
    expect(types.filter((t) => t.is_sortable).map((t) => t.value)).toEqual(['text', 'number', 'date']);
    expect(types.filter((t) => t.has_options).map((t) => t.value)).toEqual(['select', 'multiselect']);
    for (const t of types) {
      expect(Object.keys(t).sort()).toEqual([
        'default_validation',
        'has_options',
        'input_type',
        'is_filterable',
        'is_searchable',
        'is_sortable',
        'label',
        'value',
      ]);
      expect(t.label.length).toBeGreaterThan(0);
      expect(t.input_type.length).toBeGreaterThan(0);
      expect(Array.isArray(t.default_validation)).toBe(true);
    }
    expect(isSearchableType('number')).toBe(false);
    expect(isFilterableType('text')).toBe(false);
    expect(isSortableType('date')).toBe(true);
  });
});

describe('normaliseValue', () => {
  it('refuses null, undefined and blank strings for every type', () => {
    for (const t of attributeTypes()) {
      const d = def(t.value, { options: ['A'] });
      expect(message(d, null)).toBe('The Thing must have a value.');
      expect(message(d, undefined)).toBe('The Thing must have a value.');
      expect(message(d, '   ')).toBe('The Thing must not be empty.');
    }
  });

  describe('text', () => {
    const d = def('text');
    it('accepts strings, trimmed', () => {
      expect(stored(d, 'Cotton')).toBe('Cotton');
      expect(stored(d, '  Cotton blend ')).toBe('Cotton blend');
      expect(stored(d, 'x'.repeat(65_535))).toHaveLength(65_535);
    });
    it('refuses non-strings and overlong text', () => {
      for (const bad of [5, true, ['a'], { a: 1 }]) expect(message(d, bad)).toBe('The Thing must be a string.');
      expect(message(d, 'x'.repeat(65_536))).toBe('The Thing must not be greater than 65535 characters.');
    });
    it('applies min, max (length in characters) and regex', () => {
      const ruled = def('text', { validation_rules: ['min:3', 'max:5', 'regex:^[A-Z]'] });
      expect(stored(ruled, 'Abc')).toBe('Abc');
      expect(stored(ruled, 'Abcde')).toBe('Abcde');
      expect(stored(ruled, 'A😀😀😀😀')).toBe('A😀😀😀😀');
      expect(message(ruled, 'Ab')).toBe('The Thing must be at least 3 characters.');
      expect(message(ruled, 'Abcdef')).toBe('The Thing must not be greater than 5 characters.');
      expect(message(ruled, 'abc')).toBe('The Thing format is invalid.');
    });
    it('supports /pattern/flags regex rules', () => {
      const ruled = def('text', { validation_rules: ['regex:/^abc$/i'] });
      expect(stored(ruled, 'ABC')).toBe('ABC');
      expect(message(ruled, 'abcd')).toBe('The Thing format is invalid.');
    });
  });

  describe('number', () => {
    const d = def('number', { unit: 'kg' });
    it('accepts finite numbers and numeric strings, stored as canonical decimals', () => {
      expect(stored(d, 12.5)).toBe('12.5');
      expect(stored(d, 0)).toBe('0');
      expect(stored(d, -0)).toBe('0');
      expect(stored(d, -3)).toBe('-3');
      expect(stored(d, '12.50')).toBe('12.5');
      expect(stored(d, ' 007 ')).toBe('7');
      expect(stored(d, '+4')).toBe('4');
      expect(stored(d, '.5')).toBe('0.5');
      expect(stored(d, '5.')).toBe('5');
      expect(stored(d, '1e3')).toBe('1000');
      expect(stored(d, 1e21)).toBe('1000000000000000000000');
      expect(stored(d, 1.5e-7)).toBe('0.00000015');
      expect(stored(d, -2.5e-8)).toBe('-0.000000025');
    });
    it('refuses anything else', () => {
      for (const bad of [
        'abc',
        '12kg',
        '1,5',
        '0x10',
        'Infinity',
        'NaN',
        true,
        [1],
        { n: 1 },
        Number.NaN,
        Number.POSITIVE_INFINITY,
        '1e400',
      ]) {
        expect(message(d, bad)).toBe('The Thing must be a number.');
      }
    });
    it('applies min and max as value bounds, decimals and negatives included', () => {
      const ruled = def('number', { validation_rules: ['min:-1.5', 'max:100'] });
      expect(stored(ruled, -1.5)).toBe('-1.5');
      expect(stored(ruled, '100')).toBe('100');
      expect(message(ruled, -1.6)).toBe('The Thing must be at least -1.5.');
      expect(message(ruled, 100.01)).toBe('The Thing must not be greater than 100.');
    });
  });

  describe('boolean', () => {
    const d = def('boolean');
    it('accepts true/false, 1/0 and their strings', () => {
      for (const yes of [true, 1, '1', 'true', 'TRUE', ' true ']) expect(stored(d, yes)).toBe('1');
      for (const no of [false, 0, '0', 'false', 'False']) expect(stored(d, no)).toBe('0');
    });
    it('refuses anything else', () => {
      for (const bad of [2, -1, 'yes', 'no', 'on', [true], {}])
        expect(message(d, bad)).toBe('The Thing must be true or false.');
    });
  });

  describe('date', () => {
    const d = def('date');
    it('accepts real calendar dates as YYYY-MM-DD', () => {
      expect(stored(d, '2024-02-29')).toBe('2024-02-29');
      expect(stored(d, '2023-12-31')).toBe('2023-12-31');
      expect(stored(d, '2000-02-29')).toBe('2000-02-29');
    });
    it('refuses other formats and impossible dates', () => {
      for (const bad of [
        '2023-02-29',
        '1900-02-29',
        '2024-13-01',
        '2024-00-10',
        '2024-04-31',
        '2024-01-00',
        '2024-1-5',
        '05/01/2024',
        '2024-01-05T10:00:00Z',
        20240105,
        true,
      ]) {
        expect(message(d, bad)).toBe('The Thing must be a valid date in the format YYYY-MM-DD.');
      }
    });
  });

  describe('select', () => {
    const d = def('select', { label: 'Color', options: ['Red', 'Blue'] });
    it('accepts one of the options, exactly', () => {
      expect(stored(d, 'Red')).toBe('Red');
      expect(stored(d, ' Blue ')).toBe('Blue');
    });
    it('refuses anything else, listing the options', () => {
      for (const bad of ['red', 'Green', ['Red'], 1])
        expect(message(d, bad)).toBe('The Color must be one of: Red, Blue.');
    });
  });

  describe('multiselect', () => {
    const d = def('multiselect', { label: 'Sizes', options: ['S', 'M', 'L', 'XL'] });
    it('accepts a list of options, stored as a JSON array in the order sent', () => {
      expect(stored(d, ['L', 'S'])).toBe('["L","S"]');
      expect(stored(d, ['M'])).toBe('["M"]');
    });
    it('refuses non-arrays, empty lists, unknown options and duplicates', () => {
      expect(message(d, 'S')).toBe('The Sizes must be a list of: S, M, L, XL.');
      expect(message(d, [])).toBe('The Sizes must have at least one option selected.');
      expect(message(d, ['S', 'XXL'])).toBe('The Sizes must only contain: S, M, L, XL.');
      expect(message(d, ['S', 1])).toBe('The Sizes must only contain: S, M, L, XL.');
      expect(message(d, ['S', 'M', 'S'])).toBe('The Sizes must not contain "S" more than once.');
    });
    it('applies min and max as item counts', () => {
      const ruled = def('multiselect', {
        label: 'Sizes',
        options: ['S', 'M', 'L', 'XL'],
        validation_rules: ['min:2', 'max:3'],
      });
      expect(stored(ruled, ['S', 'M'])).toBe('["S","M"]');
      expect(message(ruled, ['S'])).toBe('The Sizes must have at least 2 options selected.');
      expect(message(ruled, ['S', 'M', 'L', 'XL'])).toBe('The Sizes must not have more than 3 options selected.');
    });
  });

  describe('color', () => {
    const d = def('color');
    it('accepts #RRGGBB and #RGB, stored upper-case #RRGGBB', () => {
      expect(stored(d, '#1a2b3c')).toBe('#1A2B3C');
      expect(stored(d, '#ABCDEF')).toBe('#ABCDEF');
      expect(stored(d, '#f0a')).toBe('#FF00AA');
    });
    it('refuses anything else', () => {
      for (const bad of ['1A2B3C', '#1A2B3', '#GGGGGG', '#1A2B3C4D', 'red', 'rgb(0,0,0)', 0xffffff]) {
        expect(message(d, bad)).toBe('The Thing must be a hex color such as #1A2B3C or #ABC.');
      }
    });
  });

  describe('image', () => {
    const d = def('image');
    it('accepts URLs and identifiers', () => {
      expect(stored(d, 'https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
      expect(stored(d, 'images/products/01.jpg')).toBe('images/products/01.jpg');
    });
    it('refuses strings with spaces, schemes other than http and https, overlong strings and non-strings', () => {
      for (const bad of [
        'my image.png',
        'javascript:alert(1)',
        'data:image/png;base64,AAAA',
        '//evil.example/a.png',
        `x${'y'.repeat(2048)}`,
        5,
        ['a.png'],
      ]) {
        expect(message(d, bad)).toBe(
          'The Thing must be an http or https URL or a relative path (no other scheme, no spaces), at most 2048 characters.',
        );
      }
    });
    it('applies length rules and regex', () => {
      const ruled = def('image', { validation_rules: ['regex:\\.(png|jpe?g)$', 'max:20'] });
      expect(stored(ruled, 'a.png')).toBe('a.png');
      expect(message(ruled, 'a.gif')).toBe('The Thing format is invalid.');
      expect(message(ruled, `${'a'.repeat(20)}.png`)).toBe('The Thing must not be greater than 20 characters.');
    });
  });

  describe('url', () => {
    const d = def('url');
    it('accepts absolute http and https URLs', () => {
      expect(stored(d, 'https://example.com')).toBe('https://example.com');
      expect(stored(d, 'http://example.com/a?b=c#d')).toBe('http://example.com/a?b=c#d');
      expect(stored(d, 'HTTPS://EXAMPLE.COM/x')).toBe('HTTPS://EXAMPLE.COM/x');
    });
    it('refuses other schemes, relative URLs and junk', () => {
      for (const bad of [
        'ftp://example.com',
        'javascript:alert(1)',
        '/relative',
        'example.com',
        'https://',
        'http://exa mple.com',
        `https://example.com/${'a'.repeat(2048)}`,
        42,
      ]) {
        expect(message(d, bad)).toBe('The Thing must be a valid http or https URL.');
      }
    });
    it('applies regex rules', () => {
      const ruled = def('url', { validation_rules: ['regex:^https://'] });
      expect(message(ruled, 'http://example.com')).toBe('The Thing format is invalid.');
    });
  });

  describe('email', () => {
    const d = def('email');
    it('accepts addresses', () => {
      expect(stored(d, 'ops@example.com')).toBe('ops@example.com');
      expect(stored(d, ' first.last+tag@sub.example.co.uk ')).toBe('first.last+tag@sub.example.co.uk');
    });
    it('refuses malformed addresses', () => {
      for (const bad of [
        'ops',
        'ops@',
        '@example.com',
        'ops@example',
        'o ps@example.com',
        'a@b@c.com',
        'ops@example..com',
        `${'a'.repeat(250)}@example.com`,
        1,
      ]) {
        expect(message(d, bad)).toBe('The Thing must be a valid email address.');
      }
    });
    it('applies regex rules', () => {
      const ruled = def('email', { validation_rules: ['regex:@example\\.com$'] });
      expect(message(ruled, 'a@other.com')).toBe('The Thing format is invalid.');
    });
  });

  describe('phone', () => {
    const d = def('phone');
    it('accepts digits, spaces and + - ( ) . in 5 to 30 characters', () => {
      expect(stored(d, '+1 (555) 010-9999')).toBe('+1 (555) 010-9999');
      expect(stored(d, '12345')).toBe('12345');
      expect(stored(d, '030.1234.5678')).toBe('030.1234.5678');
      expect(stored(d, '1'.repeat(30))).toBe('1'.repeat(30));
    });
    it('refuses other characters, wrong lengths and no digits', () => {
      for (const bad of ['1234', '1'.repeat(31), '555-CALL-NOW', '12,345', '(-) .+', 5551234, ['12345']]) {
        expect(message(d, bad)).toMatch(/^The Thing must be a phone number of 5 to 30 characters/);
      }
    });
    it('applies min and regex rules', () => {
      const ruled = def('phone', { validation_rules: ['min:8', 'regex:^\\+'] });
      expect(message(ruled, '+12345')).toBe('The Thing must be at least 8 characters.');
      expect(message(ruled, '1234567890')).toBe('The Thing format is invalid.');
    });
  });

  describe('json', () => {
    const d = def('json');
    it('accepts any JSON value, stored as its JSON text', () => {
      expect(stored(d, { a: 1, b: [true, null] })).toBe('{"a":1,"b":[true,null]}');
      expect(stored(d, [1, 2])).toBe('[1,2]');
      expect(stored(d, 'plain')).toBe('"plain"');
      expect(stored(d, 3.5)).toBe('3.5');
      expect(stored(d, false)).toBe('false');
    });
    it('refuses values that are not JSON or too large', () => {
      expect(message(d, () => 1)).toBe('The Thing must be a JSON value.');
      expect(message(d, { big: 'x'.repeat(65_535) })).toBe(
        'The Thing must not be greater than 65535 characters as JSON.',
      );
    });
    it('refuses values nested deeper than 64 levels, however deep, without running out of stack', () => {
      const nested = (levels: number) => {
        let value: unknown = 1;
        for (let i = 0; i < levels; i++) value = [value];
        return value;
      };
      expect(stored(d, nested(64))).toBe(`${'['.repeat(64)}1${']'.repeat(64)}`);
      for (const levels of [65, 10_000]) {
        expect(message(d, nested(levels))).toBe('The Thing must not nest objects and arrays more than 64 levels deep.');
      }
    });
  });

  it('ignores rules that do not compile or do not parse when values are checked', () => {
    const d = def('text', { validation_rules: ['regex:(', 'min:abc', 'bogus'] });
    expect(stored(d, 'anything')).toBe('anything');
  });
});

describe('checkValidationRules', () => {
  it('accepts min, max and regex where they apply', () => {
    expect(checkValidationRules('text', ['min:1', 'max:10', 'regex:^a'])).toEqual({});
    expect(checkValidationRules('number', ['min:-5.5', 'max:1e3'])).toEqual({});
    expect(checkValidationRules('multiselect', ['min:1', 'max:2'])).toEqual({});
    expect(checkValidationRules('phone', ['regex:/^\\+/i'])).toEqual({});
    expect(checkValidationRules('boolean', [])).toEqual({});
  });

  it('refuses unknown rules, bad bounds, misplaced rules, duplicates, min above max and bad patterns', () => {
    expect(checkValidationRules('text', ['required', 'min:', 'max:ten', 'regex:('])).toEqual({
      0: 'The rule "required" is not supported. Use min:<number>, max:<number> or regex:<pattern>.',
      1: 'The min rule needs a number, as in min:10.',
      2: 'The max rule needs a number, as in max:10.',
      3: 'The regex rule has an invalid pattern.',
    });
    expect(checkValidationRules('text', ['min:1.5', 'max:-1'])).toEqual({
      0: 'The min rule needs a whole number of at least 0 for text attributes.',
      1: 'The max rule needs a whole number of at least 0 for text attributes.',
    });
    expect(checkValidationRules('number', ['regex:^1'])).toEqual({
      0: 'The regex rule does not apply to number attributes.',
    });
    expect(checkValidationRules('boolean', ['min:1'])).toEqual({
      0: 'The min rule does not apply to boolean attributes.',
    });
    expect(checkValidationRules('date', ['max:1'])).toEqual({ 0: 'The max rule does not apply to date attributes.' });
    expect(checkValidationRules('number', ['min:1', 'min:2'])).toEqual({ 1: 'The min rule is given more than once.' });
    expect(checkValidationRules('number', ['max:1', 'min:2'])).toEqual({
      0: 'The max rule must not be less than the min rule.',
    });
    expect(checkValidationRules('text', ['regex:'])).toEqual({ 0: 'The regex rule has an invalid pattern.' });
  });

  it('compiles bare and delimited patterns', () => {
    expect(compilePattern('^a')?.test('abc')).toBe(true);
    expect(compilePattern('/^A/i')?.test('abc')).toBe(true);
    expect(compilePattern('[')).toBeNull();
    expect(compilePattern('x'.repeat(501))).toBeNull();
  });
});

describe('stored forms', () => {
  it('number: typed, display without unit, formatted with unit', () => {
    const d = def('number', { unit: 'kg' });
    expect(parseStored(d, '12.5')).toBe(12.5);
    expect(displayValue(d, '12.5')).toBe('12.5');
    expect(formatValue(d, '12.5')).toBe('12.5 kg');
    expect(formatValue(def('number'), '3')).toBe('3');
    expect(parseStored(d, 'oops')).toBe('oops');
  });

  it('boolean: typed true/false, Yes/No', () => {
    const d = def('boolean');
    expect(parseStored(d, '1')).toBe(true);
    expect(parseStored(d, '0')).toBe(false);
    expect(displayValue(d, '1')).toBe('Yes');
    expect(formatValue(d, '0')).toBe('No');
  });

  it('multiselect: typed list, comma-joined forms', () => {
    const d = def('multiselect', { options: ['S', 'M'], unit: 'ignored' });
    expect(parseStored(d, '["S","M"]')).toEqual(['S', 'M']);
    expect(displayValue(d, '["S","M"]')).toBe('S, M');
    expect(formatValue(d, '["S","M"]')).toBe('S, M');
    expect(parseStored(d, 'not json')).toEqual(['not json']);
  });

  it('json: parsed value, text as stored', () => {
    const d = def('json');
    expect(parseStored(d, '{"a":1}')).toEqual({ a: 1 });
    expect(displayValue(d, '{"a":1}')).toBe('{"a":1}');
    expect(formatValue(d, '{"a":1}')).toBe('{"a":1}');
  });

  it('other types keep the stored string in every form', () => {
    for (const [type, value] of [
      ['text', 'Cotton'],
      ['date', '2024-01-05'],
      ['select', 'Red'],
      ['color', '#FF00AA'],
      ['url', 'https://x.test'],
      ['email', 'a@b.co'],
      ['phone', '12345'],
      ['image', 'a.png'],
    ] as const) {
      const d = def(type, { unit: 'u' });
      expect(parseStored(d, value)).toBe(value);
      expect(displayValue(d, value)).toBe(value);
      expect(formatValue(d, value)).toBe(value);
    }
  });

  it('round-trips normalised values', () => {
    const d = def('number');
    expect(parseStored(d, stored(d, '0.10'))).toBe(0.1);
    const m = def('multiselect', { options: ['x', 'y'] });
    expect(parseStored(m, stored(m, ['y', 'x']))).toEqual(['y', 'x']);
  });

  it('decimalString has no exponent', () => {
    expect(decimalString(1e-7)).toBe('0.0000001');
    expect(decimalString(1.234e22)).toBe('12340000000000000000000');
    expect(decimalString(-0.5)).toBe('-0.5');
  });
});
