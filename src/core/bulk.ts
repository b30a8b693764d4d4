// Bulk operations answer how many ids were processed, and how many succeeded or failed. Their request and
// answer schemas are http/bulk.ts'.

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

export function bulkResult(processed: number, failures: BulkFailure[], withFailures = false): BulkResult {
  const result: BulkResult = { processed, successful: processed - failures.length, failed: failures.length };
  return withFailures ? { ...result, failures } : result;
}
