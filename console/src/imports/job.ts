// How an import job reads in the console: its type, mode and status as people say them, its progress, its
// outcome in a sentence, and which imports a user's abilities allow (the API's rule, import.routes.ts).
import { formatNumber } from '../lib/format';
import type { ImportJob, ImportMode, ImportStatus, ImportType } from './types';

export const IMPORT_TYPES: readonly ImportType[] = ['products', 'stock_levels', 'suppliers', 'categories'];
export const IMPORT_MODES: readonly ImportMode[] = ['create', 'update', 'upsert'];
export const IMPORT_STATUSES: readonly ImportStatus[] = [
  'queued',
  'validating',
  'running',
  'completed',
  'failed',
  'cancelled',
  'too_many_errors',
];

const TYPES: Record<ImportType, { label: string; records: string; key: string }> = {
  products: { label: 'Products', records: 'products', key: 'SKU' },
  stock_levels: { label: 'Stock levels', records: 'stock levels', key: 'SKU and warehouse code' },
  suppliers: { label: 'Suppliers', records: 'suppliers', key: 'supplier code' },
  categories: { label: 'Categories', records: 'categories', key: 'category slug' },
  sales_orders: { label: 'Sales orders', records: 'sales orders', key: 'channel and external reference' },
};

export function typeLabel(type: ImportType): string {
  return TYPES[type].label;
}

const MODE_LABELS: Record<ImportMode, string> = { create: 'Create', update: 'Update', upsert: 'Create or update' };

export function modeLabel(mode: ImportMode): string {
  return MODE_LABELS[mode];
}

/** What a mode does to rows of a type, in one line: which rows it writes and which it refuses. */
export function modeExplanation(type: ImportType, mode: ImportMode): string {
  const { records, key } = TYPES[type];
  // Orders are never updated by an import: one whose reference exists was imported before (docs/import.md).
  if (type === 'sales_orders')
    return mode === 'update'
      ? 'Refuses every row: sales orders are created by an import, never updated.'
      : `Adds new ${records}; an order whose ${key} exists already counts as unchanged.`;
  if (mode === 'create') return `Adds new ${records}; a row whose ${key} exists already is refused.`;
  if (mode === 'update') return `Changes existing ${records}; a row whose ${key} is unknown is refused.`;
  return `Adds new ${records} and changes existing ones, matched by ${key}.`;
}

const STATUSES: Record<ImportStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  validating: { label: 'Validating', color: 'blue' },
  running: { label: 'Running', color: 'blue' },
  completed: { label: 'Completed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'dark' },
  too_many_errors: { label: 'Too many errors', color: 'red' },
};

export function importStatus(status: ImportStatus): { label: string; color: string } {
  return STATUSES[status];
}

/** Not ended: a worker has yet to take it or is at it, so the screen keeps asking, and it can be cancelled. */
export function isOpen(status: ImportStatus): boolean {
  return status === 'queued' || status === 'validating' || status === 'running';
}

/** The share of the rows done, 0 to 100; 0 while the rows are not counted yet. */
export function progressPercent(job: Pick<ImportJob, 'status' | 'rows_total' | 'rows_done'>): number {
  if (job.rows_total === null) return 0;
  if (job.rows_total === 0) return job.status === 'completed' ? 100 : 0;
  return Math.min(100, Math.round((job.rows_done / job.rows_total) * 100));
}

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/** Where the job is, under its progress bar. */
export function progressText(job: Pick<ImportJob, 'status' | 'rows_total' | 'rows_done'>): string {
  if (job.status === 'queued') return 'Waiting for a worker to start it.';
  if (job.status === 'validating') return 'Reading the file and counting its rows…';
  // Ended before its rows were counted: the file as a whole was refused, or the import cancelled first.
  if (job.rows_total === null)
    return job.rows_done === 0 ? 'No row was read.' : plural(job.rows_done, 'row done', 'rows done');
  return `${formatNumber(job.rows_done)} of ${plural(job.rows_total, 'row', 'rows')}`;
}

