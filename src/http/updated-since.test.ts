import { describe, expect, it } from 'vitest';
import { updatedSinceQuery } from './updated-since.js';
import { validatorCompiler } from './validation.js';

const validate = validatorCompiler({
  schema: { type: 'object', properties: updatedSinceQuery },
  httpPart: 'querystring',
  method: 'GET',
  url: '/',
}) as (data: unknown) => boolean;

describe('updated_since', () => {
  it('lets the schema refuse what is not a date-time with a zone', () => {
    for (const value of ['2026-01-15T10:00:00Z', '2026-01-15T10:00:00.5+01:00'])
      expect(validate({ updated_since: value }), value).toBe(true);
    for (const value of ['yesterday', '2026-01-15', '2026-01-15T10:00:00', '2026-02-30T10:00:00Z', '1705312800']) {
      expect(validate({ updated_since: value }), value).toBe(false);
    }
  });
});
