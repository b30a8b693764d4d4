// Reads an import's CSV file as a stream of rows, a record at a time (csv-parse), so that memory stays bounded
// whatever the file's size. Rows are numbered as a spreadsheet shows them when the file has no blank lines:
// the header is row 1, the first data row is row 2; blank lines are skipped and not counted.
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { restoreNeutralised } from '../../lib/csv.js';

/** The largest record (one row, all its cells) the parser holds: a longer one fails the file. */
const MAX_RECORD_BYTES = 1024 * 1024;

export interface CsvRow {
  /** The header is row 1. */
  number: number;
  /** Cell text by header name; a column the row has no cell for is absent. */
  cells: Record<string, string>;
  /** A row whose cell count differs from the header's: it is refused with this message. */
  shapeError: string | null;
}

/** The file cannot be read as CSV (unbalanced quotes, a record past the size limit, no header). */
export class CsvFileError extends Error {}

export interface CsvReader {
  /** The header's column names, trimmed; read before the first row. */
  header(): Promise<string[]>;
  rows(): AsyncGenerator<CsvRow>;
}

function parseError(error: unknown): unknown {
  if (!(error instanceof CsvError)) return error;
  const where = error.lines ? ` (line ${error.lines})` : '';
  return new CsvFileError(
    `The file is not valid CSV${where}: ${error.message.replace(/^Invalid Record Length: /, '')}`,
  );
}

/**
 * A reader over `source`. A UTF-8 byte order mark is dropped; cells keep their spaces (the importers trim what
 * they read) and lose the quote an export put before a cell a spreadsheet would run as a formula
 * (lib/csv.ts), so that an exported file comes back as it was.
 */
export function csvReader(source: Readable): CsvReader {
  const parser = source.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: MAX_RECORD_BYTES }),
  );
  source.once('error', (error) => parser.destroy(error));
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  let names: string[] | null = null;

  const next = async (): Promise<string[] | null> => {
    try {
      const result = await records.next();
      return result.done ? null : result.value;
    } catch (error) {
      throw parseError(error);
    }
  };

  return {
    async header() {
      if (names) return names;
      const first = await next();
      if (!first || first.every((cell) => cell.trim() === ''))
        throw new CsvFileError('The file is empty: its first line must be the header row.');
      names = first.map((cell) => cell.trim());
      return names;
    },
    async *rows() {
      const columns = await this.header();
      try {
        for (let number = 2; ; number += 1) {
          const record = await next();
          if (!record) return;
          const cells: Record<string, string> = {};
          for (let i = 0; i < Math.min(record.length, columns.length); i += 1)
            cells[columns[i]!] = restoreNeutralised(record[i]!);
          const shapeError =
            record.length === columns.length
              ? null
              : `The row has ${record.length} cells; the header has ${columns.length} columns.`;
          yield { number, cells, shapeError };
        }
      } finally {
        parser.destroy();
        source.destroy();
      }
    },
  };
}
