// File downloads: CSV (lib/csv.ts, guarded against formula injection) and JSON, each with a Content-Disposition
// that names the file.
import type { FastifyReply } from 'fastify';
import { toCsv } from '../lib/csv.js';

export type ExportFormat = 'csv' | 'json';

/** Sends `rows` as a file named `<basename>-<date>.<format>`. */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  basename: string,
  columns: readonly string[],
  rows: ReadonlyArray<Record<string, unknown>>,
  now: Date,
) {
  const filename = `${basename}-${now.toISOString().slice(0, 10)}.${format}`;
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(columns, rows));
  return reply
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ data: rows, exported_at: now.toISOString(), total: rows.length }));
}
