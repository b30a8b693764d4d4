// Optimistic concurrency (docs/decisions/idempotency-and-concurrency.md, Optimistic concurrency): a record's entity tag is a digest of its
// resource as GET answers it, and a write that names the tags it expects goes ahead only while the record still
// has one of them. Reading If-Match is http/conditional.ts'; checking it with the record locked, db/precondition.ts'.
import { hash } from 'node:crypto';
import { PreconditionFailedError } from './errors.js';

/**
 * The strong entity tag of a resource: 128 bits of the SHA-256 of its JSON. Any change a reader could see in the
 * resource changes it, including what it embeds of other records (a product's brand name, a brand's product count).
 */
export function entityTag(resource: unknown): string {
  // The one-shot digest: the same value as a Hash object's, without making one per tag.
  return `"${hash('sha256', JSON.stringify(resource), 'base64url').slice(0, 22)}"`;
}

/** An If-Match precondition: the write goes ahead only while the record's ETag is one of `tags` (any, for `*`). */
export interface Precondition {
  readonly any: boolean;
  readonly tags: readonly string[];
}

/**
 * Compares a precondition with the record's current resource, undefined when there is no record.
 * @throws PreconditionFailedError (412) when the record's ETag is not one given, or there is no record.
 */
export function assertPrecondition(precondition: Precondition, resource: unknown): void {
  if (resource === undefined) throw new PreconditionFailedError(null);
  if (precondition.any) return;
  const tag = entityTag(resource);
  if (!precondition.tags.includes(tag)) throw new PreconditionFailedError(tag);
}
