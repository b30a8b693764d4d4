import { describe, expect, it } from 'vitest';
import { trimOrNull } from './text.js';

describe('trimOrNull', () => {
  it('trims text', () => {
    expect(trimOrNull('  bolt  ')).toBe('bolt');
    expect(trimOrNull('a b')).toBe('a b');
  });

  it('answers null for nothing, empty or blank text', () => {
    expect(trimOrNull(null)).toBeNull();
    expect(trimOrNull(undefined)).toBeNull();
    expect(trimOrNull('')).toBeNull();
    expect(trimOrNull(' \t\n ')).toBeNull();
  });
});
