// `npm test` runs every suite on the embedded SQLite database and, when TEST_DATABASE_URL is set,
// runs the same suites again on that PostgreSQL server. The console's unit tests (pure logic, no database)
// run once, in their own project; its browser tests (test/console) run in full on SQLite and as a smoke set on
// PostgreSQL: the screens are the same on both engines, what differs is the data they read, which the API's
// suites cover on both.
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The browser tests that also run on PostgreSQL: sign-in and Home, the purchasing flow, the low-stock counts, the
 * sales order flow (confirmed, allocated, shipped, returned).
 */
const POSTGRES_BROWSER_SMOKE = ['home', 'purchasing', 'low-stock', 'sales-orders'];

/** Tests of SQLite's own behaviour, on files of their own: the same whichever engine the suites use. */
const SQLITE_ONLY = ['test/db/sqlite-write-ahead-log.test.ts'];

const postgres: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true,
        test: {
          name: 'postgres',
          env: { TEST_ENGINE: 'postgres' },
          globalSetup: ['test/helpers/postgres-template.ts'],
          exclude: [
            ...configDefaults.exclude,
            `test/console/!(${POSTGRES_BROWSER_SMOKE.join('|')}).test.ts`,
            ...SQLITE_ONLY,
          ],
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Builds the console when its sources are newer than dist/console: the browser tests drive the build.
    globalSetup: ['test/helpers/console-build.ts'],
    projects: [
      { extends: true, test: { name: 'sqlite', env: { TEST_ENGINE: 'sqlite' } } },
      ...postgres,
      { test: { name: 'console', root: 'console', include: ['src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
