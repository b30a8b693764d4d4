import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer.js';

describe('startCheckpointer', () => {
  let dir: string;
  beforeEach(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-checkpointer-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A WAL database whose serving connection never checkpoints: only the thread can grow the file. */
  function servingConnection() {
    const file = path.join(dir, 'data.sqlite');
    const sqlite = new BetterSqlite3(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('wal_autocheckpoint = 0');
    sqlite.exec('create table notes (body text)');
    const insert = sqlite.prepare('insert into notes (body) values (?)');
    /** Commits `rows` rows of 1,000 bytes in one transaction (500 rows: about 130 pages of log). */
    const write = (rows: number) =>
      sqlite.transaction(() => {
        for (let i = 0; i < rows; i += 1) insert.run('x'.repeat(1000));
      })();
    return { file, sqlite, write };
  }

  async function waitForGrowth(file: string, bytes: number): Promise<void> {
    const deadline = Date.now() + 5000;
    while (fs.statSync(file).size <= bytes && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fs.statSync(file).size).toBeGreaterThan(bytes);
  }

  it('copies committed pages from the log into the database file on its own thread, and stops', async () => {
    const { file, sqlite, write } = servingConnection();
    write(500);
    const before = fs.statSync(file).size;
    const checkpointer = startCheckpointer(file);
    try {
      await waitForGrowth(file, before + 400_000);
      // A checkpoint changes no data: the serving connection's reads are unaffected.
      expect(sqlite.prepare('select count(*) from notes').pluck().get()).toBe(500);
      // Later commits are copied too, soon after they are made.
      const copied = fs.statSync(file).size;
      write(500);
      await waitForGrowth(file, copied + 400_000);
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
  });

  it('catches up when asked: every commit made before is in the database file when it answers', async () => {
    const { file, sqlite, write } = servingConnection();
    // Every log counts as long here, so that every call asks the thread.
    const checkpointer = startCheckpointer(file, { longLogPages: 0 });
    try {
      for (let round = 0; round < 3; round += 1) {
        const before = fs.statSync(file).size;
        write(500);
        await checkpointer.caughtUp();
        expect(fs.statSync(file).size).toBeGreaterThan(before + 400_000);
      }
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
  });

  it('answers within the turn while the log is short, and once stopped, without asking the thread', async () => {
    const { file, sqlite, write } = servingConnection();
    /** Whether `caughtUp` answers before the event loop's next turn (asking the thread takes a message each way). */
    const answersAtOnce = (checkpointer: Checkpointer) =>
      Promise.race([checkpointer.caughtUp().then(() => true), nextTurn().then(() => false)]);
    const checkpointer = startCheckpointer(file);
    try {
      write(10);
      expect(await answersAtOnce(checkpointer)).toBe(true);
    } finally {
      await checkpointer.stop();
    }
    const stopped = startCheckpointer(file, { longLogPages: 0 });
    expect(await answersAtOnce(stopped)).toBe(false);
    await stopped.stop();
    expect(await answersAtOnce(stopped)).toBe(true);
    sqlite.close();
  });
});
