import { describe, expect, it } from 'vitest';
import {
  allowedModes,
  allowedTypes,
  formatDuration,
  isOpen,
  modeExplanation,
  outcome,
  progressPercent,
  progressText,
  unlistedRefusals,
} from './job';
import type { ImportJob } from './types';

const job = (changes: Partial<ImportJob> = {}): ImportJob => ({
  id: '01jdb0a1b2c3d4e5f6g7h8j9k0',
  type: 'suppliers',
  mode: 'create',
  dry_run: false,
  status: 'running',
  filename: 'suppliers.csv',
  file_size: 120,
  rows_total: 4,
  rows_done: 1,
  created: 1,
  updated: 0,
  unchanged: 0,
  failed: 0,
  failed_unlisted: 0,
  error: null,
  created_by: { type: 'user', user_id: 'u', token_id: null, name: 'Ada' },
  created_at: '2026-11-27T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  duration_ms: null,
  ...changes,
});

describe('an import job as the console shows it', () => {
  it('is open until it completes, fails or is cancelled', () => {
    expect(['queued', 'validating', 'running'].every((status) => isOpen(status as ImportJob['status']))).toBe(true);
    expect(
      ['completed', 'failed', 'cancelled', 'too_many_errors'].some((status) => isOpen(status as ImportJob['status'])),
    ).toBe(false);
  });

  it('measures progress by the rows done, once they are counted', () => {
    expect(progressPercent(job())).toBe(25);
    expect(progressPercent(job({ status: 'validating', rows_total: null, rows_done: 0 }))).toBe(0);
    expect(progressPercent(job({ status: 'completed', rows_total: 0, rows_done: 0 }))).toBe(100);
    expect(progressText(job())).toBe('1 of 4 rows');
    expect(progressText(job({ status: 'queued', rows_total: null, rows_done: 0 }))).toBe(
      'Waiting for a worker to start it.',
    );
    expect(progressText(job({ status: 'failed', rows_total: null, rows_done: 0 }))).toBe('No row was read.');
  });

  it('sums up how an ended import turned out', () => {
    expect(outcome(job())).toBeNull();
    expect(outcome(job({ status: 'completed', rows_done: 2, rows_total: 2, failed: 1 }))).toEqual({
      color: 'orange',
      title: 'Import completed',
      message: '2 rows: 1 created, 0 updated, 0 unchanged, 1 failed.',
    });
    expect(outcome(job({ status: 'completed', dry_run: true, rows_done: 4 }))!.message).toBe(
      '4 rows: 1 would be created, 0 updated, 0 unchanged, 0 failed.',
    );
    expect(outcome(job({ status: 'failed', error: 'The header row is empty.' }))).toMatchObject({
      color: 'red',
      message: 'The header row is empty.',
    });
    expect(outcome(job({ status: 'cancelled', rows_done: 0 }))!.message).toBe('Nothing was written.');
    expect(
      outcome(job({ status: 'too_many_errors', error: 'Stopped after 10,000 rows.', created: 0, failed: 10_000 })),
    ).toEqual({
      color: 'red',
      title: 'Import stopped: too many rows refused',
      message: 'Stopped after 10,000 rows. Before it stopped: 0 created, 0 updated, 0 unchanged, 10,000 failed.',
    });
  });

  it('says how many refused rows the error report does not list', () => {
    expect(unlistedRefusals(job({ failed: 12 }))).toBeNull();
    expect(unlistedRefusals(job({ failed: 10_400, failed_unlisted: 9_400 }))).toBe(
      'The report lists the first 1,000 refused rows; 9,400 more were refused.',
    );
  });

  it('explains each mode with the key of the type', () => {
    expect(modeExplanation('suppliers', 'create')).toBe(
      'Adds new suppliers; a row whose supplier code exists already is refused.',
    );
    expect(modeExplanation('products', 'update')).toBe(
      'Changes existing products; a row whose SKU is unknown is refused.',
    );
    expect(modeExplanation('categories', 'upsert')).toBe(
      'Adds new categories and changes existing ones, matched by category slug.',
    );
  });

  it('writes durations for people', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_400)).toBe('12.4 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    expect(formatDuration(null)).toBe('—');
  });

  it('offers only the types and modes whose writes the abilities allow', () => {
    const run = 'operations:run-imports';
    expect(allowedTypes(['operations:view-imports', 'operations:create-suppliers'])).toEqual([]);
    expect(allowedTypes([run, 'operations:create-suppliers'])).toEqual(['suppliers']);
    expect(allowedModes('suppliers', [run, 'operations:create-suppliers'])).toEqual(['create']);
    expect(allowedModes('products', [run, 'operations:create-products', 'operations:edit-products'])).toEqual([
      'create',
      'update',
      'upsert',
    ]);
    expect(allowedModes('stock_levels', [run, 'operations:adjust-stock'])).toEqual(['create', 'update', 'upsert']);
  });
});
