// What a new password must be (docs/decisions/tenants-and-users.md, User administration): long enough, not a common or breached
// password (the bundled list in assets/passwords, with digits or symbols around it, and keyboard walks, repeats
// and sequences by rule), and not the user's e-mail. The password a user sets through a link, changes, or an
// operator gives at creation is checked here.
import { readFileSync } from 'node:fs';
import type { FieldErrors } from '../../core/errors.js';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

// The list ships at the repository's root, three levels up from this module in src/ and in dist/.
const COMMON: ReadonlySet<string> = new Set(
  readFileSync(new URL('../../../assets/passwords/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/** Rows of a keyboard and the alphabet and digits: a password that is a run along one of them is a pattern. */
const RUNS = [
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertzuiopasdfghjklyxcvbnm',
  'azertyuiopqsdfghjklmwxcvbn',
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
];

function isRun(text: string): boolean {
  if (text.length < 4) return false;
  const reversed = [...text].reverse().join('');
  return RUNS.some((run) => run.includes(text) || run.includes(reversed));
}

/** One character or one short group repeated (`aaaaaaaa`, `abababab`, `123123123`). */
function isRepeat(text: string): boolean {
  return /^(.{1,3})\1+$/su.test(text);
}

function isPattern(text: string): boolean {
  return text !== '' && (COMMON.has(text) || isRun(text) || isRepeat(text));
}

/** The password without the digits and symbols around its letters: `Password1!` is `password`. */
function core(text: string): string {
  return text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

/** True when the password is common, a pattern, or a common word or pattern padded with digits or symbols. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return isPattern(lower) || isPattern(core(lower));
}

/** How many common passwords the bundled list holds (documentation and tests). */
export function commonPasswordCount(): number {
  return COMMON.size;
}

/**
 * The problems of a new password, under `field` (`password`, `new_password`); empty when it is acceptable.
 * `email` is the e-mail of the user whose password it is: the password may not be it, nor its local part.
 */
export function passwordErrors(password: string, email: string, field = 'password'): FieldErrors {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    return {
      [field]: [`The ${field.replace(/_/g, ' ')} must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`],
    };
  }
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  // The address, or its local part with nothing but digits or symbols after it (`ann.lee`, `ann.lee2024!`).
  const isLocal = local.length >= 4 && lower.startsWith(local) && /^[^\p{L}]*$/u.test(lower.slice(local.length));
  if (lower === address || isLocal) {
    return { [field]: [`The ${field.replace(/_/g, ' ')} must not be your e-mail address.`] };
  }
  if (isCommonPassword(password)) {
    return {
      [field]: [
        `The ${field.replace(/_/g, ' ')} is too common: it appears in lists of breached passwords. Choose another.`,
      ],
    };
  }
  return {};
}
