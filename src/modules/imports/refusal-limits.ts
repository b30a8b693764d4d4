// How much of a file's refusals an import keeps and bears (docs/import.md). A refused row's reasons are a line
// each in import_errors, often larger than the row: a file of bad rows would write many times its size. So a
// job keeps the reasons of its first refused rows only and counts the rest, and it stops once most of a large
// enough sample of its rows were refused: such a file is the wrong file, or for the wrong type.
import type { ImportSettings } from '../../config.js';
import { formatCount } from '../../lib/progress-bar.js';
import type { ImportJob } from './import.repository.js';

export type RefusalLimits = Pick<ImportSettings, 'maxStoredErrors' | 'maxRefusedPercent' | 'refusedSampleRows'>;

/** How many of a batch's refused rows, the first ones, have their reasons kept, after `refusedBefore` rows refused by earlier batches. */
export function listedRefusals(limits: RefusalLimits, refusedBefore: number, refused: number): number {
  return Math.min(refused, Math.max(0, limits.maxStoredErrors - refusedBefore));
}

/** Whether a job's counts show too large a share of refused rows: it must stop. */
export function tooManyRefusals(limits: RefusalLimits, job: Pick<ImportJob, 'rows_done' | 'failed_count'>): boolean {
  return job.rows_done >= limits.refusedSampleRows && job.failed_count * 100 > limits.maxRefusedPercent * job.rows_done;
}

/** Why a job stopped, from its counts at its end. */
export function tooManyRefusalsMessage(
  limits: RefusalLimits,
  job: Pick<ImportJob, 'rows_done' | 'failed_count'>,
): string {
  const { rows_done: done, failed_count: failed } = job;
  // Rounded up to a tenth: a share just past the limit never reads as the limit itself.
  const percent = Math.ceil((failed * 1000) / done) / 10;
  return (
    `Stopped after ${formatCount(done)} rows, ${formatCount(failed)} of them refused (${percent}%): an import stops once more than ` +
    `${limits.maxRefusedPercent}% of its rows are refused, from its first ${formatCount(limits.refusedSampleRows)} rows on. ` +
    'Fix the file (the error report lists the first refused rows and why) and import it again.'
  );
}
