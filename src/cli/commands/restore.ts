// `restore <file>`: a backup archive back into the configured database and document storage.
import type { Command } from 'commander';
import { restoreBackup } from '../../backup/restore-backup.js';
import type { CommandKit } from '../command-kit.js';

export function registerRestore(program: Command, { config, print }: CommandKit): void {
  program
    .command('restore')
    .description(
      'Restore a backup archive into the configured database (which must be empty, unless --force) and document storage, then migrate it to this release.',
    )
    .argument('<file>', 'an archive written by `backup`')
    .option('--force', 'replace a database that is not empty (stop the service first)')
    .option('--json', 'print JSON')
    .action(async (file: string, o: { force?: boolean; json?: boolean }) => {
      const { manifest, migrated, documents } = await restoreBackup(config, file, { force: !!o.force });
      print(
        !!o.json,
        {
          file,
          created_at: manifest.created_at,
          engine: manifest.engine,
          migration: manifest.migration,
          migrated,
          documents,
        },
        `Restored the backup of ${manifest.created_at} (migration ${manifest.migration}) and ${documents} document(s).` +
          (migrated.length ? ` Migrated: ${migrated.join(', ')}.` : ''),
      );
    });
}
