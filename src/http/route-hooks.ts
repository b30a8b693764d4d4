// Hooks that only some routes need are added to those routes (from an onRoute hook) rather than to the app:
// a global hook runs, and decides to do nothing, on every request of every other route.

type RouteHooks<Hook> = Hook | Hook[] | undefined;

function listOf<Hook>(hooks: RouteHooks<Hook>): Hook[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** A route's own hooks of one kind (none, one or a list) with `hook` run after them. */
export function withRouteHook<Hook>(hooks: RouteHooks<Hook>, hook: Hook): Hook[] {
  return [...listOf(hooks), hook];
}

/** A route's own hooks of one kind with `hook` run before them (as a global hook would). */
export function withFirstRouteHook<Hook>(hooks: RouteHooks<Hook>, hook: Hook): Hook[] {
  return [hook, ...listOf(hooks)];
}
