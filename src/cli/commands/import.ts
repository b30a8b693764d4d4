// `import`: a CSV file as a job, as the API does, run to its end in this process with its progress on a terminal.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Option, type Command } from 'commander';
import type { ImportMode, ImportType } from '../../db/schema.js';
import { BusinessRuleError } from '../../core/errors.js';
import { formatCount, ProgressLine, type ProgressFigures } from '../../lib/progress-bar.js';
import { IMPORT_MODES, IMPORT_TYPES, type ImportResponse } from '../../modules/imports/import.schemas.js';
import type { ImportFile } from '../../modules/imports/import.service.js';
import { API_PREFIX, type Services } from '../../services.js';
import { describeError, withServices, type CommandKit } from '../command-kit.js';

/** How often the import command reads its job's progress. */
const IMPORT_POLL_MS = 200;
/** Reasons for refused rows the import command prints; the error report has every one. */
const REFUSALS_SHOWN = 5;
/** Characters of a refused cell's value those lines keep. */
const REFUSED_VALUE_SHOWN = 40;
const ENDED_STATUSES: ReadonlyArray<ImportResponse['status']> = ['completed', 'failed', 'cancelled', 'too_many_errors'];

/** The file to import, checked before the database is opened. @throws Error naming the path and what is wrong. */
async function importFile(path: string, maxBytes: number): Promise<ImportFile> {
  const unreadable = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : describeError(error);
    return new Error(`Cannot read ${path}: ${reason}.`, { cause: error });
  };
  const stats = await stat(path).catch((error: unknown) => Promise.reject(unreadable(error)));
  if (!stats.isFile()) throw new Error(`Cannot import ${path}: it is not a file.`);
  await access(path, constants.R_OK).catch((error: unknown) => Promise.reject(unreadable(error)));
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
  if (stats.size > maxBytes)
    throw new Error(
      `Cannot import ${path}: it has ${mb(stats.size)}; an import takes at most ${mb(maxBytes)} (IMPORT_MAX_FILE_MB).`,
    );
  return { path, filename: basename(path), size: stats.size };
}

/**
 * Starts a job with `start` and runs it to its end with an import runner of this process, reading the job every
 * IMPORT_POLL_MS for `progress`. The runner takes the oldest open job first, so jobs queued before this one
 * (uploads waiting for a worker) run first; a server's worker may take this one instead, and the reads follow
 * it all the same. Once this job has ended the runner stops: a job it took meanwhile is left, like a stopped
 * worker's, to whichever worker takes it over when its lease runs out. Ctrl-C cancels the job (a second one
 * stops the process at once): the rows committed so far stay imported, as with a cancel over the API.
 */
async function runImportJob(
  services: Services,
  tenantId: string,
  start: () => Promise<ImportResponse>,
  log: Parameters<Services['imports']['createRunner']>[0],
  progress: (job: ImportResponse) => void,
): Promise<ImportResponse> {
  // Started before the job is queued: queuing wakes the runners of the process, so the job starts at once
  // rather than at the runner's next poll.
  const runner = services.imports.createRunner(log);
  runner.start();
  let interrupted = false;
  const interrupt = () => void (interrupted = true);
  process.once('SIGINT', interrupt);
  try {
    const job = await start();
    for (let current = job; ; current = await services.imports.service.get(tenantId, job.id)) {
      progress(current);
      if (ENDED_STATUSES.includes(current.status)) return current;
      if (interrupted) {
        interrupted = false;
        // It may have ended meanwhile; the next read shows how.
        await services.imports.service.cancel(tenantId, job.id).catch((error: unknown) => {
          if (!(error instanceof BusinessRuleError)) throw error;
        });
      }
      await sleep(IMPORT_POLL_MS);
    }
  } finally {
    process.off('SIGINT', interrupt);
    await runner.stop();
  }
}

/** The progress bar's figures for a job; its rate counted from when this process first saw its rows running. */
function importProgress(): (job: ImportResponse) => ProgressFigures {
  let since: { at: number; done: number } | null = null;
  return (job) => {
    if (job.status === 'running') since ??= { at: performance.now(), done: job.rows_done };
    const seconds = since ? (performance.now() - since.at) / 1000 : 0;
    return {
      label: `${job.dry_run ? 'checking' : 'importing'} ${job.filename}`,
      done: job.rows_done,
      total: job.rows_total,
      failed: job.failed,
      rate: since && seconds >= 1 ? (job.rows_done - since.done) / seconds : null,
      state: job.status,
    };
  };
}

