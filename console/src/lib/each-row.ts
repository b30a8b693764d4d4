// An action on many rows that the API takes one record at a time (a purchase order's send or cancel): each row's
// request in turn, a refusal of one kept with its reason rather than stopping the rest.
import { errorMessage } from '../api/errors';

export interface EachRowOutcome {
  done: string[];
  refused: Array<{ id: string; reason: string }>;
}

/** Runs `act` for each id in order; a refusal is the row's, any answer of the others stands. */
export async function forEachRow(
  ids: readonly string[],
  act: (id: string) => Promise<unknown>,
): Promise<EachRowOutcome> {
  const outcome: EachRowOutcome = { done: [], refused: [] };
  for (const id of ids) {
    try {
      await act(id);
      outcome.done.push(id);
    } catch (failure) {
      outcome.refused.push({ id, reason: errorMessage(failure) });
    }
  }
  return outcome;
}
