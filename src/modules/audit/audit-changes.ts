// What a change did to a record, field by field, for the audit log: the value of each changed field before and
// after, with secrets written as "[REDACTED]" (a changed secret still shows as changed). Compares the record as
// the API presents it, so that an entry reads in the API's own words.
import type { AuditChanges } from '../../db/schema.js';

export const REDACTED = '[REDACTED]';

/** Fields never written out: they hold or derive from a secret. */
const SECRET = /password|secret|token_hash|plain_text|recovery_codes|^headers$/i;
/**
 * Fields every write moves, which would make every entry say the same, and `allowed_actions`, which follows
 * from the status the entry already shows.
 */
const NOISE = new Set(['updated_at', 'created_at', 'allowed_actions']);

type Fields = Readonly<Record<string, unknown>>;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The changed fields between `before` and `after` (null before a creation, null after a deletion); null when
 * nothing changed.
 */
export function changesBetween(before: Fields | null, after: Fields | null): AuditChanges | null {
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (NOISE.has(field)) continue;
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (same(was, is)) continue;
    // A timestamp (`password_set_at`) says when, not what: never a secret.
    changes[field] =
      SECRET.test(field) && !field.endsWith('_at')
        ? { before: was === null ? null : REDACTED, after: is === null ? null : REDACTED }
        : { before: was, after: is };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