function formatDuration(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** An ended job in a sentence: its counts, its rows and how long it took. */
function importSummary(job: ImportResponse): string {
  const counts = `${formatCount(job.created)} created, ${formatCount(job.updated)} updated, ${formatCount(job.unchanged)} unchanged, ${formatCount(job.failed)} failed`;
  const rows =
    job.rows_total !== null && job.rows_total !== job.rows_done
      ? `${formatCount(job.rows_done)} of ${formatCount(job.rows_total)}`
      : formatCount(job.rows_done);
  const dryRun = job.dry_run ? ' (dry run: nothing written)' : '';
  const unit = job.rows_done === 1 && (job.rows_total ?? 1) === 1 ? 'row' : 'rows';
  const status = job.status === 'too_many_errors' ? 'stopped, too many rows refused' : job.status;
  return `Import ${job.id} of ${job.filename} ${status}${dryRun}: ${counts} (${rows} ${unit} in ${formatDuration(job.duration_ms ?? 0)}).`;
}

/** The first reasons rows of a job were refused, a line each, and where the whole report is. */
async function refusalLines(services: Services, tenantId: string, job: ImportResponse): Promise<string[]> {
  // Read from the repository, a page of one more than shown (to tell whether there are more), rather than
  // through the CSV report, whose values are escaped for spreadsheets.
  const reasons = await services.imports.jobs.errorsAfter(services.db, tenantId, job.id, null, REFUSALS_SHOWN + 1);
  const lines = reasons.slice(0, REFUSALS_SHOWN).map((reason) => {
    const value = reason.value ?? '';
    const shown = value.length > REFUSED_VALUE_SHOWN ? `${value.slice(0, REFUSED_VALUE_SHOWN - 1)}…` : value;
    const where = reason.column_name === null ? '' : `, ${reason.column_name} ${JSON.stringify(shown)}`;
    return `  row ${reason.row_number}${where}: ${reason.message}`;
  });
  if (reasons.length > REFUSALS_SHOWN) lines.push('  … and more in the error report');
  if (job.failed_unlisted > 0)
    lines.push(
      `  (${formatCount(job.failed_unlisted)} more refused rows are counted but not listed in the error report)`,
    );
  return ['Refused rows:', ...lines, `Error report: GET ${API_PREFIX}/operations/imports/${job.id}/errors.csv`];
}

export function registerImport(program: Command, { config, io, requireTenant }: CommandKit): void {
  program
    .command('import')
    .description(
      'Import a CSV file as a job, as the API does, and run it to its end here, its progress shown on a terminal. Exit code 0 once the job completed (refused rows or not), 1 when it failed, stopped on too many refused rows, or was cancelled (Ctrl-C cancels it).',
    )
    .requiredOption('--tenant <id>', 'tenant id')
    .addOption(new Option('--type <type>', 'what the rows are').choices(IMPORT_TYPES).makeOptionMandatory())
    .requiredOption('--file <path>', 'the CSV file, UTF-8, its first line the header row')
    .addOption(
      new Option(
        '--mode <mode>',
        'create: a row whose key exists is refused; update: a row whose key is unknown is refused; upsert: either',
      )
        .choices(IMPORT_MODES)
        .default('create'),
    )
    .option('--dry-run', 'check every row and report what would happen; nothing is written')
    .option('--json', 'print the ended job as JSON, and nothing else')
    .action(
      async (o: {
        tenant: string;
        type: ImportType;
        file: string;
        mode: ImportMode;
        dryRun?: boolean;
        json?: boolean;
      }) => {
        const file = await importFile(o.file, config.imports.maxFileBytes);
        const bar = io.stderrColumns && !o.json ? new ProgressLine(io.stderr, io.stderrColumns) : null;
        const figures = importProgress();
        // What the runner logs besides the job's end (which the summary tells): an error's cause, on its own line.
        const say = (details: unknown, message?: unknown) => {
          bar?.clear();
          const cause = (details as { err?: unknown } | null)?.err;
          io.stderr(`${String(message)}${cause === undefined ? '' : `: ${describeError(cause)}`}\n`);
        };
        const runnerLog = { info: () => undefined, warn: say, error: say };
        const { job, refusals } = await withServices(config, async (s, database) => {
          await requireTenant(s, o.tenant);
          database.checkpointInBackground();
          // The same checks and defaults as the API's upload form.
          const fields = s.imports.service.fields({ type: o.type, mode: o.mode, dry_run: o.dryRun ?? false });
          let ended: ImportResponse;
          try {
            const start = () => s.imports.service.start(o.tenant, fields, file);
            ended = await runImportJob(s, o.tenant, start, runnerLog, (current) => bar?.draw(figures(current)));
          } finally {
            bar?.end();
          }
          const shown = o.json || ended.failed === 0 ? [] : await refusalLines(s, o.tenant, ended);
          return { job: ended, refusals: shown };
        });
        if (o.json) io.stdout(`${JSON.stringify({ import: job })}\n`);
        else if (job.status === 'completed' || job.rows_done > 0)
          io.stdout([importSummary(job), ...refusals, ''].join('\n'));
        if (job.status === 'failed')
          throw new Error(`Import ${job.id} failed: ${job.error ?? 'no reason was recorded.'}`);
        if (job.status === 'too_many_errors')
          throw new Error(`Import ${job.id}: ${job.error ?? 'stopped, too many rows refused.'}`);
        if (job.status === 'cancelled')
          throw new Error(
            `Import ${job.id} was cancelled${job.rows_done > 0 && !job.dry_run ? '; the rows done before stay imported' : ''}.`,
          );
      },
    );
}
