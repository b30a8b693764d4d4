import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null }, u: undefined })).toBe('{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}');
  });
  it('keeps array order and scalars', () => {
    expect(canonicalJson([3, 1, 'x', true, null])).toBe('[3,1,"x",true,null]');
    expect(canonicalJson(null)).toBe('null');
  });
});
