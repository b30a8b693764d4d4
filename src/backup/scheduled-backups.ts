// The worker's scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP): an archive whenever the newest one in
// the directory is BACKUP_EVERY old, so that a restart neither skips a backup nor takes an extra one; then only
// the newest BACKUP_KEEP archives are kept. Archives are named by the time they were taken, in UTC, so that
// their names sort as their times.
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BackupSettings } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { createBackup, type BackupSource } from './create-backup.js';

const ARCHIVE = /^quartermaster-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;
/** How often the worker looks whether a backup is due, at most. */
const LOOK_EVERY_MS = 15 * 60_000;

export function archiveName(at: Date): string {
  return `quartermaster-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.tar.gz`;
}

function takenAt(name: string): number | null {
  const m = ARCHIVE.exec(name);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
}

export type ScheduledBackupResult =
  { backup: null; next_due_at: string } | { backup: string; migration: string; documents: number; removed: string[] };

export class ScheduledBackups {
  /** How often the worker runs `run()`. */
  readonly intervalMs: number;

  constructor(
    private readonly source: BackupSource,
    private readonly settings: BackupSettings,
    private readonly clock: Clock,
  ) {
    this.intervalMs = Math.min(settings.everyMs, LOOK_EVERY_MS);
  }

  /** The archives of the directory, newest first. */
  private async archives(): Promise<Array<{ name: string; at: number }>> {
    const names = await readdir(this.settings.directory);
    return names
      .flatMap((name) => {
        const at = takenAt(name);
        return at === null ? [] : [{ name, at }];
      })
      .sort((a, b) => b.at - a.at);
  }

  /** Takes a backup when one is due, then deletes the archives past the newest BACKUP_KEEP. */
  async run(): Promise<ScheduledBackupResult> {
    await mkdir(this.settings.directory, { recursive: true });
    const now = this.clock.now();
    const newest = (await this.archives())[0];
    if (newest && now.getTime() - newest.at < this.settings.everyMs)
      return { backup: null, next_due_at: new Date(newest.at + this.settings.everyMs).toISOString() };
    const name = archiveName(now);
    const manifest = await createBackup(this.source, path.join(this.settings.directory, name));
    const removed = (await this.archives()).slice(this.settings.keep).map((archive) => archive.name);
    for (const old of removed) await rm(path.join(this.settings.directory, old), { force: true });
    return { backup: name, migration: manifest.migration, documents: manifest.documents, removed };
  }
}
