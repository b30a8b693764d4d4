// Supplier imports over HTTP: each mode keyed by supplier code, refusals with their rows, unchanged rows, dry runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { counts, csvOf, errorReport, runImport } from './import-helpers.js';

describe('supplier imports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const supplier = async (code: string) => {
    const res = await jsonCaller(t.app, t.auth)('GET', `/api/v1/operations/suppliers?search=${code}`);
    return (res.json().data as Array<Record<string, unknown>>).find((s) => s.code === code);
  };

  it('creates suppliers with every column, the address from its parts', async () => {
    const job = await runImport(t, {
      type: 'suppliers',
      csv: csvOf([
        [
          'code',
          'name',
          'email',
          'phone',
          'type',
          'is_preferred',
          'lead_time_days',
          'minimum_order_amount',
          'address_city',
          'address_country',
        ],
        ['imp-a', 'Alpha Parts', 'alpha@example.com', '+44 1', 'distributor', 'yes', '7', '250.5', 'Leeds', 'GB'],
        ['IMP-B', 'Beta Tools', 'beta@example.com', '', '', '', '', '', '', ''],
      ]),
    });
    expect(job.status).toBe('completed');
    expect(job.rows_total).toBe(2);
    expect(job.rows_done).toBe(2);
    expect(counts(job)).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 0 });
    expect(await supplier('IMP-A')).toMatchObject({
      name: 'Alpha Parts',
      is_preferred: true,
      lead_time_days: 7,
      minimum_order_amount: 250.5,
      status: 'inactive',
      address: { city: 'Leeds', country: 'GB' },
    });
    expect(await supplier('IMP-B')).toMatchObject({ phone: null, address: null, is_preferred: false });
  });

  it('refuses rows with their reasons at their columns, and imports the rest', async () => {
    const job = await runImport(t, {
      type: 'suppliers',
      csv: csvOf([
        ['code', 'name', 'email', 'lead_time_days'],
        ['IMP-C', 'Gamma', 'not-an-email', 'soon'],
        ['IMP-D', 'Delta', 'delta@example.com', '3'],
        ['IMP-A', 'Alpha again', 'alpha@example.com', '1'],
      ]),
    });
    expect(counts(job)).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 2 });
    const report = await errorReport(t, job.id);
    expect(report).toEqual([
      { row: '2', column: 'lead_time_days', value: 'soon', message: expect.stringContaining('whole number') },
      { row: '4', column: 'code', value: 'IMP-A', message: expect.stringContaining('taken') },
    ]);
    expect(await supplier('IMP-C')).toBeUndefined();
  });

  it('updates in update mode, counts rows that change nothing as unchanged, and refuses unknown codes', async () => {
    const before = await supplier('IMP-D');
    const job = await runImport(t, {
      type: 'suppliers',
      mode: 'update',
      csv: csvOf([
        ['code', 'name', 'lead_time_days'],
        ['imp-d', 'Delta', '3'],
        ['IMP-B', 'Beta Tools Ltd', '5'],
        ['IMP-ZZ', 'Nobody', '1'],
      ]),
    });
    expect(counts(job)).toEqual({ created: 0, updated: 1, unchanged: 1, failed: 1 });
    expect((await supplier('IMP-D'))!.updated_at).toBe(before!.updated_at);
    expect(await supplier('IMP-B')).toMatchObject({ name: 'Beta Tools Ltd', lead_time_days: 5 });
    expect((await errorReport(t, job.id))[0]).toMatchObject({
      row: '4',
      column: 'code',
      message: 'No supplier has the code IMP-ZZ.',
    });
  });

  it('creates and updates in upsert mode', async () => {
    const job = await runImport(t, {
      type: 'suppliers',
      mode: 'upsert',
      csv: csvOf([
        ['code', 'name', 'email'],
        ['IMP-E', 'Epsilon', 'e@example.com'],
        ['IMP-B', 'Beta', 'beta@example.com'],
      ]),
    });
    expect(counts(job)).toEqual({ created: 1, updated: 1, unchanged: 0, failed: 0 });
  });

  it('changes nothing in a dry run but reports what would happen', async () => {
    const job = await runImport(t, {
      type: 'suppliers',
      mode: 'upsert',
      dry_run: true,
      csv: csvOf([
        ['code', 'name', 'email'],
        ['IMP-F', 'Phi', 'f@example.com'],
        ['IMP-B', 'Beta renamed', 'beta@example.com'],
        ['IMP-G', 'Gee', 'bad'],
      ]),
    });
    expect(job).toMatchObject({ status: 'completed', dry_run: true });
    expect(counts(job)).toEqual({ created: 1, updated: 1, unchanged: 0, failed: 1 });
    expect(await supplier('IMP-F')).toBeUndefined();
    expect(await supplier('IMP-B')).toMatchObject({ name: 'Beta' });
  });

  it('fails a file whose header has unknown columns, before any row', async () => {
    const job = await runImport(t, {
      type: 'suppliers',
      csv: csvOf([
        ['code', 'name', 'email', 'colour'],
        ['IMP-H', 'H', 'h@example.com', 'red'],
      ]),
    });
    expect(job).toMatchObject({
      status: 'failed',
      rows_done: 0,
      error: 'Unknown column "colour" for a supplier import.',
    });
    expect(await supplier('IMP-H')).toBeUndefined();
  });
});
