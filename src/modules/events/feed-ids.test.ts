import { describe, expect, it } from 'vitest';
import { idAfter, successorOf } from './feed-ids.js';

describe('feed ids', () => {
  it('follows an id by adding one to its last base-32 digit, carrying over z', () => {
    expect(successorOf('01j0000000000000000000000a')).toBe('01j0000000000000000000000b');
    expect(successorOf('01j000000000000000000000zz')).toBe('01j00000000000000000000100');
    expect(successorOf('01j000000000000000000000hz')).toBe('01j000000000000000000000j0');
  });

  it('takes a fresh id when it sorts after the last one, and the successor when it does not', () => {
    expect(idAfter(null, () => '01j5000000000000000000000a')).toBe('01j5000000000000000000000a');
    expect(idAfter('01j4000000000000000000000a', () => '01j5000000000000000000000a')).toBe(
      '01j5000000000000000000000a',
    );
    // A clock behind the last publisher's (another machine, or a step back) still gives an increasing id.
    expect(idAfter('01j6000000000000000000000a', () => '01j5000000000000000000000a')).toBe(
      '01j6000000000000000000000b',
    );
    expect(idAfter('01j5000000000000000000000a', () => '01j5000000000000000000000a')).toBe(
      '01j5000000000000000000000b',
    );
  });
});
