// Bulk operations answer how many ids were processed, and how many succeeded or failed.
import { Type } from 'typebox';
import { Ulid } from './common-schemas.js';
import { nameSchema } from './named-schemas.js';

export interface BulkFailure {
  id: string;
  reason: string;
}

export interface BulkResult {
  processed: number;
  successful: number;
  failed: number;
  failures?: BulkFailure[];
}

/** The ids of a bulk request: 1 to 500 distinct ULIDs, e.g. `Type.Object({ brand_ids: BulkIds })`. */
export const BulkIds = Type.Array(Ulid, { minItems: 1, maxItems: 500, uniqueItems: true });

export const BulkResultSchema = Type.Object({
  processed: Type.Integer(),
  successful: Type.Integer(),
  failed: Type.Integer(),
  failures: Type.Optional(Type.Array(Type.Object({ id: Type.String(), reason: Type.String() }))),
});
nameSchema(BulkResultSchema, 'BulkResult', {
  processed: 2,
  successful: 1,
  failed: 1,
  failures: [{ id: '01jd8x4k3m2n5p6q7r8s9t0v1w', reason: 'Products are linked to the brand.' }],
});

export function bulkResult(processed: number, failures: BulkFailure[], withFailures = false): BulkResult {
  const result: BulkResult = { processed, successful: processed - failures.length, failed: failures.length };
  return withFailures ? { ...result, failures } : result;
}
