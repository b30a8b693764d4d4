import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.js';

const arrays = (levels: number) => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('nestsDeeperThan', () => {
  it('counts the value itself as level 1, scalars as no level', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: null }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
  });

  it('measures a million levels without running out of stack', () => {
    expect(nestsDeeperThan(arrays(1_000_000), 64)).toBe(true);
    expect(nestsDeeperThan(arrays(64), 64)).toBe(false);
    expect(nestsDeeperThan(arrays(65), 64)).toBe(true);
  });

  it('finds one deep branch among wide siblings', () => {
    expect(nestsDeeperThan({ wide: Array.from({ length: 10_000 }, () => ({ x: 1 })), deep: arrays(100) }, 64)).toBe(
      true,
    );
  });
});
