// How deep objects and arrays nest in a JSON value, measured without recursion, so that a value nested a
// million levels is measured as safely as a flat one.

/** Objects and arrays may nest at most this deep in a request body and in a json attribute value. */
export const MAX_NESTING_DEPTH = 64;

/** Whether objects and arrays in `value` nest deeper than `maxDepth` levels (`value` itself is level 1). */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 1 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > maxDepth) return true;
    for (const member of Object.values(node)) {
      if (member !== null && typeof member === 'object') pending.push({ node: member, depth: depth + 1 });
    }
  }
  return false;
}
