import { ApiError, errorMessage, humanize } from '../api/errors';

/** A refusal as lines to show: for a 422 each field's messages under the field's readable name. */
export function refusalLines(error: unknown): string[] {
  if (error instanceof ApiError && error.isValidation) {
    return Object.entries(error.fieldErrors).map(([field, messages]) => `${humanize(field)}: ${messages.join(' ')}`);
  }
  return [errorMessage(error)];
}
