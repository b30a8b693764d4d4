import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword, passwordErrors } from './password-policy.js';

describe('password policy', () => {
  it('bundles a list of common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThan(500);
  });

  it('refuses common passwords, padded with digits or symbols, keyboard walks, repeats and sequences', () => {
    for (const weak of [
      'password',
      'Password1!',
      'P@ssw0rd',
      '2024monkey',
      'iloveyou2024',
      'qwertyuiop',
      'poiuytrewq',
      'asdfghjkl;',
      'aaaaaaaaaa',
      'abcabcabc',
      '123123123',
      '87654321',
      'abcdefgh1',
      'Welcome2026!',
      'letmein!!!',
    ]) {
      expect(isCommonPassword(weak), weak).toBe(true);
    }
  });

  it('accepts passphrases and random passwords', () => {
    for (const fine of [
      'correct-horse-battery',
      'staple-orbit-lantern-42',
      'Xk3f9Qm2Lw7R',
      'tree house by the river',
    ]) {
      expect(isCommonPassword(fine), fine).toBe(false);
      expect(passwordErrors(fine, 'ann.lee@example.com')).toEqual({});
    }
  });

  it('names the field for a short, common or e-mail-equal password', () => {
    expect(Object.keys(passwordErrors('short', 'ann.lee@example.com'))).toEqual(['password']);
    expect(passwordErrors('password123', 'ann.lee@example.com', 'new_password').new_password?.[0]).toContain(
      'too common',
    );
    expect(passwordErrors('Ann.Lee@Example.com', 'ann.lee@example.com').password?.[0]).toContain('e-mail');
    expect(passwordErrors('ann.lee2024!', 'ann.lee@example.com').password?.[0]).toContain('e-mail');
    expect(passwordErrors('x'.repeat(1025), 'ann.lee@example.com').password?.[0]).toContain('8 to 1024');
  });
});
