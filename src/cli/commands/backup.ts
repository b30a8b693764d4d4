// `backup <file>`: the database and the uploaded documents, copied while the service runs, into one archive.
import type { Command } from 'commander';
import { createBackup } from '../../backup/create-backup.js';
import type { CommandKit } from '../command-kit.js';

export function registerBackup(program: Command, { config, print }: CommandKit): void {
  program
    .command('backup')
    .description('Write a backup archive (.tar.gz) of the database and the uploaded documents while the service runs.')
    .argument('<file>', 'the archive to write; it must not exist yet')
    .option('--json', 'print JSON')
    .action(async (file: string, o: { json?: boolean }) => {
      const manifest = await createBackup(config, file);
      const { files: _files, ...summary } = manifest;
      print(
        !!o.json,
        { file, ...summary },
        `Backed up the ${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database (migration ${manifest.migration}) and ${manifest.documents} document(s) to ${file}.`,
      );
    });
}
