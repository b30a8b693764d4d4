// The PostgreSQL database dumped and restored with the server's own tools, pg_dump and pg_restore, in pg_dump's
// custom format (compressed, restorable table by table). The password travels in PGPASSWORD rather than on the
// command line, where `ps` would show it.
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import type { Db } from '../database.js';

/** A client tool is not installed where the command runs. */
export class PostgresToolMissingError extends Error {}

interface Invocation {
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** The connection string without its password, and the password in the environment of the tool. */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(tool: 'pg_dump' | 'pg_restore', { args, env }: Invocation, whatToRun: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') return reject(error);
      reject(
        new PostgresToolMissingError(
          `${tool} was not found on PATH. Install the PostgreSQL client tools of the server's major version ` +
            `(Debian and Ubuntu: apt-get install postgresql-client), or run it where they are:\n  ${whatToRun}`,
        ),
      );
    });
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
    });
  });
}

/** Dumps the database into `file`, in pg_dump's custom format. */
export function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  return run(
    'pg_dump',
    { args: ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`], env },
    `pg_dump --format=custom --file=database.pgdump "$DATABASE_URL"`,
  );
}

/** Restores a custom-format dump into the (empty) database, all or nothing. */
export function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  return run(
    'pg_restore',
    {
      args: ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file],
      env,
    },
    `pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$DATABASE_URL" database.pgdump`,
  );
}

/**
 * Empties the database's schema `public` (tables, their data, the extensions in it) for a forced restore. The
 * role needs to own the schema, or be a superuser.
 */
export async function emptyPostgresSchema(db: Db): Promise<void> {
  await sql`drop schema public cascade`.execute(db);
  await sql`create schema public`.execute(db);
}
