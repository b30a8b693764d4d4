import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('the path to return to after sign-in', () => {
  it('keeps a path of the console with its query', () => {
    expect(safeNextPath('/products?status=active&page=2')).toBe('/products?status=active&page=2');
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/sign-in?next=/x',
  ])('goes home instead of %j', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });
});
