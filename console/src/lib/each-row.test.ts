import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { forEachRow } from './each-row';

describe('forEachRow', () => {
  it('acts on every row in order, keeping each refusal with its reason', async () => {
    const seen: string[] = [];
    const outcome = await forEachRow(['a', 'b', 'c'], async (id) => {
      seen.push(id);
      if (id === 'b') throw new ApiError(422, { message: 'Cannot send a draft order.' });
    });
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(outcome).toEqual({ done: ['a', 'c'], refused: [{ id: 'b', reason: 'Cannot send a draft order.' }] });
  });
});
