// The ability catalogue against what the service checks: an ability is `in_use` exactly when a route requires it
// or a rule of a service checks it, so that the console offers no ability that opens nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { ABILITIES } from '../../src/modules/auth/abilities.js';
import { MANAGE_ROLES } from '../../src/modules/tenancy/user-authority.js';
import { buildTestApp } from '../helpers/test-app.js';
import { collectRoutes, recordRoutes } from './route-table.js';

const t = await buildTestApp({ beforeReady: recordRoutes });
const routes = await collectRoutes(t.app);
afterAll(() => t.close());

/**
 * Abilities checked by a service's rule rather than by a route's config: giving a role, and acting on an admin
 * (src/modules/tenancy/user-authority.ts asks for every ability the role allows, and names this one first).
 */
const RULE_ABILITIES = [MANAGE_ROLES, 'system:manage-system'];

describe('the ability catalogue', () => {
  it('marks in use exactly the abilities a route requires or a rule checks', () => {
    const checked = new Set([
      ...routes.flatMap((route) => (typeof route.config.ability === 'string' ? [route.config.ability] : [])),
      ...RULE_ABILITIES,
    ]);
    const inUse = ABILITIES.filter((ability) => ability.in_use).map((ability) => ability.ability);
    expect(inUse.sort()).toEqual([...checked].sort());
  });
});
