// `npm test` runs every suite on the embedded SQLite database and, when TEST_DATABASE_URL is set,
// runs the same suites again on that PostgreSQL server.
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
    projects: [{ extends: true, test: { name: 'sqlite', env: { TEST_ENGINE: 'sqlite' } } }, ...postgres],
  },
});
