import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMoney,
  formatNumber,
  formatPercent,
  formatTotal,
} from './format';

describe('money', () => {
  it('writes an amount in its currency', () => {
    expect(formatMoney(12.5, 'EUR')).toMatch(/12[.,]50/);
    expect(formatMoney(12.5, 'EUR')).toMatch(/€|EUR/);
    expect(formatMoney(78.98, 'EUR')).toMatch(/78[.,]98/);
  });

  it('writes a dash without an amount', () => {
    expect(formatMoney(null, 'EUR')).toBe('—');
    expect(formatMoney(undefined, 'USD')).toBe('—');
  });

  it('keeps the amount and the code of a currency the browser does not know, and the number without one', () => {
    expect(formatMoney(3, 'ZZZZ')).toBe(
      `${new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 }).format(3)} ZZZZ`,
    );
    expect(formatMoney(3, null)).toBe(new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 }).format(3));
  });
});

describe('dates', () => {
  it('writes an instant as a local date or date and time', () => {
    const iso = '2026-03-14T15:09:00Z';
    expect(formatDate(iso)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)));
    expect(formatDateTime(iso)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
  });

  it('writes a calendar date on its own day, whatever the time zone', () => {
    expect(formatCalendarDate('2026-12-10')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2026, 11, 10)),
    );
  });

  it('writes what stands for a missing date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatCalendarDate(null)).toBe('—');
    expect(formatDate(null, 'Never')).toBe('Never');
    expect(formatDateTime(null, 'Never')).toBe('Never');
  });
});

describe('numbers', () => {
  it('writes numbers and percentages', () => {
    expect(formatNumber(1234)).toBe(new Intl.NumberFormat().format(1234));
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(83.33)).toBe(
      new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 2 }).format(0.8333),
    );
  });

  it('writes file sizes in binary units', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatFileSize(3 * 1024 * 1024 * 1024)).toBe('3 GB');
  });
});

describe('list totals', () => {
  it('writes the count with its noun, and a plus where the API stopped counting', () => {
    expect(formatTotal({ total: 1 }, ['product', 'products'])).toBe('1 product');
    expect(formatTotal({ total: 3 }, ['product', 'products'])).toBe('3 products');
    expect(formatTotal({ total: 10_000, total_is_capped: true }, ['product', 'products'])).toBe(
      `${new Intl.NumberFormat().format(10_000)}+ products`,
    );
  });
});
