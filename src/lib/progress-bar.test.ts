import { describe, expect, it } from 'vitest';
import { formatCount, ProgressLine, renderProgressBar } from './progress-bar.js';

describe('renderProgressBar', () => {
  it('draws the share done, the counts, the failures and the rate', () => {
    expect(
      renderProgressBar({ label: 'importing catalog.csv', done: 4_500, total: 10_000, failed: 12, rate: 1_850.4 }),
    ).toBe('importing catalog.csv [#########-----------] 45%  4,500/10,000 rows  12 failed  1,850 rows/s');
  });

  it('leaves out failures while there are none and the rate while it is unknown', () => {
    expect(renderProgressBar({ label: 'importing a.csv', done: 1, total: 4, failed: 0, rate: null })).toBe(
      'importing a.csv [#####---------------] 25%  1/4 rows',
    );
  });

  it('shows 100% only when everything is done', () => {
    expect(renderProgressBar({ label: 'x', done: 999, total: 1_000 })).toContain('[###################-] 99%');
    expect(renderProgressBar({ label: 'x', done: 1_000, total: 1_000 })).toContain('[####################] 100%');
  });

  it('counts an empty total as done, and keeps the bar within its bounds', () => {
    expect(renderProgressBar({ label: 'x', done: 0, total: 0 })).toBe('x [####################] 100%  0/0 rows');
    expect(renderProgressBar({ label: 'x', done: 12, total: 10 })).toContain('[####################] 100%');
  });

  it('shows the state while the total is unknown', () => {
    expect(renderProgressBar({ label: 'importing a.csv', done: 0, total: null, state: 'validating' })).toBe(
      'importing a.csv [--------------------]  validating',
    );
  });

  it('names its unit', () => {
    expect(renderProgressBar({ label: 'x', done: 5, total: 10, rate: 2, unit: 'files' })).toBe(
      'x [##########----------] 50%  5/10 files  2 files/s',
    );
  });

  it('fits a narrow terminal: the label shortened in its middle, the line never as wide as the terminal', () => {
    const figures = { label: 'importing a-very-long-file-name-from-the-erp-export.csv', done: 1, total: 2 };
    const line = renderProgressBar(figures, 60);
    expect(line).toBe('importing a…export.csv [##########----------] 50%  1/2 rows');
    expect(line).toHaveLength(59);
    expect(renderProgressBar(figures, 50)).toBe('import…t.csv [##########----------] 50%  1/2 rows');
    expect(renderProgressBar(figures, 30)).toBe('[##########----------] 50%  1');
  });

  it('drops the rate, then the failures, rather than cut them when the label has no room left', () => {
    const figures = { label: 'importing suppliers.csv', done: 20_000, total: 20_000, failed: 21, rate: 8_128 };
    expect(renderProgressBar(figures, 120)).toBe(
      'importing suppliers.csv [####################] 100%  20,000/20,000 rows  21 failed  8,128 rows/s',
    );
    expect(renderProgressBar(figures, 80)).toBe(
      'importing …liers.csv [####################] 100%  20,000/20,000 rows  21 failed',
    );
    expect(renderProgressBar(figures, 60)).toBe('impor…s.csv [####################] 100%  20,000/20,000 rows');
  });
});

describe('formatCount', () => {
  it('separates thousands and rounds to a whole number', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(12.6)).toBe('13');
  });
});

describe('ProgressLine', () => {
  const drawn = () => {
    const writes: string[] = [];
    return {
      writes,
      line: new ProgressLine(
        (text) => void writes.push(text),
        () => 80,
      ),
    };
  };

  it('draws each line over the one before, and only when it changed', () => {
    const { writes, line } = drawn();
    line.draw({ label: 'x', done: 1, total: 2 });
    line.draw({ label: 'x', done: 1, total: 2 });
    line.draw({ label: 'x', done: 2, total: 2 });
    line.end();
    expect(writes).toEqual([
      '\rx [##########----------] 50%  1/2 rows\x1b[K',
      '\rx [####################] 100%  2/2 rows\x1b[K',
      '\n',
    ]);
  });

  it('erases itself for other output, and writes nothing when nothing was drawn', () => {
    const { writes, line } = drawn();
    line.clear();
    line.end();
    expect(writes).toEqual([]);
    line.draw({ label: 'x', done: 0, total: null, state: 'queued' });
    line.clear();
    line.end();
    expect(writes).toEqual(['\rx [--------------------]  queued\x1b[K', '\r\x1b[K']);
  });
});
