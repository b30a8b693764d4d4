// Every write route of the API says, in its config, what it leaves in the audit log (src/http/audit-declaration.ts),
// read from the route table as the authorisation suite reads abilities: an entry on every success, one per record
// it changed, or none for the reason it gives. The exemptions are listed here as well, so that a new one is a
// choice made in plain sight. That routes keep their word is checked as every suite runs
// (test/helpers/audit-watch.ts), and audit-coverage.test.ts sees each recording route write its entry.
import { afterAll, describe, expect, it } from 'vitest';
import { WRITE_METHODS } from '../helpers/audit-watch.js';
import { buildTestApp } from '../helpers/test-app.js';
import { collectRoutes, recordRoutes, routeName, type RouteEntry } from '../security/route-table.js';

const t = await buildTestApp({ beforeReady: recordRoutes });
const routes = await collectRoutes(t.app);
afterAll(() => t.close());

/** The write routes that record nothing, each for the reason its config gives. */
const EXEMPT = [
  'POST /api/v1/auth/console-token',
  'POST /api/v1/auth/logout',
  'POST /api/v1/operations/imports',
  'POST /api/v1/operations/imports/:id/cancel',
  'POST /api/v1/operations/products/compare-attributes',
  'POST /api/v1/operations/products/labels',
  'POST /api/v1/operations/tags/export',
];

const isWrite = (route: RouteEntry) => WRITE_METHODS.includes(route.method);
const exemption = (route: RouteEntry) => {
  const declared = route.config.audit;
  return typeof declared === 'object' ? declared.exempt : undefined;
};

describe('audit declarations', () => {
  const writes = routes.filter(isWrite);

  it('reads a route table that covers the API', () => {
    expect(writes.length).toBeGreaterThan(100);
  });

  it('every write route declares what it records', () => {
    const declares = (route: RouteEntry) =>
      route.config.audit === 'recorded' || route.config.audit === 'when-changed' || exemption(route) !== undefined;
    expect(writes.filter((route) => !declares(route)).map(routeName)).toEqual([]);
  });

  it('every exemption gives its reason', () => {
    expect(
      writes.filter((route) => exemption(route) !== undefined && exemption(route)!.trim() === '').map(routeName),
    ).toEqual([]);
  });

  it('exempts only the routes listed here', () => {
    expect(writes.filter((route) => exemption(route) !== undefined).map(routeName)).toEqual(EXEMPT);
  });

  it('no read route declares anything: reads are never recorded', () => {
    expect(routes.filter((route) => !isWrite(route) && route.config.audit !== undefined).map(routeName)).toEqual([]);
  });
});
