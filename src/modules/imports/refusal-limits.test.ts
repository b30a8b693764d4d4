import { describe, expect, it } from 'vitest';
import { listedRefusals, tooManyRefusals, tooManyRefusalsMessage } from './refusal-limits.js';

const limits = { maxStoredErrors: 1000, maxRefusedPercent: 50, refusedSampleRows: 10_000 };

describe('listedRefusals', () => {
  it("lists a batch's refused rows until the job has listed maxStoredErrors, then none", () => {
    expect(listedRefusals(limits, 0, 300)).toBe(300);
    expect(listedRefusals(limits, 900, 300)).toBe(100);
    expect(listedRefusals(limits, 1000, 300)).toBe(0);
    expect(listedRefusals({ ...limits, maxStoredErrors: 0 }, 0, 5)).toBe(0);
  });
});

describe('tooManyRefusals', () => {
  it('lets a job go on until its sample is done, and while no more than the share is refused', () => {
    expect(tooManyRefusals(limits, { rows_done: 9_999, failed_count: 9_999 })).toBe(false);
    expect(tooManyRefusals(limits, { rows_done: 10_000, failed_count: 5_000 })).toBe(false);
    expect(tooManyRefusals({ ...limits, maxRefusedPercent: 100 }, { rows_done: 20_000, failed_count: 20_000 })).toBe(
      false,
    );
  });

  it('stops a job past the share once its sample is done, saying how many of its rows were refused', () => {
    expect(tooManyRefusals(limits, { rows_done: 10_000, failed_count: 5_001 })).toBe(true);
    expect(tooManyRefusals({ ...limits, maxRefusedPercent: 0 }, { rows_done: 10_000, failed_count: 1 })).toBe(true);
    expect(tooManyRefusalsMessage(limits, { rows_done: 10_000, failed_count: 5_001 })).toMatch(
      /^Stopped after 10,000 rows, 5,001 of them refused \(50\.1%\): /,
    );
    expect(tooManyRefusalsMessage({ ...limits, maxRefusedPercent: 0 }, { rows_done: 10_000, failed_count: 1 })).toMatch(
      /^Stopped after 10,000 rows, 1 of them refused \(0\.1%\): an import stops once more than 0% /,
    );
  });
});
