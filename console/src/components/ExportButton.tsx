// "Export CSV" on a list: the list as its screen shows it (filters and sort, every page, up to EXPORT_CAP rows)
// with the screen's columns, downloaded as a CSV file (console/src/lib/csv.ts). Or, given `rows`, just those
// (the rows a person selected). One line on a list page:
//
//   <ExportButton name="suppliers" columns={SUPPLIER_COLUMNS}
//     source={{ fetchPage: (next) => api.GET('/api/v1/operations/suppliers', { params: { query: { ...query, per_page: EXPORT_PAGE_SIZE, ...next } } }) }} />
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { csvFileName, toCsv, type CsvColumn } from '../lib/csv';
import { EXPORT_CAP, collectRows, type ListSource } from '../lib/export-rows';
import { notifyFailure, notifySuccess } from '../lib/feedback';
import { saveFile } from '../lib/save-file';

type Props<Row> = {
  /** The list's name, the file's: `suppliers` gives suppliers-2026-12-03.csv. */
  name: string;
  columns: ReadonlyArray<CsvColumn<Row>>;
  /** The button's text; "Export CSV" unless a screen has two (e.g. "Export selected"). */
  label?: string;
  size?: 'xs' | 'sm';
} & ({ source: ListSource<Row>; rows?: never } | { rows: readonly Row[]; source?: never });

export function ExportButton<Row>({ name, columns, label = 'Export CSV', size = 'sm', source, rows }: Props<Row>) {
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const collected = rows ? { rows: [...rows], capped: false } : await collectRows(source);
      saveFile(new Blob([toCsv(columns, collected.rows)], { type: 'text/csv;charset=utf-8' }), csvFileName(name));
      const count = `${collected.rows.length} ${collected.rows.length === 1 ? 'row' : 'rows'}`;
      notifySuccess(
        collected.capped
          ? `The list has more than ${EXPORT_CAP.toLocaleString('en')} rows: the file holds the first ${EXPORT_CAP.toLocaleString('en')}. Narrow the filters to export the rest.`
          : `${count} exported.`,
        collected.capped ? 'Export capped' : undefined,
      );
    } catch (failure) {
      notifyFailure(failure, 'The export failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="default"
      size={size}
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={busy}
      onClick={() => void run()}
    >
      {label}
    </Button>
  );
}
