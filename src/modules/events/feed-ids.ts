// Feed event ids are ULIDs that strictly increase in publishing order, so `after=<id>` is a cursor that
// never skips: the one publisher at a time gives each new event an id above every id already published.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** The ULID that directly follows `id` (its last base-32 digit plus one, with carry). */
export function successorOf(id: string): string {
  const digits = id.split('');
  for (let i = digits.length - 1; i >= 0; i--) {
    const value = ALPHABET.indexOf(digits[i]!);
    if (value < ALPHABET.length - 1) {
      digits[i] = ALPHABET[value + 1]!;
      return digits.join('');
    }
    digits[i] = ALPHABET[0]!;
  }
  throw new Error(`No ULID follows ${id}.`);
}

/** A fresh id from `newId`, or the successor of `last` when the fresh one would not sort after it. */
export function idAfter(last: string | null, newId: () => string): string {
  const fresh = newId();
  return last === null || fresh > last ? fresh : successorOf(last);
}
