import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './sqlite-checkpointer.js';

describe('startCheckpointer', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-checkpointer-'));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('copies committed pages from the log into the database file on its own thread, and stops', async () => {
    const file = path.join(dir, 'data.sqlite');
    const sqlite = new BetterSqlite3(file);
    sqlite.pragma('journal_mode = WAL');
    // The serving connection never checkpoints here: only the thread can grow the file.
    sqlite.pragma('wal_autocheckpoint = 0');
    sqlite.exec('create table notes (body text)');
    const insert = sqlite.prepare('insert into notes (body) values (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < 500; i += 1) insert.run('x'.repeat(1000));
    })();
    const before = fs.statSync(file).size;
    const checkpointer = startCheckpointer(file);
    try {
      const deadline = Date.now() + 5000;
      while (fs.statSync(file).size <= before + 400_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fs.statSync(file).size).toBeGreaterThan(before + 400_000);
      // A checkpoint changes no data: the serving connection's reads are unaffected.
      expect(sqlite.prepare('select count(*) from notes').pluck().get()).toBe(500);
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
  });
});
