import { describe, expect, it } from 'vitest';
import { recoveryCodesText } from './recovery-codes';

describe('recoveryCodesText', () => {
  it('holds the account, the date and one code a line', () => {
    const text = recoveryCodesText(['aaaa-bbbb', 'cccc-dddd'], 'ada@example.com', new Date('2026-11-25T00:00:00Z'));
    expect(text.split('\n')).toEqual([
      'Quartermaster recovery codes for ada@example.com',
      'Issued 2026-11-25T00:00:00.000Z. Each code signs in once, in place of an authentication code.',
      '',
      'aaaa-bbbb',
      'cccc-dddd',
      '',
    ]);
  });
});
