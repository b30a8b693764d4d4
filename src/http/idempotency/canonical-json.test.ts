import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

/**
 * The text fingerprints were made of before RFC 8785's library: keys sorted by code unit, JSON.stringify for the
 * rest. Kept here to show that a body parsed from JSON gets the same text, so stored fingerprints still match.
 */
function formerCanonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formerCanonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${formerCanonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** RFC 8785, 3.2.2: numbers, escapes and literals. */
const RFC_VALUES = String.raw`{
  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`;
const RFC_VALUES_CANONICAL = String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`;

/** RFC 8785, 3.2.3: keys sorted by their UTF-16 code units, not by code points or UTF-8 bytes. */
const RFC_SORTING = String.raw`{
  "\u20ac": "Euro Sign",
  "\r": "Carriage Return",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "1": "One",
  "\ud83d\ude00": "Emoji: Grinning Face",
  "\u0080": "Control",
  "\u00f6": "Latin Small Letter O With Diaeresis"
}`;

/** RFC 8785, appendix B: IEEE 754 doubles (by their bits) and their text. */
const RFC_NUMBERS: Array<[string, string]> = [
  ['0000000000000000', '0'],
  ['8000000000000000', '0'],
  ['0000000000000001', '5e-324'],
  ['8000000000000001', '-5e-324'],
  ['7fefffffffffffff', '1.7976931348623157e+308'],
  ['4340000000000000', '9007199254740992'],
  ['4430000000000000', '295147905179352830000'],
  ['44b52d02c7e14af6', '1e+23'],
  ['444b1ae4d6e2ef4f', '999999999999999900000'],
  ['444b1ae4d6e2ef50', '1e+21'],
  ['3eb0c6f7a0b5ed8d', '0.000001'],
  ['41b3de4355555554', '333333333.33333325'],
  ['becbf647612f3696', '-0.0000033333333333333333'],
  ['43143ff3c1cb0959', '1424953923781206.2'],
];

const double = (bits: string) => new DataView(new BigUint64Array([BigInt(`0x${bits}`)]).buffer).getFloat64(0, true);

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
  it('keeps array order and scalars', () => {
    expect(canonicalJson([3, 1, 'x', true, null])).toBe('[3,1,"x",true,null]');
    expect(canonicalJson(null)).toBe('null');
  });

  it("writes RFC 8785's examples of numbers, escapes and key order as the RFC does", () => {
    expect(canonicalJson(JSON.parse(RFC_VALUES))).toBe(RFC_VALUES_CANONICAL);
    // Read from the text: Object.keys would list the integer-like key first whatever the order.
    const keys = [...canonicalJson(JSON.parse(RFC_SORTING)).matchAll(/("(?:[^"\\]|\\.)*"):/g)].map(
      ([, key]) => JSON.parse(key!) as string,
    );
    expect(keys).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
    for (const [bits, text] of RFC_NUMBERS) expect(canonicalJson(double(bits)), bits).toBe(text);
  });

  it('gives a parsed body the text the fingerprints stored so far were made of', () => {
    const bodies = [
      RFC_VALUES,
      RFC_SORTING,
      '{"name":"North","code":"NORTH","address":{"line1":"1 Quay St","country":"GB"},"tags":[],"note":null}',
      '{"items":[{"product_id":"01jd8v8h9j0k1m2n3p4q5r6s7t","quantity":3,"unit_cost":9.5}],"ratio":-0.0,"small":1e-400}',
      '{"ж":"кириллица","emoji":"🙂👍🏽","escapes":"tab\\tline\\nquote\\"","nested":[[[{"b":[1,{"a":2}]}]]]}',
      '[]',
      '"text"',
      '12.50',
      'true',
      'null',
    ];
    for (const body of bodies.map((text) => JSON.parse(text) as unknown))
      expect(canonicalJson(body)).toBe(formerCanonicalJson(body));
    expect(canonicalJson({})).toBe(formerCanonicalJson({}));
  });

  it('refuses what has no canonical text: an unpaired surrogate, a number beyond the largest double', () => {
    expect(() => canonicalJson(JSON.parse('{"note":"x\\ud800y"}'))).toThrow();
    expect(() => canonicalJson(JSON.parse('{"big":1e400}'))).toThrow();
    expect(canonicalJson(JSON.parse('"\\ud83d\\ude00"'))).toBe('"\ud83d\ude00"');
  });
});
