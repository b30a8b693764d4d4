import { describe, expect, it } from 'vitest';
import { UTF8_BOM, csvField, csvFileName, toCsv, type CsvColumn } from './csv';

describe('csvField', () => {
  it('writes plain text, numbers and booleans as they are, and nothing for null', () => {
    expect(csvField('Drill')).toBe('Drill');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvField('Drill, cordless')).toBe('"Drill, cordless"');
    expect(csvField('18" bar')).toBe('"18"" bar"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('carriage\r\nreturn')).toBe('"carriage\r\nreturn"');
  });

  it('puts a leading quote on text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  interface Row {
    sku: string;
    name: string;
    price: number | null;
  }
  const columns: Array<CsvColumn<Row>> = [
    { header: 'SKU', value: (row) => row.sku },
    { header: 'Name', value: (row) => row.name },
    { header: 'Price', value: (row) => row.price },
  ];

  it('writes the BOM, the headers and one CRLF-ended line per row', () => {
    const csv = toCsv(columns, [
      { sku: 'DRL-1', name: 'Drill, 18V', price: 129.9 },
      { sku: 'SAW-2', name: 'Säge', price: null },
    ]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('SKU,Name,Price\r\nDRL-1,"Drill, 18V",129.9\r\nSAW-2,Säge,\r\n');
  });

  it('writes the headers alone for no rows', () => {
    expect(toCsv(columns, [])).toBe(`${UTF8_BOM}SKU,Name,Price\r\n`);
  });
});

describe('csvFileName', () => {
  it('names the file after the list and the day', () => {
    expect(csvFileName('products', new Date('2026-12-03T10:00:00Z'))).toBe('products-2026-12-03.csv');
  });
});
