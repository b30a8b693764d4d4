// argon2id password hashing (OWASP's first choice), with the library's recommended parameters.
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`, a const enum the compiler cannot import under verbatimModuleSyntax. */
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
