// `npm test` runs every suite on the embedded SQLite database and, when TEST_DATABASE_URL is set,
// runs the same suites again on that PostgreSQL server. The console's unit tests (pure logic, no database)
// run once, in their own project; its browser tests are suites of the two engines' projects (test/console).
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const postgres: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true,
        test: { name: 'postgres', env: { TEST_ENGINE: 'postgres' }, globalSetup: ['test/helpers/postgres-template.ts'] },
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
