import { describe, expect, it } from 'vitest';
import * as errors from '../core/errors.js';
import { ERROR_STATUS, statusOf } from './error-handler.js';

describe('the status of each error class', () => {
  it('is in the table for every class of core/errors.ts', () => {
    const classes = Object.values(errors).filter(
      (value) => typeof value === 'function' && value.prototype instanceof errors.AppError,
    );
    expect(classes.length).toBeGreaterThan(10);
    for (const errorClass of classes) expect(ERROR_STATUS.has(errorClass as never), errorClass.name).toBe(true);
  });

  it('is read from the class, however the error was made', () => {
    expect(statusOf(new errors.NotFoundError('Brand'))).toBe(404);
    expect(statusOf(errors.ValidationError.taken('slug'))).toBe(422);
    expect(statusOf(new errors.BusinessRuleError('holds_stock', 'The warehouse holds stock.'))).toBe(422);
    expect(statusOf(errors.ServiceUnavailableError.databaseBusy(new Error('busy')))).toBe(503);
  });
});
