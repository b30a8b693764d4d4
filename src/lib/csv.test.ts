import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

/** The one data cell of a single-column CSV, as a spreadsheet reads it after unquoting. */
const cellOf = (value: unknown) =>
  (parse(toCsv(['v'], [{ v: value }]), { columns: true }) as Array<{ v: string }>)[0]!.v;

describe('CSV formula guard', () => {
  it.each([
    ['=1+1'],
    ['+1'],
    ['-1'],
    ['@SUM(A1)'],
    ['\t=1+1'],
    ['\r=1+1'],
    ['\n=1+1'],
    ['\n\nplain after line feeds'],
    [' =1+1'],
    ['   +cmd|" /C calc"!A0'],
    [' -2+3'],
    [' @SUM(A1)'],
    ['\u00a0=1+1'],
    ['\u3000=1+1'],
    [' \t\r\n =HYPERLINK("http://x.test")'],
  ])('prefixes %j with a quote', (value) => {
    expect(cellOf(value)).toBe(`'${value}`);
  });

  it.each([['plain'], [' plain'], ['a=b'], ['mail@example.test'], ['1-2'], [''], ['  ']])(
    'leaves %j as it is',
    (value) => {
      expect(cellOf(value)).toBe(value);
    },
  );

  it('leaves numbers and booleans alone, negative numbers included', () => {
    const csv = toCsv(['n', 'b'], [{ n: -5, b: true }]);
    expect(csv).toBe('n,b\n-5,true\n');
  });
});
