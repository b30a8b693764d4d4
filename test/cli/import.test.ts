// The CLI's `import`, in process: `runCli(argv, io, config)` against a test database of the engine under test.
// The command starts a job as the API does and runs it to its end with a runner of its own, so each test reads
// what it wrote from the database afterwards: suppliers, jobs and the audit log.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/command-kit.js';
import { runCli } from '../../src/cli.js';
import type { Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { systemClock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import type { ImportResponse } from '../../src/modules/imports/import.schemas.js';
import { createServices, type Services } from '../../src/services.js';
import { csvOf } from '../imports/import-helpers.js';
import { makeTenant } from '../helpers/factories.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDatabaseLocation, openTestDatabase, type TestDatabaseLocation } from '../helpers/test-database.js';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in process; `terminalColumns` makes stderr a terminal of that width. */
async function cli(config: Config, argv: string[], terminalColumns?: number): Promise<CliResult> {
  const result = { stdout: '', stderr: '' };
  const io: CliIo = { stdout: (t) => void (result.stdout += t), stderr: (t) => void (result.stderr += t) };
  if (terminalColumns !== undefined) io.stderrColumns = () => terminalColumns;
  const code = await runCli(argv, io, config);
  return { code, ...result };
}

/** The job a `--json` import printed: one line on stdout. */
function printedJob(result: CliResult): ImportResponse {
  expect(result.stdout.endsWith('\n')).toBe(true);
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  const out = JSON.parse(result.stdout) as { import: ImportResponse };
  expect(Object.keys(out)).toEqual(['import']);
  return out.import;
}

const counts = (job: ImportResponse) => ({
  created: job.created,
  updated: job.updated,
  unchanged: job.unchanged,
  failed: job.failed,
});

describe('cli import', () => {
  let location: TestDatabaseLocation;
  let config: Config;
  let database: Database;
  let services: Services;
  let files: string;

  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    config = testConfig(location);
    database = openTestDatabase(location);
    services = createServices({ db: database.db, clock: systemClock, newId, config });
    files = await mkdtemp(path.join(tmpdir(), 'qm-cli-import-'));
  });
  afterAll(async () => {
    await database?.close();
    await location?.drop();
    if (files) await rm(files, { recursive: true, force: true });
  });

  /** A CSV file of these rows in the test's directory; its path. */
  const csvFile = async (name: string, rows: ReadonlyArray<ReadonlyArray<string | number>>) => {
    const file = path.join(files, name);
    await writeFile(file, csvOf(rows));
    return file;
  };
  const supplierCodes = async (tenantId: string) =>
    (
      await database.db
        .selectFrom('suppliers')
        .select('code')
        .where('tenant_id', '=', tenantId)
        .orderBy('code')
        .execute()
    ).map((s) => s.code);
  const jobsOf = (tenantId: string) =>
    database.db.selectFrom('import_jobs').selectAll().where('tenant_id', '=', tenantId).execute();

  it('imports suppliers from a file and prints the completed job as {import}, done as the CLI', async () => {
    const { tenantId } = await makeTenant(services);
    const file = await csvFile('suppliers.csv', [
      ['code', 'name', 'email'],
      ['CLI-A', 'Alpha Parts', 'alpha@example.com'],
      ['CLI-B', 'Beta Tools', 'beta@example.com'],
    ]);

    const result = await cli(config, ['import', '--tenant', tenantId, '--type', 'suppliers', '--file', file, '--json']);

    expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
    const job = printedJob(result);
    expect(job).toMatchObject({
      type: 'suppliers',
      mode: 'create',
      dry_run: false,
      status: 'completed',
      filename: 'suppliers.csv',
      rows_total: 2,
      rows_done: 2,
      error: null,
    });
    expect(counts(job)).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 0 });
    expect(job.created_by.type).toBe('cli');
    expect(job.duration_ms).toEqual(expect.any(Number));
    expect(await services.imports.service.get(tenantId, job.id)).toEqual(job);
    expect(await supplierCodes(tenantId)).toEqual(['CLI-A', 'CLI-B']);
    const entries = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('tenant_id', '=', tenantId)
      .where('action', '=', 'supplier.created')
      .execute();
    expect(entries).toEqual([
      { action: 'supplier.created', actor_type: 'cli' },
      { action: 'supplier.created', actor_type: 'cli' },
    ]);
  });

  it('counts a refused row and still exits 0, naming the row and the error report in its summary', async () => {
    const { tenantId } = await makeTenant(services);
    const file = await csvFile('refusals.csv', [
      ['code', 'name', 'email'],
      ['CLI-C', 'Gamma', 'not-an-email'],
      ['CLI-D', 'Delta', 'delta@example.com'],
    ]);

    const result = await cli(config, [
      'import',
      '--tenant',
      tenantId,
      '--type',
      'suppliers',
      '--file',
      file,
      '--mode',
      'upsert',
    ]);

    expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
    const [job] = await jobsOf(tenantId);
    expect(job).toMatchObject({ mode: 'upsert', status: 'completed', created_count: 1, failed_count: 1 });
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^Import ${job!.id} of refusals\\.csv completed: 1 created, 0 updated, 0 unchanged, 1 failed \\(2 rows in \\d+\\.\\d s\\)\\.$`,
      ),
    );
    expect(lines.slice(1)).toEqual([
      'Refused rows:',
      expect.stringMatching(/^ {2}row 2, email "not-an-email": .*email/),
      `Error report: GET /api/v1/operations/imports/${job!.id}/errors.csv`,
      '',
    ]);
    expect(await supplierCodes(tenantId)).toEqual(['CLI-D']);
  });

  it('writes nothing in a dry run, and reports what the import would do', async () => {
    const { tenantId } = await makeTenant(services);
    const file = await csvFile('dry-run.csv', [
      ['code', 'name', 'email'],
      ['CLI-E', 'Epsilon', 'epsilon@example.com'],
      ['CLI-F', 'Zeta', 'zeta@example.com'],
    ]);

    const result = await cli(config, [
      'import',
      '--tenant',
      tenantId,
      '--type',
      'suppliers',
      '--file',
      file,
      '--dry-run',
      '--json',
    ]);

    expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
    const job = printedJob(result);
    expect(job).toMatchObject({ dry_run: true, status: 'completed', rows_done: 2 });
    expect(counts(job)).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 0 });
    expect(await supplierCodes(tenantId)).toEqual([]);
    expect(
      await database.db
        .selectFrom('audit_log')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('action', '=', 'supplier.created')
        .execute(),
    ).toEqual([]);
  });

  it('draws a progress bar on a terminal, then prints the summary', async () => {
    const { tenantId } = await makeTenant(services);
    const file = await csvFile('terminal.csv', [
      ['code', 'name', 'email'],
      ...Array.from({ length: 30 }, (_, i) => [`CLI-T${i}`, `Supplier ${i}`, `t${i}@example.com`]),
    ]);

    const result = await cli(config, ['import', '--tenant', tenantId, '--type', 'suppliers', '--file', file], 100);

    expect(result.code, result.stderr).toBe(0);
    // Each state drawn over the one before (carriage return, erase to the line's end); the last one left on screen.
    expect(result.stderr.startsWith('\rimporting terminal.csv [')).toBe(true);
    expect(result.stderr.endsWith('\rimporting terminal.csv [####################] 100%  30/30 rows\x1b[K\n')).toBe(
      true,
    );
    expect(result.stdout).toMatch(
      /^Import \w{26} of terminal\.csv completed: 30 created, 0 updated, 0 unchanged, 0 failed \(30 rows in \d+\.\d s\)\.\n$/,
    );
  });

  it('prints no bar with --json, even on a terminal', async () => {
    const { tenantId } = await makeTenant(services);
    const file = await csvFile('quiet.csv', [
      ['code', 'name', 'email'],
      ['CLI-Q', 'Quiet', 'quiet@example.com'],
    ]);
    const result = await cli(
      config,
      ['import', '--tenant', tenantId, '--type', 'suppliers', '--file', file, '--json'],
      100,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(printedJob(result).status).toBe('completed');
  });

  it("exits 1 with the job's error when the job fails, the failed job printed with --json", async () => {
    const { tenantId } = await makeTenant(services);
    const file = await csvFile('bad-header.csv', [
      ['code', 'name', 'colour'],
      ['CLI-G', 'Eta', 'red'],
    ]);

    const result = await cli(config, ['import', '--tenant', tenantId, '--type', 'suppliers', '--file', file, '--json']);

    expect(result.code).toBe(1);
    const job = printedJob(result);
    expect(job).toMatchObject({ status: 'failed', error: 'Unknown column "colour" for a supplier import.' });
    expect(result.stderr).toBe(`Error: Import ${job.id} failed: Unknown column "colour" for a supplier import.\n`);
    expect(await supplierCodes(tenantId)).toEqual([]);
  });

  it('exits 1 with the reason when the job stops on too many refused rows, and says how many the report does not list', async () => {
    const { tenantId } = await makeTenant(services);
    const file = await csvFile('mostly-bad.csv', [
      ['code', 'name', 'email'],
      ['CLI-K', 'Kappa', 'not-an-email'],
      ['CLI-L', 'Lambda', 'lambda@example.com'],
      ['CLI-M', 'Mu', 'not-an-email'],
      ['CLI-N', 'Nu', 'not-an-email'],
    ]);
    const strict = testConfig(location, { imports: { ...config.imports, maxStoredErrors: 1, refusedSampleRows: 4 } });

    const result = await cli(strict, ['import', '--tenant', tenantId, '--type', 'suppliers', '--file', file]);

    expect(result.code).toBe(1);
    const [job] = await jobsOf(tenantId);
    expect(job).toMatchObject({
      status: 'too_many_errors',
      created_count: 1,
      failed_count: 3,
      failed_unlisted_count: 2,
    });
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^Import ${job!.id} of mostly-bad\\.csv stopped, too many rows refused: 1 created, 0 updated, 0 unchanged, 3 failed \\(4 rows in \\d+\\.\\d s\\)\\.$`,
      ),
    );
    expect(lines).toContain('  (2 more refused rows are counted but not listed in the error report)');
    expect(result.stderr).toBe(`Error: Import ${job!.id}: ${job!.error}\n`);
    expect(job!.error).toMatch(/^Stopped after 4 rows, 3 of them refused \(75%\)/);
  });

  it('refuses an unknown type or mode, naming the choices, before a job is made', async () => {
    const { tenantId } = await makeTenant(services);
    const file = await csvFile('any.csv', [
      ['code', 'name', 'email'],
      ['CLI-H', 'Theta', 'theta@example.com'],
    ]);

    const type = await cli(config, ['import', '--tenant', tenantId, '--type', 'widgets', '--file', file, '--json']);
    expect(type).toMatchObject({ code: 1, stdout: '' });
    expect(type.stderr).toBe(
      `Error: option '--type <type>' argument 'widgets' is invalid. Allowed choices are products, stock_levels, suppliers, categories, sales_orders.\n`,
    );

    const mode = await cli(config, [
      'import',
      '--tenant',
      tenantId,
      '--type',
      'suppliers',
      '--mode',
      'merge',
      '--file',
      file,
    ]);
    expect(mode).toMatchObject({ code: 1, stdout: '' });
    expect(mode.stderr).toContain("argument 'merge' is invalid. Allowed choices are create, update, upsert.");

    const none = await cli(config, ['import', '--tenant', tenantId, '--file', file]);
    expect(none).toMatchObject({ code: 1, stdout: '' });
    expect(none.stderr).toContain("required option '--type <type>' not specified");
    expect(await jobsOf(tenantId)).toEqual([]);
  });

  it('refuses a missing file, a directory, an empty file and an unknown tenant', async () => {
    const { tenantId } = await makeTenant(services);
    const missing = path.join(files, 'no-such-file.csv');
    const args = (file: string, tenant = tenantId) => [
      'import',
      '--tenant',
      tenant,
      '--type',
      'suppliers',
      '--file',
      file,
    ];

    expect(await cli(config, args(missing))).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: Cannot read ${missing}: no such file.\n`,
    });
    expect(await cli(config, args(files))).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: Cannot import ${files}: it is not a file.\n`,
    });

    const empty = path.join(files, 'empty.csv');
    await writeFile(empty, '');
    const emptied = await cli(config, args(empty));
    expect(emptied.code).toBe(1);
    expect(emptied.stderr).toContain('file: The file is empty: its first line must be the header row.');

    const unknown = newId();
    const file = await csvFile('orphan.csv', [
      ['code', 'name', 'email'],
      ['CLI-I', 'Iota', 'iota@example.com'],
    ]);
    expect(await cli(config, args(file, unknown))).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: Tenant ${unknown} not found.\n`,
    });
    expect(await jobsOf(tenantId)).toEqual([]);
  });
});
