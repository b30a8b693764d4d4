// `migrate`: applies pending migrations, and nothing else; `--dry-run` lists them instead.
import type { Command } from 'commander';
import { createDatabase } from '../../db/database.js';
import { migrateAtStartup, migrationLevel } from '../../db/migrate.js';
import type { CommandKit } from '../command-kit.js';

export function registerMigrate(program: Command, { config, print }: CommandKit): void {
  program
    .command('migrate')
    .description('Apply pending database migrations.')
    .option('--dry-run', 'list the pending migrations without applying them')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean; dryRun?: boolean }) => {
      const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 1 });
      try {
        if (o.dryRun) {
          await database.checkConnection();
          const { pending } = await migrationLevel(database.db);
          print(!!o.json, { pending }, pending.length ? `Pending: ${pending.join(', ')}` : 'Nothing to migrate.');
          return;
        }
        const applied = (await migrateAtStartup(database)).map((r) => r.migrationName);
        print(!!o.json, { applied }, applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to migrate.');
      } finally {
        await database.close();
      }
    });
}
