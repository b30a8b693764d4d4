// `migrate`: applies pending migrations, and nothing else.
import type { Command } from 'commander';
import { createDatabase } from '../../db/database.js';
import { migrateAtStartup } from '../../db/migrate.js';
import type { CommandKit } from '../command-kit.js';

export function registerMigrate(program: Command, { config, print }: CommandKit): void {
  program
    .command('migrate')
    .description('Apply pending database migrations.')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 1 });
      try {
        const applied = (await migrateAtStartup(database)).map((r) => r.migrationName);
        print(!!o.json, { applied }, applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to migrate.');
      } finally {
        await database.close();
      }
    });
}
