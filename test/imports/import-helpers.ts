// Starts CSV imports over HTTP and runs them with a runner of the test app's services, as a worker would.
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import type { ImportResponse } from '../../src/modules/imports/import.schemas.js';
import type { TestApp } from '../helpers/test-app.js';

export interface ImportRequest {
  type: string;
  csv: string | Buffer;
  mode?: string;
  dry_run?: boolean;
  filename?: string;
}

/** The runner's log in tests: errors shown, the rest kept quiet (a test may spy on it). */
export const quietLog = { info: () => {}, warn: () => {}, error: (obj: unknown) => console.error(obj) };

/** A CSV text from rows of cells, quoted where needed. */
export function csvOf(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\n') + '\n';
}

export function importForm(request: ImportRequest): FormData {
  const form = new FormData();
  form.append('type', request.type);
  if (request.mode !== undefined) form.append('mode', request.mode);
  if (request.dry_run !== undefined) form.append('dry_run', String(request.dry_run));
  form.append('file', new Blob([request.csv], { type: 'text/csv' }), request.filename ?? 'import.csv');
  return form;
}

export function postImport(t: TestApp, request: ImportRequest, auth: Record<string, string> = t.auth) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/operations/imports',
    headers: auth,
    payload: importForm(request),
  });
}

/** Uploads a file and runs every queued job to its end; the job as the API then answers it. */
export async function runImport(
  t: TestApp,
  request: ImportRequest,
  auth: Record<string, string> = t.auth,
): Promise<ImportResponse> {
  const res = await postImport(t, request, auth);
  expect(res.statusCode, res.body).toBe(202);
  const job = res.json().data as ImportResponse;
  expect(job.status).toBe('queued');
  await drainImports(t);
  return getImport(t, job.id, auth);
}

/** Runs every claimable job with a fresh runner, as a worker's loop does. */
export async function drainImports(t: TestApp): Promise<void> {
  const runner = t.services.imports.createRunner(quietLog);
  await runner.drain();
}

export async function getImport(
  t: TestApp,
  id: string,
  auth: Record<string, string> = t.auth,
): Promise<ImportResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/operations/imports/${id}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportResponse;
}

/** The error report's lines as objects (row, column, value, message). */
export async function errorReport(t: TestApp, id: string): Promise<Array<Record<string, string>>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/operations/imports/${id}/errors.csv`,
    headers: t.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return parse(res.body, { columns: true }) as Array<Record<string, string>>;
}

export function counts(job: ImportResponse) {
  return { created: job.created, updated: job.updated, unchanged: job.unchanged, failed: job.failed };
}
