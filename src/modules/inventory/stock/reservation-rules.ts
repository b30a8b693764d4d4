// The plain rules of releasing reservations, apart from the statements that apply them.

/** How much of one reservation a release takes. */
export interface ReleasePart {
  id: string;
  quantity: number;
}

/**
 * The parts a release of `quantity` takes from `held` (each with what it still holds), in the order given (oldest
 * first): whole reservations, the last one split. Null when they hold less than `quantity` in all.
 */
export function releasePlan(
  held: ReadonlyArray<{ id: string; quantity: number }>,
  quantity: number,
): ReleasePart[] | null {
  const parts: ReleasePart[] = [];
  let left = quantity;
  for (const r of held) {
    if (left === 0) break;
    const take = Math.min(r.quantity, left);
    if (take > 0) parts.push({ id: r.id, quantity: take });
    left -= take;
  }
  return left === 0 ? parts : null;
}
