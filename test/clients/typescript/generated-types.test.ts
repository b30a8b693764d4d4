// The SDK's committed types are what openapi-typescript makes of the current document: a route or schema changed
// without `npm run sdk:generate` fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TYPES_FILE, clientTypes, openApiDocument } from '../../../clients/typescript/scripts/generate.js';

describe('TypeScript SDK types', () => {
  it('are generated from the current OpenAPI document (npm run sdk:generate)', async () => {
    const expected = await clientTypes(await openApiDocument());
    const committed = fs.readFileSync(TYPES_FILE, 'utf8');
    // Not toBe: a failure would print both files whole.
    expect(committed === expected, 'clients/typescript/src/openapi.ts is out of date: run `npm run sdk:generate`').toBe(
      true,
    );
  });
});
