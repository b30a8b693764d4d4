// The schemas of bulk operations: the ids a request names, and the answer (core/bulk.ts) of how many were
// processed, and how many succeeded or failed.
import { Type } from 'typebox';
import { Ulid } from './common-schemas.js';
import { nameSchema } from './named-schemas.js';

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
