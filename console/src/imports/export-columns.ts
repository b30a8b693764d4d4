// The recent imports' columns as an export writes them: what the table shows, counts as numbers.
import type { CsvColumn } from '../lib/csv';
import { importStatus, modeLabel, startedBy, typeLabel } from './job';
import type { ImportJob } from './types';

export const IMPORT_COLUMNS: ReadonlyArray<CsvColumn<ImportJob>> = [
  { header: 'File', value: (job) => job.filename },
  { header: 'Type', value: (job) => typeLabel(job.type) },
  { header: 'Mode', value: (job) => `${modeLabel(job.mode)}${job.dry_run ? ', dry run' : ''}` },
  { header: 'Status', value: (job) => importStatus(job.status).label },
  { header: 'Rows done', value: (job) => job.rows_done },
  { header: 'Rows', value: (job) => job.rows_total },
  { header: 'Created', value: (job) => job.created },
  { header: 'Updated', value: (job) => job.updated },
  { header: 'Unchanged', value: (job) => job.unchanged },
  { header: 'Failed', value: (job) => job.failed },
  { header: 'Started', value: (job) => job.created_at },
  { header: 'By', value: (job) => startedBy(job) },
];
