// Hooks that only some routes need are added to those routes (from an onRoute hook) rather than to the app:
// a global hook runs, and decides to do nothing, on every request of every other route.

/** A route's own hooks of one kind (none, one or a list) with `hook` run after them. */
export function withRouteHook<Hook>(hooks: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  if (hooks === undefined) return [hook];
  return Array.isArray(hooks) ? [...hooks, hook] : [hooks, hook];
}
