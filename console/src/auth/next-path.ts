/**
 * Where to go after signing in: the `next` path the user was sent from, if it is a path of this console. Anything
 * else (another origin, `//evil.example`, a scheme) goes home, so the sign-in page cannot be used to redirect away.
 */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/sign-in')) return '/';
  return next;
}
