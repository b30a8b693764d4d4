import type { ImportJob } from './import.repository.js';
import type { ImportResponse } from './import.schemas.js';

export function importResource(job: ImportJob): ImportResponse {
  return {
    id: job.id,
    type: job.type,
    mode: job.mode,
    dry_run: job.dry_run,
    status: job.status,
    filename: job.filename,
    file_size: Number(job.file_size),
    rows_total: job.rows_total,
    rows_done: job.rows_done,
    created: job.created_count,
    updated: job.updated_count,
    unchanged: job.unchanged_count,
    failed: job.failed_count,
    failed_unlisted: job.failed_unlisted_count,
    error: job.error,
    created_by: {
      type: job.actor_type,
      user_id: job.actor_user_id,
      token_id: job.actor_token_id,
      name: job.actor_name,
    },
    created_at: job.created_at,
    started_at: job.started_at,
    finished_at: job.finished_at,
    duration_ms: job.finished_at === null ? null : Date.parse(job.finished_at) - Date.parse(job.created_at),
  };
}