/** How an ended job turned out, for the alert under its progress; null while it runs. */
export function outcome(job: ImportJob): { color: string; title: string; message: string } | null {
  const [created, updated, unchanged, failed] = [job.created, job.updated, job.unchanged, job.failed].map(formatNumber);
  const counts = `${created} ${job.dry_run ? 'would be created' : 'created'}, ${updated} updated, ${unchanged} unchanged, ${failed} failed.`;
  switch (job.status) {
    case 'completed':
      return {
        color: job.failed > 0 ? 'orange' : 'teal',
        title: job.dry_run ? 'Dry run completed: nothing was written' : 'Import completed',
        message: `${plural(job.rows_total ?? job.rows_done, 'row', 'rows')}: ${counts}`,
      };
    case 'failed':
      return { color: 'red', title: 'Import failed', message: job.error ?? 'The file could not be imported.' };
    case 'too_many_errors':
      return {
        color: 'red',
        title: 'Import stopped: too many rows refused',
        message: `${job.error ?? ''} Before it stopped: ${counts}`.trim(),
      };
    case 'cancelled':
      if (job.dry_run || job.rows_done === 0)
        return { color: 'gray', title: 'Import cancelled', message: 'Nothing was written.' };
      return {
        color: 'gray',
        title: 'Import cancelled',
        message: `The rows done before it stay as they were imported: ${counts}`,
      };
    default:
      return null;
  }
}

/** How many refused rows the error report does not list (it keeps the first ones); null when it lists them all. */
export function unlistedRefusals(job: Pick<ImportJob, 'failed' | 'failed_unlisted'>): string | null {
  if (job.failed_unlisted === 0) return null;
  return `The report lists the first ${plural(job.failed - job.failed_unlisted, 'refused row', 'refused rows')}; ${formatNumber(job.failed_unlisted)} more were refused.`;
}

/** 850 -> `850 ms`, 12_400 -> `12.4 s`, 185_000 -> `3 min 5 s`. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Who started it: a user's name, or what started it (a token, the CLI, the system). */
export function startedBy(job: Pick<ImportJob, 'created_by'>): string {
  return job.created_by.name ?? job.created_by.type;
}

/**
 * The abilities of the writes an import of a type makes in a mode (import.routes.ts, WRITE_ABILITIES): besides
 * operations:run-imports, the caller needs them all.
 */
const WRITE_ABILITIES: Record<ImportType, Record<ImportMode, readonly string[]>> = {
  products: {
    create: ['operations:create-products'],
    update: ['operations:edit-products'],
    upsert: ['operations:create-products', 'operations:edit-products'],
  },
  suppliers: {
    create: ['operations:create-suppliers'],
    update: ['operations:edit-suppliers'],
    upsert: ['operations:create-suppliers', 'operations:edit-suppliers'],
  },
  categories: {
    create: ['operations:manage-product-categories'],
    update: ['operations:manage-product-categories'],
    upsert: ['operations:manage-product-categories'],
  },
  stock_levels: {
    create: ['operations:adjust-stock'],
    update: ['operations:adjust-stock'],
    upsert: ['operations:adjust-stock'],
  },
  sales_orders: {
    create: ['sales:create-orders', 'crm:create-customers'],
    update: ['sales:create-orders', 'crm:create-customers'],
    upsert: ['sales:create-orders', 'crm:create-customers'],
  },
};

export const RUN_IMPORTS = 'operations:run-imports';

/** The modes of `type` that `abilities` allow. */
export function allowedModes(type: ImportType, abilities: readonly string[]): ImportMode[] {
  if (!abilities.includes(RUN_IMPORTS)) return [];
  return IMPORT_MODES.filter((mode) => WRITE_ABILITIES[type][mode].every((ability) => abilities.includes(ability)));
}

/** The types `abilities` allow importing in at least one mode. */
export function allowedTypes(abilities: readonly string[]): ImportType[] {
  return IMPORT_TYPES.filter((type) => allowedModes(type, abilities).length > 0);
}
